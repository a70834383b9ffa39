"""Java ``org.apache.rocketmq.client.impl.consumer.ConsumeMessageConcurrentlyService``: pulled messages consumed in
parallel batches of ``consumeMessageBatchMaxSize`` on the ``ConsumeMessageThread_`` pool; failed messages are sent
back for a later retry and the queue's offset advances to the smallest message still cached."""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any, Callable, List, Optional

from rocketmq_client.consumer.listener.consume_concurrently_context import ConsumeConcurrentlyContext
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.listener.consume_return_type import ConsumeReturnType
from rocketmq_client.hook.consume_message_context import ConsumeMessageContext
from rocketmq_client.impl.consumer.process_queue import ProcessQueue
from rocketmq_client.impl.consumer.consume_message_service import (ConsumeMessageService, ConsumeThreadPoolExecutor,
                                                                   consume_thread_prefix, shutdown_gracefully)
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.cm_result import CMResult
from rocketmq_common.protocol.body.consume_message_directly_result import ConsumeMessageDirectlyResult
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_remoting.common.bean import Bean, ListOf, Prop
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.common.scheduled_executor import ScheduledExecutor
from rocketmq_remoting.common.thread_pool import RejectedExecutionException

if TYPE_CHECKING:
    from rocketmq_client.consumer.listener.message_listener import MessageListenerConcurrently
    from rocketmq_client.impl.consumer.default_mq_push_consumer_impl import DefaultMQPushConsumerImpl
    from rocketmq_client.stat.consumer_stats_manager import ConsumerStatsManager

__all__ = ["ConsumeMessageConcurrentlyService", "ConsumeRequest", "consume_message_directly"]

log = logging.getLogger(__name__)

_CONSUME_SUCCESS = ConsumeConcurrentlyStatus.CONSUME_SUCCESS
_RECONSUME_LATER = ConsumeConcurrentlyStatus.RECONSUME_LATER
_time = time.time


