"""Java ``org.apache.rocketmq.client.impl.consumer.PullAPIWrapper``: builds PULL_MESSAGE requests for the push,
pull and lite-pull consumers (and, 5.3.3, POP_MESSAGE requests for the push consumer in POP mode), remembers which
broker node (master or slave) each queue should be pulled from, and turns a raw pull answer into messages."""
from __future__ import annotations

import logging
import random
import time
from typing import TYPE_CHECKING, Dict, List, Optional

from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_client.exception import MQClientException
from rocketmq_client.hook.filter_message_context import FilterMessageContext
from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.mix_all import MixAll
from rocketmq_common.mq_version import MQVersion
from rocketmq_common.protocol.header.pop_message_request_header import PopMessageRequestHeader
from rocketmq_common.protocol.header.pull_message_request_header import PullMessageRequestHeader
from rocketmq_common.sysflag.pull_sys_flag import PullSysFlag
from rocketmq_remoting.common.bean import Bean, Prop

if TYPE_CHECKING:
    from rocketmq_client.consumer.pop_callback import PopCallback
    from rocketmq_client.consumer.pull_callback import PullCallback
    from rocketmq_client.consumer.pull_result import PullResult
    from rocketmq_client.hook.filter_message_hook import FilterMessageHook
    from rocketmq_client.impl.communication_mode import CommunicationMode
    from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
    from rocketmq_common.message.message_queue import MessageQueue
    from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData

__all__ = ["PullAPIWrapper"]

log = logging.getLogger(__name__)

#: ``MQVersion.Version.V4_1_0_SNAPSHOT.ordinal()``: first broker version filtering by SQL92 / non-TAG expressions
_V4_1_0_SNAPSHOT = MQVersion.version_ordinal("V4_1_0_SNAPSHOT")
_V5_0_0 = MQVersion.version_ordinal("V5_0_0")
_INTEGER_MAX_VALUE = 2 ** 31 - 1

_PROPERTY_TRANSACTION_PREPARED = MessageConst.PROPERTY_TRANSACTION_PREPARED
_PROPERTY_UNIQ_KEY = MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX
_PROPERTY_MIN_OFFSET = MessageConst.PROPERTY_MIN_OFFSET
_PROPERTY_MAX_OFFSET = MessageConst.PROPERTY_MAX_OFFSET
_PROPERTY_TAGS = MessageConst.PROPERTY_TAGS


