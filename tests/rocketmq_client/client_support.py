"""Helpers of the client tests (imported by module name: ``tests/rocketmq_client/conftest.py`` puts this directory
on ``sys.path`` before the sub-directories are collected): a recording listener and recording callbacks, topic
creation, what a broker stored and the consume offsets it holds, intercepting broker requests and pushing
broker->client requests, trace records, unique names and keyword settings of the asyncio clients, a wait on the
event loop, and a push consumer stand-in around a real RebalancePushImpl. The fixtures are in that conftest."""
from __future__ import annotations

import asyncio
import itertools
import threading
import time
from typing import Any, Callable, Dict, List, Optional, Set, Tuple

from rocketmq_broker.broker_controller import BrokerController
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.listener.consume_orderly_status import ConsumeOrderlyStatus
from rocketmq_client.consumer.rebalance.allocate_message_queue_averagely import AllocateMessageQueueAveragely
from rocketmq_client.consumer.store.remote_broker_offset_store import RemoteBrokerOffsetStore
from rocketmq_client.impl.consumer.mq_consumer_inner import MQConsumerInner
from rocketmq_client.impl.consumer.pull_request import PullRequest
from rocketmq_client.impl.consumer.rebalance_push_impl import RebalancePushImpl
from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
from rocketmq_client.producer.request_callback import RequestCallback
from rocketmq_client.producer.send_callback import SendCallback
from rocketmq_client.producer.send_result import SendResult
from rocketmq_client.trace.async_trace_dispatcher import AsyncTraceDispatcher
from rocketmq_client.trace.trace_context import TraceContext
from rocketmq_client.trace.trace_data_encoder import TraceDataEncoder
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.common.pair import Pair
from store_reading import stored_messages
from waiting import wait_for

__all__ = ["CLIENT_THREAD_PREFIXES", "wait_for", "stored_messages", "Recorder", "create_topic", "consumer_offsets",
           "RecordingSendCallback", "RecordingRequestCallback", "BrokerInterceptor", "push_to_client",
           "trace_records", "trace_threads_alive", "unique", "client_settings", "eventually", "PushSettings",
           "StubPushConsumerImpl"]


#: name prefixes of every thread a client (consumer, its instance and inner producer) starts
CLIENT_THREAD_PREFIXES = ("ConsumeMessageThread_", "ConsumeMessageScheduledThread_", "CleanExpireMsgScheduledThread_",
                          "PullMessageService", "RebalanceService", "MQClientFactoryScheduledThread", "NettyClient",
                          "ClientHouseKeepingService", "AsyncSenderExecutor_")


class Recorder:
    """A listener (concurrent by default) recording every message it gets with the thread and the context;
    ``decide(msg)`` (optional) returns the status of each call (its first message decides)."""

    def __init__(self, decide: Optional[Callable[[MessageExt], Any]] = None, orderly: bool = False) -> None:
        self.decide = decide
        self.orderly = orderly
        self.msgs: List[MessageExt] = []
        #: each message's reconsume times when it was delivered (orderly redelivers the same object)
        self.reconsume_times: List[int] = []
        self.calls: List[Tuple[List[MessageExt], Any, str]] = []
        self.cond = threading.Condition()

    def __call__(self, msgs: List[MessageExt], context: Any) -> Any:
        status = self.decide(msgs[0]) if self.decide is not None else None
        with self.cond:
            self.msgs.extend(msgs)
            self.reconsume_times.extend(m.get_reconsume_times() for m in msgs)
            self.calls.append((list(msgs), context, threading.current_thread().name))
            self.cond.notify_all()
        if status is not None:
            return status
        return ConsumeOrderlyStatus.SUCCESS if self.orderly else ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    def reconsume_times_of(self, body: bytes) -> List[int]:
        """The reconsume times of every delivery of ``body``."""
        with self.cond:
            return [t for m, t in zip(self.msgs, self.reconsume_times) if m.get_body() == body]

    def bodies(self) -> List[bytes]:
        with self.cond:
            return [m.get_body() for m in self.msgs]

    def wait_count(self, count: int, timeout: float = 20.0) -> List[MessageExt]:
        with self.cond:
            if not self.cond.wait_for(lambda: len(self.msgs) >= count, timeout):
                raise AssertionError("got %d of %d messages in %.1f s" % (len(self.msgs), count, timeout))
            return list(self.msgs)

    def wait_bodies(self, bodies: set, timeout: float = 20.0) -> None:
        """Wait until every body of ``bodies`` was received at least once."""
        with self.cond:
            if not self.cond.wait_for(lambda: bodies <= {m.get_body() for m in self.msgs}, timeout):
                missing = bodies - {m.get_body() for m in self.msgs}
                raise AssertionError("%d bodies never received, e.g. %r" % (len(missing), sorted(missing)[:5]))


