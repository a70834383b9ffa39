"""Java ``org.apache.rocketmq.broker.processor.QueryAssignmentProcessor`` (5.3.3): QUERY_ASSIGNMENT and
SET_MESSAGE_REQUEST_MODE.

QUERY_ASSIGNMENT answers which queues of a topic a client of a group reads, and in which mode: the mode set for
the topic and group with SET_MESSAGE_REQUEST_MODE (:class:`MessageRequestModeManager`), else
``defaultMessageRequestMode`` (PULL; a retry topic is always PULL). In PULL mode the group's queues are
allocated among its clients (``AVG`` or ``AVG_BY_CIRCLE``) as a client rebalance would; in POP mode with
``popShareQueueNum`` <= 0 (``defaultPopShareQueueNum`` -1) or at least the number of other clients, every client
gets every queue as one ``queueId -1`` queue (pop from all queues), else its own queues and those of the next N
clients. Broadcasting gets every queue. SET_MESSAGE_REQUEST_MODE refuses a retry topic (NO_PERMISSION), an
unknown topic or group, and persists ``messageRequestMode.json``.

Difference from Java: the queues are this broker's readable queues of the topic (Java's ``TopicRouteInfoManager``
asks the name server for the queues of every broker of the cluster; the same for a one-broker cluster).
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Dict, List, Optional, Set

from rocketmq_broker.loadbalance.message_request_mode_manager import MessageRequestModeManager
from rocketmq_client.consumer.allocate_message_queue_strategy import AllocateMessageQueueStrategy
from rocketmq_client.consumer.rebalance.abstract_allocate_message_queue_strategy import (
    AbstractAllocateMessageQueueStrategy)
from rocketmq_client.consumer.rebalance.allocate_message_queue_averagely import AllocateMessageQueueAveragely
from rocketmq_client.consumer.rebalance.allocate_message_queue_averagely_by_circle import (
    AllocateMessageQueueAveragelyByCircle,
)
from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.message.message_queue_assignment import MessageQueueAssignment
from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.query_assignment_request_body import QueryAssignmentRequestBody
from rocketmq_common.protocol.body.query_assignment_response_body import QueryAssignmentResponseBody
from rocketmq_common.protocol.body.set_message_request_mode_request_body import SetMessageRequestModeRequestBody
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext

__all__ = ["QueryAssignmentProcessor"]

log = logging.getLogger(__name__)


class QueryAssignmentProcessor(NettyRequestProcessor):
    """See the module docstring. Registered for QUERY_ASSIGNMENT and SET_MESSAGE_REQUEST_MODE on the load
    balance executor; loads ``messageRequestMode.json`` when created, as Java."""

    def __init__(self, broker_controller: "BrokerController") -> None:
        self.broker_controller = broker_controller
        self.name2_load_strategy: Dict[str, AllocateMessageQueueStrategy] = {}
        for strategy in (AllocateMessageQueueAveragely(), AllocateMessageQueueAveragelyByCircle()):
            self.name2_load_strategy[strategy.get_name()] = strategy
        self.message_request_mode_manager = MessageRequestModeManager(broker_controller)
        self.message_request_mode_manager.load()

    def get_message_request_mode_manager(self) -> MessageRequestModeManager:
        return self.message_request_mode_manager

    def reject_request(self) -> bool:
        return False

    def process_request(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> Optional[RemotingCommand]:
        """Java ``processRequest``."""
        if request.code == RequestCode.QUERY_ASSIGNMENT:
            return self.query_assignment(ctx, request)
        if request.code == RequestCode.SET_MESSAGE_REQUEST_MODE:
            return self.set_message_request_mode(ctx, request)
        return None

    def query_assignment(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``queryAssignment``: a null set of assignments means "keep what you have" to the client."""
        request_body = QueryAssignmentRequestBody.decode(request.body)
        topic = request_body.topic or ""
        consumer_group = request_body.consumer_group or ""
        mode_body = self.message_request_mode_manager.get_message_request_mode(topic, consumer_group)
        if mode_body is None:
            broker_config = self.broker_controller.get_broker_config()
            mode_body = SetMessageRequestModeRequestBody(topic=topic, consumer_group=consumer_group)
            if topic.startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX):
                mode_body.mode = MessageRequestMode.PULL  # retry topic must be pull mode
            else:
                mode_body.mode = broker_config.default_message_request_mode
            if mode_body.mode is MessageRequestMode.POP:
                mode_body.pop_share_queue_num = broker_config.default_pop_share_queue_num
        message_queues = self._do_load_balance(topic, consumer_group, request_body.client_id,
                                               request_body.message_model, request_body.strategy_name, mode_body,
                                               ctx)
        assignments = None
        if message_queues is not None:
            assignments = {MessageQueueAssignment(message_queue=mq, mode=mode_body.mode) for mq in message_queues}
        response = RemotingCommand.create_response_command(ResponseCode.SUCCESS)
        response.body = QueryAssignmentResponseBody(message_queue_assignments=assignments).encode()
        return response

    def _topic_subscribe_info(self, topic: str) -> Optional[Set[MessageQueue]]:
        """The readable queues of the topic on this broker (Java ``TopicRouteInfoManager.getTopicSubscribeInfo``,
        see the module docstring); None for an unknown topic."""
        topic_config = self.broker_controller.get_topic_config_manager().select_topic_config(topic)
        if topic_config is None:
            return None
        if not PermName.is_readable(topic_config.perm):
            return set()
        broker_name = self.broker_controller.get_broker_config().broker_name
        return {MessageQueue(topic, broker_name, i) for i in range(topic_config.read_queue_nums)}

    def _do_load_balance(self, topic: str, consumer_group: str, client_id: Optional[str],
                         message_model: Optional[MessageModel], strategy_name: Optional[str],
                         mode_body: SetMessageRequestModeRequestBody,
                         ctx: "ChannelHandlerContext") -> Optional[Set[MessageQueue]]:
        """Java ``doLoadBalance``: an empty set clears the client's queues, None leaves them."""
        if message_model is MessageModel.BROADCASTING:
            assigned = self._topic_subscribe_info(topic)
            if assigned is None:
                log.warning("QueryLoad: no assignment for group[%s], the topic[%s] does not exist.", consumer_group,
                            topic)
            return assigned
        if message_model is not MessageModel.CLUSTERING:
            return None
        mq_set = self._topic_subscribe_info(topic)
        if mq_set is None:
            if not topic.startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX):
                log.warning("QueryLoad: no assignment for group[%s], the topic[%s] does not exist.", consumer_group,
                            topic)
            return None
        if not self.broker_controller.get_broker_config().server_load_balancer_enable:
            return mq_set
        consumer_group_info = self.broker_controller.get_consumer_manager().get_consumer_group_info(consumer_group)
        cid_all = consumer_group_info.get_all_client_id() if consumer_group_info is not None else None
        if cid_all is None:
            log.warning("QueryLoad: no assignment for group[%s] topic[%s], get consumer id list failed",
                        consumer_group, topic)
            return None
        mq_all = sorted(mq_set)
        cid_all = sorted(cid_all)
        strategy = self.name2_load_strategy.get(strategy_name or "")
        if strategy is None:
            log.warning("QueryLoad: unsupported strategy [%s],  %s", strategy_name,
                        RemotingHelper.parse_channel_remote_addr(ctx.channel()))
            return None
        allocate_result: Optional[List[MessageQueue]]
        try:
            if mode_body.mode is MessageRequestMode.POP:
                allocate_result = self.allocate4_pop(strategy, consumer_group, client_id or "", mq_all, cid_all,
                                                     mode_body.pop_share_queue_num)
            else:
                allocate_result = strategy.allocate(consumer_group, client_id or "", mq_all, cid_all)
        except Exception as e:
            log.error("QueryLoad: no assignment for group[%s] topic[%s], allocate message queue exception. strategy "
                      "name: %s, ex: %s", consumer_group, topic, strategy_name, e)
            return None
        return set(allocate_result or ())

    def allocate4_pop(self, strategy: AllocateMessageQueueStrategy, consumer_group: str, client_id: str,
                      mq_all: List[MessageQueue], cid_all: List[str], pop_share_queue_num: int) -> List[MessageQueue]:
        """Java ``allocate4Pop``."""
        if pop_share_queue_num <= 0 or pop_share_queue_num >= len(cid_all) - 1:
            return [MessageQueue(mq.topic, mq.broker_name, -1) for mq in mq_all]  # each client pops every queue
        if len(cid_all) <= len(mq_all):
            allocate_result = list(strategy.allocate(consumer_group, client_id, mq_all, cid_all) or ())
            if client_id in cid_all:
                index = cid_all.index(client_id)
                for _ in range(pop_share_queue_num):
                    index = (index + 1) % len(cid_all)
                    allocate_result.extend(strategy.allocate(consumer_group, cid_all[index], mq_all, cid_all) or ())
            return allocate_result
        return self._allocate(consumer_group, client_id, mq_all, cid_all)  # make sure each cid is assigned

    @staticmethod
    def _allocate(consumer_group: str, current_cid: str, mq_all: List[MessageQueue],
                  cid_all: List[str]) -> List[MessageQueue]:
        """Java's private ``allocate``: one queue per client, round robin (after the strategies' argument check)."""
        if not AbstractAllocateMessageQueueStrategy.check(consumer_group, current_cid, mq_all, cid_all):
            return []
        return [mq_all[cid_all.index(current_cid) % len(mq_all)]]

    def set_message_request_mode(self, ctx: "ChannelHandlerContext", request: RemotingCommand) -> RemotingCommand:
        """Java ``setMessageRequestMode``."""
        response = RemotingCommand.create_response_command()
        request_body = SetMessageRequestModeRequestBody.decode(request.body)
        topic = request_body.topic or ""
        if topic.startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX):
            response.code = ResponseCode.NO_PERMISSION
            response.remark = "retry topic is not allowed to set mode"
            return response
        if self.broker_controller.get_topic_config_manager().select_topic_config(topic) is None:
            response.code = ResponseCode.TOPIC_NOT_EXIST
            response.remark = "topic[%s] not exist" % topic
            return response
        consumer_group = request_body.consumer_group or ""
        if self.broker_controller.get_subscription_group_manager().find_subscription_group_config(
                consumer_group) is None:
            response.code = ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST
            response.remark = "subscription group does not exist"
            return response
        self.message_request_mode_manager.set_message_request_mode(topic, consumer_group, request_body)
        self.message_request_mode_manager.persist()
        response.code = ResponseCode.SUCCESS
        response.remark = None
        return response
