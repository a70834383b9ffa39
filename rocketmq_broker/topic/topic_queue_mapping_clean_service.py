"""Java 5.3.3 ``org.apache.rocketmq.broker.topic.TopicQueueMappingCleanService``: every 5 minutes, at the store's
``deleteWhen`` hours, trims the static-topic mappings this broker hosts.

:meth:`clean_item_expired`: for a logical queue this broker leads, the earliest item (on whichever broker) is
dropped once its physical queue holds no message any more. :meth:`clean_item_list_more_than_second_gen`: the
items of a logical queue this broker no longer leads are dropped once the NameServer's route and the real leader's
own mapping (same epoch and queue count) confirm that another broker leads it.
"""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Dict, List, Set

from rocketmq_common.admin.topic_stats_table import TopicStatsTable
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.header.get_topic_config_request_header import GetTopicConfigRequestHeader
from rocketmq_common.protocol.header.get_topic_stats_info_request_header import GetTopicStatsInfoRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.statictopic.logic_queue_mapping_item import LogicQueueMappingItem
from rocketmq_common.protocol.statictopic.topic_config_and_queue_mapping import TopicConfigAndQueueMapping
from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
from rocketmq_common.protocol.statictopic.topic_queue_mapping_utils import TopicQueueMappingUtils
from rocketmq_common.rpc.client_metadata import ClientMetadata
from rocketmq_common.service_thread import ServiceThread
from rocketmq_common.util_all import UtilAll

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController

__all__ = ["TopicQueueMappingCleanService"]

log = logging.getLogger(__name__)

#: Java's wait between two rounds
CLEAN_INTERVAL_MILLIS = 5 * 60 * 1000


