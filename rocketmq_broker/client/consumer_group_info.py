"""Java ``org.apache.rocketmq.broker.client.ConsumerGroupInfo``: the live consumers of one group and the group's
subscriptions."""
from __future__ import annotations

import logging
import threading
import time
from typing import Dict, Iterable, List, Optional, Set

from rocketmq_broker.client.client_channel_info import ClientChannelInfo
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_remoting.common.bean import Bean, MapOf, Prop
from rocketmq_remoting.netty.channel import Channel

__all__ = ["ConsumerGroupInfo"]

log = logging.getLogger(__name__)


def _now_millis() -> int:
    return int(time.time() * 1000)


class ConsumerGroupInfo(Bean):
    """Channels (``channel_info_table``: channel -> :class:`ClientChannelInfo`) and subscriptions
    (``subscription_table``: topic -> :class:`SubscriptionData`) of a consumer group."""

    group_name = Prop(str)
    subscription_table = Prop(MapOf(str, SubscriptionData), {})
    channel_info_table = Prop(MapOf(Channel, ClientChannelInfo), {})
    consume_type = Prop(ConsumeType)
    message_model = Prop(MessageModel)
    consume_from_where = Prop(ConsumeFromWhere)
    last_update_timestamp = Prop(int, factory=_now_millis)

    def get_group_name(self) -> str: return self.group_name
    def set_group_name(self, group_name: Optional[str]) -> None: self.group_name = group_name
    def get_subscription_table(self) -> Dict[str, SubscriptionData]: return self.subscription_table
    def set_subscription_table(self, subscription_table: Dict[str, SubscriptionData]) -> None:
        self.subscription_table = subscription_table
    def get_channel_info_table(self) -> Dict[Channel, ClientChannelInfo]: return self.channel_info_table
    def set_channel_info_table(self, channel_info_table: Dict[Channel, ClientChannelInfo]) -> None:
        self.channel_info_table = channel_info_table
    def get_consume_type(self) -> ConsumeType: return self.consume_type
    def set_consume_type(self, consume_type: Optional[ConsumeType]) -> None: self.consume_type = consume_type
    def get_message_model(self) -> MessageModel: return self.message_model
    def set_message_model(self, message_model: Optional[MessageModel]) -> None: self.message_model = message_model
    def get_consume_from_where(self) -> ConsumeFromWhere: return self.consume_from_where
    def set_consume_from_where(self, consume_from_where: Optional[ConsumeFromWhere]) -> None:
        self.consume_from_where = consume_from_where
    def get_last_update_timestamp(self) -> int: return self.last_update_timestamp
    def set_last_update_timestamp(self, last_update_timestamp: int) -> None:
        self.last_update_timestamp = last_update_timestamp

    def __init__(self, group_name: str, consume_type: Optional[ConsumeType], message_model: Optional[MessageModel],
                 consume_from_where: Optional[ConsumeFromWhere]) -> None:
        super().__init__()  # the declared defaults
        self.group_name = group_name
        self.consume_type = consume_type
        self.message_model = message_model
        self.consume_from_where = consume_from_where
        self._lock = threading.RLock()

    def find_channel(self, client_id: str) -> Optional[ClientChannelInfo]:
        """Java ``findChannel``: the connection of ``client_id``."""
        for info in list(self.channel_info_table.values()):
            if info.client_id == client_id:
                return info
        return None

    def get_all_channel(self) -> List["Channel"]:
        """Java ``getAllChannel``."""
        return list(self.channel_info_table)

    def get_all_client_id(self) -> List[str]:
        """Java ``getAllClientId``."""
        return [info.client_id for info in list(self.channel_info_table.values())]  # type: ignore[misc]

    def unregister_channel(self, client_channel_info: ClientChannelInfo) -> None:
        """Java ``unregisterChannel``."""
        old = self.channel_info_table.pop(client_channel_info.channel, None)
        if old is not None:
            log.info("unregister a consumer[%s] from consumerGroupInfo %s", self.group_name, old)

    def do_channel_close_event(self, remote_addr: str, channel: "Channel") -> bool:
        """Java ``doChannelCloseEvent``: forget ``channel``; True if it belonged to the group."""
        info = self.channel_info_table.pop(channel, None)
        if info is not None:
            log.warning("NETTY EVENT: remove not active channel[%s] from ConsumerGroupInfo groupChannelTable, "
                        "consumer group: %s", info, self.group_name)
            return True
        return False

    def update_channel(self, info_new: ClientChannelInfo, consume_type: Optional[ConsumeType],
                       message_model: Optional[MessageModel],
                       consume_from_where: Optional[ConsumeFromWhere]) -> bool:
        """Java ``updateChannel``: add or refresh the connection; True if it is new to the group."""
        updated = False
        with self._lock:
            self.consume_type = consume_type
            self.message_model = message_model
            self.consume_from_where = consume_from_where
            info_old = self.channel_info_table.get(info_new.channel)
            if info_old is None:
                self.channel_info_table[info_new.channel] = info_new
                log.info("new consumer connected, group: %s %s %s channel: %s", self.group_name,
                         consume_type.name if consume_type is not None else None,
                         message_model.name if message_model is not None else None, info_new)
                updated = True
                info_old = info_new
            elif info_old.client_id != info_new.client_id:
                log.error("[BUG] consumer channel exist in broker, but clientId not equal. GROUP: %s OLD: %s "
                          "NEW: %s ", self.group_name, info_old, info_new)
                self.channel_info_table[info_new.channel] = info_new
            self.last_update_timestamp = int(time.time() * 1000)
            info_old.last_update_timestamp = self.last_update_timestamp
        return updated

    def update_subscription(self, sub_list: Iterable[SubscriptionData]) -> bool:
        """Java ``updateSubscription``: add new topics, replace newer versions, drop topics no longer
        subscribed; True if topics were added or removed."""
        updated = False
        sub_list = list(sub_list or ())
        with self._lock:
            for sub in sub_list:
                old = self.subscription_table.get(sub.topic)
                if old is None:
                    self.subscription_table[sub.topic] = sub
                    updated = True
                    log.info("subscription changed, add new topic, group: %s %s", self.group_name, sub)
                elif (sub.sub_version or 0) > (old.sub_version or 0):
                    if self.consume_type is ConsumeType.CONSUME_PASSIVELY:
                        log.info("subscription changed, group: %s OLD: %s NEW: %s", self.group_name, old, sub)
                    self.subscription_table[sub.topic] = sub
            topics = set(sub.topic for sub in sub_list)
            for old_topic in list(self.subscription_table):
                if old_topic not in topics:
                    removed = self.subscription_table.pop(old_topic)
                    log.warning("subscription changed, group: %s remove topic %s %s", self.group_name, old_topic,
                                removed)
                    updated = True
            self.last_update_timestamp = int(time.time() * 1000)
        return updated

    def get_subscribe_topics(self) -> Set[str]:
        return set(self.subscription_table)

    def find_subscription_data(self, topic: str) -> Optional[SubscriptionData]:
        """Java ``findSubscriptionData``."""
        return self.subscription_table.get(topic)
