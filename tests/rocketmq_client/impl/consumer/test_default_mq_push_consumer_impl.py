"""DefaultMQPushConsumerImpl and the consume services with a fake client instance: every branch of pull_message's
flow control, every status of the pull callback, the send-back fallback, processConsumeResult's ackIndex, the
direct consumption results, the consume pool's core size."""
from __future__ import annotations

import threading
from typing import Any, List, Optional, Tuple

import pytest

from client_support import wait_for
from rocketmq_client.client_config import ClientConfig
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_context import ConsumeConcurrentlyContext
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.listener.consume_orderly_status import ConsumeOrderlyStatus
from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_client.consumer.store.remote_broker_offset_store import RemoteBrokerOffsetStore
from rocketmq_client.exception import MQBrokerException
from rocketmq_client.hook.consume_message_context import ConsumeMessageContext
from rocketmq_client.hook.consume_message_hook import ConsumeMessageHook
from rocketmq_client.impl.consumer.consume_message_concurrently_service import (ConsumeMessageConcurrentlyService,
                                                                                ConsumeRequest)
from rocketmq_client.impl.consumer.consume_message_orderly_service import ConsumeMessageOrderlyService
from rocketmq_client.impl.consumer.consume_message_service import ConsumeThreadPoolExecutor, shutdown_gracefully
from rocketmq_client.impl.consumer.push_pull_callback import PushPullCallback
from rocketmq_client.impl.consumer.process_queue import ProcessQueue
from rocketmq_client.impl.consumer.pull_api_wrapper import PullAPIWrapper
from rocketmq_client.impl.consumer.pull_request import PullRequest
from rocketmq_client.impl.consumer.pull_result_ext import PullResultExt
from rocketmq_client.stat.consumer_stats_manager import ConsumerStatsManager
from rocketmq_common.filter.filter_api import FilterAPI
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.cm_result import CMResult
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.service_state import ServiceState
from rocketmq_common.sysflag.pull_sys_flag import PullSysFlag

MQ = MessageQueue("T", "broker-a", 0)


class FakePullService:
    def __init__(self) -> None:
        self.immediate: List[Any] = []
        self.later: List[Tuple[Any, int]] = []
        self.tasks: List[Tuple[Any, int]] = []
        self.stopped = False

    def execute_pull_request_immediately(self, pull_request) -> None:
        self.immediate.append(pull_request)

    def execute_pull_request_later(self, pull_request, delay: int) -> None:
        self.later.append((pull_request, delay))

    def execute_task_later(self, task, delay: int) -> None:
        self.tasks.append((task, delay))

    def is_stopped(self) -> bool:
        return self.stopped


class FakeApi:
    def __init__(self, fail: bool = False) -> None:
        self.fail = fail
        self.send_backs: List[tuple] = []

    def consumer_send_message_back(self, addr, broker_name, msg, group, delay_level, timeout, max_times) -> None:
        self.send_backs.append((addr, broker_name, msg.get_topic(), group, delay_level, timeout, max_times))
        if self.fail:
            raise MQBrokerException(ResponseCode.SYSTEM_ERROR, "refused", addr)


class FakeProducer:
    def __init__(self, fail: bool = False) -> None:
        self.sent: List[Any] = []
        self.fail = fail

    def send(self, msg) -> None:
        self.sent.append(msg)
        if self.fail:
            raise MQBrokerException(ResponseCode.SYSTEM_ERROR, "no retry topic", "addr")


class FakeFactory:
    def __init__(self, fail_send_back: bool = False) -> None:
        self.pull_service = FakePullService()
        self.stats = ConsumerStatsManager()
        self.api = FakeApi(fail_send_back)
        self.producer = FakeProducer()
        self.client_config = ClientConfig()

    def get_pull_message_service(self) -> FakePullService:
        return self.pull_service

    def get_consumer_stats_manager(self) -> ConsumerStatsManager:
        return self.stats

    def get_broker_name_from_message_queue(self, mq):
        return mq.broker_name  # (no static topic here)

    def find_broker_address_in_publish(self, broker_name: str) -> str:
        return "addr-of-" + broker_name

    def get_mq_client_api_impl(self) -> FakeApi:
        return self.api

    def get_default_mq_producer(self) -> FakeProducer:
        return self.producer

    def get_client_id(self) -> str:
        return "fake"

    def get_client_config(self) -> ClientConfig:
        return self.client_config