def create_topic(controller: BrokerController, topic: str, queues: int = 8, order: bool = False) -> None:
    """Create ``topic`` with ``queues`` read/write queues on ``controller`` and register it with the NameServer."""
    config = TopicConfig(topic, queues, queues, 6)
    config.set_order(order)
    controller.get_topic_config_manager().update_topic_config(config)
    controller.register_broker_all(True, False, True)


def consumer_offsets(controller: BrokerController, group: str, topic: str) -> Dict[int, int]:
    """The consume offsets the broker holds for ``group`` on ``topic`` by queue id."""
    return dict(controller.get_consumer_offset_manager().query_offset_table(group, topic) or {})


class RecordingSendCallback(SendCallback):
    """Records the outcome of asynchronous sends; :meth:`wait` blocks until ``count`` outcomes arrived."""

    def __init__(self) -> None:
        self.results: List[SendResult] = []
        self.errors: List[BaseException] = []
        self.threads: List[str] = []
        self._cond = threading.Condition()

    def on_success(self, send_result: SendResult) -> None:
        with self._cond:
            self.results.append(send_result)
            self.threads.append(threading.current_thread().name)
            self._cond.notify_all()

    def on_exception(self, e: BaseException) -> None:
        with self._cond:
            self.errors.append(e)
            self.threads.append(threading.current_thread().name)
            self._cond.notify_all()

    def wait(self, count: int = 1, timeout: float = 10.0) -> None:
        with self._cond:
            if not self._cond.wait_for(lambda: len(self.results) + len(self.errors) >= count, timeout):
                raise AssertionError("%d callback outcomes after %.1f s, expected %d"
                                     % (len(self.results) + len(self.errors), timeout, count))


class RecordingCallback:
    """A SendCallback / PullCallback / PopCallback / AckCallback that records its one outcome."""

    def __init__(self) -> None:
        self.done = threading.Event()
        self.result: Any = None
        self.error: Optional[BaseException] = None

    def on_success(self, result: Any) -> None:
        self.result = result
        self.done.set()

    def on_exception(self, e: BaseException) -> None:
        self.error = e
        self.done.set()

    def wait(self, timeout: float = 10.0) -> "RecordingCallback":
        assert self.done.wait(timeout), "callback not called"
        return self


class RecordingRequestCallback(RequestCallback):
    """Records replies and errors of asynchronous requests."""

    def __init__(self) -> None:
        self.replies: List[Optional[Message]] = []
        self.errors: List[BaseException] = []
        self.done = threading.Event()

    def on_success(self, message: Message) -> None:
        self.replies.append(message)
        self.done.set()

    def on_exception(self, e: BaseException) -> None:
        self.errors.append(e)
        self.done.set()


class _InterceptingProcessor(NettyRequestProcessor):
    def __init__(self, interceptor: "BrokerInterceptor", original: Optional[Pair]) -> None:
        self._interceptor = interceptor
        self._original = original

    def reject_request(self) -> bool:
        return False

    def process_request(self, ctx: Any, request: RemotingCommand) -> Optional[RemotingCommand]:
        interceptor = self._interceptor
        with interceptor.cond:
            interceptor.requests.append(request)
            interceptor.cond.notify_all()
        interceptor.release.wait(30)
        if self._original is None:
            return None if request.flag & 2 else RemotingCommand.create_response_command(0, None)
        response = self._original.object1.process_request(ctx, request)
        if interceptor.rewrite is not None and response is not None:
            interceptor.rewrite(response)
        return response


