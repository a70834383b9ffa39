"""Java ``org.apache.rocketmq.client.impl.consumer.ConsumeMessageOrderlyService``: the messages of each queue
consumed one batch at a time, in queue order, by whichever consume thread holds the queue's local lock, while the
queue is locked on its broker (clustering: LOCK_BATCH_MQ renewed every ``REBALANCE_LOCK_INTERVAL``)."""
from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING, Any, Callable, List, Optional

from rocketmq_client.consumer.listener.consume_orderly_context import ConsumeOrderlyContext
from rocketmq_client.consumer.listener.consume_orderly_status import ConsumeOrderlyStatus
from rocketmq_client.consumer.listener.consume_return_type import ConsumeReturnType
from rocketmq_client.hook.consume_message_context import ConsumeMessageContext
from rocketmq_client.impl.consumer.consume_message_service import (ConsumeMessageService, ConsumeThreadPoolExecutor,
                                                                   consume_thread_prefix, shutdown_gracefully)
from rocketmq_client.impl.consumer.message_queue_lock import MessageQueueLock
from rocketmq_client.impl.consumer.process_queue import ProcessQueue
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.cm_result import CMResult
from rocketmq_common.protocol.body.consume_message_directly_result import ConsumeMessageDirectlyResult
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.namespace_util import NamespaceUtil
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.common.scheduled_executor import ScheduledExecutor
from rocketmq_remoting.netty.netty_system_config import get_system_property

if TYPE_CHECKING:
    from rocketmq_client.consumer.listener.message_listener import MessageListenerOrderly
    from rocketmq_client.impl.consumer.default_mq_push_consumer_impl import DefaultMQPushConsumerImpl
    from rocketmq_client.stat.consumer_stats_manager import ConsumerStatsManager
    from rocketmq_common.message.message_ext import MessageExt

__all__ = ["ConsumeMessageOrderlyService", "ConsumeRequest"]

log = logging.getLogger(__name__)

#: Java ``rocketmq.client.maxTimeConsumeContinuously`` (ms): one consume request yields the queue after this long
MAX_TIME_CONSUME_CONTINUOUSLY = int(get_system_property("rocketmq.client.maxTimeConsumeContinuously",
                                                        "ROCKETMQ_CLIENT_MAX_TIME_CONSUME_CONTINUOUSLY", "60000")
                                    or 60000)

#: Java ``Integer.MAX_VALUE``
_INTEGER_MAX_VALUE = 2 ** 31 - 1

_SUCCESS = ConsumeOrderlyStatus.SUCCESS
_COMMIT = ConsumeOrderlyStatus.COMMIT
_ROLLBACK = ConsumeOrderlyStatus.ROLLBACK
_SUSPEND = ConsumeOrderlyStatus.SUSPEND_CURRENT_QUEUE_A_MOMENT


def _now_millis() -> int:
    return int(time.time() * 1000)