class FakeWrapper:
    def __init__(self, raises: Optional[Exception] = None) -> None:
        self.calls: List[tuple] = []
        self.raises = raises

    def pull_kernel_impl(self, *args, max_size_in_bytes=None) -> None:
        self.calls.append(args)
        self.max_size_in_bytes = max_size_in_bytes
        if self.raises is not None:
            raise self.raises


def _msg(offset: int, body: bytes = b"x", topic: str = "T", **props: str) -> MessageExt:
    msg = MessageExt()
    msg.topic = topic
    msg.queue_offset = offset
    msg.body = body
    msg.msg_id = "ID%d" % offset
    msg.store_host = ("127.0.0.1", 10911)
    msg.properties = dict(props)
    return msg


def _impl(listener: Any = None, orderly: bool = False, running: bool = True, fail_send_back: bool = False,
          **settings: Any):
    consumer = DefaultMQPushConsumer("G")
    for name, value in settings.items():
        getattr(consumer, "set_" + name)(value)
    consumer.register_message_listener(listener or (lambda msgs, ctx: ConsumeConcurrentlyStatus.CONSUME_SUCCESS),
                                       orderly=orderly)
    impl = consumer.get_default_mq_push_consumer_impl()
    factory = FakeFactory(fail_send_back)
    impl.mq_client_factory = factory  # type: ignore[assignment]
    impl.offset_store = RemoteBrokerOffsetStore(factory, "G")  # type: ignore[arg-type]
    impl.pull_api_wrapper = FakeWrapper()  # type: ignore[assignment]
    impl.copy_subscription()
    impl.get_subscription_inner()["T"] = FilterAPI.build_subscription_data("T", "*")
    impl.consume_orderly = orderly
    if running:
        impl.service_state = ServiceState.RUNNING
    return consumer, impl, factory


def _pull_request(pq: Optional[ProcessQueue] = None, next_offset: int = 5) -> PullRequest:
    return PullRequest("G", MQ, pq or ProcessQueue(), next_offset)


# ---------------------------------------------------------------------------------------------------- pull_message

def test_pull_message_sends_an_async_long_poll() -> None:
    consumer, impl, factory = _impl(post_subscription_when_pull=True)
    impl.offset_store.update_offset(MQ, 3, False)
    request = _pull_request()
    impl.pull_message(request)
    (mq, sub_expression, expression_type, sub_version, offset, batch, sys_flag, commit_offset, suspend, timeout, mode,
     callback), = impl.pull_api_wrapper.calls
    assert (mq, sub_expression, expression_type, offset, batch) == (MQ, "*", "TAG", 5, 32)
    assert impl.pull_api_wrapper.max_size_in_bytes == 256 * 1024  # 5.3.3's pull_batch_size_in_bytes
    assert sub_version == impl.get_subscription_inner()["T"].sub_version
    assert sys_flag == PullSysFlag.build_sys_flag(True, True, True, False) and commit_offset == 3
    assert (suspend, timeout, mode.name) == (15000, 30000, "ASYNC")
    assert isinstance(callback, PushPullCallback)
    assert request.process_queue.get_last_pull_timestamp() > 0
    # no stored offset: no commit flag; without postSubscriptionWhenPull no expression
    consumer, impl, factory = _impl()
    impl.pull_message(_pull_request())
    call = impl.pull_api_wrapper.calls[0]
    assert call[1] is None and call[6] == PullSysFlag.build_sys_flag(False, True, False, False)
    assert call[7] == -1  # Java sends the unread offset as is, without the commit flag


def test_pull_message_broadcasting_never_commits() -> None:
    consumer, impl, factory = _impl(message_model=MessageModel.BROADCASTING)
    impl.offset_store.update_offset(MQ, 3, False)
    impl.pull_message(_pull_request())
    assert not PullSysFlag.has_commit_offset_flag(impl.pull_api_wrapper.calls[0][6])


def test_pull_message_postpones_when_not_ready() -> None:
    consumer, impl, factory = _impl(running=False)
    request = _pull_request()
    impl.pull_message(request)
    assert factory.pull_service.later == [(request, 1000)]  # pull_time_delay_mills_when_exception
    consumer, impl, factory = _impl()
    impl.suspend()
    impl.pull_message(request)
    assert factory.pull_service.later == [(request, 1000)] and not impl.pull_api_wrapper.calls
    consumer, impl, factory = _impl()
    del impl.get_subscription_inner()["T"]
    impl.pull_message(request)
    assert factory.pull_service.later == [(request, 1000)] and not impl.pull_api_wrapper.calls
    dropped = _pull_request()
    dropped.process_queue.set_dropped(True)
    impl.pull_message(dropped)
    assert len(factory.pull_service.later) == 1


