"""Typed declarations of the accessors :class:`~rocketmq_remoting.common.bean.Bean` generates, for type checkers
and IDEs (no Java counterpart: Java's getters and setters are written out).

A bean's ``get_x`` / ``set_x`` / ``is_x`` exist only at run time, made from its ``Prop`` declarations. For the
classes of :data:`TYPED_CLASSES` the class body also carries, right after its ``Prop`` declarations, a block
generated from them that declares those accessors with their real types::

    # generated accessors (python -m rocketmq_remoting.common.bean_typing): do not edit
    if TYPE_CHECKING:
        def get_send_msg_timeout(self) -> int: ...
        def set_send_msg_timeout(self, send_msg_timeout: int) -> None: ...
    # end of generated accessors

``TYPE_CHECKING`` is False at run time, so the block costs nothing and the generated accessors stay as they are.
``python -m rocketmq_remoting.common.bean_typing`` rewrites the blocks after a ``Prop`` changed; a test checks that
every block is current. Accessors written by hand in the class are not declared again.
"""
from __future__ import annotations

import ast
import importlib
import inspect
import sys
from typing import Any, List, Optional, Sequence, Tuple

from rocketmq_remoting.common.bean import Bean, ListOf, MapOf, Prop, SetOf

__all__ = ["TYPED_CLASSES", "accessor_block", "current_block", "rewrite"]