class PullAPIWrapper(Bean):
    """See the module docstring. One per consumer (group); thread-safe like Java's (the node table is a dict
    whose single-key updates are atomic)."""

    connect_broker_by_user = Prop(bool, False)
    default_broker_id = Prop(int, MixAll.MASTER_ID)

    def get_connect_broker_by_user(self) -> bool: return self.connect_broker_by_user
    def is_connect_broker_by_user(self) -> bool: return self.connect_broker_by_user
    def set_connect_broker_by_user(self, connect_broker_by_user: bool) -> None:
        self.connect_broker_by_user = connect_broker_by_user
    def get_default_broker_id(self) -> int: return self.default_broker_id
    def set_default_broker_id(self, default_broker_id: int) -> None: self.default_broker_id = default_broker_id

    def __init__(self, mq_client_factory: "MQClientInstance", consumer_group: str, unit_mode: bool) -> None:
        self.mq_client_factory = mq_client_factory
        self.consumer_group = consumer_group
        self.unit_mode = unit_mode
        self.pull_from_which_node_table: Dict["MessageQueue", int] = {}
        self.connect_broker_by_user = False
        self.default_broker_id = MixAll.MASTER_ID
        self._random = random.Random(int(time.time() * 1000))
        self.filter_message_hook_list: List["FilterMessageHook"] = []

    # ------------------------------------------------------------------ results

    def process_pull_result(self, mq: "MessageQueue", pull_result: "PullResult",
                            subscription_data: "SubscriptionData") -> "PullResult":
        """Java ``processPullResult``: remember the suggested node; for FOUND decode the messages (5.3.3:
        with the client config's ``decode_read_body`` / ``decode_decompress_body``), drop those
        whose tag is not subscribed (client-side re-check of the broker's hash filter), run the filter hooks,
        then set the transaction id of prepared messages, the MIN_OFFSET / MAX_OFFSET properties, the broker
        name and (5.3.3) the queue id of ``mq``, and for a static topic add the offset delta to the queue offsets
        (physical -> logical). The raw bytes are released in every case.

        Every consumed message passes the loops below, which read and write its properties dict directly where
        Java calls ``getTags`` / ``getProperty`` / ``MessageAccessor.putProperty`` and the setters: in Java's
        form they cost 60-155 Python instructions more per message (``opcode_count.py consumer-pull`` +4.9% with
        an unchecked accessor put, +9.9% through ``put_property``'s separator check)."""
        pull_result_ext = pull_result
        self.update_pull_from_which_node(mq, pull_result_ext.get_suggest_which_broker_id())  # type: ignore
        if pull_result.get_pull_status() is PullStatus.FOUND:
            client_config = self.mq_client_factory.get_client_config()
            msg_list = MessageDecoder.decodes_batch(
                pull_result_ext.get_message_binary(),  # type: ignore[attr-defined]
                client_config.is_decode_read_body(), client_config.is_decode_decompress_body(), True)
            msg_list_filter_again = msg_list
            tags_set = subscription_data.tags_set
            if tags_set and not subscription_data.class_filter_mode:
                msg_list_filter_again = []
                for msg in msg_list:
                    props = msg.properties
                    tags = props.get(_PROPERTY_TAGS) if props is not None else None
                    if tags is not None and tags in tags_set:
                        msg_list_filter_again.append(msg)
            if self.filter_message_hook_list:
                filter_message_context = FilterMessageContext()
                filter_message_context.set_unit_mode(self.unit_mode)
                filter_message_context.set_msg_list(msg_list_filter_again)
                self.execute_hook(filter_message_context)
            min_offset = str(pull_result.get_min_offset())
            max_offset = str(pull_result.get_max_offset())
            broker_name = mq.get_broker_name()
            queue_id = mq.get_queue_id()
            offset_delta = pull_result_ext.get_offset_delta()  # type: ignore[attr-defined]
            for msg in msg_list_filter_again:
                props = msg.properties
                if props is None:
                    msg.properties = props = {}
                tra_flag = props.get(_PROPERTY_TRANSACTION_PREPARED)
                if tra_flag is not None and tra_flag.lower() == "true":
                    msg.transaction_id = props.get(_PROPERTY_UNIQ_KEY)
                props[_PROPERTY_MIN_OFFSET] = min_offset
                props[_PROPERTY_MAX_OFFSET] = max_offset
                msg.broker_name = broker_name
                msg.queue_id = queue_id
                if offset_delta is not None:
                    msg.queue_offset += offset_delta
            pull_result.set_msg_found_list(msg_list_filter_again)
        pull_result_ext.set_message_binary(None)  # type: ignore[attr-defined]
        return pull_result

    # ------------------------------------------------------------------ which node to pull from

    def update_pull_from_which_node(self, mq: "MessageQueue", broker_id: int) -> None:
        """Java ``updatePullFromWhichNode``."""
        self.pull_from_which_node_table[mq] = broker_id

    def recalculate_pull_from_which_node(self, mq: "MessageQueue") -> int:
        """Java ``recalculatePullFromWhichNode``: the user's broker id when connecting by user, else the last
        suggestion for ``mq``, else the master."""
        if self.connect_broker_by_user:
            return self.default_broker_id
        suggest = self.pull_from_which_node_table.get(mq)
        if suggest is not None:
            return suggest
        return MixAll.MASTER_ID

    # ------------------------------------------------------------------ hooks

    def has_hook(self) -> bool:
        """Java ``hasHook``."""
        return bool(self.filter_message_hook_list)

    def execute_hook(self, context: FilterMessageContext) -> None:
        """Java ``executeHook``: run every filter hook; a failing hook is logged and skipped."""
        for hook in self.filter_message_hook_list:
            try:
                hook.filter_message(context)
            except Exception:
                log.error("execute hook error. hookName=%s", hook.hook_name(), exc_info=True)

    def register_filter_message_hook(self, filter_message_hook_list: List["FilterMessageHook"]) -> None:
        """Java ``registerFilterMessageHook``: share the consumer's hook list."""
        self.filter_message_hook_list = filter_message_hook_list

    # ------------------------------------------------------------------ the request

    def pull_kernel_impl(self, mq: "MessageQueue", sub_expression: Optional[str], expression_type: Optional[str],
                         sub_version: int, offset: int, max_nums: int, sys_flag: int, commit_offset: int,
                         broker_suspend_max_time_millis: int, timeout_millis: int,
                         communication_mode: "CommunicationMode", pull_callback: Optional["PullCallback"],
                         max_size_in_bytes: int = _INTEGER_MAX_VALUE) -> Optional["PullResult"]:
        """Java ``pullKernelImpl`` (both overloads of 5.3.3; ``max_size_in_bytes``, sent as ``maxMsgBytes``, is the
        argument after ``maxNums`` of the long one): find the node's address (refreshing the route once when
        unknown), refuse non-TAG expressions on brokers older than 4.1.0, clear the commit-offset flag for a slave,
        and send the pull (SYNC returns the raw :class:`PullResultExt`, ASYNC completes ``pull_callback``). Beyond
        Java: a lite pull goes as PULL_MESSAGE to a broker older than 5.0 (or not heartbeated yet), which does not
        know LITE_PULL_MESSAGE (Java 5.3.3 sends LITE_PULL_MESSAGE, and a 4.x broker refuses it)."""
        factory = self.mq_client_factory
        broker_name = mq.get_broker_name()  # for a static topic's logical queue the mock name, sent as bname
        find_broker_result = factory.find_broker_address_in_subscribe(
            factory.get_broker_name_from_message_queue(mq), self.recalculate_pull_from_which_node(mq), False)
        if find_broker_result is None:
            factory.update_topic_route_info_from_name_server(mq.get_topic())
            find_broker_result = factory.find_broker_address_in_subscribe(
                factory.get_broker_name_from_message_queue(mq), self.recalculate_pull_from_which_node(mq), False)
        if find_broker_result is None:
            raise MQClientException("The broker[" + broker_name + "] not exist", None)
        if (not ExpressionType.is_tag_type(expression_type)
                and find_broker_result.get_broker_version() < _V4_1_0_SNAPSHOT):
            raise MQClientException("The broker[" + broker_name + ", " + str(find_broker_result.get_broker_version())
                                    + "] does not upgrade to support for filter message by "
                                    + str(expression_type), None)
        sys_flag_inner = sys_flag
        if find_broker_result.is_slave():
            sys_flag_inner = PullSysFlag.clear_commit_offset_flag(sys_flag_inner)

        request_header = PullMessageRequestHeader()
        request_header.consumer_group = self.consumer_group
        request_header.topic = mq.get_topic()
        request_header.queue_id = mq.get_queue_id()
        request_header.queue_offset = offset
        request_header.max_msg_nums = max_nums
        request_header.sys_flag = sys_flag_inner
        request_header.commit_offset = commit_offset
        request_header.suspend_timeout_millis = broker_suspend_max_time_millis
        request_header.subscription = sub_expression
        request_header.sub_version = sub_version
        request_header.expression_type = expression_type
        request_header.max_msg_bytes = max_size_in_bytes
        request_header.bname = broker_name

        broker_addr = find_broker_result.get_broker_addr()
        if PullSysFlag.has_class_filter_flag(sys_flag_inner):
            broker_addr = self._compute_pull_from_which_filter_server(mq.get_topic(), broker_addr)
        return factory.get_mq_client_api_impl().pull_message(
            broker_addr, request_header, timeout_millis, communication_mode, pull_callback,
            lite_pull_message=find_broker_result.get_broker_version() >= _V5_0_0)

    def _compute_pull_from_which_filter_server(self, topic: str, broker_addr: str) -> str:
        """Java ``computePullFromWhichFilterServer``: a random filter server of the broker (the deprecated
        class-filter path; 4.9.x brokers report none, so this raises)."""
        topic_route_data = self.mq_client_factory.get_topic_route_table().get(topic)
        if topic_route_data is not None:
            servers = (topic_route_data.filter_server_table or {}).get(broker_addr)
            if servers:
                return servers[self.random_num() % len(servers)]
        raise MQClientException("Find Filter Server Failed, Broker Addr: " + broker_addr + " topic: " + topic, None)

    def pop_async(self, mq: "MessageQueue", invisible_time: int, max_nums: int, consumer_group: str, timeout: int,
                  pop_callback: "PopCallback", poll: bool, init_mode: int, order: bool,
                  expression_type: Optional[str], expression: Optional[str]) -> None:
        """Java ``popAsync`` (5.3.3): POP_MESSAGE to the queue's master (refreshing the route once when unknown);
        with ``poll`` the broker holds the request up to ``timeout`` ms and the client waits 10 s longer."""
        factory = self.mq_client_factory
        broker_name = mq.get_broker_name()
        find_broker_result = factory.find_broker_address_in_subscribe(broker_name, MixAll.MASTER_ID, True)
        if find_broker_result is None:
            factory.update_topic_route_info_from_name_server(mq.get_topic())
            find_broker_result = factory.find_broker_address_in_subscribe(broker_name, MixAll.MASTER_ID, True)
        if find_broker_result is None:
            raise MQClientException("The broker[" + broker_name + "] not exist", None)
        request_header = PopMessageRequestHeader()
        request_header.set_consumer_group(consumer_group)
        request_header.set_topic(mq.get_topic())
        request_header.set_queue_id(mq.get_queue_id())
        request_header.set_max_msg_nums(max_nums)
        request_header.set_invisible_time(invisible_time)
        request_header.set_init_mode(init_mode)
        request_header.set_exp_type(expression_type)
        request_header.set_exp(expression)
        request_header.set_order(order)
        request_header.set_bname(broker_name)
        if poll:
            request_header.set_poll_time(timeout)
            request_header.set_born_time(int(time.time() * 1000))
            timeout += 10 * 1000  # Java: "fix the too earlier timeout of client when long polling"
        factory.get_mq_client_api_impl().pop_message_async(broker_name, find_broker_result.get_broker_addr(),
                                                           request_header, timeout, pop_callback)

    def random_num(self) -> int:
        """Java ``randomNum``: a non-negative random int."""
        return self._random.randrange(0, 2 ** 31)

    # ------------------------------------------------------------------ accessors