def test_pull_message_flow_control() -> None:
    consumer, impl, factory = _impl(pull_threshold_for_queue=3)
    pq = ProcessQueue()
    pq.put_message([_msg(i) for i in range(4)])
    request = _pull_request(pq)
    impl.pull_message(request)
    impl.pull_message(request)
    assert factory.pull_service.later == [(request, 50), (request, 50)]
    assert impl.queue_flow_control_times == 2 and not impl.pull_api_wrapper.calls
    consumer, impl, factory = _impl(pull_threshold_size_for_queue=1)
    pq = ProcessQueue()
    pq.put_message([_msg(i, b"x" * (1024 * 1024)) for i in range(2)])
    impl.pull_message(_pull_request(pq))
    assert factory.pull_service.later[0][1] == 50 and impl.queue_flow_control_times == 1
    consumer, impl, factory = _impl(consume_concurrently_max_span=5)
    pq = ProcessQueue()
    pq.put_message([_msg(0), _msg(6)])
    impl.pull_message(_pull_request(pq))
    assert factory.pull_service.later[0][1] == 50 and impl.queue_max_span_flow_control_times == 1
    # orderly consumption ignores the span but needs the broker lock
    consumer, impl, factory = _impl(orderly=True, consume_concurrently_max_span=5)
    impl.pull_message(_pull_request(pq))
    assert factory.pull_service.later[0][1] == 1000 and not impl.pull_api_wrapper.calls


def test_pull_message_orderly_first_pull_fixes_the_offset(monkeypatch) -> None:
    consumer, impl, factory = _impl(orderly=True)
    pq = ProcessQueue()
    pq.set_locked(True)
    request = _pull_request(pq, next_offset=9)
    monkeypatch.setattr(impl.rebalance_impl, "compute_pull_from_where_with_exception", lambda mq: 4)
    impl.pull_message(request)
    assert request.is_previously_locked() and request.get_next_offset() == 4
    assert impl.pull_api_wrapper.calls[0][4] == 4
    impl.pull_message(request)  # only the first pull after the lock recomputes
    assert impl.pull_api_wrapper.calls[1][4] == 4

    def fail(mq):
        raise RuntimeError("no offset")

    monkeypatch.setattr(impl.rebalance_impl, "compute_pull_from_where_with_exception", fail)
    request = _pull_request(pq)
    impl.pull_message(request)
    assert factory.pull_service.later == [(request, 1000)] and not request.is_previously_locked()


def test_pull_kernel_failure_is_retried_later() -> None:
    consumer, impl, factory = _impl()
    impl.pull_api_wrapper = FakeWrapper(RuntimeError("no route"))  # type: ignore[assignment]
    request = _pull_request()
    impl.pull_message(request)
    assert factory.pull_service.later == [(request, 1000)]


# ---------------------------------------------------------------------------------------------------- the callback

def _callback(impl, request: PullRequest, expression: str = "*") -> PushPullCallback:
    impl.pull_api_wrapper = PullAPIWrapper(impl.mq_client_factory, "G", False)
    return PushPullCallback(impl, request, FilterAPI.build_subscription_data("T", expression), 0.0)


def _binary(*offsets: int) -> bytes:
    out = b""
    for offset in offsets:
        msg = _msg(offset, b"b%d" % offset, TAGS="TagA")
        msg.born_host = ("127.0.0.1", 1)
        out += MessageDecoder.encode(msg, False)
    return out