#: ``module:Class`` of every class whose source carries a generated block
TYPED_CLASSES = (
    "rocketmq_client.client_config:ClientConfig",
    "rocketmq_client.producer.default_mq_producer:DefaultMQProducer",
    "rocketmq_client.producer.transaction_mq_producer:TransactionMQProducer",
    "rocketmq_client.consumer.default_mq_push_consumer:DefaultMQPushConsumer",
    "rocketmq_client.consumer.default_mq_pull_consumer:DefaultMQPullConsumer",
    "rocketmq_client.consumer.default_lite_pull_consumer:DefaultLitePullConsumer",
    "rocketmq_broker.store.stats.broker_stats:BrokerStats",
    "rocketmq_broker.client.consumer_group_info:ConsumerGroupInfo",
    "rocketmq_namesrv.namesrv_controller:NamesrvController",
    "rocketmq_broker.filter.consumer_filter_manager:FilterDataMapByTopic",
    "rocketmq_broker.filter.consumer_filter_manager:ConsumerFilterManager",
    "rocketmq_broker.broker_controller:BrokerController",
    "rocketmq_broker.topic.topic_config_manager:TopicConfigManager",
    "rocketmq_broker.subscription.subscription_group_manager:SubscriptionGroupManager",
    "rocketmq_broker.offset.consumer_offset_manager:ConsumerOffsetManager",
    "rocketmq_broker.longpolling.many_pull_request:ManyPullRequest",
    "rocketmq_broker.client.consumer_manager:ConsumerManager",
    "rocketmq_broker.client.producer_manager:ProducerManager",
    "rocketmq_broker.longpolling.pull_request:PullRequest",
    "rocketmq_broker.client.client_channel_info:ClientChannelInfo",
    "rocketmq_client.impl.consumer.process_queue:ProcessQueue",
    "rocketmq_client.impl.consumer.pop_process_queue:PopProcessQueue",
    "rocketmq_client.impl.consumer.pull_request:PullRequest",
    "rocketmq_client.impl.consumer.pop_request:PopRequest",
    "rocketmq_client.impl.consumer.default_mq_push_consumer_impl:DefaultMQPushConsumerImpl",
    "rocketmq_client.consumer.listener.consume_orderly_context:ConsumeOrderlyContext",
    "rocketmq_client.consumer.listener.consume_concurrently_context:ConsumeConcurrentlyContext",
    "rocketmq_client.impl.consumer.default_mq_pull_consumer_impl:DefaultMQPullConsumerImpl",
    "rocketmq_client.impl.consumer.rebalance_impl:RebalanceImpl",
    "rocketmq_client.trace.async_trace_dispatcher:AsyncTraceDispatcher",
    "rocketmq_client.producer.request_response_future:RequestResponseFuture",
    "rocketmq_client.impl.factory.mq_client_instance:MQClientInstance",
    "rocketmq_client.consumer.pull_result:PullResult",
    "rocketmq_client.consumer.pop_result:PopResult",
    "rocketmq_client.consumer.ack_result:AckResult",
    "rocketmq_client.impl.consumer.pull_result_ext:PullResultExt",
    "rocketmq_client.impl.consumer.default_lite_pull_consumer_impl:DefaultLitePullConsumerImpl",
    "rocketmq_client.consumer.mq_pull_consumer_schedule_service:PullTaskImpl",
    "rocketmq_client.consumer.mq_pull_consumer_schedule_service:MQPullConsumerScheduleService",
    "rocketmq_client.impl.consumer.lite_pull_task_impl:PullTaskImpl",
    "rocketmq_common.stats.stats_snapshot:StatsSnapshot",
    "rocketmq_client.latency.mq_fault_strategy:MQFaultStrategy",
    "rocketmq_client.latency.latency_fault_tolerance_impl:FaultItem",
    "rocketmq_client.latency.latency_fault_tolerance_impl:LatencyFaultToleranceImpl",
    "rocketmq_client.impl.consumer.pull_api_wrapper:PullAPIWrapper",
    "rocketmq_common.stats.moment_stats_item:MomentStatsItem",
    "rocketmq_client.consumer.rebalance.allocate_message_queue_by_machine_room:AllocateMessageQueueByMachineRoom",
    "rocketmq_client.consumer.rebalance.allocate_message_queue_by_config:AllocateMessageQueueByConfig",
    "rocketmq_client.impl.mq_admin_impl:MQAdminImpl",
    "rocketmq_client.impl.top_addressing:TopAddressing",
    "rocketmq_remoting.netty.netty_remoting_abstract:NettyRemotingAbstract",
    "rocketmq_common.stats.moment_stats_item_set:MomentStatsItemSet",
    "rocketmq_client.producer.request_future_holder:RequestFutureHolder",
    "rocketmq_filter.expression.binary_expression:BinaryExpression",
    "rocketmq_filter.expression.unary_expression:UnaryExpression",
    "rocketmq_filter.expression.unary_in_expression:UnaryInExpression",
    "rocketmq_filter.expression.constant_expression:ConstantExpression",
    "rocketmq_remoting.netty.netty_remoting_client:ChannelWrapper",
    "rocketmq_remoting.netty.netty_remoting_client:NettyRemotingClient",
    "rocketmq_client.impl.consumer.consume_message_concurrently_service:ConsumeRequest",
    "rocketmq_client.impl.consumer.consume_message_pop_concurrently_service:ConsumeRequest",
    "rocketmq_client.impl.consumer.consume_message_orderly_service:ConsumeRequest",
    "rocketmq_client.impl.consumer.lite_pull_task_impl:ConsumeRequest",
    "rocketmq_remoting.netty.netty_remoting_server:NettyRemotingServer",
    "rocketmq_broker.store.stats.broker_stats_manager:BrokerStatsManager",
    "rocketmq_acl.plain.plain_permission_manager:PlainPermissionManager",
    "rocketmq_broker.store.index.index_file:IndexFile",
    "rocketmq_acl.common.acl_client_rpc_hook:AclClientRPCHook",
    "rocketmq_common.stats.stats_item:StatsItem",
    "rocketmq_filter.expression.property_expression:PropertyExpression",
    "rocketmq_client.impl.producer.default_mq_producer_impl:DefaultMQProducerImpl",
    "rocketmq_client.impl.mq_client_api_impl:MQClientAPIImpl",
    "rocketmq_client.impl.find_broker_result:FindBrokerResult",
    "rocketmq_client.query_result:QueryResult",
    "rocketmq_remoting.netty.netty_event:NettyEvent",
)

BEGIN = "    # generated accessors (python -m rocketmq_remoting.common.bean_typing): do not edit"
END = "    # end of generated accessors"


