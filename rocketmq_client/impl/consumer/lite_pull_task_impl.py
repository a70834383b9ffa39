"""The inner classes of Java ``DefaultLitePullConsumerImpl`` that do the pulling: ``PullTaskImpl`` (one per
assigned queue, rescheduling itself on the consumer's ``PullMsgThread-`` pool), ``ConsumeRequest`` and the consume
request cache ``poll`` reads, plus the back-off constants."""
from __future__ import annotations

import collections
import logging
import threading
import time
from typing import TYPE_CHECKING, Deque, List, Optional

from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_client.impl.consumer.process_queue import ProcessQueue
from rocketmq_common.filter.filter_api import FilterAPI
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.common.bean import Bean, ListOf, Prop, java_string
from rocketmq_remoting.common.thread_pool import RejectedExecutionException

if TYPE_CHECKING:
    from rocketmq_client.impl.consumer.default_lite_pull_consumer_impl import DefaultLitePullConsumerImpl

__all__ = ["PullTaskImpl", "ConsumeRequest", "ConsumeRequestCache", "SubscriptionType"]

log = logging.getLogger(__name__)

#: back-off when the local cache is full (ms)
PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL = 50
#: back-off after the broker answered FLOW_CONTROL (ms)
PULL_TIME_DELAY_MILLS_WHEN_BROKER_FLOW_CONTROL = 20
#: back-off while the queue is paused (ms)
PULL_TIME_DELAY_MILLS_WHEN_PAUSE = 1000
#: back-off when the next offset cannot be computed (ms)
PULL_TIME_DELAY_MILLS_ON_EXCEPTION = 3 * 1000


class SubscriptionType:
    """Java ``DefaultLitePullConsumerImpl.SubscriptionType``."""

    NONE = "NONE"
    SUBSCRIBE = "SUBSCRIBE"
    ASSIGN = "ASSIGN"


class ConsumeRequest(Bean):
    """Java ``DefaultLitePullConsumerImpl.ConsumeRequest``: the messages of one pull, waiting to be polled."""

    message_exts = Prop(ListOf(MessageExt), required=True)
    message_queue = Prop(MessageQueue, required=True)
    process_queue = Prop(ProcessQueue, required=True)

    def get_message_exts(self) -> List[MessageExt]: return self.message_exts
    def set_message_exts(self, message_exts: Optional[List[MessageExt]]) -> None: self.message_exts = message_exts
    def get_message_queue(self) -> MessageQueue: return self.message_queue
    def set_message_queue(self, message_queue: Optional[MessageQueue]) -> None: self.message_queue = message_queue
    def get_process_queue(self) -> ProcessQueue: return self.process_queue
    def set_process_queue(self, process_queue: Optional[ProcessQueue]) -> None: self.process_queue = process_queue

    def __init__(self, message_exts: List["MessageExt"], message_queue: MessageQueue,
                 process_queue: "ProcessQueue") -> None:
        self.message_exts = message_exts
        self.message_queue = message_queue
        self.process_queue = process_queue


class ConsumeRequestCache:
    """Java's ``LinkedBlockingQueue<ConsumeRequest>`` (unbounded; flow control keeps it small)."""

    __slots__ = ("_items", "_cond")

    def __init__(self) -> None:
        self._items: Deque[ConsumeRequest] = collections.deque()
        self._cond = threading.Condition(threading.Lock())

    def put(self, request: ConsumeRequest) -> None:
        with self._cond:
            self._items.append(request)
            self._cond.notify()

    def poll(self, timeout_seconds: float) -> Optional[ConsumeRequest]:
        """The oldest request, waiting up to ``timeout_seconds``; None on timeout."""
        with self._cond:
            items = self._items
            if not items and timeout_seconds > 0:
                deadline = time.monotonic() + timeout_seconds
                while not items:
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        break
                    self._cond.wait(remaining)
            return items.popleft() if items else None

    def remove_queue(self, message_queue: MessageQueue) -> None:
        """Drop the requests of ``message_queue``."""
        with self._cond:
            kept = [r for r in self._items if r.message_queue != message_queue]
            self._items.clear()
            self._items.extend(kept)

    def size(self) -> int:
        return len(self._items)