class BrokerInterceptor:
    """Records the requests of ``code`` a broker receives (then lets its own processor handle them, if any).
    ``hold=True`` makes them wait until :meth:`release_all` (to make a broker slow); ``rewrite`` may change the
    broker's response (e.g. its code) before it is written. Used as a context manager it restores the broker's
    processor on exit."""

    def __init__(self, controller: BrokerController, code: int, hold: bool = False,
                 rewrite: Optional[Callable[[RemotingCommand], None]] = None) -> None:
        self.server = controller.get_remoting_server()
        self.rewrite = rewrite
        self.code = code
        self.requests: List[RemotingCommand] = []
        self.cond = threading.Condition()
        self.release = threading.Event()
        if not hold:
            self.release.set()
        self._original = self.server.processor_table.get(code)
        executor = self._original.object2 if self._original is not None else None
        self.server.register_processor(code, _InterceptingProcessor(self, self._original), executor)

    def release_all(self) -> None:
        self.release.set()

    def wait_requests(self, count: int = 1, timeout: float = 10.0) -> List[RemotingCommand]:
        with self.cond:
            if not self.cond.wait_for(lambda: len(self.requests) >= count, timeout):
                raise AssertionError("the broker got %d request(s) of code %d, expected %d"
                                     % (len(self.requests), self.code, count))
            return list(self.requests)

    def restore(self) -> None:
        self.release.set()
        if self._original is not None:
            self.server.processor_table[self.code] = self._original
        else:
            self.server.processor_table.pop(self.code, None)

    def __enter__(self) -> "BrokerInterceptor":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.restore()


def push_to_client(controller: BrokerController, client_id: str, code: int, header: CommandCustomHeader,
                   body: Optional[bytes], oneway: bool = False) -> Optional[RemotingCommand]:
    """Send a broker->client request to the producer connection of ``client_id`` (as the broker's
    ReplyMessageProcessor / transaction check service do)."""
    channel = wait_for(lambda: controller.get_producer_manager().find_channel(client_id), 10,
                       "the producer connection of %s on the broker" % client_id)
    request = RemotingCommand.create_request_command(code, header, body)
    server = controller.get_remoting_server()
    if oneway:
        server.invoke_oneway(channel, request, 3000)
        return None
    return server.invoke_sync(channel, request, 3000)


def trace_records(controller: BrokerController, topic: str) -> List[Tuple[MessageExt, TraceContext]]:
    """Every trace record stored in ``topic``, with the trace message that carried it."""
    return [(msg, ctx) for msg in stored_messages(controller, topic)
            for ctx in TraceDataEncoder.decoder_from_trace_data_string(msg.get_body().decode("utf-8"))]


def trace_threads_alive(dispatcher: AsyncTraceDispatcher) -> List[str]:
    """The names of the dispatcher's threads still running (worker and send pool)."""
    names = [t.name for t in threading.enumerate() if t.is_alive()]
    alive = [n for n in names if n == "MQ-AsyncArrayDispatcher-Thread%d" % dispatcher.trace_instance_id]
    if not dispatcher.trace_executor.is_terminated():
        alive.append("MQTraceSendThread_%d_ pool" % dispatcher.trace_instance_id)
    return alive


_names = itertools.count()


def unique(prefix: str) -> str:
    """``prefix`` with a number no other name of this test run has."""
    return "%s_%d" % (prefix, next(_names))


def client_settings(cluster: EmbeddedCluster, **settings: Any) -> Dict[str, Any]:
    """Keyword settings of a client of ``cluster`` with an instance of its own (short intervals)."""
    return dict({"namesrv_addr": cluster.namesrv_addr, "instance_name": unique("async"),
                 "heartbeat_broker_interval": 1000, "poll_name_server_interval": 1000}, **settings)


