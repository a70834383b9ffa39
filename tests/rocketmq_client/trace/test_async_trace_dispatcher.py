"""AsyncTraceDispatcher and the trace hooks without a cluster: the bounded queue, segments of at most batch_size
records, the CLOUD trace topic, the inner producer's settings, and what each hook records or skips."""
from __future__ import annotations

from typing import Any, List

from rocketmq_client.client_config import AccessChannel
from rocketmq_client.hook.consume_message_context import ConsumeMessageContext
from rocketmq_client.hook.end_transaction_context import EndTransactionContext
from rocketmq_client.hook.send_message_context import SendMessageContext
from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.send_result import SendResult
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_client.trace.async_trace_dispatcher import AsyncTraceDispatcher
from rocketmq_client.trace.hook.consume_message_trace_hook_impl import ConsumeMessageTraceHookImpl
from rocketmq_client.trace.hook.end_transaction_trace_hook_impl import EndTransactionTraceHookImpl
from rocketmq_client.trace.hook.send_message_trace_hook_impl import SendMessageTraceHookImpl
from rocketmq_client.trace.trace_bean import TraceBean
from rocketmq_client.trace.trace_context import TraceContext
from rocketmq_client.trace.trace_dispatcher import TraceDispatcher
from rocketmq_client.trace.trace_type import TraceType
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_type import MessageType
from rocketmq_common.mix_all import MixAll
from rocketmq_common.topic.topic_validator import TopicValidator


def pub(i: int) -> TraceContext:
    return TraceContext(trace_type=TraceType.Pub, trace_beans=[TraceBean(msg_id="M%d" % i,
                                                                         msg_type=MessageType.Normal_Msg)])


def test_inner_producer_and_defaults() -> None:
    dispatcher = AsyncTraceDispatcher("G1", TraceDispatcher.Type.CONSUME, "", None)
    try:
        producer = dispatcher.get_trace_producer()
        assert producer.get_producer_group().startswith("_INNER_TRACE_PRODUCER-G1-CONSUME-")
        assert (producer.get_send_msg_timeout(), producer.is_vip_channel_enabled(),
                producer.get_max_message_size()) == (5000, False, 128000)
        assert dispatcher.get_trace_topic_name() == TopicValidator.RMQ_SYS_TRACE_TOPIC
        assert (dispatcher.queue_size, dispatcher.batch_size, dispatcher.trace_context_queue.maxsize) == (2048, 100,
                                                                                                          1024)
        assert dispatcher.get_trace_topic_name_for("cn-hz") == TopicValidator.RMQ_SYS_TRACE_TOPIC
        dispatcher.set_access_channel(AccessChannel.CLOUD)
        assert dispatcher.get_trace_topic_name_for("cn-hz") == "rmq_sys_TRACE_DATA_cn-hz"
    finally:
        dispatcher.shutdown()


def test_full_queue_drops_contexts() -> None:
    dispatcher = AsyncTraceDispatcher("G2", TraceDispatcher.Type.PRODUCE, None, None)
    sent: List[Any] = []
    dispatcher.submit_send_task = sent.append  # type: ignore[method-assign]
    empty = TraceContext(trace_type=TraceType.Pub)  # no traced message: dropped when encoded
    assert all(dispatcher.append(empty) for _ in range(1024))
    assert dispatcher.append(empty) is False and dispatcher.get_discard_count() == 1
    dispatcher.shutdown()
    assert sent == [] and dispatcher.trace_context_queue.empty()
    assert dispatcher.append(pub(1)) is False


def test_segments_hold_at_most_batch_size_records() -> None:
    dispatcher = AsyncTraceDispatcher("G3", TraceDispatcher.Type.PRODUCE, None, None)
    sent: List[Any] = []
    dispatcher.submit_send_task = sent.append  # type: ignore[method-assign]
    for i in range(250):
        assert dispatcher.append(pub(i))
    dispatcher.shutdown()  # encodes what is queued, flushes the last segment
    assert [len(task.trace_transfer_bean_list) for task in sent] == [100, 100, 50]
    assert {task.trace_topic_name for task in sent} == {TopicValidator.RMQ_SYS_TRACE_TOPIC}
    assert [b.get_trans_key() for b in sent[0].trace_transfer_bean_list[:2]] == [{"M0"}, {"M1"}]


class RecordingDispatcher(AsyncTraceDispatcher):
    def __init__(self) -> None:
        super().__init__("G", TraceDispatcher.Type.PRODUCE, None, None)
        self.appended: List[TraceContext] = []

    def append(self, ctx: Any) -> bool:
        self.appended.append(ctx)
        return True


def send_context(topic: str, group: str = "ns1%PG") -> SendMessageContext:
    msg = Message(topic, "TagS", b"12345")
    msg.set_keys("a b")
    return SendMessageContext(producer_group=group, message=msg, broker_addr="127.0.0.1:10911",
                              msg_type=MessageType.Delay_Msg)


