"""Java ``org.apache.rocketmq.client.impl.consumer.ConsumeMessagePopConcurrentlyService`` (5.3.3): popped messages
consumed in parallel batches of ``consumeMessageBatchMaxSize``; a consumed message is acked, a failed one gets a
new invisible time from ``DefaultMQPushConsumerImpl.pop_delay_level`` (the broker redelivers it then), and a batch
whose invisible time ran out before or during consumption is left to the broker (it redelivers it).

Java 5.3.3 also has ``ConsumeMessagePopOrderlyService``, but never reaches it: ``RebalancePushImpl.clientRebalance``
is true for an orderly consumer, so an orderly consumer always pulls. This port leaves it out for that reason."""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any, Callable, List, Optional

from rocketmq_client.consumer.ack_callback import AckCallback
from rocketmq_client.consumer.listener.consume_concurrently_context import ConsumeConcurrentlyContext
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.listener.consume_return_type import ConsumeReturnType
from rocketmq_client.hook.consume_message_context import ConsumeMessageContext
from rocketmq_client.impl.consumer.consume_message_concurrently_service import consume_message_directly
from rocketmq_client.impl.consumer.consume_message_service import (ConsumeMessageService, ConsumeThreadPoolExecutor,
                                                                   consume_thread_prefix, shutdown_gracefully)
from rocketmq_client.impl.consumer.pop_process_queue import PopProcessQueue
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.consume_message_directly_result import ConsumeMessageDirectlyResult
from rocketmq_common.protocol.header.extra_info_util import ExtraInfoUtil
from rocketmq_remoting.common.bean import Bean, ListOf, Prop
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.common.scheduled_executor import ScheduledExecutor
from rocketmq_remoting.common.thread_pool import RejectedExecutionException

if TYPE_CHECKING:
    from rocketmq_client.consumer.ack_result import AckResult
    from rocketmq_client.consumer.listener.message_listener import MessageListenerConcurrently
    from rocketmq_client.impl.consumer.default_mq_push_consumer_impl import DefaultMQPushConsumerImpl
    from rocketmq_client.impl.consumer.process_queue import ProcessQueue
    from rocketmq_client.stat.consumer_stats_manager import ConsumerStatsManager

__all__ = ["ConsumeMessagePopConcurrentlyService", "ConsumeRequest"]

log = logging.getLogger(__name__)

_CONSUME_SUCCESS = ConsumeConcurrentlyStatus.CONSUME_SUCCESS
_RECONSUME_LATER = ConsumeConcurrentlyStatus.RECONSUME_LATER
_time = time.time


def _now_millis() -> int:
    return int(_time() * 1000)


class _ChangeInvisibleTimeCallback(AckCallback):
    """Java's anonymous ``AckCallback`` of ``changePopInvisibleTime``: a failure is logged."""

    __slots__ = ("msg",)

    def __init__(self, msg: MessageExt) -> None:
        self.msg = msg

    def on_success(self, ack_result: "AckResult") -> None:
        """Nothing to do (Java)."""

    def on_exception(self, e: BaseException) -> None:
        log.error("changePopInvisibleTimeAsync fail. msg:%s error info: %s", self.msg, e)


