"""Java ``org.apache.rocketmq.client.consumer.store.RemoteBrokerOffsetStore``: consume offsets kept by the
broker (CLUSTERING)."""
from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Dict, Optional, Set

from rocketmq_client.consumer.store.concurrent_offset_table import ConcurrentOffsetTable
from rocketmq_client.consumer.store.offset_store import OffsetStore
from rocketmq_client.consumer.store.read_offset_type import ReadOffsetType
from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.header.query_consumer_offset_request_header import QueryConsumerOffsetRequestHeader
from rocketmq_common.protocol.header.update_consumer_offset_request_header import UpdateConsumerOffsetRequestHeader
from rocketmq_common.util_all import UtilAll

if TYPE_CHECKING:
    from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["RemoteBrokerOffsetStore"]

log = logging.getLogger(__name__)

#: Java's hard-coded timeout of the offset requests (ms)
_OFFSET_REQUEST_TIMEOUT_MILLIS = 1000 * 5


class RemoteBrokerOffsetStore(OffsetStore):
    """Offsets in memory, read from and persisted to the queue's master broker (``QUERY_CONSUMER_OFFSET``,
    one-way ``UPDATE_CONSUMER_OFFSET``).

    Not as Java (4.9.7 and 5.3.3 race here): a persist reads a queue's offset and sends it under one lock, so the
    periodic :meth:`persist_all` cannot read an offset, let a reset (``MQClientInstance.reset_offset``: update,
    :meth:`persist`, :meth:`remove_offset`) run, and then send the offset from before the reset, which the
    broker would keep and the recreated queue would pull from: the reset would be lost."""

    def __init__(self, mq_client_factory: "MQClientInstance", group_name: str) -> None:
        self.mq_client_factory = mq_client_factory
        self.group_name = group_name
        self.offset_table = ConcurrentOffsetTable()
        self._persist_lock = threading.Lock()

    def load(self) -> None:
        """Java ``load``: nothing to load."""

    def update_offset(self, mq: Optional["MessageQueue"], offset: int, increase_only: bool) -> None:
        """Java ``updateOffset`` (never waits for another consume thread: see ConcurrentOffsetTable)."""
        if mq is not None:
            self.offset_table.update(mq, offset, increase_only)

    def read_offset(self, mq: Optional["MessageQueue"], type: ReadOffsetType) -> int:
        """Java ``readOffset``: from memory (-1 if absent with READ_FROM_MEMORY) and/or from the broker: -1 when
        the broker has none (any broker error, as Java 4.9.7), -2 on other failures."""
        if mq is None:
            return -1
        if type in (ReadOffsetType.MEMORY_FIRST_THEN_STORE, ReadOffsetType.READ_FROM_MEMORY):
            offset = self.offset_table.get(mq)
            if offset is not None:
                return offset
            if type == ReadOffsetType.READ_FROM_MEMORY:
                return -1
        try:
            broker_offset = self.fetch_consume_offset_from_broker(mq)
        except MQBrokerException:
            return -1
        except Exception:
            log.warning("fetchConsumeOffsetFromBroker exception, %s", mq, exc_info=True)
            return -2
        self.update_offset(mq, broker_offset, False)
        return broker_offset

    def persist_all(self, mqs: Optional[Set["MessageQueue"]]) -> None:
        """Java ``persistAll``: send the offsets of ``mqs`` (one-way each) and forget the offsets of the others."""
        if not mqs:
            return
        unused_mq = set()
        for mq, _ in self.offset_table.items():
            if mq in mqs:
                self._persist(mq, "[persistAll]")
            else:
                unused_mq.add(mq)
        for mq in unused_mq:
            self.offset_table.remove(mq)
            log.info("remove unused mq, %s, %s", mq, self.group_name)

    def persist(self, mq: "MessageQueue") -> None:
        """Java ``persist``: send the offset of ``mq`` (one-way)."""
        self._persist(mq, "[persist]")

    def _persist(self, mq: "MessageQueue", what: str) -> None:
        with self._persist_lock:  # the offset sent is the one in the table when it is sent (see the class)
            offset = self.offset_table.get(mq)
            if offset is None:
                return
            try:
                self.update_consume_offset_to_broker(mq, offset, True)
                log.info("%s Group: %s ClientId: %s updateConsumeOffsetToBroker %s %s", what,
                         self.group_name, self.mq_client_factory.get_client_id(), mq, offset)
            except Exception:
                log.error("updateConsumeOffsetToBroker exception, %s", mq, exc_info=True)

    def remove_offset(self, mq: Optional["MessageQueue"]) -> None:
        """Java ``removeOffset``."""
        if mq is not None:
            self.offset_table.remove(mq)
            log.info("remove unnecessary messageQueue offset. group=%s, mq=%s, offsetTableSize=%d",
                     self.group_name, mq, len(self.offset_table))

    def clone_offset_table(self, topic: Optional[str]) -> Dict["MessageQueue", int]:
        """Java ``cloneOffsetTable``."""
        blank = UtilAll.is_blank(topic)
        return {mq: offset for mq, offset in self.offset_table.items() if blank or mq.get_topic() == topic}

    def update_consume_offset_to_broker(self, mq: "MessageQueue", offset: int, is_oneway: bool = True) -> None:
        """Java ``updateConsumeOffsetToBroker``: ``UPDATE_CONSUMER_OFFSET`` to the master (refreshing the route
        once, then any address of the broker); MQClientException when the broker is unknown."""
        find_broker_result = self.mq_client_factory.find_broker_address_in_subscribe(
            self.mq_client_factory.get_broker_name_from_message_queue(mq), MixAll.MASTER_ID, True)
        if find_broker_result is None:
            self.mq_client_factory.update_topic_route_info_from_name_server(mq.get_topic())
            find_broker_result = self.mq_client_factory.find_broker_address_in_subscribe(
                self.mq_client_factory.get_broker_name_from_message_queue(mq), MixAll.MASTER_ID, False)
        if find_broker_result is None:
            raise MQClientException("The broker[" + str(mq.get_broker_name()) + "] not exist", None)
        request_header = UpdateConsumerOffsetRequestHeader()
        request_header.set_topic(mq.get_topic())
        request_header.set_consumer_group(self.group_name)
        request_header.set_queue_id(mq.get_queue_id())
        request_header.set_commit_offset(offset)
        request_header.set_bname(mq.get_broker_name())
        api = self.mq_client_factory.get_mq_client_api_impl()
        if is_oneway:
            api.update_consumer_offset_oneway(find_broker_result.get_broker_addr(), request_header,
                                              _OFFSET_REQUEST_TIMEOUT_MILLIS)
        else:
            api.update_consumer_offset(find_broker_result.get_broker_addr(), request_header,
                                       _OFFSET_REQUEST_TIMEOUT_MILLIS)

    def fetch_consume_offset_from_broker(self, mq: "MessageQueue") -> int:
        """Java ``fetchConsumeOffsetFromBroker`` (private in Java): ``QUERY_CONSUMER_OFFSET``; a broker without an
        offset answers QUERY_NOT_FOUND (MQBrokerException)."""
        find_broker_result = self.mq_client_factory.find_broker_address_in_subscribe(
            self.mq_client_factory.get_broker_name_from_message_queue(mq), MixAll.MASTER_ID, True)
        if find_broker_result is None:
            self.mq_client_factory.update_topic_route_info_from_name_server(mq.get_topic())
            find_broker_result = self.mq_client_factory.find_broker_address_in_subscribe(
                self.mq_client_factory.get_broker_name_from_message_queue(mq), MixAll.MASTER_ID, False)
        if find_broker_result is None:
            raise MQClientException("The broker[" + str(mq.get_broker_name()) + "] not exist", None)
        request_header = QueryConsumerOffsetRequestHeader()
        request_header.set_topic(mq.get_topic())
        request_header.set_consumer_group(self.group_name)
        request_header.set_queue_id(mq.get_queue_id())
        request_header.set_bname(mq.get_broker_name())
        return self.mq_client_factory.get_mq_client_api_impl().query_consumer_offset(
            find_broker_result.get_broker_addr(), request_header, _OFFSET_REQUEST_TIMEOUT_MILLIS)