def test_callback_found_puts_submits_and_pulls_again(monkeypatch) -> None:
    consumer, impl, factory = _impl()
    submitted = []
    impl.consume_message_service = type("S", (), {"submit_consume_request": lambda self, *a: submitted.append(a)})()
    request = _pull_request(next_offset=5)
    _callback(impl, request).on_success(PullResultExt(PullStatus.FOUND, 8, 0, 8, None, 0, _binary(5, 6, 7)))
    assert request.get_next_offset() == 8
    msgs, pq, mq, dispatch = submitted[0]
    assert [m.get_queue_offset() for m in msgs] == [5, 6, 7] and pq is request.process_queue and mq == MQ
    assert dispatch is True and pq.get_msg_count().get() == 3
    assert factory.pull_service.immediate == [request]
    stats = factory.stats.consume_status("G", "T")
    assert stats.get_pull_tps() > 0
    # with a pull interval the next pull waits; a FOUND without a matching message pulls again at once
    consumer, impl, factory = _impl(pull_interval=250)
    impl.consume_message_service = type("S", (), {"submit_consume_request": lambda self, *a: None})()
    request = _pull_request(next_offset=5)
    _callback(impl, request).on_success(PullResultExt(PullStatus.FOUND, 8, 0, 8, None, 0, _binary(5, 6, 7)))
    assert factory.pull_service.later == [(request, 250)]
    request = _pull_request(next_offset=5)
    _callback(impl, request, "TagZ").on_success(PullResultExt(PullStatus.FOUND, 8, 0, 8, None, 0, _binary(5)))
    assert factory.pull_service.immediate == [request] and request.get_next_offset() == 8


@pytest.mark.parametrize("status", [PullStatus.NO_NEW_MSG, PullStatus.NO_MATCHED_MSG])
def test_callback_no_message_corrects_the_offset(status: PullStatus) -> None:
    consumer, impl, factory = _impl()
    request = _pull_request(next_offset=5)
    _callback(impl, request).on_success(PullResultExt(status, 7, 0, 7, None, 0, None))
    assert request.get_next_offset() == 7 and factory.pull_service.immediate == [request]
    assert impl.offset_store.clone_offset_table("T") == {MQ: 7}  # nothing cached: the offset moves along
    busy = ProcessQueue()
    busy.put_message([_msg(6)])
    impl.offset_store.update_offset(MQ, 6, False)
    request = _pull_request(busy, next_offset=7)
    _callback(impl, request).on_success(PullResultExt(status, 9, 0, 9, None, 0, None))
    assert impl.offset_store.clone_offset_table("T") == {MQ: 6}


def test_callback_offset_illegal_drops_then_fixes(monkeypatch) -> None:
    consumer, impl, factory = _impl()
    persisted, removed = [], []
    monkeypatch.setattr(impl.offset_store, "persist", lambda mq: persisted.append(mq))
    monkeypatch.setattr(impl.rebalance_impl, "remove_process_queue", lambda mq: removed.append(mq))
    request = _pull_request(next_offset=50)
    _callback(impl, request).on_success(PullResultExt(PullStatus.OFFSET_ILLEGAL, 20, 0, 20, None, 0, None))
    assert request.process_queue.is_dropped() and request.get_next_offset() == 20
    assert not factory.pull_service.immediate and not factory.pull_service.later
    task, delay = factory.pull_service.tasks[0]
    assert delay == 10000
    task()
    assert impl.offset_store.clone_offset_table("T") == {MQ: 20}
    assert persisted == [MQ] and removed == [MQ]


def test_callback_exceptions_back_off() -> None:
    consumer, impl, factory = _impl()
    request = _pull_request()
    callback = _callback(impl, request)
    callback.on_exception(MQBrokerException(ResponseCode.FLOW_CONTROL, "busy", "addr"))
    callback.on_exception(RuntimeError("timeout"))
    assert factory.pull_service.later == [(request, 20), (request, 1000)]
    factory.pull_service.stopped = True  # the client is shutting down: nothing is rescheduled
    callback.on_exception(RuntimeError("closed"))
    assert len(factory.pull_service.later) == 2
    callback.on_success(None)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------------- send back

def test_send_message_back_to_the_broker_then_the_fallback() -> None:
    consumer, impl, factory = _impl(namespace="ns", max_reconsume_times=3)
    msg = _msg(1, topic="ns%T")
    msg.reconsume_times = 2
    impl.send_message_back(msg, 0, "broker-a")
    assert factory.api.send_backs == [("addr-of-broker-a", "broker-a", "ns%T", "G", 0, 5000, 3)]
    assert msg.get_topic() == "T"  # the namespace is stripped afterwards
    impl.send_message_back(_msg(2), 1)  # without a broker name: the message's store host
    assert factory.api.send_backs[1][:2] == ("127.0.0.1:10911", None)

    consumer, impl, factory = _impl(fail_send_back=True)
    msg = _msg(3, b"again", TAGS="TagA", TRAN_MSG="true")
    msg.reconsume_times = 1
    msg.flag = 7
    impl.send_message_back(msg, 0, "broker-a")
    copy, = factory.producer.sent
    assert copy.get_topic() == MixAll.get_retry_topic("G") and copy.get_body() == b"again"
    assert copy.get_flag() == 7 and copy.get_tags() == "TagA"
    assert copy.get_property(MessageConst.PROPERTY_RETRY_TOPIC) == "T"
    assert copy.get_property(MessageConst.PROPERTY_RECONSUME_TIME) == "2"
    assert copy.get_property(MessageConst.PROPERTY_MAX_RECONSUME_TIMES) == "16"  # -1 means 16
    assert copy.get_property(MessageConst.PROPERTY_TRANSACTION_PREPARED) is None
    assert copy.get_delay_time_level() == 4