class ConsumeMessagePopConcurrentlyService(ConsumeMessageService):
    """See the module docstring. Its own ``ConsumeMessageThread_`` pool (``consumeThreadMin`` threads, started on
    the first popped batch) beside the pull mode's service, as in Java."""

    def __init__(self, default_mq_push_consumer_impl: "DefaultMQPushConsumerImpl",
                 message_listener: "MessageListenerConcurrently") -> None:
        self.default_mq_push_consumer_impl = default_mq_push_consumer_impl
        self.message_listener = message_listener
        self.default_mq_push_consumer = default_mq_push_consumer_impl.get_default_mq_push_consumer()
        self.consumer_group: str = self.default_mq_push_consumer.get_consumer_group()
        consumer = self.default_mq_push_consumer
        self.consume_executor = ConsumeThreadPoolExecutor(consumer.get_consume_thread_min(),
                                                          consumer.get_consume_thread_max(), None,
                                                          consume_thread_prefix(self.consumer_group), 60.0)
        self.scheduled_executor_service = ScheduledExecutor("ConsumeMessageScheduledThread_")

    def start(self) -> None:
        """Java ``start`` (nothing to start)."""

    def shutdown(self, await_terminate_millis: int) -> None:
        """Java ``shutdown``."""
        self.scheduled_executor_service.shutdown()
        shutdown_gracefully(self.consume_executor, await_terminate_millis)

    def update_core_pool_size(self, core_pool_size: int) -> None:
        """Java ``updateCorePoolSize``: only within (0, min(Short.MAX_VALUE + 1, consumeThreadMax))."""
        if 0 < core_pool_size <= 32767 and core_pool_size < self.default_mq_push_consumer.get_consume_thread_max():
            self.consume_executor.set_core_pool_size(core_pool_size)

    def inc_core_pool_size(self) -> None:
        """Java ``incCorePoolSize`` (a no-op)."""

    def dec_core_pool_size(self) -> None:
        """Java ``decCorePoolSize`` (a no-op)."""

    def get_core_pool_size(self) -> int:
        """Java ``getCorePoolSize``."""
        return self.consume_executor.get_core_pool_size()

    def consume_message_directly(self, msg: "MessageExt",
                                 broker_name: Optional[str]) -> ConsumeMessageDirectlyResult:
        """Java ``consumeMessageDirectly`` (the same as the pull mode's)."""
        return consume_message_directly(self.default_mq_push_consumer_impl, self.message_listener,
                                        self.consumer_group, msg, broker_name)

    def submit_consume_request(self, msgs: Optional[List["MessageExt"]], process_queue: "ProcessQueue",
                               message_queue: MessageQueue, dispatch_to_consume: bool) -> None:
        """Java ``submitConsumeRequest``: not for this service (Java: UnsupportedOperationException)."""
        raise NotImplementedError("ConsumeMessagePopConcurrentlyService consumes popped messages only: "
                                  "submit_pop_consume_request")

    def submit_pop_consume_request(self, msgs: List["MessageExt"], process_queue: PopProcessQueue,
                                   message_queue: MessageQueue) -> None:
        """Java ``submitPopConsumeRequest``: one consume request per batch of ``consumeMessageBatchMaxSize``; a
        rejected request is retried in 5 s (with the rest of the messages)."""
        consume_batch_size = self.default_mq_push_consumer.get_consume_message_batch_max_size()
        execute = self.consume_executor.execute
        if len(msgs) <= consume_batch_size:
            consume_request = ConsumeRequest(self, msgs, process_queue, message_queue)
            try:
                execute(consume_request.run)
            except RejectedExecutionException:
                self._submit_consume_request_later(consume_request)
            return
        total = 0
        size = len(msgs)
        while total < size:
            msg_this = msgs[total:total + consume_batch_size]
            total += len(msg_this)
            consume_request = ConsumeRequest(self, msg_this, process_queue, message_queue)
            try:
                execute(consume_request.run)
            except RejectedExecutionException:
                msg_this.extend(msgs[total:])
                total = size
                self._submit_consume_request_later(consume_request)

    def process_consume_result(self, status: ConsumeConcurrentlyStatus, context: ConsumeConcurrentlyContext,
                               consume_request: "ConsumeRequest") -> None:
        """Java ``processConsumeResult``: ack the messages up to the context's ack index; the others get a new
        invisible time (by the context's delay level, or by their age once ``maxReconsumeTimes`` is reached)."""
        msgs = consume_request.msgs
        if not msgs:
            return
        ack_index = context.ack_index
        topic = consume_request.message_queue.get_topic()
        stats = self.get_consumer_stats_manager()
        if status is _CONSUME_SUCCESS:
            if ack_index >= len(msgs):
                ack_index = len(msgs) - 1
            ok = ack_index + 1
            stats.inc_consume_ok_tps(self.consumer_group, topic, ok)
            stats.inc_consume_failed_tps(self.consumer_group, topic, len(msgs) - ok)
        elif status is _RECONSUME_LATER:
            ack_index = -1
            stats.inc_consume_failed_tps(self.consumer_group, topic, len(msgs))

        impl = self.default_mq_push_consumer_impl
        pop_process_queue = consume_request.pop_process_queue
        for i in range(ack_index + 1):
            impl.ack_async(msgs[i], self.consumer_group)
            pop_process_queue.ack()

        max_reconsume_times = impl.get_max_reconsume_times()
        for i in range(ack_index + 1, len(msgs)):
            msg_ext = msgs[i]
            pop_process_queue.ack()
            if msg_ext.get_reconsume_times() >= max_reconsume_times:
                self._check_need_ack_or_delay(msg_ext)
                continue
            self._change_pop_invisible_time(msg_ext, self.consumer_group, context.get_delay_level_when_next_consume())

    def _check_need_ack_or_delay(self, msg_ext: "MessageExt") -> None:
        """Java ``checkNeedAckOrDelay``: a message that failed ``maxReconsumeTimes`` times is acked (dropped) once
        it is older than twice the last delay level, else delayed to the level its age reached."""
        delay_level_table = self.default_mq_push_consumer_impl.get_pop_delay_level()
        msg_delay_time = _now_millis() - msg_ext.get_born_timestamp()
        if msg_delay_time > delay_level_table[-1] * 1000 * 2:
            log.warning("Consume too many times, ack message async. message %s", msg_ext)
            self.default_mq_push_consumer_impl.ack_async(msg_ext, self.consumer_group)
            return
        delay_level = len(delay_level_table) - 1
        while delay_level >= 0:
            if msg_delay_time >= delay_level_table[delay_level] * 1000:
                delay_level += 1
                break
            delay_level -= 1
        self._change_pop_invisible_time(msg_ext, self.consumer_group, delay_level)
        log.warning("Consume too many times, but delay time %s not enough. changePopInvisibleTime to delayLevel %s . "
                    "message key:%s", msg_delay_time, delay_level, msg_ext.get_keys())

    def _change_pop_invisible_time(self, msg: "MessageExt", consumer_group: str, delay_level: int) -> None:
        """Java ``changePopInvisibleTime``: the new invisible time is the delay level's seconds (level 0: the
        message's reconsume times as level; past the table: its last entry)."""
        if delay_level == 0:
            delay_level = msg.get_reconsume_times()
        delay_level_table = self.default_mq_push_consumer_impl.get_pop_delay_level()
        delay_second = delay_level_table[-1] if delay_level >= len(delay_level_table) \
            else delay_level_table[delay_level]
        extra_info = msg.get_property(MessageConst.PROPERTY_POP_CK)
        try:
            self.default_mq_push_consumer_impl.change_pop_invisible_time_async(
                msg.get_topic(), consumer_group, extra_info, delay_second * 1000, _ChangeInvisibleTimeCallback(msg))
        except Exception as t:
            log.error("changePopInvisibleTimeAsync fail, group:%s msg:%s errorInfo:%s", consumer_group, msg, t)

    def get_consumer_stats_manager(self) -> "ConsumerStatsManager":
        """Java ``getConsumerStatsManager``."""
        return self.default_mq_push_consumer_impl.get_consumer_stats_manager()

    def _submit_consume_request_later(self, consume_request: "ConsumeRequest") -> None:
        """Java ``submitConsumeRequestLater(consumeRequest)``: resubmit in 5 s."""
        self._schedule(lambda: self.consume_executor.execute(consume_request.run), 5000)

    def _schedule(self, task: Callable[[], Any], delay_millis: int) -> None:
        try:
            self.scheduled_executor_service.schedule(task, delay_millis)
        except RuntimeError:
            log.warning("pop consume service of %s is shut down, consume request dropped (the broker redelivers "
                        "its messages after their invisible time)", self.consumer_group)