class ConsumeMessageConcurrentlyService(ConsumeMessageService):
    """See the module docstring."""

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
        self.clean_expire_msg_executors = ScheduledExecutor("CleanExpireMsgScheduledThread_")

    def start(self) -> None:
        """Java ``start``: clean expired messages every ``consumeTimeout`` minutes."""
        period = self.default_mq_push_consumer.get_consume_timeout() * 60 * 1000
        self.clean_expire_msg_executors.schedule_at_fixed_rate(self._clean_expire_msg_task, period, period)

    def _clean_expire_msg_task(self) -> None:
        try:
            self.clean_expire_msg()
        except Exception:
            log.error("scheduleAtFixedRate cleanExpireMsg exception", exc_info=True)

    def shutdown(self, await_terminate_millis: int) -> None:
        """Java ``shutdown``."""
        self.scheduled_executor_service.shutdown()
        shutdown_gracefully(self.consume_executor, await_terminate_millis)
        self.clean_expire_msg_executors.shutdown()

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
        """Java ``consumeMessageDirectly``."""
        return consume_message_directly(self.default_mq_push_consumer_impl, self.message_listener,
                                        self.consumer_group, msg, broker_name)

    def submit_consume_request(self, msgs: Optional[List["MessageExt"]], process_queue: "ProcessQueue",
                               message_queue: MessageQueue, dispatch_to_consume: bool) -> None:
        """Java ``submitConsumeRequest``: one consume request per batch of ``consumeMessageBatchMaxSize``; a
        rejected request is retried in 5 s (with the rest of the messages)."""
        if not msgs:
            return
        consume_batch_size = self.default_mq_push_consumer.consume_message_batch_max_size
        execute = self.consume_executor.execute
        if len(msgs) <= consume_batch_size:
            consume_request = ConsumeRequest(self, msgs, process_queue, message_queue)
            try:
                execute(consume_request.run)
            except RejectedExecutionException:
                self._submit_consume_request_later_request(consume_request)
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
                self._submit_consume_request_later_request(consume_request)

    def clean_expire_msg(self) -> None:
        """Java ``cleanExpireMsg``: every process queue sends back its messages stuck in consumption."""
        process_queue_table = self.default_mq_push_consumer_impl.get_rebalance_impl().get_process_queue_table()
        for pq in list(process_queue_table.values()):
            pq.clean_expired_msg(self.default_mq_push_consumer)

    def process_consume_result(self, status: ConsumeConcurrentlyStatus, context: ConsumeConcurrentlyContext,
                               consume_request: "ConsumeRequest") -> None:
        """Java ``processConsumeResult``: count OK / failed messages, send back the failed ones (clustering; a
        failed send-back consumes them again locally in 5 s) or drop them (broadcasting), then commit the
        smallest offset still cached."""
        msgs = consume_request.msgs
        if not msgs:
            return
        ack_index = context.ack_index
        stats = self.get_consumer_stats_manager()
        topic = consume_request.message_queue.topic
        if status is _CONSUME_SUCCESS:
            if ack_index >= len(msgs):
                ack_index = len(msgs) - 1
            ok = ack_index + 1
            failed = len(msgs) - ok
            stats.inc_consume_ok_tps(self.consumer_group, topic, ok)
            if failed:  # Java also adds the zero (no observable difference)
                stats.inc_consume_failed_tps(self.consumer_group, topic, failed)
        elif status is _RECONSUME_LATER:
            ack_index = -1
            stats.inc_consume_failed_tps(self.consumer_group, topic, len(msgs))

        if ack_index + 1 < len(msgs):
            if self.default_mq_push_consumer.message_model is MessageModel.BROADCASTING:
                for i in range(ack_index + 1, len(msgs)):
                    log.warning("BROADCASTING, the message consume failed, drop it, %s", msgs[i])
            else:
                msg_back_failed: List["MessageExt"] = []
                for i in range(ack_index + 1, len(msgs)):
                    msg = msgs[i]
                    if not self.send_message_back(msg, context):
                        msg.set_reconsume_times(msg.get_reconsume_times() + 1)
                        msg_back_failed.append(msg)
                if msg_back_failed:
                    failed_ids = {id(m) for m in msg_back_failed}
                    msgs[:] = [m for m in msgs if id(m) not in failed_ids]
                    self._submit_consume_request_later(msg_back_failed, consume_request.process_queue,
                                                       consume_request.message_queue)

        process_queue = consume_request.process_queue
        offset = process_queue.remove_message(msgs)
        if offset >= 0 and not process_queue.dropped:
            self.default_mq_push_consumer_impl.offset_store.update_offset(consume_request.message_queue, offset,
                                                                          True)

    def get_consumer_stats_manager(self) -> "ConsumerStatsManager":
        """Java ``getConsumerStatsManager``."""
        return self.default_mq_push_consumer_impl.get_consumer_stats_manager()

    def send_message_back(self, msg: "MessageExt", context: ConsumeConcurrentlyContext) -> bool:
        """Java ``sendMessageBack``: send ``msg`` back with the context's delay level (the topic wrapped with the
        namespace first); False, logged, when it fails."""
        delay_level = context.get_delay_level_when_next_consume()
        msg.set_topic(self.default_mq_push_consumer.with_namespace(msg.get_topic()))
        try:
            self.default_mq_push_consumer_impl.send_message_back(msg, delay_level,
                                                                 context.message_queue.get_broker_name())
            return True
        except Exception:
            log.error("sendMessageBack exception, group: %s msg: %s", self.consumer_group, msg, exc_info=True)
        return False

    def _submit_consume_request_later(self, msgs: List["MessageExt"], process_queue: "ProcessQueue",
                                      message_queue: MessageQueue) -> None:
        """Java ``submitConsumeRequestLater(msgs, processQueue, messageQueue)``: resubmit in 5 s."""
        self._schedule(lambda: self.submit_consume_request(msgs, process_queue, message_queue, True), 5000)

    def _submit_consume_request_later_request(self, consume_request: "ConsumeRequest") -> None:
        """Java ``submitConsumeRequestLater(consumeRequest)``: resubmit in 5 s."""
        self._schedule(lambda: self.consume_executor.execute(consume_request.run), 5000)

    def _schedule(self, task: Callable[[], Any], delay_millis: int) -> None:
        try:
            self.scheduled_executor_service.schedule(task, delay_millis)
        except RuntimeError:
            log.warning("consume service of %s is shut down, consume request dropped", self.consumer_group)


def consume_message_directly(impl: "DefaultMQPushConsumerImpl", message_listener: "MessageListenerConcurrently",
                             consumer_group: str, msg: "MessageExt",
                             broker_name: Optional[str]) -> ConsumeMessageDirectlyResult:
    """Java ``consumeMessageDirectly`` of the two concurrent services (pull and, 5.3.3, POP; Java writes it out in
    each): run the listener on ``msg`` now (CONSUME_MESSAGE_DIRECTLY from an admin tool)."""
    result = ConsumeMessageDirectlyResult()
    result.set_order(False)
    result.set_auto_commit(True)
    msgs = [msg]
    mq = MessageQueue()
    mq.set_broker_name(broker_name)
    mq.set_topic(msg.get_topic())
    mq.set_queue_id(msg.get_queue_id())
    context = ConsumeConcurrentlyContext(mq)
    impl.reset_retry_and_namespace(msgs, consumer_group)
    begin_time = _time()
    log.info("consumeMessageDirectly receive new message: %s", msg)
    try:
        status = message_listener.consume_message(msgs, context)
        if status is not None:
            if status is _CONSUME_SUCCESS:
                result.set_consume_result(CMResult.CR_SUCCESS)
            elif status is _RECONSUME_LATER:
                result.set_consume_result(CMResult.CR_LATER)
        else:
            result.set_consume_result(CMResult.CR_RETURN_NULL)
    except Exception as e:
        result.set_consume_result(CMResult.CR_THROW_EXCEPTION)
        result.set_remark(RemotingHelper.exception_simple_desc(e))
        log.warning("consumeMessageDirectly exception: %s Group: %s Msgs: %s MQ: %s",
                    RemotingHelper.exception_simple_desc(e), consumer_group, msgs, mq, exc_info=True)
    result.set_spent_time_mills(int((_time() - begin_time) * 1000))
    log.info("consumeMessageDirectly Result: %s", result)
    return result