class ConsumeMessageOrderlyService(ConsumeMessageService):
    """See the module docstring."""

    def __init__(self, default_mq_push_consumer_impl: "DefaultMQPushConsumerImpl",
                 message_listener: "MessageListenerOrderly") -> None:
        self.default_mq_push_consumer_impl = default_mq_push_consumer_impl
        self.message_listener = message_listener
        self.default_mq_push_consumer = default_mq_push_consumer_impl.get_default_mq_push_consumer()
        self.consumer_group: str = self.default_mq_push_consumer.get_consumer_group()
        consumer = self.default_mq_push_consumer
        self.consume_executor = ConsumeThreadPoolExecutor(consumer.get_consume_thread_min(),
                                                          consumer.get_consume_thread_max(), None,
                                                          consume_thread_prefix(self.consumer_group), 60.0)
        self.scheduled_executor_service = ScheduledExecutor("ConsumeMessageScheduledThread_")
        self.message_queue_lock = MessageQueueLock()
        self.stopped = False
        self._lock = threading.RLock()  # Java synchronized methods

    def _is_clustering(self) -> bool:
        return self.default_mq_push_consumer_impl.message_model() is MessageModel.CLUSTERING

    def start(self) -> None:
        """Java ``start``: in clustering, lock the assigned queues on their brokers every
        ``ProcessQueue.REBALANCE_LOCK_INTERVAL`` ms, first after 1 s."""
        if self._is_clustering():
            self.scheduled_executor_service.schedule_at_fixed_rate(self._lock_mq_periodically_task, 1000,
                                                                   ProcessQueue.REBALANCE_LOCK_INTERVAL)

    def _lock_mq_periodically_task(self) -> None:
        try:
            self.lock_mq_periodically()
        except Exception:
            log.error("scheduleAtFixedRate lockMQPeriodically exception", exc_info=True)

    def shutdown(self, await_terminate_millis: int) -> None:
        """Java ``shutdown``: stop locking, wait for the consume requests, then unlock every queue (clustering)."""
        self.stopped = True
        self.scheduled_executor_service.shutdown()
        shutdown_gracefully(self.consume_executor, await_terminate_millis)
        if self._is_clustering():
            self.unlock_all_mq()

    def unlock_all_mq(self) -> None:
        """Java ``unlockAllMQ``."""
        with self._lock:
            self.default_mq_push_consumer_impl.get_rebalance_impl().unlock_all(False)

    def update_core_pool_size(self, core_pool_size: int) -> None:
        """Java ``updateCorePoolSize``."""
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
        result = ConsumeMessageDirectlyResult()
        result.set_order(True)
        msgs = [msg]
        mq = MessageQueue()
        mq.set_broker_name(broker_name)
        mq.set_topic(msg.get_topic())
        mq.set_queue_id(msg.get_queue_id())
        context = ConsumeOrderlyContext(mq)
        self.default_mq_push_consumer_impl.reset_retry_and_namespace(msgs, self.consumer_group)
        begin_time = time.time()
        log.info("consumeMessageDirectly receive new message: %s", msg)
        try:
            status = self.message_listener.consume_message(msgs, context)
            if status is not None:
                if status is _COMMIT:
                    result.set_consume_result(CMResult.CR_COMMIT)
                elif status is _ROLLBACK:
                    result.set_consume_result(CMResult.CR_ROLLBACK)
                elif status is _SUCCESS:
                    result.set_consume_result(CMResult.CR_SUCCESS)
                elif status is _SUSPEND:
                    result.set_consume_result(CMResult.CR_LATER)
            else:
                result.set_consume_result(CMResult.CR_RETURN_NULL)
        except Exception as e:
            result.set_consume_result(CMResult.CR_THROW_EXCEPTION)
            result.set_remark(RemotingHelper.exception_simple_desc(e))
            log.warning("consumeMessageDirectly exception: %s Group: %s Msgs: %s MQ: %s",
                        RemotingHelper.exception_simple_desc(e), self.consumer_group, msgs, mq, exc_info=True)
        result.set_auto_commit(context.is_auto_commit())
        result.set_spent_time_mills(int((time.time() - begin_time) * 1000))
        log.info("consumeMessageDirectly Result: %s", result)
        return result

    def submit_consume_request(self, msgs: Optional[List["MessageExt"]], process_queue: ProcessQueue,
                               message_queue: MessageQueue, dispatch_to_consume: bool) -> None:
        """Java ``submitConsumeRequest``: one consume request per queue, only when the process queue asks for it
        (the request then drains the queue)."""
        if dispatch_to_consume:
            self.consume_executor.execute(ConsumeRequest(self, process_queue, message_queue).run)

    def lock_mq_periodically(self) -> None:
        """Java ``lockMQPeriodically``."""
        with self._lock:
            if not self.stopped:
                self.default_mq_push_consumer_impl.get_rebalance_impl().lock_all()

    def try_lock_later_and_reconsume(self, mq: MessageQueue, process_queue: ProcessQueue, delay_mills: int) -> None:
        """Java ``tryLockLaterAndReconsume``: after ``delay_mills`` lock ``mq`` on its broker and consume again
        (in 10 ms when locked, else in 3 s)."""
        def task() -> None:
            lock_ok = self.lock_one_mq(mq)
            self._submit_consume_request_later(process_queue, mq, 10 if lock_ok else 3000)

        self._schedule(task, delay_mills)

    def lock_one_mq(self, mq: MessageQueue) -> bool:
        """Java ``lockOneMQ``."""
        with self._lock:
            if not self.stopped:
                return self.default_mq_push_consumer_impl.get_rebalance_impl().lock(mq)
        return False

    def _submit_consume_request_later(self, process_queue: ProcessQueue, message_queue: MessageQueue,
                                      suspend_time_millis: int) -> None:
        """Java ``submitConsumeRequestLater``: -1 means the consumer's ``suspendCurrentQueueTimeMillis``; the
        delay is kept within [10, 30000] ms."""
        time_millis = suspend_time_millis
        if time_millis == -1:
            time_millis = self.default_mq_push_consumer.get_suspend_current_queue_time_millis()
        time_millis = min(max(time_millis, 10), 30000)
        self._schedule(lambda: self.submit_consume_request(None, process_queue, message_queue, True), time_millis)

    def _schedule(self, task: Callable[[], Any], delay_millis: int) -> None:
        try:
            self.scheduled_executor_service.schedule(task, delay_millis)
        except RuntimeError:
            log.info("consume service of %s is shut down, delayed consume request dropped", self.consumer_group)

    def process_consume_result(self, msgs: List["MessageExt"], status: ConsumeOrderlyStatus,
                               context: ConsumeOrderlyContext, consume_request: "ConsumeRequest") -> bool:
        """Java ``processConsumeResult``: commit, roll back or suspend the queue; True to keep consuming."""
        continue_consume = True
        commit_offset = -1
        process_queue = consume_request.process_queue
        message_queue = consume_request.message_queue
        stats = self.get_consumer_stats_manager()
        if context.is_auto_commit():
            if status is _COMMIT or status is _ROLLBACK:
                log.warning("the message queue consume result is illegal, we think you want to ack these message %s",
                            message_queue)
            if status is _SUCCESS or status is _COMMIT or status is _ROLLBACK:
                commit_offset = process_queue.commit()
                stats.inc_consume_ok_tps(self.consumer_group, message_queue.topic, len(msgs))
            elif status is _SUSPEND:
                stats.inc_consume_failed_tps(self.consumer_group, message_queue.topic, len(msgs))
                if self._check_reconsume_times(msgs):
                    process_queue.make_message_to_consume_again(msgs)
                    self._submit_consume_request_later(process_queue, message_queue,
                                                       context.get_suspend_current_queue_time_millis())
                    continue_consume = False
                else:
                    commit_offset = process_queue.commit()
        else:
            if status is _SUCCESS:
                stats.inc_consume_ok_tps(self.consumer_group, message_queue.topic, len(msgs))
            elif status is _COMMIT:
                commit_offset = process_queue.commit()
            elif status is _ROLLBACK:
                process_queue.rollback()
                self._submit_consume_request_later(process_queue, message_queue,
                                                   context.get_suspend_current_queue_time_millis())
                continue_consume = False
            elif status is _SUSPEND:
                stats.inc_consume_failed_tps(self.consumer_group, message_queue.topic, len(msgs))
                if self._check_reconsume_times(msgs):
                    process_queue.make_message_to_consume_again(msgs)
                    self._submit_consume_request_later(process_queue, message_queue,
                                                       context.get_suspend_current_queue_time_millis())
                    continue_consume = False
        if commit_offset >= 0 and not process_queue.dropped:
            self.default_mq_push_consumer_impl.offset_store.update_offset(message_queue, commit_offset, False)
        return continue_consume

    def get_consumer_stats_manager(self) -> "ConsumerStatsManager":
        """Java ``getConsumerStatsManager``."""
        return self.default_mq_push_consumer_impl.get_consumer_stats_manager()

    def _get_max_reconsume_times(self) -> int:
        """Java ``getMaxReconsumeTimes``: -1 means ``Integer.MAX_VALUE``."""
        max_reconsume_times = self.default_mq_push_consumer.get_max_reconsume_times()
        return _INTEGER_MAX_VALUE if max_reconsume_times == -1 else max_reconsume_times

    def _check_reconsume_times(self, msgs: List["MessageExt"]) -> bool:
        """Java ``checkReconsumeTimes``: messages past the max are sent to the retry topic (then the DLQ by the
        broker); True when some message must be consumed again (its reconsume count is incremented)."""
        suspend = False
        for msg in msgs:
            if msg.get_reconsume_times() >= self._get_max_reconsume_times():
                MessageAccessor.set_reconsume_time(msg, str(msg.get_reconsume_times()))
                if not self.send_message_back(msg):
                    suspend = True
                    msg.set_reconsume_times(msg.get_reconsume_times() + 1)
            else:
                suspend = True
                msg.set_reconsume_times(msg.get_reconsume_times() + 1)
        return suspend

    def send_message_back(self, msg: "MessageExt") -> bool:
        """Java ``sendMessageBack``: a message past its max reconsume times is sent through the instance's inner
        producer to the group's retry topic with RECONSUME_TIME = its count, so the broker moves it to the DLQ."""
        try:
            new_msg = Message(MixAll.get_retry_topic(self.default_mq_push_consumer.get_consumer_group()),
                              msg.get_body())
            MessageAccessor.set_properties(new_msg, msg.get_properties())
            origin_msg_id = MessageAccessor.get_origin_message_id(msg)
            if UtilAll.is_blank(origin_msg_id):
                origin_msg_id = msg.get_msg_id()
            if origin_msg_id is not None:  # Java stores null, which the property encoding skips
                MessageAccessor.set_origin_message_id(new_msg, origin_msg_id)
            new_msg.set_flag(msg.get_flag())
            MessageAccessor.put_property(new_msg, MessageConst.PROPERTY_RETRY_TOPIC, msg.get_topic())
            MessageAccessor.set_reconsume_time(new_msg, str(msg.get_reconsume_times()))
            MessageAccessor.set_max_reconsume_times(new_msg, str(self._get_max_reconsume_times()))
            MessageAccessor.clear_property(new_msg, MessageConst.PROPERTY_TRANSACTION_PREPARED)
            new_msg.set_delay_time_level(3 + msg.get_reconsume_times())
            self.default_mq_push_consumer_impl.mq_client_factory.get_default_mq_producer().send(new_msg)
            return True
        except Exception:
            log.error("sendMessageBack exception, group: %s msg: %s", self.consumer_group, msg, exc_info=True)
        return False

    def reset_namespace(self, msgs: List["MessageExt"]) -> None:
        """Java ``resetNamespace``."""
        namespace = self.default_mq_push_consumer.get_namespace()
        if namespace:
            for msg in msgs:
                msg.set_topic(NamespaceUtil.without_namespace(msg.get_topic(), namespace))


