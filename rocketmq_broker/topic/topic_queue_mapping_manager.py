"""Java 5.3.3 ``org.apache.rocketmq.broker.topic.TopicQueueMappingManager``: the static-topic mappings this broker
hosts (one :class:`TopicQueueMappingDetail` per topic: which logical queues it serves and through which physical
queues of which brokers), persisted to ``<storePathRootDir>/config/topicQueueMapping.json`` as Java's
``TopicQueueMappingSerializeWrapper``.

:meth:`build_topic_queue_mapping_context` turns a request's logical queue id into its mapping items (the last one
is the leader, the queue written now); :meth:`rewrite_request_for_static_topic` points a send at the leader's
physical queue. A request the broker forwarded to another broker carries ``lo=false`` and is served as physical.
"""
from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Dict, Optional, cast

from rocketmq_broker.broker_path_config_helper import BrokerPathConfigHelper
from rocketmq_broker.config_manager import ConfigManager, pretty_json
from rocketmq_common.data_version import DataVersion
from rocketmq_common.protocol.body.topic_queue_mapping_serialize_wrapper import TopicQueueMappingSerializeWrapper
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.statictopic.logic_queue_mapping_item import LogicQueueMappingItem
from rocketmq_common.protocol.statictopic.topic_queue_mapping_context import TopicQueueMappingContext
from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
from rocketmq_common.protocol.statictopic.topic_queue_mapping_utils import TopicQueueMappingUtils
from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_common.rpc.topic_request_header import TopicRequestHeader

__all__ = ["TopicQueueMappingManager", "mapping_item_of", "not_leader_response"]

log = logging.getLogger(__name__)

LOCK_TIMEOUT_MILLIS = 3000


def mapping_item_of(mapping_context: TopicQueueMappingContext, logic_offset: int) -> LogicQueueMappingItem:
    """``TopicQueueMappingUtils.findLogicQueueMappingItem(items, logic_offset, true)`` of a context this broker
    leads, which has items (Java asserts it); RuntimeError when it has none."""
    item = TopicQueueMappingUtils.find_logic_queue_mapping_item(mapping_context.mapping_item_list, logic_offset, True)
    if item is None:
        raise RuntimeError("no mapping item of %s-%s holds offset %d"
                           % (mapping_context.topic, mapping_context.global_id, logic_offset))
    return item


def not_leader_response(mapping_context: TopicQueueMappingContext) -> RemotingCommand:
    """Java's ``buildErrorResponse(NOT_LEADER_FOR_QUEUE, "<topic>-<queue> does not exit in request process of
    current broker <name>")``: this broker does not lead the request's logical queue (the client's route is
    stale; it retries with a fresh one)."""
    return RemotingCommand.create_response_command(
        ResponseCode.NOT_LEADER_FOR_QUEUE, "%s-%s does not exit in request process of current broker %s"
        % (mapping_context.topic, mapping_context.global_id, mapping_context.mapping_detail.bname))