class TopicQueueMappingCleanService(ServiceThread):
    """See the module docstring (:meth:`wakeup` runs a round at once)."""

    def __init__(self, broker_controller: "BrokerController") -> None:
        super().__init__()
        self.broker_controller = broker_controller
        self.topic_queue_mapping_manager = broker_controller.get_topic_queue_mapping_manager()
        self.broker_outer_api = broker_controller.get_broker_outer_api()
        self.message_store_config = broker_controller.get_message_store_config()
        self.broker_config = broker_controller.get_broker_config()

    def get_service_name(self) -> str:
        return "TopicQueueMappingCleanService"

    def run(self) -> None:
        log.info("Start topic queue mapping clean service thread!")
        while not self.is_stopped():
            self.wait_for_running(CLEAN_INTERVAL_MILLIS)
            if self.is_stopped():
                break
            for clean in (self.clean_item_expired, self.clean_item_list_more_than_second_gen):
                try:
                    clean()
                except Exception:
                    log.error("topic queue mapping %s failed", clean.__name__, exc_info=True)
        log.info("End topic queue mapping clean service  thread!")

    def _hosted_details(self) -> List[TopicQueueMappingDetail]:
        # the details to look at, as both of Java's rounds pick them
        details = []
        for detail in list(self.topic_queue_mapping_manager.get_topic_queue_mapping_table().values()):
            if not detail.hosted_queues:
                continue
            if detail.bname != self.broker_config.broker_name:
                log.warning("The TopicQueueMappingDetail [%s] should not exist in this broker", detail)
                continue
            details.append(detail)
        return details

    def _persist_if(self, changed: bool) -> None:
        if changed:
            self.topic_queue_mapping_manager.get_data_version().next_version()
            self.topic_queue_mapping_manager.persist()

    def clean_item_expired(self) -> None:
        """Java ``cleanItemExpired``: drop the emptied earliest item of the logical queues led here."""
        if not UtilAll.is_it_time_to_do(self.message_store_config.delete_when):
            return
        changed = False
        start = time.time()
        try:
            for mapping_detail in self._hosted_details():
                if self.is_stopped():
                    break
                try:
                    changed = self._clean_item_expired(mapping_detail) or changed
                except Exception:
                    log.error("Try CleanItemExpired failed for %s", mapping_detail.topic, exc_info=True)
        finally:
            self._persist_if(changed)
            log.info("cleanItemExpired cost %d ms", int((time.time() - start) * 1000))

    def _clean_item_expired(self, mapping_detail: TopicQueueMappingDetail) -> bool:
        topic = mapping_detail.topic
        led = {qid: items for qid, items in mapping_detail.hosted_queues.items()
               if len(items) > 1 and TopicQueueMappingUtils.check_if_leader(items, mapping_detail)}
        stats_table: Dict[str, TopicStatsTable] = {}
        for broker in {items[0].bname for items in led.values()}:
            header = GetTopicStatsInfoRequestHeader(topic=topic, bname=broker, lo=False)
            try:
                stats_table[broker] = self.broker_controller.forward_request(RequestCode.GET_TOPIC_STATS_INFO,
                                                                             header).get_body()
            except Exception as e:
                log.error("Get remote topic %s state info failed from broker %s: %r", topic, broker, e)
        new_hosted_queues: Dict[int, List[LogicQueueMappingItem]] = {}
        for qid, items in led.items():
            earliest_item = items[0]
            topic_stats = stats_table.get(earliest_item.bname)
            if topic_stats is None:
                continue
            topic_offset = topic_stats.offset_table.get(MessageQueue(topic, earliest_item.bname,
                                                                     earliest_item.queue_id))
            if topic_offset is None:
                log.error("Get null topicOffset for %s %s", topic, earliest_item)
                continue
            if topic_offset.max_offset == topic_offset.min_offset or topic_offset.max_offset == 0:
                new_hosted_queues[qid] = items[1:]
                log.info("The logic queue item %s %s is removed True because of %s", topic, earliest_item,
                         topic_offset)
        if not new_hosted_queues:
            return False
        new_mapping_detail = TopicQueueMappingDetail(topic, mapping_detail.total_queues, mapping_detail.bname,
                                                     mapping_detail.epoch)
        new_mapping_detail.hosted_queues.update(mapping_detail.hosted_queues)
        new_mapping_detail.hosted_queues.update(new_hosted_queues)
        self.topic_queue_mapping_manager.update_topic_queue_mapping(new_mapping_detail, False, True, False)
        return True

    def clean_item_list_more_than_second_gen(self) -> None:
        """Java ``cleanItemListMoreThanSecondGen``: forget the logical queues another broker now leads."""
        if not UtilAll.is_it_time_to_do(self.message_store_config.delete_when):
            return
        changed = False
        start = time.time()
        client_metadata = ClientMetadata()
        try:
            for mapping_detail in self._hosted_details():
                if self.is_stopped():
                    break
                try:
                    changed = self._clean_item_list_more_than_second_gen(mapping_detail, client_metadata) or changed
                except Exception:
                    log.error("Try cleanItemListMoreThanSecondGen failed for topic %s", mapping_detail.topic,
                              exc_info=True)
        finally:
            self._persist_if(changed)
            log.info("Try cleanItemListMoreThanSecondGen cost %d ms", int((time.time() - start) * 1000))

    def _clean_item_list_more_than_second_gen(self, mapping_detail: TopicQueueMappingDetail,
                                              client_metadata: ClientMetadata) -> bool:
        topic = mapping_detail.topic
        qid2_curr_leader_broker = {qid: items[-1].bname for qid, items in mapping_detail.hosted_queues.items()
                                   if items and items[-1].bname != mapping_detail.bname}
        if not qid2_curr_leader_broker:
            return False
        client_metadata.fresh_topic_route(topic, self.broker_outer_api.get_topic_route_info_from_name_server(
            topic, self.broker_config.forward_timeout))
        mock_broker_name = TopicQueueMappingUtils.get_mock_broker_name(mapping_detail.scope)
        qid2_real_leader_broker = {qid: client_metadata.get_broker_name_from_message_queue(
            MessageQueue(topic, mock_broker_name, qid)) for qid in qid2_curr_leader_broker}
        mapping_detail_map: Dict[str, TopicQueueMappingDetail] = {}
        for broker in set(qid2_real_leader_broker.values()):
            if broker is None or broker.startswith(MixAll.LOGICAL_QUEUE_MOCK_BROKER_PREFIX):
                continue
            header = GetTopicConfigRequestHeader(topic=topic, bname=broker, lo=True)
            try:
                body: TopicConfigAndQueueMapping = self.broker_controller.forward_request(
                    RequestCode.GET_TOPIC_CONFIG, header).get_body()
                if body.mapping_detail is not None and body.mapping_detail.bname == broker:
                    mapping_detail_map[broker] = body.mapping_detail
            except Exception as e:
                log.error("Get remote topic %s state info failed from broker %s: %r", topic, broker, e)
        ids2_delete: Set[int] = set()
        for qid, curr_leader_broker in qid2_curr_leader_broker.items():
            real_leader_broker = qid2_real_leader_broker.get(qid)
            remote_mapping_detail = mapping_detail_map.get(real_leader_broker)  # type: ignore[arg-type]
            if remote_mapping_detail is None or remote_mapping_detail.total_queues != mapping_detail.total_queues \
                    or remote_mapping_detail.epoch != mapping_detail.epoch:
                continue
            items = remote_mapping_detail.hosted_queues.get(qid)
            if not items or items[-1].bname != real_leader_broker:
                continue
            if real_leader_broker != curr_leader_broker:
                ids2_delete.add(qid)
        for qid in ids2_delete:
            items = mapping_detail.hosted_queues.pop(qid, None)
            if items is not None:
                log.info("Remove the ItemListMoreThanSecondGen topic %s qid %s items %s", topic, qid, items)
        return bool(ids2_delete)