class ConsumeRequest(Bean):
    """Java ``ConsumeMessageOrderlyService.ConsumeRequest``: drains one queue in order while it stays locked."""

    process_queue = Prop(ProcessQueue, required=True)
    message_queue = Prop(MessageQueue, required=True)

    def get_process_queue(self) -> ProcessQueue: return self.process_queue
    def set_process_queue(self, process_queue: Optional[ProcessQueue]) -> None: self.process_queue = process_queue
    def get_message_queue(self) -> MessageQueue: return self.message_queue
    def set_message_queue(self, message_queue: Optional[MessageQueue]) -> None: self.message_queue = message_queue

    def __init__(self, service: ConsumeMessageOrderlyService, process_queue: ProcessQueue,
                 message_queue: MessageQueue) -> None:
        self.service = service
        self.process_queue = process_queue
        self.message_queue = message_queue

    def run(self) -> None:
        """Java ``run``."""
        service = self.service
        process_queue = self.process_queue
        message_queue = self.message_queue
        if process_queue.dropped:
            log.warning("run, the message queue not be able to consume, because it's dropped. %s", message_queue)
            return
        clustering = service._is_clustering()
        with service.message_queue_lock.fetch_lock_object(message_queue):
            if not clustering or (process_queue.is_locked() and not process_queue.is_lock_expired()):
                self._consume_locked(clustering)
            else:
                if process_queue.dropped:
                    log.warning("the message queue not be able to consume, because it's dropped. %s", message_queue)
                    return
                service.try_lock_later_and_reconsume(message_queue, process_queue, 100)

    def _consume_locked(self, clustering: bool) -> None:
        service = self.service
        process_queue = self.process_queue
        message_queue = self.message_queue
        impl = service.default_mq_push_consumer_impl
        consumer = service.default_mq_push_consumer
        begin_time = time.time()
        continue_consume = True
        while continue_consume:
            if process_queue.dropped:
                log.warning("the message queue not be able to consume, because it's dropped. %s", message_queue)
                break
            if clustering and not process_queue.is_locked():
                log.warning("the message queue not locked, so consume later, %s", message_queue)
                service.try_lock_later_and_reconsume(message_queue, process_queue, 10)
                break
            if clustering and process_queue.is_lock_expired():
                log.warning("the message queue lock expired, so consume later, %s", message_queue)
                service.try_lock_later_and_reconsume(message_queue, process_queue, 10)
                break
            if (time.time() - begin_time) * 1000 > MAX_TIME_CONSUME_CONTINUOUSLY:
                service._submit_consume_request_later(process_queue, message_queue, 10)
                break
            msgs = process_queue.take_messages(consumer.consume_message_batch_max_size)
            impl.reset_retry_and_namespace(msgs, consumer.get_consumer_group())
            if not msgs:
                break
            context = ConsumeOrderlyContext(consumer.queue_without_namespace(message_queue))
            status = None
            consume_message_context = None
            has_hook = impl.has_hook()
            if has_hook:
                consume_message_context = ConsumeMessageContext()
                consume_message_context.set_consumer_group(consumer.get_consumer_group())
                consume_message_context.set_namespace(consumer.get_namespace())
                consume_message_context.set_mq(message_queue)
                consume_message_context.set_msg_list(msgs)
                consume_message_context.set_success(False)
                consume_message_context.set_props({})
                impl.execute_hook_before(consume_message_context)

            begin_timestamp = time.time()
            has_exception = False
            with process_queue.consume_lock:
                if process_queue.dropped:
                    log.warning("consumeMessage, the message queue not be able to consume, because it's dropped. %s",
                                message_queue)
                    break
                try:
                    status = service.message_listener.consume_message(list(msgs), context)
                except Exception as e:
                    log.warning("consumeMessage exception: %s Group: %s Msgs: %s MQ: %s",
                                RemotingHelper.exception_simple_desc(e), service.consumer_group, msgs, message_queue,
                                exc_info=True)
                    has_exception = True
            if status is not None and not isinstance(status, ConsumeOrderlyStatus):
                log.warning("consumeMessage returned %r, not a ConsumeOrderlyStatus", status)
                status = None
            if (status is None and not has_exception) or status is _ROLLBACK or status is _SUSPEND:
                log.warning("consumeMessage Orderly return not OK, Group: %s Msgs: %s MQ: %s", service.consumer_group,
                            msgs, message_queue)
            consume_rt = int((time.time() - begin_timestamp) * 1000)
            if status is None:
                return_type = ConsumeReturnType.EXCEPTION if has_exception else ConsumeReturnType.RETURNNULL
            elif consume_rt >= consumer.consume_timeout * 60 * 1000:
                return_type = ConsumeReturnType.TIME_OUT
            elif status is _SUSPEND:
                return_type = ConsumeReturnType.FAILED
            else:
                return_type = ConsumeReturnType.SUCCESS
            if has_hook:
                consume_message_context.get_props()[MixAll.CONSUME_CONTEXT_TYPE] = return_type.name  # type: ignore
            if status is None:
                status = _SUSPEND
            if has_hook:
                consume_message_context.set_status(status.name)  # type: ignore[union-attr]
                consume_message_context.set_success(status is _SUCCESS or status is _COMMIT)  # type: ignore
                consume_message_context.set_access_channel(consumer.get_access_channel())  # type: ignore
                impl.execute_hook_after(consume_message_context)  # type: ignore[arg-type]
            service.get_consumer_stats_manager().inc_consume_rt(service.consumer_group, message_queue.topic,
                                                                consume_rt)
            continue_consume = service.process_consume_result(msgs, status, context, self)
