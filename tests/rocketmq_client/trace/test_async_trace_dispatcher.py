"""AsyncTraceDispatcher (5.3.3) and the trace hooks without a cluster: the bounded queue, batches of batch_num
contexts, one message per traced topic cut at the max message size, the CLOUD trace topic, the inner producer's
settings, and what each hook records or skips."""
from __future__ import annotations

from typing import Any, List

from rocketmq_client.client_config import AccessChannel
from rocketmq_client.hook.consume_message_context import ConsumeMessageContext
from rocketmq_client.hook.end_transaction_context import EndTransactionContext
from rocketmq_client.hook.send_message_context import SendMessageContext
from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.send_result import SendResult
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_client.trace.async_trace_dispatcher import AsyncDataSendTask, AsyncTraceDispatcher
from rocketmq_client.trace.hook.consume_message_trace_hook_impl import ConsumeMessageTraceHookImpl
from rocketmq_client.trace.hook.end_transaction_trace_hook_impl import EndTransactionTraceHookImpl
from rocketmq_client.trace.hook.send_message_trace_hook_impl import SendMessageTraceHookImpl
from rocketmq_client.trace.trace_bean import TraceBean
from rocketmq_client.trace.trace_constants import TraceConstants
from rocketmq_client.trace.trace_context import TraceContext
from rocketmq_client.trace.trace_dispatcher import TraceDispatcher
from rocketmq_client.trace.trace_type import TraceType
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_type import MessageType
from rocketmq_common.mix_all import MixAll
from rocketmq_common.topic.topic_validator import TopicValidator


def pub(i: int, topic: str = "TopicA") -> TraceContext:
    return TraceContext(trace_type=TraceType.Pub, region_id="DefaultRegion",
                        trace_beans=[TraceBean(topic=topic, msg_id="M%d" % i, msg_type=MessageType.Normal_Msg)])


def test_inner_producer_and_defaults() -> None:
    dispatcher = AsyncTraceDispatcher("G1", TraceDispatcher.Type.CONSUME, 10, "", None)
    try:
        producer = dispatcher.get_trace_producer()
        assert producer.get_producer_group().startswith("_INNER_TRACE_PRODUCER-G1-CONSUME-")
        assert (producer.get_send_msg_timeout(), producer.is_vip_channel_enabled(),
                producer.get_max_message_size()) == (5000, False, 128000)
        assert dispatcher.get_trace_topic_name() == TopicValidator.RMQ_SYS_TRACE_TOPIC
        assert (dispatcher.batch_num, dispatcher.QUEUE_CAPACITY, dispatcher.flush_trace_interval) == (10, 2048, 5000)
    finally:
        dispatcher.shutdown()
    capped = AsyncTraceDispatcher("G1", TraceDispatcher.Type.PRODUCE, 50, "MyTrace", None)
    assert (capped.batch_num, capped.get_trace_topic_name()) == (20, "MyTrace")  # Java: Math.min(batchNum, 20)
    capped.shutdown()


def record_sends(monkeypatch) -> List[Any]:
    """What the send tasks hand to the inner producer: (keys, records, trace topic) per trace message."""
    sent: List[Any] = []

    def send_trace_data_by_mq(self: AsyncDataSendTask, key_set: Any, data: str, trace_topic: str) -> None:
        sent.append((set(key_set), [r for r in data.split(TraceConstants.FIELD_SPLITOR) if r], trace_topic))

    monkeypatch.setattr(AsyncDataSendTask, "send_trace_data_by_mq", send_trace_data_by_mq)
    return sent


def test_full_queue_drops_contexts(monkeypatch) -> None:
    dispatcher = AsyncTraceDispatcher("G2", TraceDispatcher.Type.PRODUCE, 10, None, None)
    sent = record_sends(monkeypatch)
    empty = TraceContext(trace_type=TraceType.Pub)  # no traced message: skipped by the send task
    assert all(dispatcher.append(empty) for _ in range(2048))
    assert dispatcher.append(empty) is False and dispatcher.get_discard_count() == 1
    dispatcher.shutdown()
    assert sent == [] and not dispatcher.trace_context_queue
    assert dispatcher.append(pub(1)) is False


def test_batches_of_batch_num_one_message_per_traced_topic(monkeypatch) -> None:
    dispatcher = AsyncTraceDispatcher("G3", TraceDispatcher.Type.PRODUCE, 4, None, None)
    sent = record_sends(monkeypatch)
    for i in range(10):
        assert dispatcher.append(pub(i, "TopicB" if i in (1, 2) else "TopicA"))
    no_region = pub(10, "TopicA")
    no_region.set_region_id(None)  # kept as 4.9.7 keeps it (Java 5.3.3 would skip it)
    assert dispatcher.append(no_region)
    assert dispatcher.append(TraceContext(trace_type=TraceType.Pub))  # nothing traced: skipped
    dispatcher.shutdown()  # flushes the queue in batches of 4
    assert [(sorted(keys), len(records), topic) for keys, records, topic in sent] == [
        (["M0", "M3"], 2, TopicValidator.RMQ_SYS_TRACE_TOPIC), (["M1", "M2"], 2, TopicValidator.RMQ_SYS_TRACE_TOPIC),
        (["M4", "M5", "M6", "M7"], 4, TopicValidator.RMQ_SYS_TRACE_TOPIC),
        (["M10", "M8", "M9"], 3, TopicValidator.RMQ_SYS_TRACE_TOPIC)]


def test_a_message_is_cut_at_the_max_message_size_and_cloud_topics(monkeypatch) -> None:
    dispatcher = AsyncTraceDispatcher("G4", TraceDispatcher.Type.PRODUCE, 20, None, None)
    sent = record_sends(monkeypatch)
    for i in range(7):
        ctx = pub(i)
        ctx.get_trace_beans()[0].set_keys("k" * 30000)
        dispatcher.append(ctx)
    cloud = pub(7)
    cloud.set_region_id("cn-hz")
    cloud.set_access_channel(AccessChannel.CLOUD)
    dispatcher.append(cloud)
    dispatcher.shutdown()
    # Java's flushData: a message ends once its text reached max_message_size (128000): 5 records of ~30 KB
    assert [(len(records), topic) for _, records, topic in sent] == [
        (5, TopicValidator.RMQ_SYS_TRACE_TOPIC), (2, TopicValidator.RMQ_SYS_TRACE_TOPIC),
        (1, "rmq_sys_TRACE_DATA_cn-hz")]


class RecordingDispatcher(AsyncTraceDispatcher):
    def __init__(self) -> None:
        super().__init__("G", TraceDispatcher.Type.PRODUCE, 10, None, None)
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