def _return_type(status: Optional[ConsumeConcurrentlyStatus], has_exception: bool, consume_rt: int,
                 consume_timeout_minutes: int) -> ConsumeReturnType:
    """How a listener call ended, for the consume hooks' ``ConsumeContextType``."""
    if status is None:
        return ConsumeReturnType.EXCEPTION if has_exception else ConsumeReturnType.RETURNNULL
    if consume_rt >= consume_timeout_minutes * 60 * 1000:
        return ConsumeReturnType.TIME_OUT
    if status is _RECONSUME_LATER:
        return ConsumeReturnType.FAILED
    return ConsumeReturnType.SUCCESS


class ConsumeRequest(Bean):
    """Java ``ConsumeMessageConcurrentlyService.ConsumeRequest``: one listener call on a batch of one queue."""

    msgs = Prop(ListOf(MessageExt), required=True)
    process_queue = Prop(ProcessQueue, required=True)
    message_queue = Prop(MessageQueue, required=True)

    def get_msgs(self) -> List[MessageExt]: return self.msgs
    def set_msgs(self, msgs: Optional[List[MessageExt]]) -> None: self.msgs = msgs
    def get_process_queue(self) -> ProcessQueue: return self.process_queue
    def set_process_queue(self, process_queue: Optional[ProcessQueue]) -> None: self.process_queue = process_queue
    def get_message_queue(self) -> MessageQueue: return self.message_queue
    def set_message_queue(self, message_queue: Optional[MessageQueue]) -> None: self.message_queue = message_queue

    def __init__(self, service: ConsumeMessageConcurrentlyService, msgs: List["MessageExt"],
                 process_queue: "ProcessQueue", message_queue: MessageQueue) -> None:
        self.service = service
        self.msgs = msgs
        self.process_queue = process_queue
        self.message_queue = message_queue

    def run(self) -> None:
        """Java ``run``: reset retry topics and namespace, run the hooks around the listener, classify the
        outcome (an exception or None is RECONSUME_LATER) and process the result unless the queue was dropped."""
        service = self.service
        process_queue = self.process_queue
        message_queue = self.message_queue
        msgs = self.msgs
        if process_queue.dropped:
            log.info("the message queue not be able to consume, because it's dropped. group=%s %s",
                     service.consumer_group, message_queue)
            return
        impl = service.default_mq_push_consumer_impl
        consumer = service.default_mq_push_consumer
        context = ConsumeConcurrentlyContext(consumer.queue_without_namespace(message_queue))
        status: Any = None
        impl.reset_retry_and_namespace(msgs, service.consumer_group)

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
        if has_hook:
            consume_message_context.get_props()[MixAll.CONSUME_CONTEXT_TYPE] = _return_type(  # type: ignore
                status, has_exception, consume_rt, consumer.consume_timeout).name

        if status is not _CONSUME_SUCCESS and status is not _RECONSUME_LATER:
            if status is None and has_exception:
                pass  # the listener's exception is reported above, once (Java also warns "return null")
            elif status is None:
                log.warning("consumeMessage return null, Group: %s Msgs: %s MQ: %s", service.consumer_group, msgs,
                            message_queue)
            else:
                log.warning("consumeMessage returned %r, not a ConsumeConcurrentlyStatus: RECONSUME_LATER. Group: %s "
                            "MQ: %s", status, service.consumer_group, message_queue)
            status = _RECONSUME_LATER

        if has_hook:
            consume_message_context.set_status(status.name)  # type: ignore[union-attr]
            consume_message_context.set_success(status is _CONSUME_SUCCESS)  # type: ignore[union-attr]
            consume_message_context.set_access_channel(consumer.get_access_channel())  # type: ignore[union-attr]
            impl.execute_hook_after(consume_message_context)  # type: ignore[arg-type]

        service.get_consumer_stats_manager().inc_consume_rt(service.consumer_group, message_queue.topic, consume_rt)

        if not process_queue.dropped:
            service.process_consume_result(status, context, self)
        else:
            log.warning("processQueue is dropped without process consume result. messageQueue=%s, msgs=%s",
                        message_queue, msgs)