def test_send_message_back_of_a_static_topic_goes_to_the_retry_topic(caplog) -> None:
    """5.3.3: a logical queue (``__syslo__global__``) has no broker to send back to: the copy goes straight to the
    retry topic through the inner producer, without the failure's error log."""
    consumer, impl, factory = _impl()
    msg = _msg(4, b"static")
    impl.send_message_back(msg, 0, "__syslo__global__")
    assert factory.api.send_backs == []
    copy, = factory.producer.sent
    assert copy.get_topic() == MixAll.get_retry_topic("G") and copy.get_body() == b"static"
    assert copy.get_property(MessageConst.PROPERTY_RECONSUME_TIME) == "1"
    assert "sendMessageBack Exception" not in caplog.text


def test_reset_retry_and_namespace() -> None:
    consumer, impl, factory = _impl(namespace="ns")
    retried = _msg(1, topic="%RETRY%ns%G", RETRY_TOPIC="ns%T")
    other_group = _msg(2, topic="%RETRY%Other", RETRY_TOPIC="ns%X")
    plain = _msg(3, topic="ns%T")
    impl.reset_retry_and_namespace([retried, other_group, plain], "ns%G")
    assert [m.get_topic() for m in (retried, other_group, plain)] == ["T", "%RETRY%Other", "T"]


# ---------------------------------------------------------------------------------------------------- consume services

def _service(listener, **settings):
    consumer, impl, factory = _impl(listener, **settings)
    service = ConsumeMessageConcurrentlyService(impl, impl.get_message_listener_inner())
    impl.consume_message_service = service
    return consumer, impl, factory, service


def test_process_consume_result_ack_index(monkeypatch) -> None:
    consumer, impl, factory, service = _service(None, max_reconsume_times=4)
    pq = ProcessQueue()
    msgs = [_msg(i) for i in range(10, 14)]
    pq.put_message(msgs)
    context = ConsumeConcurrentlyContext(MQ)
    context.set_ack_index(1)
    request = ConsumeRequest(service, list(msgs), pq, MQ)
    service.process_consume_result(ConsumeConcurrentlyStatus.CONSUME_SUCCESS, context, request)
    assert [b[0:2] for b in factory.api.send_backs] == [("addr-of-broker-a", "broker-a")] * 2
    assert factory.api.send_backs[0][6] == 4
    assert pq.get_msg_count().get() == 0
    assert impl.offset_store.clone_offset_table("T") == {MQ: 14}
    # RECONSUME_LATER sends everything back; a failed send-back keeps the message for a local retry in 5 s
    consumer, impl, factory, service = _service(None, fail_send_back=True)
    factory.producer.fail = True  # the fallback through the retry topic fails too
    later = []
    monkeypatch.setattr(service, "_submit_consume_request_later", lambda *a: later.append(a))
    pq = ProcessQueue()
    msgs = [_msg(i) for i in range(3)]
    pq.put_message(msgs)
    request = ConsumeRequest(service, list(msgs), pq, MQ)
    service.process_consume_result(ConsumeConcurrentlyStatus.RECONSUME_LATER, ConsumeConcurrentlyContext(MQ), request)
    assert request.get_msgs() == [] and [m.get_queue_offset() for m in later[0][0]] == [0, 1, 2]
    assert all(m.get_reconsume_times() == 1 for m in msgs)
    assert pq.get_msg_count().get() == 3
    assert impl.offset_store.clone_offset_table("T") == {MQ: 0}  # still the smallest cached offset


