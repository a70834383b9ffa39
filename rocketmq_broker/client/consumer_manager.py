"""Java ``org.apache.rocketmq.broker.client.ConsumerManager``: every consumer group with live consumers.

Changes of a group's members or subscriptions go to the :class:`ConsumerIdsChangeListener` (CHANGE with the
group's channels, REGISTER with the subscriptions, UNREGISTER when the last consumer left). Connections without a
heartbeat for ``channel_expired_timeout`` ms are closed and removed by :meth:`scan_not_active_channel`; unlike
Java (where the remaining consumers notice at their next rebalance) the remaining members are then notified with
CHANGE too, as they are when a connection closes.
"""
from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING, Dict, Iterable, Optional, Set

from rocketmq_broker.client.client_channel_info import ClientChannelInfo
from rocketmq_broker.client.consumer_group_event import ConsumerGroupEvent
from rocketmq_broker.client.consumer_group_info import ConsumerGroupInfo
from rocketmq_broker.client.consumer_ids_change_listener import ConsumerIdsChangeListener
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_remoting.common.bean import Bean, MapOf, Prop

if TYPE_CHECKING:
    from rocketmq_remoting.netty.channel import Channel

__all__ = ["ConsumerManager", "CHANNEL_EXPIRED_TIMEOUT"]

log = logging.getLogger(__name__)

#: Java ``CHANNEL_EXPIRED_TIMEOUT``: ms without heartbeat before a consumer connection is dropped
CHANNEL_EXPIRED_TIMEOUT = 1000 * 120