class TopicQueueMappingManager(ConfigManager):
    """See the module docstring. ``data_version`` moves with every change (Java: "should be equal to the
    TopicConfigManager's")."""

    def __init__(self, broker_controller: "BrokerController") -> None:
        super().__init__()
        self.broker_controller = broker_controller
        self._lock = threading.Lock()
        self.data_version = DataVersion()
        self.topic_queue_mapping_table: Dict[str, TopicQueueMappingDetail] = {}

    def update_topic_queue_mapping(self, new_detail: Optional[TopicQueueMappingDetail], force: bool, is_clean: bool,
                                   flush: bool) -> None:
        """Java ``updateTopicQueueMapping``: accept a topic's new mapping. Unless ``force``, the epoch may not go
        back, the scope may not change and the items of a queue kept here may only grow (an equal epoch must
        carry every queue); ``force`` keeps the old items of queues the new detail lacks. Raises RuntimeError
        (Java's message) on a refused detail; nothing happens when the lock is not got within 3 s."""
        if not self._lock.acquire(timeout=LOCK_TIMEOUT_MILLIS / 1000.0):
            return
        updated = False
        old_detail = None
        try:
            if new_detail is None:
                return
            for items in new_detail.hosted_queues.values():
                TopicQueueMappingUtils.check_logic_queue_mapping_item_offset(items)
            old_detail = self.topic_queue_mapping_table.get(new_detail.topic)
            if old_detail is not None and force:
                for queue_id, items in old_detail.hosted_queues.items():
                    new_detail.hosted_queues.setdefault(queue_id, items)
            elif old_detail is not None:
                if new_detail.epoch < old_detail.epoch:
                    raise RuntimeError("Can't accept data with small epoch %d < %d"
                                       % (new_detail.epoch, old_detail.epoch))
                if new_detail.scope != old_detail.scope:
                    raise RuntimeError("Can't accept data with unmatched scope %s != %s"
                                       % (new_detail.scope, old_detail.scope))
                epoch_equal = new_detail.epoch == old_detail.epoch
                for global_id, old_items in old_detail.hosted_queues.items():
                    new_items = new_detail.hosted_queues.get(global_id)
                    if new_items is None:
                        if epoch_equal:
                            raise RuntimeError("Cannot accept equal epoch with null data")
                        new_detail.hosted_queues[global_id] = old_items
                    else:
                        TopicQueueMappingUtils.make_sure_logic_queue_mapping_item_immutable(
                            old_items, new_items, epoch_equal, is_clean)
            self.topic_queue_mapping_table[new_detail.topic] = new_detail
            updated = True
        finally:
            self._lock.release()
            if updated and flush:
                self.data_version.next_version()
                self.persist()
                log.info("Update topic queue mapping from [%s] to [%s], force %s", old_detail, new_detail, force)

    def delete(self, topic: str) -> None:
        """Java ``delete``: forget the topic's mapping."""
        old = self.topic_queue_mapping_table.pop(topic, None)
        if old is not None:
            log.info("delete topic queue mapping OK, static topic queue mapping: %s", old)
            self.data_version.next_version()
            self.persist()
        else:
            log.info("delete topic queue mapping failed, static topic: %s not exists", topic)

    def get_topic_queue_mapping(self, topic: str) -> Optional[TopicQueueMappingDetail]:
        return self.topic_queue_mapping_table.get(topic)

    def get_topic_queue_mapping_table(self) -> Dict[str, TopicQueueMappingDetail]:
        return self.topic_queue_mapping_table

    def get_data_version(self) -> DataVersion:
        return self.data_version

    # ------------------------------------------------------------------ persistence

    def encode(self, pretty_format: bool = False) -> str:
        wrapper = TopicQueueMappingSerializeWrapper(topic_queue_mapping_info_map=dict(self.topic_queue_mapping_table),
                                                    data_version=self.data_version)
        return pretty_json(wrapper.to_json_value()) if pretty_format else wrapper.to_json()

    def config_file_path(self) -> str:
        return BrokerPathConfigHelper.get_topic_queue_mapping_path(
            self.broker_controller.get_message_store_config().store_path_root_dir)

    def decode(self, json_string: str) -> None:
        wrapper = TopicQueueMappingSerializeWrapper.from_json(json_string)
        if wrapper.topic_queue_mapping_info_map:
            self.topic_queue_mapping_table.update(wrapper.topic_queue_mapping_info_map)
        if wrapper.data_version is not None:
            self.data_version.assign_new_one(wrapper.data_version)

    # ------------------------------------------------------------------ requests

    def build_topic_queue_mapping_context(self, request_header: "TopicRequestHeader",
                                          select_one_when_miss: bool = False) -> TopicQueueMappingContext:
        """Java ``buildTopicQueueMappingContext`` (never None): no mapping detail for a forwarded request
        (``lo=false``) or a topic that is not static; no items for a queue id this broker does not host. A
        negative queue id with ``select_one_when_miss`` (a send to "any queue") takes the first hosted queue."""
        topic = request_header.topic
        if request_header.lo is False:
            return TopicQueueMappingContext(topic, None, None, None, None)
        global_id = request_header.queue_id if isinstance(request_header, TopicQueueRequestHeader) else None
        mapping_detail = self.get_topic_queue_mapping(topic) if topic is not None else None
        if mapping_detail is None:
            return TopicQueueMappingContext(topic, None, None, None, None)
        if global_id is None:
            return TopicQueueMappingContext(topic, None, mapping_detail, None, None)
        if global_id < 0 and select_one_when_miss and mapping_detail.hosted_queues:
            global_id = min(mapping_detail.hosted_queues)  # Java's hash order of small ids
        if global_id < 0:
            return TopicQueueMappingContext(topic, global_id, mapping_detail, None, None)
        mapping_item_list = TopicQueueMappingDetail.get_mapping_info(mapping_detail, global_id)
        leader_item = mapping_item_list[-1] if mapping_item_list else None
        return TopicQueueMappingContext(topic, global_id, mapping_detail, mapping_item_list, leader_item)

    @staticmethod
    def rewrite_request_for_static_topic(request_header: TopicQueueRequestHeader,
                                         mapping_context: TopicQueueMappingContext) -> Optional[RemotingCommand]:
        """Java ``rewriteRequestForStaticTopic``: point the request at the leader's physical queue; an error
        response (NOT_LEADER_FOR_QUEUE) when this broker does not lead the logical queue, else None."""
        if mapping_context.mapping_detail is None:
            return None
        if not mapping_context.is_leader():
            return not_leader_response(mapping_context)
        # is_leader(): the leader item is set
        request_header.queue_id = cast(LogicQueueMappingItem, mapping_context.leader_item).queue_id
        return None