def test_consume_request_run_with_hooks() -> None:
    seen: List[ConsumeMessageContext] = []

    class Hook(ConsumeMessageHook):
        def hook_name(self) -> str:
            return "recording"

        def consume_message_before(self, context) -> None:
            seen.append(context)

        def consume_message_after(self, context) -> None:
            seen.append(context)

    class BrokenHook(ConsumeMessageHook):
        def hook_name(self) -> str:
            return "broken"

        def consume_message_before(self, context) -> None:
            raise RuntimeError("broken hook")

        def consume_message_after(self, context) -> None:
            raise RuntimeError("broken hook")

    def listener(msgs, context):
        if msgs[0].get_body() == b"boom":
            raise ValueError("listener failure")
        return None if msgs[0].get_body() == b"none" else ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer, impl, factory, service = _service(listener, namespace="ns")
    impl.register_consume_message_hook(BrokenHook())
    impl.register_consume_message_hook(Hook())
    assert impl.has_hook()
    results = []
    service.process_consume_result = lambda status, context, request: results.append(status)  # type: ignore
    for body in (b"ok", b"boom", b"none"):
        pq = ProcessQueue()
        msg = _msg(1, body, topic="ns%T")
        pq.put_message([msg])
        ConsumeRequest(service, [msg], pq, MQ).run()
        assert msg.get_topic() == "T" and msg.get_property(MessageConst.PROPERTY_CONSUME_START_TIMESTAMP)
    assert [s.name for s in results] == ["CONSUME_SUCCESS", "RECONSUME_LATER", "RECONSUME_LATER"]
    after = [c for i, c in enumerate(seen) if i % 2 == 1]
    assert [c.get_props()[MixAll.CONSUME_CONTEXT_TYPE] for c in after] == ["SUCCESS", "EXCEPTION", "RETURNNULL"]
    assert [c.is_success() for c in after] == [True, False, False]
    assert after[0].get_namespace() == "ns" and after[0].get_mq() == MQ and after[0].get_status() == "CONSUME_SUCCESS"
    # a dropped queue is not consumed
    pq = ProcessQueue()
    pq.set_dropped(True)
    ConsumeRequest(service, [_msg(2)], pq, MQ).run()
    assert len(results) == 3


def test_submit_splits_batches_and_consumes() -> None:
    batches = []
    done = threading.Event()

    def listener(msgs, context):
        batches.append([m.get_queue_offset() for m in msgs])
        if sum(len(b) for b in batches) == 7:
            done.set()
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer, impl, factory, service = _service(listener, consume_message_batch_max_size=3)
    service.start()
    try:
        pq = ProcessQueue()
        msgs = [_msg(i) for i in range(7)]
        pq.put_message(msgs)
        service.submit_consume_request(msgs, pq, MQ, True)
        assert done.wait(10)
        assert sorted(batches) == [[0, 1, 2], [3, 4, 5], [6]]
        wait_for(lambda: impl.offset_store.clone_offset_table("T") == {MQ: 7}, 5, "the offset")
    finally:
        service.shutdown(1000)
    assert service.consume_executor.is_terminated()


def test_consume_message_directly_results() -> None:
    def listener(msgs, context):
        body = msgs[0].get_body()
        if body == b"raise":
            raise RuntimeError("direct failure")
        return {b"ok": ConsumeConcurrentlyStatus.CONSUME_SUCCESS, b"later": ConsumeConcurrentlyStatus.RECONSUME_LATER,
                b"none": None}[body]

    consumer, impl, factory, service = _service(listener)
    results = {body: service.consume_message_directly(_msg(1, body), "broker-a")
               for body in (b"ok", b"later", b"none", b"raise")}
    assert {k: v.get_consume_result() for k, v in results.items()} == {
        b"ok": CMResult.CR_SUCCESS, b"later": CMResult.CR_LATER, b"none": CMResult.CR_RETURN_NULL,
        b"raise": CMResult.CR_THROW_EXCEPTION}
    assert "RuntimeError: direct failure" in results[b"raise"].get_remark()
    assert all(not r.is_order() and r.is_auto_commit() for r in results.values())

    def orderly(msgs, context):
        context.set_auto_commit(False)
        return {b"ok": ConsumeOrderlyStatus.SUCCESS, b"commit": ConsumeOrderlyStatus.COMMIT,
                b"rollback": ConsumeOrderlyStatus.ROLLBACK,
                b"later": ConsumeOrderlyStatus.SUSPEND_CURRENT_QUEUE_A_MOMENT}.get(msgs[0].get_body())

    consumer, impl, factory = _impl(orderly, orderly=True)
    orderly_service = ConsumeMessageOrderlyService(impl, impl.get_message_listener_inner())
    results = {body: orderly_service.consume_message_directly(_msg(1, body), "broker-a")
               for body in (b"ok", b"commit", b"rollback", b"later", b"none")}
    assert {k: v.get_consume_result() for k, v in results.items()} == {
        b"ok": CMResult.CR_SUCCESS, b"commit": CMResult.CR_COMMIT, b"rollback": CMResult.CR_ROLLBACK,
        b"later": CMResult.CR_LATER, b"none": CMResult.CR_RETURN_NULL}
    assert all(r.is_order() and not r.is_auto_commit() for r in results.values())