async def eventually(predicate: Callable[[], Any], timeout: float = 15.0, what: str = "condition") -> Any:
    """Re-check ``predicate`` every 20 ms (yielding the loop) until it returns a truthy value; fail at the
    deadline."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError("timed out after %.1f s waiting for %s" % (timeout, what))
        await asyncio.sleep(0.02)


class PushSettings:
    """The DefaultMQPushConsumer getters/setters RebalancePushImpl uses."""

    def __init__(self) -> None:
        self.consume_from_where = ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET
        self.consume_timestamp = "20000101000000"
        self.pull_threshold_for_topic = -1
        self.pull_threshold_size_for_topic = -1
        self.pull_threshold_for_queue = 1000
        self.pull_threshold_size_for_queue = 100
        self.client_rebalance = True

    def is_client_rebalance(self) -> bool:
        return self.client_rebalance

    def get_consume_from_where(self) -> ConsumeFromWhere:
        return self.consume_from_where

    def get_consume_timestamp(self) -> str:
        return self.consume_timestamp

    def get_pull_threshold_for_topic(self) -> int:
        return self.pull_threshold_for_topic

    def get_pull_threshold_size_for_topic(self) -> int:
        return self.pull_threshold_size_for_topic

    def get_pull_threshold_for_queue(self) -> int:
        return self.pull_threshold_for_queue

    def set_pull_threshold_for_queue(self, value: int) -> None:
        self.pull_threshold_for_queue = value

    def get_pull_threshold_size_for_queue(self) -> int:
        return self.pull_threshold_size_for_queue

    def set_pull_threshold_size_for_queue(self, value: int) -> None:
        self.pull_threshold_size_for_queue = value


class StubPushConsumerImpl(MQConsumerInner):
    """A push consumer without pulling: rebalances through a real RebalancePushImpl and records the pull requests
    it would start."""

    def __init__(self, instance: MQClientInstance, group: str, topics: List[str],
                 message_model: MessageModel = MessageModel.CLUSTERING, orderly: bool = False,
                 strategy: Any = None) -> None:
        self.instance = instance
        self.group = group
        self.orderly = orderly
        self.settings = PushSettings()
        self.offset_store = RemoteBrokerOffsetStore(instance, group)
        self.pull_requests: List[PullRequest] = []
        self.rebalance_lock = threading.Lock()  # assigned() sees whole rebalance rounds only
        self.rebalance_impl = RebalancePushImpl(self)
        self.rebalance_impl.set_consumer_group(group)
        self.rebalance_impl.set_message_model(message_model)
        self.rebalance_impl.set_allocate_message_queue_strategy(strategy or AllocateMessageQueueAveragely())
        self.rebalance_impl.set_mq_client_factory(instance)
        for topic in topics:
            self.rebalance_impl.get_subscription_inner()[topic] = SubscriptionData(topic, "*")

    # what RebalancePushImpl calls
    def get_offset_store(self) -> RemoteBrokerOffsetStore:
        return self.offset_store

    def is_consume_orderly(self) -> bool:
        return self.orderly

    def get_default_mq_push_consumer(self) -> PushSettings:
        return self.settings

    def execute_pull_request_immediately(self, pull_request: PullRequest) -> None:
        self.pull_requests.append(pull_request)

    def assigned(self) -> Set[MessageQueue]:
        with self.rebalance_lock:
            return set(self.rebalance_impl.get_process_queue_table().keys())

    # MQConsumerInner
    def group_name(self) -> str:
        return self.group

    def message_model(self) -> MessageModel:
        return self.rebalance_impl.get_message_model()  # type: ignore[return-value]

    def consume_type(self) -> ConsumeType:
        return ConsumeType.CONSUME_PASSIVELY

    def consume_from_where(self) -> ConsumeFromWhere:
        return self.settings.consume_from_where

    def subscriptions(self) -> Set[SubscriptionData]:
        return set(self.rebalance_impl.get_subscription_inner().values())

    def do_rebalance(self) -> None:
        with self.rebalance_lock:
            self.rebalance_impl.do_rebalance(self.orderly)

    def persist_consumer_offset(self) -> None:
        self.offset_store.persist_all(set(self.rebalance_impl.get_process_queue_table().keys()))

    def update_topic_subscribe_info(self, topic: str, info: Set[MessageQueue]) -> None:
        if topic in self.rebalance_impl.get_subscription_inner():
            self.rebalance_impl.get_topic_subscribe_info_table()[topic] = info

    def is_subscribe_topic_need_update(self, topic: str) -> bool:
        return topic in self.rebalance_impl.get_subscription_inner() and \
            topic not in self.rebalance_impl.get_topic_subscribe_info_table()

    def is_unit_mode(self) -> bool:
        return False

    def consumer_running_info(self) -> ConsumerRunningInfo:
        return ConsumerRunningInfo()