class ConsumerManager(Bean):
    """See the module docstring."""

    consumer_table = Prop(MapOf(str, ConsumerGroupInfo), {})

    def get_consumer_table(self) -> Dict[str, ConsumerGroupInfo]: return self.consumer_table
    def set_consumer_table(self, consumer_table: Dict[str, ConsumerGroupInfo]) -> None:
        self.consumer_table = consumer_table

    def __init__(self, consumer_ids_change_listener: ConsumerIdsChangeListener,
                 channel_expired_timeout: int = CHANNEL_EXPIRED_TIMEOUT) -> None:
        super().__init__()  # the declared defaults
        self.consumer_ids_change_listener = consumer_ids_change_listener
        self.channel_expired_timeout = channel_expired_timeout
        self._lock = threading.RLock()

    def find_channel(self, group: str, client_id: str) -> Optional[ClientChannelInfo]:
        """Java ``findChannel``."""
        info = self.consumer_table.get(group)
        return info.find_channel(client_id) if info is not None else None

    def find_subscription_data(self, group: str, topic: str) -> Optional[SubscriptionData]:
        """Java ``findSubscriptionData``."""
        info = self.consumer_table.get(group)
        return info.find_subscription_data(topic) if info is not None else None

    def get_consumer_group_info(self, group: str) -> Optional[ConsumerGroupInfo]:
        """Java ``getConsumerGroupInfo``."""
        return self.consumer_table.get(group)

    def find_subscription_data_count(self, group: str) -> int:
        """Java ``findSubscriptionDataCount``."""
        info = self.consumer_table.get(group)
        return len(info.subscription_table) if info is not None else 0

    def do_channel_close_event(self, remote_addr: str, channel: "Channel") -> None:
        """Java ``doChannelCloseEvent``: remove ``channel`` from every group, CHANGE to the remaining members
        (UNREGISTER first for a group left empty)."""
        for group, info in list(self.consumer_table.items()):
            with self._lock:
                removed = info.do_channel_close_event(remote_addr, channel)
                emptied = removed and not info.channel_info_table and self._remove_group(group, info)
            if removed:
                if emptied:
                    log.info("unregister consumer ok, no any connection, and remove consumer group, %s", group)
                    self.consumer_ids_change_listener.handle(ConsumerGroupEvent.UNREGISTER, group)
                self.consumer_ids_change_listener.handle(ConsumerGroupEvent.CHANGE, group, info.get_all_channel())

    def _remove_group(self, group: str, info: ConsumerGroupInfo) -> bool:
        # caller holds self._lock
        if self.consumer_table.get(group) is info:
            del self.consumer_table[group]
            return True
        return False

    def register_consumer(self, group: str, client_channel_info: ClientChannelInfo,
                          consume_type: Optional[ConsumeType], message_model: Optional[MessageModel],
                          consume_from_where: Optional[ConsumeFromWhere], sub_list: Iterable[SubscriptionData],
                          is_notify_consumer_ids_changed_enable: bool) -> bool:
        """Java ``registerConsumer``: add or refresh the consumer; True if the group's members or topics
        changed (then CHANGE goes to every member, the new one included, when notification is enabled)."""
        sub_list = set(sub_list or ())
        with self._lock:
            info = self._group_info(group, consume_type, message_model, consume_from_where)
            r1 = info.update_channel(client_channel_info, consume_type, message_model, consume_from_where)
            r2 = info.update_subscription(sub_list)
        if (r1 or r2) and is_notify_consumer_ids_changed_enable:
            self.consumer_ids_change_listener.handle(ConsumerGroupEvent.CHANGE, group, info.get_all_channel())
        self.consumer_ids_change_listener.handle(ConsumerGroupEvent.REGISTER, group, sub_list)
        return r1 or r2

    def register_consumer_without_sub(self, group: str, client_channel_info: ClientChannelInfo,
                                      consume_type: Optional[ConsumeType], message_model: Optional[MessageModel],
                                      consume_from_where: Optional[ConsumeFromWhere],
                                      is_notify_consumer_ids_changed_enable: bool) -> bool:
        """Java ``registerConsumerWithoutSub`` (5.3.3, heartbeat v2): add or refresh the consumer, keeping the
        group's subscriptions; True if its members changed (then CHANGE goes to them when notification is
        enabled)."""
        with self._lock:
            info = self._group_info(group, consume_type, message_model, consume_from_where)
            changed = info.update_channel(client_channel_info, consume_type, message_model, consume_from_where)
        if changed and is_notify_consumer_ids_changed_enable:
            self.consumer_ids_change_listener.handle(ConsumerGroupEvent.CHANGE, group, info.get_all_channel())
        return changed

    def _group_info(self, group: str, consume_type: Optional[ConsumeType], message_model: Optional[MessageModel],
                    consume_from_where: Optional[ConsumeFromWhere]) -> ConsumerGroupInfo:
        """The group's ConsumerGroupInfo, made if it has none (Java's ``putIfAbsent``; under ``_lock``)."""
        info = self.consumer_table.get(group)
        if info is None:
            info = ConsumerGroupInfo(group, consume_type, message_model, consume_from_where)
            self.consumer_table[group] = info
        return info

    def unregister_consumer(self, group: str, client_channel_info: ClientChannelInfo,
                            is_notify_consumer_ids_changed_enable: bool) -> None:
        """Java ``unregisterConsumer``."""
        info = self.consumer_table.get(group)
        if info is None:
            return
        with self._lock:
            info.unregister_channel(client_channel_info)
            emptied = not info.channel_info_table and self._remove_group(group, info)
        if emptied:
            log.info("unregister consumer ok, no any connection, and remove consumer group, %s", group)
            self.consumer_ids_change_listener.handle(ConsumerGroupEvent.UNREGISTER, group)
        if is_notify_consumer_ids_changed_enable:
            self.consumer_ids_change_listener.handle(ConsumerGroupEvent.CHANGE, group, info.get_all_channel())

    def scan_not_active_channel(self) -> None:
        """Java ``scanNotActiveChannel``: close and remove connections without a heartbeat for
        ``channel_expired_timeout`` ms (see the module docstring for the notification)."""
        now = int(time.time() * 1000)
        for group, info in list(self.consumer_table.items()):
            expired = []
            with self._lock:
                for channel, client_channel_info in list(info.channel_info_table.items()):
                    if now - client_channel_info.last_update_timestamp > self.channel_expired_timeout:
                        log.warning("SCAN: remove expired channel from ConsumerManager consumerTable. channel=%s, "
                                    "consumerGroup=%s", channel.get_remote_addr(), group)
                        del info.channel_info_table[channel]
                        expired.append(channel)
                emptied = not info.channel_info_table and self._remove_group(group, info)
            for channel in expired:
                channel.close()
            if emptied:
                log.warning("SCAN: remove expired channel from ConsumerManager consumerTable, all clear, "
                            "consumerGroup=%s", group)
                self.consumer_ids_change_listener.handle(ConsumerGroupEvent.UNREGISTER, group)
            elif expired:
                self.consumer_ids_change_listener.handle(ConsumerGroupEvent.CHANGE, group, info.get_all_channel())

    def query_topic_consume_by_who(self, topic: str) -> Set[str]:
        """Java ``queryTopicConsumeByWho``: the groups subscribed to ``topic``."""
        return set(group for group, info in list(self.consumer_table.items()) if topic in info.subscription_table)