def test_update_core_pool_size() -> None:
    consumer, impl, factory, service = _service(None, consume_thread_min=4, consume_thread_max=8)
    impl.update_core_pool_size(6)
    assert service.get_core_pool_size() == 6
    for refused in (0, 8, 40000):
        impl.update_core_pool_size(refused)  # out of (0, consumeThreadMax): ignored, like Java
        assert service.get_core_pool_size() == 6
    service.inc_core_pool_size()
    service.dec_core_pool_size()
    impl.adjust_thread_pool()
    assert service.get_core_pool_size() == 6
    shutdown_gracefully(service.consume_executor, 0)


def test_consume_pool_core_size_changes_threads() -> None:
    pool = ConsumeThreadPoolExecutor(1, 4, None, "CorePoolTest_")
    gate = threading.Event()
    started = []
    lock = threading.Lock()

    def task():
        with lock:
            started.append(threading.current_thread().name)
        gate.wait(10)

    for _ in range(4):
        pool.execute(task)
    wait_for(lambda: len(started) == 1, 5, "the single core thread")
    pool.set_core_pool_size(3)  # grows for the queued tasks
    wait_for(lambda: len(started) == 3, 5, "two more threads")
    gate.set()
    wait_for(lambda: len(started) == 4, 5, "the last task")
    wait_for(lambda: pool.get_queue_size() == 0, 5, "an empty queue")
    pool.set_core_pool_size(1)  # shrinks: idle threads stop
    wait_for(lambda: pool.get_pool_size() == 1, 5, "idle threads to stop")
    with pytest.raises(ValueError):
        pool.set_core_pool_size(5)
    shutdown_gracefully(pool, 1000)
    assert pool.is_terminated()


# ---------------------------------------------------------------------------------------------------- orderly service

def _orderly_service(**settings):
    consumer, impl, factory = _impl(lambda msgs, ctx: ConsumeOrderlyStatus.SUCCESS, orderly=True, **settings)
    service = ConsumeMessageOrderlyService(impl, impl.get_message_listener_inner())
    impl.consume_message_service = service
    later = []
    service._submit_consume_request_later = lambda pq, mq, millis: later.append(millis)  # type: ignore
    return impl, factory, service, later


def _taken(count: int) -> Tuple[ProcessQueue, List[MessageExt]]:
    pq = ProcessQueue()
    pq.put_message([_msg(i) for i in range(count)])
    return pq, pq.take_messages(count)


def test_orderly_process_consume_result_auto_commit() -> None:
    from rocketmq_client.consumer.listener.consume_orderly_context import ConsumeOrderlyContext
    from rocketmq_client.impl.consumer.consume_message_orderly_service import ConsumeRequest as OrderlyRequest

    impl, factory, service, later = _orderly_service(max_reconsume_times=1)
    for status in (ConsumeOrderlyStatus.SUCCESS, ConsumeOrderlyStatus.COMMIT, ConsumeOrderlyStatus.ROLLBACK):
        pq, msgs = _taken(2)
        assert service.process_consume_result(msgs, status, ConsumeOrderlyContext(MQ), OrderlyRequest(service, pq, MQ))
        assert impl.offset_store.clone_offset_table("T") == {MQ: 2} and pq.get_msg_count().get() == 0
    # SUSPEND: consumed again later while below the max (counting up), sent to the retry topic at the max
    pq, msgs = _taken(2)
    context = ConsumeOrderlyContext(MQ)
    context.set_suspend_current_queue_time_millis(70)
    assert not service.process_consume_result(msgs, ConsumeOrderlyStatus.SUSPEND_CURRENT_QUEUE_A_MOMENT, context,
                                              OrderlyRequest(service, pq, MQ))
    assert later == [70] and [m.get_reconsume_times() for m in msgs] == [1, 1]
    assert pq.get_msg_tree_map().size() == 2  # back in the cache, in order
    msgs = pq.take_messages(2)
    assert service.process_consume_result(msgs, ConsumeOrderlyStatus.SUSPEND_CURRENT_QUEUE_A_MOMENT,
                                          ConsumeOrderlyContext(MQ), OrderlyRequest(service, pq, MQ))
    sent = factory.producer.sent
    assert [m.get_topic() for m in sent] == [MixAll.get_retry_topic("G")] * 2
    assert sent[0].get_property(MessageConst.PROPERTY_RECONSUME_TIME) == "1"
    assert sent[0].get_property(MessageConst.PROPERTY_MAX_RECONSUME_TIMES) == "1"
    assert sent[0].get_property(MessageConst.PROPERTY_ORIGIN_MESSAGE_ID) == "ID0"
    assert sent[0].get_delay_time_level() == 4
    assert pq.get_msg_count().get() == 0


