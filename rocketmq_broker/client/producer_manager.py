"""Java ``org.apache.rocketmq.broker.client.ProducerManager``: producer connections by group and client id
(transaction checks and request/reply find their producer here)."""
from __future__ import annotations

import itertools
import logging
import threading
import time
from typing import Dict, List, Optional

from rocketmq_broker.client.client_channel_info import ClientChannelInfo
from rocketmq_common.protocol.body.producer_info import ProducerInfo
from rocketmq_common.protocol.body.producer_table_info import ProducerTableInfo
from rocketmq_remoting.common.bean import Bean, MapOf, Prop
from rocketmq_remoting.netty.channel import Channel


__all__ = ["ProducerManager", "CHANNEL_EXPIRED_TIMEOUT"]

log = logging.getLogger(__name__)

#: Java ``CHANNEL_EXPIRED_TIMEOUT``: ms without heartbeat before a producer connection is dropped
CHANNEL_EXPIRED_TIMEOUT = 1000 * 120
GET_AVAILABLE_CHANNEL_RETRY_COUNT = 3


class ProducerManager(Bean):
    """``group_channel_table``: group -> channel -> :class:`ClientChannelInfo`; ``client_channel_table``:
    client id -> channel. Every mutation is serialized (Java ``synchronized``)."""

    group_channel_table = Prop(MapOf(str, MapOf(Channel, ClientChannelInfo)), {})

    def get_group_channel_table(self) -> Dict[str, Dict[Channel, ClientChannelInfo]]: return self.group_channel_table
    def set_group_channel_table(self, group_channel_table: Dict[str, Dict[Channel, ClientChannelInfo]]) -> None:
        self.group_channel_table = group_channel_table

    def __init__(self, channel_expired_timeout: int = CHANNEL_EXPIRED_TIMEOUT) -> None:
        super().__init__()  # the declared defaults
        #: Java's ConcurrentHashMap refuses a null client id; a heartbeat without one is kept under None here
        self.client_channel_table: Dict[Optional[str], "Channel"] = {}
        self.channel_expired_timeout = channel_expired_timeout
        self._counter = itertools.count(1)
        self._lock = threading.RLock()

    def get_producer_table(self) -> ProducerTableInfo:
        """Java ``getProducerTable``: every producer connection by group (GET_ALL_PRODUCER_INFO); the remote
        address is written like Java's ``InetSocketAddress.toString`` (``/ip:port``)."""
        data: Dict[str, List[ProducerInfo]] = {}
        for group, table in list(self.group_channel_table.items()):
            for info in list(table.values()):
                data.setdefault(group, []).append(ProducerInfo(
                    client_id=info.client_id, remote_ip="/" + info.channel.get_remote_addr(), language=info.language,
                    version=info.version, last_update_timestamp=info.last_update_timestamp))
        return ProducerTableInfo(data=data)

    def scan_not_active_channel(self) -> None:
        """Java ``scanNotActiveChannel``: close and remove connections without a heartbeat for
        ``channel_expired_timeout`` ms."""
        now = int(time.time() * 1000)
        expired = []
        with self._lock:
            for group, table in list(self.group_channel_table.items()):
                for channel, info in list(table.items()):
                    if now - info.last_update_timestamp > self.channel_expired_timeout:
                        del table[channel]
                        self.client_channel_table.pop(info.client_id, None)
                        log.warning("SCAN: remove expired channel[%s] from ProducerManager groupChannelTable, "
                                    "producer group name: %s", channel.get_remote_addr(), group)
                        expired.append(channel)
        for channel in expired:
            channel.close()

    def do_channel_close_event(self, remote_addr: str, channel: "Channel") -> None:
        """Java ``doChannelCloseEvent``: forget ``channel`` in every group."""
        if channel is None:
            return
        with self._lock:
            for group, table in list(self.group_channel_table.items()):
                info = table.pop(channel, None)
                if info is not None:
                    self.client_channel_table.pop(info.client_id, None)
                    log.info("NETTY EVENT: remove channel[%s][%s] from ProducerManager groupChannelTable, producer "
                             "group: %s", info, remote_addr, group)

    def register_producer(self, group: str, client_channel_info: ClientChannelInfo) -> None:
        """Java ``registerProducer``: add the connection, or refresh its heartbeat time."""
        with self._lock:
            table = self.group_channel_table.setdefault(group, {})
            found = table.get(client_channel_info.channel)
            if found is None:
                table[client_channel_info.channel] = client_channel_info
                self.client_channel_table[client_channel_info.client_id] = client_channel_info.channel
                log.info("new producer connected, group: %s channel: %s", group, client_channel_info)
            else:
                found.last_update_timestamp = int(time.time() * 1000)

    def unregister_producer(self, group: str, client_channel_info: ClientChannelInfo) -> None:
        """Java ``unregisterProducer``."""
        with self._lock:
            table = self.group_channel_table.get(group)
            if not table:
                return
            old = table.pop(client_channel_info.channel, None)
            self.client_channel_table.pop(client_channel_info.client_id, None)
            if old is not None:
                log.info("unregister a producer[%s] from groupChannelTable %s", group, client_channel_info)
            if not table:
                del self.group_channel_table[group]
                log.info("unregister a producer group[%s] from groupChannelTable", group)

    def get_available_channel(self, group_id: Optional[str]) -> Optional["Channel"]:
        """Java ``getAvailableChannel``: an active connection of the group (round robin), else None."""
        if group_id is None:
            return None
        table = self.group_channel_table.get(group_id)
        if table is None:
            log.warning("Check transaction failed, channel table is empty. groupId=%s", group_id)
            return None
        channels = list(table)
        if not channels:
            log.warning("Channel list is empty. groupId=%s", group_id)
            return None
        size = len(channels)
        index = next(self._counter) % size
        last_active = None
        for _ in range(GET_AVAILABLE_CHANNEL_RETRY_COUNT):
            channel = channels[index]
            if channel.is_active() and channel.is_writable():
                return channel
            if channel.is_active():
                last_active = channel
            index = (index + 1) % size
        return last_active

    def find_channel(self, client_id: str) -> Optional["Channel"]:
        """Java ``findChannel``: the connection of the producer ``client_id``."""
        return self.client_channel_table.get(client_id)