def _return_type(status: Optional[ConsumeConcurrentlyStatus], has_exception: bool, consume_rt: int,
                 invisible_time: int) -> ConsumeReturnType:
    """How a listener call ended, for the consume hooks' ``ConsumeContextType`` (Java compares the consume time
    with ``invisibleTime * 1000``, the invisible time being in ms already: kept)."""
    if status is None:
        return ConsumeReturnType.EXCEPTION if has_exception else ConsumeReturnType.RETURNNULL
    if consume_rt >= invisible_time * 1000:
        return ConsumeReturnType.TIME_OUT
    if status is _RECONSUME_LATER:
        return ConsumeReturnType.FAILED
    return ConsumeReturnType.SUCCESS


class ConsumeRequest(Bean):
    """Java ``ConsumeMessagePopConcurrentlyService.ConsumeRequest``: one listener call on a popped batch; the pop
    time and invisible time of its first message's handle say when the broker will redeliver the batch."""

    msgs = Prop(ListOf(MessageExt), required=True)
    pop_process_queue = Prop(PopProcessQueue, required=True)
    message_queue = Prop(MessageQueue, required=True)
    pop_time = Prop(int, 0)
    invisible_time = Prop(int, 0)

    def get_msgs(self) -> List[MessageExt]: return self.msgs
    def set_msgs(self, msgs: Optional[List[MessageExt]]) -> None: self.msgs = msgs
    def get_pop_process_queue(self) -> PopProcessQueue: return self.pop_process_queue
    def set_pop_process_queue(self, pop_process_queue: Optional[PopProcessQueue]) -> None:
        self.pop_process_queue = pop_process_queue
    def get_message_queue(self) -> MessageQueue: return self.message_queue
    def set_message_queue(self, message_queue: Optional[MessageQueue]) -> None: self.message_queue = message_queue
    def get_pop_time(self) -> int: return self.pop_time
    def set_pop_time(self, pop_time: int) -> None: self.pop_time = pop_time
    def get_invisible_time(self) -> int: return self.invisible_time
    def set_invisible_time(self, invisible_time: int) -> None: self.invisible_time = invisible_time

    def __init__(self, service: ConsumeMessagePopConcurrentlyService, msgs: List["MessageExt"],
                 process_queue: PopProcessQueue, message_queue: MessageQueue) -> None:
        self.service = service
        self.msgs = msgs
        self.pop_process_queue = process_queue
        self.message_queue = message_queue
        self.pop_time = 0
        self.invisible_time = 0
        try:
            extra_info_strs = ExtraInfoUtil.split(msgs[0].get_property(MessageConst.PROPERTY_POP_CK))
            self.pop_time = ExtraInfoUtil.get_pop_time(extra_info_strs)
            self.invisible_time = ExtraInfoUtil.get_invisible_time(extra_info_strs)
        except Exception:
            log.error("parse extra info error. msg:%s", msgs[0] if msgs else None, exc_info=True)

    def is_pop_timeout(self) -> bool:
        """Java ``isPopTimeout``: the invisible time has passed (or the handle could not be read)."""
        if not self.msgs or self.pop_time <= 0 or self.invisible_time <= 0:
            return True
        return _now_millis() - self.pop_time >= self.invisible_time

    def run(self) -> None:
        """Java ``run``: skip a dropped queue or a batch already visible again; reset retry topics and
        namespace, run the hooks around the listener (an exception or None is RECONSUME_LATER) and process the
        result unless the queue was dropped or the invisible time ran out meanwhile."""
        service = self.service
        process_queue = self.pop_process_queue
        message_queue = self.message_queue
        msgs = self.msgs
        if process_queue.dropped:
            log.info("the message queue not be able to consume, because it's dropped(pop). group=%s %s",
                     service.consumer_group, message_queue)
            return
        if self.is_pop_timeout():
            log.info("the pop message time out so abort consume. popTime=%s invisibleTime=%s, group=%s %s",
                     self.pop_time, self.invisible_time, service.consumer_group, message_queue)
            process_queue.dec_found_msg(-len(msgs))
            return
        impl = service.default_mq_push_consumer_impl
        consumer = service.default_mq_push_consumer
        context = ConsumeConcurrentlyContext(message_queue)
        status: Any = None
        impl.reset_retry_and_namespace(msgs, consumer.get_consumer_group())

        consume_message_context = None
        has_hook = impl.has_hook()
        if has_hook:
            consume_message_context = ConsumeMessageContext()
            consume_message_context.set_namespace(consumer.get_namespace())
            consume_message_context.set_consumer_group(consumer.get_consumer_group())
            consume_message_context.set_props({})
            consume_message_context.set_mq(message_queue)
            consume_message_context.set_msg_list(msgs)
            consume_message_context.set_success(False)
            impl.execute_hook_before(consume_message_context)

        begin_timestamp = _time()
        has_exception = False
        try:
            start = str(int(begin_timestamp * 1000))
            for msg in msgs:
                MessageAccessor.set_consume_start_time_stamp(msg, start)
            status = service.message_listener.consume_message(list(msgs), context)
        except Exception as e:
            log.warning("consumeMessage exception: %s Group: %s Msgs: %s MQ: %s",
                        RemotingHelper.exception_simple_desc(e), service.consumer_group, msgs, message_queue,
                        exc_info=True)
            has_exception = True
        consume_rt = int((_time() - begin_timestamp) * 1000)
        return_type = _return_type(status, has_exception, consume_rt, self.invisible_time)
        if status is not _CONSUME_SUCCESS and status is not _RECONSUME_LATER:
            if status is None and not has_exception:
                log.warning("consumeMessage return null, Group: %s Msgs: %s MQ: %s", service.consumer_group, msgs,
                            message_queue)
            elif status is not None:
                log.warning("consumeMessage returned %r, not a ConsumeConcurrentlyStatus: RECONSUME_LATER. Group: %s "
                            "MQ: %s", status, service.consumer_group, message_queue)
            status = _RECONSUME_LATER

        if consume_message_context is not None:
            consume_message_context.get_props()[MixAll.CONSUME_CONTEXT_TYPE] = return_type.name
            consume_message_context.set_status(status.name)
            consume_message_context.set_success(status is _CONSUME_SUCCESS)
            consume_message_context.set_access_channel(consumer.get_access_channel())
            impl.execute_hook_after(consume_message_context)

        service.get_consumer_stats_manager().inc_consume_rt(service.consumer_group, message_queue.get_topic(),
                                                            consume_rt)
        if not process_queue.dropped and not self.is_pop_timeout():
            service.process_consume_result(status, context, self)
        else:
            process_queue.dec_found_msg(-len(msgs))
            # Java's line; when the invisible time ran out during the listener's call, plus what follows and the
            # next step (the broker redelivers the batch: a newcomer sees duplicates)
            pop_timeout = self.is_pop_timeout()
            next_step = "" if process_queue.dropped or not pop_timeout else (
                "; the batch's pop_invisible_time of %d ms ran out before the listener's result (the listener took "
                "%d ms), so it is not acked and the broker delivers it again: raise set_pop_invisible_time (at most "
                "300000 ms) or consume faster" % (self.invisible_time, consume_rt))
            log.warning("processQueue invalid or popTimeout. isDropped=%s, isPopTimeout=%s, messageQueue=%s, msgs=%s%s",
                        process_queue.dropped, pop_timeout, message_queue, msgs, next_step)