def test_orderly_process_consume_result_manual_commit() -> None:
    from rocketmq_client.consumer.listener.consume_orderly_context import ConsumeOrderlyContext
    from rocketmq_client.impl.consumer.consume_message_orderly_service import ConsumeRequest as OrderlyRequest

    impl, factory, service, later = _orderly_service()
    context = ConsumeOrderlyContext(MQ)
    context.set_auto_commit(False)
    pq, msgs = _taken(3)
    assert service.process_consume_result(msgs, ConsumeOrderlyStatus.SUCCESS, context, OrderlyRequest(service, pq, MQ))
    assert impl.offset_store.clone_offset_table("T") == {}  # SUCCESS without auto-commit commits nothing
    assert not service.process_consume_result(msgs, ConsumeOrderlyStatus.ROLLBACK, context,
                                              OrderlyRequest(service, pq, MQ))
    assert later == [-1] and pq.get_msg_tree_map().size() == 3
    msgs = pq.take_messages(3)
    assert service.process_consume_result(msgs, ConsumeOrderlyStatus.COMMIT, context, OrderlyRequest(service, pq, MQ))
    assert impl.offset_store.clone_offset_table("T") == {MQ: 3}
    pq, msgs = _taken(1)
    assert not service.process_consume_result(msgs, ConsumeOrderlyStatus.SUSPEND_CURRENT_QUEUE_A_MOMENT, context,
                                              OrderlyRequest(service, pq, MQ))  # -1: Integer.MAX_VALUE retries
    assert msgs[0].get_reconsume_times() == 1 and factory.producer.sent == []


def test_orderly_request_waits_for_the_broker_lock(monkeypatch) -> None:
    from rocketmq_client.impl.consumer.consume_message_orderly_service import ConsumeRequest as OrderlyRequest

    impl, factory, service, later = _orderly_service()
    retries = []
    monkeypatch.setattr(service, "try_lock_later_and_reconsume", lambda mq, pq, delay: retries.append(delay))
    pq = ProcessQueue()
    pq.put_message([_msg(0)])
    OrderlyRequest(service, pq, MQ).run()  # clustering and not locked: try again in 100 ms
    assert retries == [100] and pq.get_msg_count().get() == 1
    pq.set_locked(True)
    OrderlyRequest(service, pq, MQ).run()
    assert pq.get_msg_count().get() == 0 and impl.offset_store.clone_offset_table("T") == {MQ: 1}
    service.stopped = True
    assert service.lock_one_mq(MQ) is False


def test_clean_expire_msg_sends_back_stuck_messages(monkeypatch) -> None:
    consumer, impl, factory, service = _service(None)
    pq = ProcessQueue()
    stuck = _msg(0, CONSUME_START_TIME=str(0))  # consumption started long before consumeTimeout (15 min)
    fresh = _msg(1)
    pq.put_message([stuck, fresh])
    impl.get_rebalance_impl().get_process_queue_table()[MQ] = pq
    service.clean_expire_msg()
    assert [(s[0], s[1], s[4]) for s in factory.api.send_backs] == [("127.0.0.1:10911", None, 3)]
    assert pq.get_msg_tree_map().keys() == [1]
    # the service schedules it every consumeTimeout minutes from start()
    scheduled = []
    monkeypatch.setattr(service.clean_expire_msg_executors, "schedule_at_fixed_rate",
                        lambda task, initial, period: scheduled.append((initial, period)))
    service.start()
    service.shutdown(0)
    assert scheduled == [(15 * 60 * 1000, 15 * 60 * 1000)]
