"""Java ``org.apache.rocketmq.client.impl.consumer.PullMessageService`` (5.3.3): the single thread that runs the push
consumers' pull requests and (POP mode) pop requests."""
from __future__ import annotations

import logging
import queue
from typing import TYPE_CHECKING, Any, Callable

from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_common.service_thread import ServiceThread
from rocketmq_remoting.common.scheduled_executor import ScheduledExecutor

if TYPE_CHECKING:
    from rocketmq_client.impl.consumer.pop_request import PopRequest
    from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance

__all__ = ["PullMessageService"]

log = logging.getLogger(__name__)

#: wakes the service thread at shutdown (Java interrupts ``take()``)
_STOP = object()
_POP = MessageRequestMode.POP


class PullMessageService(ServiceThread):
    """Takes message requests from a queue and hands each to its push consumer: a ``PullRequest`` to
    ``pull_message``, a ``PopRequest`` to ``pop_message`` (Java ``MessageRequest.getMessageRequestMode``); delayed
    ones go through ``PullMessageServiceScheduledThread``."""

    def __init__(self, mq_client_factory: "MQClientInstance") -> None:
        super().__init__()
        self.mq_client_factory = mq_client_factory
        #: Java's unbounded ``LinkedBlockingQueue`` (the C ``SimpleQueue``: no Python-level lock per put / take)
        self.pull_request_queue: "queue.SimpleQueue[Any]" = queue.SimpleQueue()
        self.scheduled_executor_service = ScheduledExecutor("PullMessageServiceScheduledThread",
                                                            join_timeout_seconds=1.0)

    def execute_pull_request_later(self, pull_request: Any, time_delay: int) -> None:
        """Java ``executePullRequestLater``: queue ``pull_request`` after ``time_delay`` ms."""
        if not self.is_stopped():
            self.scheduled_executor_service.schedule(
                lambda: self.execute_pull_request_immediately(pull_request), time_delay)
        else:
            log.warning("PullMessageServiceScheduledThread has shutdown")

    def execute_pull_request_immediately(self, pull_request: Any) -> None:
        """Java ``executePullRequestImmediately``."""
        self.pull_request_queue.put(pull_request)

    def execute_pop_pull_request_later(self, pop_request: "PopRequest", time_delay: int) -> None:
        """Java ``executePopPullRequestLater``: queue ``pop_request`` after ``time_delay`` ms."""
        if not self.is_stopped():
            self.scheduled_executor_service.schedule(
                lambda: self.execute_pop_pull_request_immediately(pop_request), time_delay)
        else:
            log.warning("PullMessageServiceScheduledThread has shutdown")

    def execute_pop_pull_request_immediately(self, pop_request: "PopRequest") -> None:
        """Java ``executePopPullRequestImmediately``."""
        self.pull_request_queue.put(pop_request)

    def execute_task_later(self, r: Callable[[], Any], time_delay: int) -> None:
        """Java ``executeTaskLater``: run ``r`` after ``time_delay`` ms on the scheduled thread."""
        if not self.is_stopped():
            self.scheduled_executor_service.schedule(r, time_delay)
        else:
            log.warning("PullMessageServiceScheduledThread has shutdown")

    def get_scheduled_executor_service(self) -> ScheduledExecutor:
        """Java ``getScheduledExecutorService``."""
        return self.scheduled_executor_service

    def _pull_message(self, pull_request: Any) -> None:
        consumer = self.mq_client_factory.select_consumer(pull_request.get_consumer_group())
        if consumer is not None:
            consumer.pull_message(pull_request)  # type: ignore[attr-defined]
        else:
            # Java: warn; the consumer was shut down while its pull was queued
            log.info("No matched consumer for the PullRequest %s, drop it", pull_request)

    def _pop_message(self, pop_request: "PopRequest") -> None:
        consumer = self.mq_client_factory.select_consumer(pop_request.get_consumer_group())  # type: ignore[arg-type]
        if consumer is not None:
            consumer.pop_message(pop_request)  # type: ignore[attr-defined]
        else:
            log.info("No matched consumer for the PopRequest %s, drop it", pop_request)

    def run(self) -> None:
        log.info("%s service started", self.get_service_name())
        while not self.is_stopped():
            try:
                pull_request = self.pull_request_queue.get()
                if pull_request is _STOP:
                    continue
                if pull_request.get_message_request_mode() is _POP:
                    self._pop_message(pull_request)
                else:
                    self._pull_message(pull_request)
            except Exception:
                log.error("Pull Message Service Run Method exception", exc_info=True)
        log.info("%s service end", self.get_service_name())

    def shutdown(self, interrupt: bool = False) -> None:
        """Java ``shutdown``: stop the thread, then the scheduled thread."""
        self.stopped = True
        self.pull_request_queue.put(_STOP)
        super().shutdown(interrupt)
        self.scheduled_executor_service.shutdown()

    def get_service_name(self) -> str:
        return "PullMessageService"
