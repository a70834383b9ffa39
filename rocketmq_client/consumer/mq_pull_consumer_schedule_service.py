"""Java ``org.apache.rocketmq.client.consumer.MQPullConsumerScheduleService``: runs a :class:`PullTaskCallback`
per assigned queue, again and again, on ``pull_thread_nums`` threads named ``PullMsgThread-<group><n>``.

::

    service = MQPullConsumerScheduleService("GroupName")
    service.get_default_mq_pull_consumer().set_namesrv_addr("127.0.0.1:9876")
    service.register_pull_task_callback("TopicTest", callback)   # callback.do_pull_task(mq, context)
    service.start()
    ...
    service.shutdown()
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Dict, Optional, Set

from rocketmq_client.consumer.default_mq_pull_consumer import DefaultMQPullConsumer
from rocketmq_client.consumer.message_queue_listener import MessageQueueListener
from rocketmq_client.consumer.pull_task_callback import as_pull_task_callback
from rocketmq_client.consumer.pull_task_context import PullTaskContext
from rocketmq_client.consumer.pull_task_callback import PullTaskCallback
from rocketmq_remoting.common.bean import Bean, MapOf, Prop, java_string
from rocketmq_remoting.common.scheduled_thread_pool_executor import ScheduledThreadPoolExecutor
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.namespace_util import NamespaceUtil
from rocketmq_remoting.common.thread_pool import RejectedExecutionException, ThreadFactoryImpl

if TYPE_CHECKING:
    from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["MQPullConsumerScheduleService"]

log = logging.getLogger(__name__)

#: how long :meth:`MQPullConsumerScheduleService.shutdown` waits for running pull tasks (s)
_AWAIT_PULL_THREADS_SECONDS = 5.0


class _MessageQueueListenerImpl(MessageQueueListener):
    """Java ``MessageQueueListenerImpl``: (re)start the pull tasks of the queues now assigned."""

    __slots__ = ("_service",)

    def __init__(self, service: "MQPullConsumerScheduleService") -> None:
        self._service = service

    def message_queue_changed(self, topic: str, mq_all: Set["MessageQueue"], mq_divided: Set["MessageQueue"]) -> None:
        message_model = self._service.get_default_mq_pull_consumer().get_message_model()
        if message_model == MessageModel.BROADCASTING:
            self._service.put_task(topic, mq_all)
        elif message_model == MessageModel.CLUSTERING:
            self._service.put_task(topic, mq_divided)


class PullTaskImpl(Bean):
    """Java ``MQPullConsumerScheduleService.PullTaskImpl``: one queue's task; it reschedules itself after each
    run with the delay the callback chose (1 s after an exception) until cancelled."""

    cancelled = Prop(bool, False)
    message_queue = Prop(MessageQueue, required=True)

    def get_cancelled(self) -> bool: return self.cancelled
    def is_cancelled(self) -> bool: return self.cancelled
    def set_cancelled(self, cancelled: bool) -> None: self.cancelled = cancelled
    def get_message_queue(self) -> MessageQueue: return self.message_queue
    def set_message_queue(self, message_queue: Optional[MessageQueue]) -> None: self.message_queue = message_queue

    def __init__(self, service: "MQPullConsumerScheduleService", message_queue: "MessageQueue") -> None:
        self._service = service
        self.message_queue = message_queue
        self.cancelled = False

    def __call__(self) -> None:
        topic = self.message_queue.get_topic()
        if self.cancelled:
            log.warning("The Pull Task is cancelled, %s", self.message_queue)
            return
        service = self._service
        pull_task_callback = service.get_callback_table().get(topic)
        if pull_task_callback is None:
            log.warning("Pull Task Callback not exist , %s", topic)
            return
        context = PullTaskContext()
        context.set_pull_consumer(service.get_default_mq_pull_consumer())
        try:
            pull_task_callback.do_pull_task(self.message_queue, context)
        except Exception:
            context.set_pull_next_delay_time_millis(1000)
            log.error("doPullTask Exception", exc_info=True)
        if not self.cancelled:
            try:
                # a negative delay (the callback's choice) means now, as in Java
                service.scheduled_thread_pool_executor.schedule(  # type: ignore[union-attr]
                    self, max(0, context.get_pull_next_delay_time_millis()))
            except RejectedExecutionException:
                log.debug("pull task of %s not rescheduled: the service is shut down", self.message_queue)
        else:
            log.warning("The Pull Task is cancelled after doPullTask, %s", self.message_queue)

    def __repr__(self) -> str:
        return "PullTaskImpl [%s, cancelled=%s]" % (self.message_queue, java_string(self.cancelled))


class MQPullConsumerScheduleService(Bean):
    """Java ``org.apache.rocketmq.client.consumer.MQPullConsumerScheduleService``: a pull consumer that runs the
    registered :class:`PullTaskCallback` of a topic for each queue assigned to it, again and again, on
    ``pull_thread_nums`` (20) threads named ``PullMsgThread-<group><n>``.

    ::

        service = MQPullConsumerScheduleService("my_group")
        service.get_default_mq_pull_consumer().set_namesrv_addr("127.0.0.1:9876")
        service.register_pull_task_callback("MyTopic", callback)   # callback.do_pull_task(mq, context)
        service.start()
        ...
        service.shutdown()

    The callback pulls with ``context.get_pull_consumer()`` and sets the delay before its next run with
    ``context.set_pull_next_delay_time_millis``; an exception delays the next run by 1 s.
    """

    pull_thread_nums = Prop(int, 20)
    default_mq_pull_consumer = Prop(DefaultMQPullConsumer, required=True)

    def get_pull_thread_nums(self) -> int: return self.pull_thread_nums
    def set_pull_thread_nums(self, pull_thread_nums: int) -> None: self.pull_thread_nums = pull_thread_nums
    def get_default_mq_pull_consumer(self) -> DefaultMQPullConsumer: return self.default_mq_pull_consumer
    def set_default_mq_pull_consumer(self, default_mq_pull_consumer: Optional[DefaultMQPullConsumer]) -> None:
        self.default_mq_pull_consumer = default_mq_pull_consumer
    def get_callback_table(self) -> Dict[str, PullTaskCallback]: return self.callback_table
    def set_callback_table(self, callback_table: Dict[str, PullTaskCallback]) -> None:
        self.callback_table = callback_table
    # (a MapOf Prop is a Prop[Any]: the annotation gives its reads their type)
    callback_table: Prop[Dict[str, PullTaskCallback]] = Prop(MapOf(str, PullTaskCallback), {})

    def __init__(self, consumer_group: str, rpc_hook: Optional["RPCHook"] = None) -> None:
        super().__init__()  # the declared defaults
        self.message_queue_listener: MessageQueueListener = _MessageQueueListenerImpl(self)
        self.task_table: Dict["MessageQueue", PullTaskImpl] = {}
        self.default_mq_pull_consumer = DefaultMQPullConsumer(consumer_group, rpc_hook)
        self.default_mq_pull_consumer.set_message_model(MessageModel.CLUSTERING)
        self.pull_thread_nums = 20
        self.scheduled_thread_pool_executor: Optional[ScheduledThreadPoolExecutor] = None

    def put_task(self, topic: str, mq_new_set: Set["MessageQueue"]) -> None:
        """Java ``putTask``: cancel the tasks of ``topic``'s queues not in ``mq_new_set``, start the missing
        ones."""
        for mq in list(self.task_table):
            if mq.get_topic() == topic and mq not in mq_new_set:
                task = self.task_table.pop(mq, None)
                if task is not None:
                    task.set_cancelled(True)
        for mq in mq_new_set:
            if mq not in self.task_table:
                command = PullTaskImpl(self, mq)
                self.task_table[mq] = command
                self.scheduled_thread_pool_executor.schedule(command, 0)  # type: ignore[union-attr]

    def start(self) -> None:
        """Java ``start``: create the pull threads' pool, install the queue listener and start the consumer."""
        group = self.default_mq_pull_consumer.get_consumer_group()
        self.scheduled_thread_pool_executor = ScheduledThreadPoolExecutor(
            self.pull_thread_nums, ThreadFactoryImpl("PullMsgThread-" + group))
        self.default_mq_pull_consumer.set_message_queue_listener(self.message_queue_listener)
        self.default_mq_pull_consumer.start()
        log.info("MQPullConsumerScheduleService start OK, %s %s", self.default_mq_pull_consumer.get_consumer_group(),
                 self.callback_table)

    def register_pull_task_callback(self, topic: str, callback: Any) -> None:
        """Java ``registerPullTaskCallback``: ``callback`` (a PullTaskCallback or a function ``(mq, context)``)
        pulls the queues of ``topic`` assigned to this consumer."""
        self.callback_table[NamespaceUtil.wrap_namespace(self.default_mq_pull_consumer.get_namespace(), topic)] = \
            as_pull_task_callback(callback)
        self.default_mq_pull_consumer.register_message_queue_listener(topic, None)

    def shutdown(self) -> None:
        """Java ``shutdown``: stop the pool (running tasks finish; this waits a few seconds for them), then the
        consumer."""
        executor = self.scheduled_thread_pool_executor
        if executor is not None:
            executor.shutdown()
            if not executor.await_termination(_AWAIT_PULL_THREADS_SECONDS):
                log.warning("MQPullConsumerScheduleService: pull tasks still running after %.0f s",
                            _AWAIT_PULL_THREADS_SECONDS)
        if self.default_mq_pull_consumer is not None:
            self.default_mq_pull_consumer.shutdown()

    def __enter__(self) -> "MQPullConsumerScheduleService":
        self.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.shutdown()

    # ------------------------------------------------------------------ accessors

    def get_message_model(self) -> MessageModel:
        """Java ``getMessageModel``."""
        return self.default_mq_pull_consumer.get_message_model()

    def set_message_model(self, message_model: MessageModel) -> None:
        """Java ``setMessageModel``."""
        self.default_mq_pull_consumer.set_message_model(message_model)