def test_send_hook_records_without_namespace_and_skips_what_java_skips() -> None:
    dispatcher = RecordingDispatcher()
    hook = SendMessageTraceHookImpl(dispatcher)
    try:
        context = send_context("ns1%TopicS")
        hook.send_message_before(context)
        context.set_send_result(SendResult(SendStatus.FLUSH_DISK_TIMEOUT, "UNIQ", "OFFSET", None, 3,
                                           region_id="R1"))
        hook.send_message_after(context)
        [ctx] = dispatcher.appended
        bean = ctx.get_trace_beans()[0]
        assert (ctx.get_group_name(), ctx.get_region_id(), ctx.is_success()) == ("PG", "R1", False)
        assert (bean.get_topic(), bean.get_msg_id(), bean.get_offset_msg_id(), bean.get_body_length(),
                bean.get_tags(), bean.get_keys(), bean.get_store_host(), bean.get_msg_type()) == (
            "TopicS", "UNIQ", "OFFSET", 5, "TagS", "a b", "127.0.0.1:10911", MessageType.Delay_Msg)

        trace_topic = send_context(TopicValidator.RMQ_SYS_TRACE_TOPIC)
        hook.send_message_before(trace_topic)
        assert trace_topic.get_mq_trace_context() is None
        for result in (None, SendResult(SendStatus.SEND_OK, "U", "O", None, 0, trace_on=False),
                       SendResult(SendStatus.SEND_OK, "U", "O", None, 0)):  # no result, switched off, no region
            skipped = send_context("TopicS")
            hook.send_message_before(skipped)
            skipped.set_send_result(result)
            hook.send_message_after(skipped)
        assert len(dispatcher.appended) == 1
    finally:
        dispatcher.shutdown()


def consumed(msg_id: str, trace_on: Any = None) -> MessageExt:
    msg = MessageExt()
    msg.set_topic("ns1%TopicC")
    msg.set_msg_id(msg_id)
    msg.set_tags("TagC")
    msg.set_keys("kc")
    msg.set_store_size(77)
    msg.set_reconsume_times(2)
    if trace_on is not None:
        msg.put_property(MessageConst.PROPERTY_TRACE_SWITCH, trace_on)
    return msg


def test_consume_hook_before_and_after() -> None:
    dispatcher = RecordingDispatcher()
    hook = ConsumeMessageTraceHookImpl(dispatcher)
    try:
        context = ConsumeMessageContext(consumer_group="ns1%CG", props={},
                                        msg_list=[consumed("A"), consumed("B", "false"), consumed("C", "true")])
        hook.consume_message_before(context)
        context.get_props()[MixAll.CONSUME_CONTEXT_TYPE] = "FAILED"
        context.set_success(False)
        context.set_access_channel(AccessChannel.LOCAL)
        hook.consume_message_after(context)
        before, after = dispatcher.appended
        assert before.get_trace_type() is TraceType.SubBefore and after.get_trace_type() is TraceType.SubAfter
        assert [b.get_msg_id() for b in before.get_trace_beans()] == ["A", "C"]
        bean = before.get_trace_beans()[0]
        assert (bean.get_topic(), bean.get_body_length(), bean.get_retry_times(), before.get_group_name()) == (
            "TopicC", 77, 2, "CG")
        assert (after.get_request_id(), after.get_group_name(), after.is_success(), after.get_context_code(),
                after.get_access_channel()) == (before.get_request_id(), "CG", False, 4, AccessChannel.LOCAL)

        only_untraced = ConsumeMessageContext(consumer_group="CG", msg_list=[consumed("D", "false")])
        hook.consume_message_before(only_untraced)
        hook.consume_message_after(only_untraced)
        hook.consume_message_before(ConsumeMessageContext(consumer_group="CG", msg_list=[]))
        assert len(dispatcher.appended) == 2
    finally:
        dispatcher.shutdown()


def test_end_transaction_hook() -> None:
    dispatcher = RecordingDispatcher()
    hook = EndTransactionTraceHookImpl(dispatcher)
    try:
        msg = Message("ns1%TxTopic", "TT", b"b")
        context = EndTransactionContext(producer_group="ns1%TG", message=msg, broker_addr="127.0.0.1:1", msg_id="M",
                                        transaction_id="T", transaction_state=LocalTransactionState.UNKNOW,
                                        from_transaction_check=True)
        hook.end_transaction(context)
        [ctx] = dispatcher.appended
        bean = ctx.get_trace_beans()[0]
        assert (ctx.get_group_name(), ctx.get_region_id(), bean.get_topic(), bean.get_transaction_state(),
                bean.is_from_transaction_check(), bean.get_msg_type()) == (
            "TG", MixAll.DEFAULT_TRACE_REGION_ID, "TxTopic", LocalTransactionState.UNKNOW, True,
            MessageType.Trans_msg_Commit)
        hook.end_transaction(EndTransactionContext(message=Message(TopicValidator.RMQ_SYS_TRACE_TOPIC, b"x")))
        assert len(dispatcher.appended) == 1
    finally:
        dispatcher.shutdown()