class PullTaskImpl(Bean):
    """Java ``DefaultLitePullConsumerImpl.PullTaskImpl``: pulls one queue, then reschedules itself (at once, or
    after a back-off) until cancelled."""

    cancelled = Prop(bool, False)
    message_queue = Prop(MessageQueue, required=True)

    def get_cancelled(self) -> bool: return self.cancelled
    def is_cancelled(self) -> bool: return self.cancelled
    def set_cancelled(self, cancelled: bool) -> None: self.cancelled = cancelled
    def get_message_queue(self) -> MessageQueue: return self.message_queue
    def set_message_queue(self, message_queue: Optional[MessageQueue]) -> None: self.message_queue = message_queue

    def __init__(self, impl: "DefaultLitePullConsumerImpl", message_queue: MessageQueue) -> None:
        self._impl = impl
        self.message_queue = message_queue
        self.cancelled = False

    def try_interrupt(self) -> None:
        """Java ``tryInterrupt``: cancel (a pull in flight completes, its result is dropped)."""
        self.cancelled = True

    def _schedule_again(self, delay_millis: float) -> None:
        try:
            self._impl.scheduled_thread_pool_executor.schedule(self, delay_millis)  # type: ignore[union-attr]
        except RejectedExecutionException:
            log.debug("pull task of %s not rescheduled: the consumer is shut down", self.message_queue)

    def __call__(self) -> None:  # noqa: C901 - Java's run(), one flow
        if self.cancelled:
            log.warning("The Pull Task is cancelled, %s", self.message_queue)
            return
        impl = self._impl
        mq = self.message_queue
        assigned = impl.assigned_message_queue
        consumer = impl.default_lite_pull_consumer
        if assigned.is_paused(mq):
            self._schedule_again(PULL_TIME_DELAY_MILLS_WHEN_PAUSE)
            log.debug("Message Queue: %s has been paused!", mq)
            return
        process_queue = assigned.get_process_queue(mq)
        if process_queue is None or process_queue.dropped:
            log.info("The message queue not be able to poll, because it's dropped. group=%s, messageQueue=%s",
                     consumer.get_consumer_group(), mq)
            return
        if impl.consume_request_cache.size() * consumer.pull_batch_size > consumer.pull_threshold_for_all:
            self._schedule_again(PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL)
            impl.consume_request_flow_control_times += 1
            if impl.consume_request_flow_control_times % 1000 == 1:
                log.warning("The consume request count exceeds threshold %d, so do flow control, consume request "
                            "count=%d, flowControlTimes=%d", consumer.pull_threshold_for_all,
                            impl.consume_request_cache.size(), impl.consume_request_flow_control_times)
            return
        cached_message_count = process_queue.msg_count.get()
        cached_message_size_in_mib = process_queue.msg_size.get() // (1024 * 1024)
        if cached_message_count > consumer.pull_threshold_for_queue:
            self._flow_control("The cached message count exceeds the threshold %d" % consumer.pull_threshold_for_queue,
                               process_queue, cached_message_count, cached_message_size_in_mib)
            return
        if cached_message_size_in_mib > consumer.pull_threshold_size_for_queue:
            self._flow_control("The cached message size exceeds the threshold %d MiB"
                               % consumer.pull_threshold_size_for_queue,
                               process_queue, cached_message_count, cached_message_size_in_mib)
            return
        if process_queue.get_max_span() > consumer.consume_max_span:
            self._schedule_again(PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL)
            impl.queue_max_span_flow_control_times += 1
            if impl.queue_max_span_flow_control_times % 1000 == 1:
                tree = process_queue.get_msg_tree_map()
                log.warning("The queue's messages, span too long, so do flow control, minOffset=%s, maxOffset=%s, "
                            "maxSpan=%d, flowControlTimes=%d", tree.first_key(), tree.last_key(),
                            process_queue.get_max_span(), impl.queue_max_span_flow_control_times)
            return
        try:
            offset = impl.next_pull_offset(mq)
        except Exception:
            log.error("Failed to get next pull offset", exc_info=True)
            self._schedule_again(PULL_TIME_DELAY_MILLS_ON_EXCEPTION)
            return
        if self.cancelled or process_queue.dropped:
            return
        pull_delay_time_mills = 0
        try:
            topic = mq.get_topic()
            if impl.subscription_type == SubscriptionType.SUBSCRIBE:
                subscription_data = impl.rebalance_impl.get_subscription_inner().get(topic)
            else:
                sub_expression4_assign = impl.topic_to_sub_expression.get(topic)
                if sub_expression4_assign is None:
                    sub_expression4_assign = SubscriptionData.SUB_ALL
                subscription_data = FilterAPI.build_subscription_data(topic, sub_expression4_assign)
            if subscription_data is None:  # unsubscribed meanwhile (Java fails on the null the same way)
                raise MQClientException("no subscription of topic %s" % topic, None)
            pull_result = impl.pull(mq, subscription_data, offset, consumer.pull_batch_size)
            if self.cancelled or process_queue.dropped:
                return
            status = pull_result.get_pull_status()
            if status is PullStatus.FOUND:
                with impl.message_queue_lock.fetch_lock_object(mq):
                    msgs = pull_result.get_msg_found_list()
                    if msgs and assigned.get_seek_offset(mq) == -1:
                        process_queue.put_message(msgs)
                        impl.consume_request_cache.put(ConsumeRequest(msgs, mq, process_queue))
            elif status is PullStatus.OFFSET_ILLEGAL:
                log.warning("The pull request offset illegal, %s", pull_result)
            impl.update_pull_offset(mq, pull_result.get_next_begin_offset(), process_queue)
        except Exception as e:
            if isinstance(e, MQBrokerException) and e.get_response_code() == ResponseCode.FLOW_CONTROL:
                pull_delay_time_mills = PULL_TIME_DELAY_MILLS_WHEN_BROKER_FLOW_CONTROL
            else:
                pull_delay_time_mills = impl.pull_time_delay_mills_when_exception
            if impl.scheduled_thread_pool_executor.is_shutdown():  # type: ignore[union-attr]
                log.debug("pull of %s failed while shutting down", mq, exc_info=True)
            else:
                log.error("An error occurred in pull message process.", exc_info=True)
        if not self.cancelled:
            self._schedule_again(pull_delay_time_mills)
        else:
            log.warning("The Pull Task is cancelled after doPullTask, %s", mq)

    def _flow_control(self, what: str, process_queue: "ProcessQueue", count: int, size_mib: int) -> None:
        impl = self._impl
        self._schedule_again(PULL_TIME_DELAY_MILLS_WHEN_CACHE_FLOW_CONTROL)
        impl.queue_flow_control_times += 1
        if impl.queue_flow_control_times % 1000 == 1:
            tree = process_queue.get_msg_tree_map()
            log.warning("%s, so do flow control, minOffset=%s, maxOffset=%s, count=%d, size=%d MiB, "
                        "flowControlTimes=%d", what, tree.first_key(), tree.last_key(), count, size_mib,
                        impl.queue_flow_control_times)

    def __repr__(self) -> str:
        return "PullTaskImpl [%s, cancelled=%s]" % (self.message_queue, java_string(self.cancelled))