def _type_text(type_: Any) -> str:
    if type_ is object:
        return "Any"
    if isinstance(type_, SetOf):
        return "Set[%s]" % _type_text(type_.item)
    if isinstance(type_, ListOf):
        return "List[%s]" % _type_text(type_.item)
    if isinstance(type_, MapOf):
        return "Dict[%s, %s]" % (_type_text(type_.key), _type_text(type_.value))
    return type_.__name__


def _value_type(prop: Prop[Any]) -> str:
    text = _type_text(prop.type)
    if text != "Any" and prop.default is None and prop.factory is None and not prop.required:
        return "Optional[%s]" % text
    return text


def _own_props(cls: Any) -> List[Prop[Any]]:
    props = cls._props_by_name
    return [props[name] for name in cls.__dict__ if name in props]


def accessor_block(cls: type) -> str:
    """The generated block of ``cls``: the accessors of the properties the class itself declares."""
    lines = [BEGIN, "    if TYPE_CHECKING:"]
    for prop in _own_props(cls):
        value = _value_type(prop)
        getters = ["get_"] + (["is_"] if prop.type is bool else [])
        for prefix in getters:
            if _generated(cls, prefix + prop.name):
                lines.append("        def %s%s(self) -> %s: ..." % (prefix, prop.name, value))
        if _generated(cls, "set_" + prop.name):
            line = "        def set_%s(self, %s: %s) -> None: ..." % (prop.name, prop.name, value)
            if len(line) > 120:
                line = "        def set_%s(\n                self, %s: %s) -> None: ..." % (prop.name, prop.name, value)
            lines.append(line)
    lines.append(END)
    return "\n".join(lines) + "\n"


def _generated(cls: type, method: str) -> bool:
    return getattr(cls.__dict__.get(method), "_generated", False)


def _load(spec: str) -> Tuple[type, str]:
    module_name, _, class_name = spec.partition(":")
    module = importlib.import_module(module_name)
    cls = getattr(module, class_name)
    if not (isinstance(cls, type) and issubclass(cls, Bean)):
        raise TypeError("%s is not a Bean class" % spec)
    return cls, inspect.getsourcefile(module) or ""


def _block_span(source: str, cls: type) -> Tuple[int, int]:
    """(start, end) character offsets of the block in ``cls``'s body, or an empty span after its last Prop."""
    offset = source.index("\nclass %s(" % cls.__name__)
    next_class = source.find("\nclass ", offset + 1)
    begin = source.find(BEGIN + "\n", offset, len(source) if next_class < 0 else next_class)
    if begin >= 0:
        end = source.index(END + "\n", begin) + len(END) + 1
        return begin, end
    tree = ast.parse(source)
    node = next(n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == cls.__name__)
    last = max(stmt.end_lineno or stmt.lineno for stmt in node.body
               if isinstance(stmt, (ast.Assign, ast.AnnAssign)) and isinstance(stmt.value, ast.Call)
               and getattr(stmt.value.func, "id", "") == "Prop")
    offset = 0
    for _ in range(last):
        offset = source.index("\n", offset) + 1
    return offset, offset


def current_block(cls: type, path: str) -> Optional[str]:
    """The block now in the source of ``cls`` (None when there is none)."""
    with open(path, encoding="utf-8") as f:
        source = f.read()
    start, end = _block_span(source, cls)
    return source[start:end] if end > start else None


def rewrite(specs: Sequence[str] = TYPED_CLASSES) -> List[str]:
    """Write the current block into each class's source; the paths changed."""
    changed = []
    for spec in specs:
        cls, path = _load(spec)
        with open(path, encoding="utf-8") as f:
            source = f.read()
        start, end = _block_span(source, cls)
        block = accessor_block(cls)
        if start == end:
            block = "\n" + block
        if source[start:end] != block:
            with open(path, "w", encoding="utf-8") as f:
                f.write(source[:start] + block + source[end:])
            changed.append(path)
    return changed


def main(argv: Optional[Sequence[str]] = None) -> int:
    for path in rewrite(list(argv or ()) or TYPED_CLASSES):
        print("rewrote", path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

