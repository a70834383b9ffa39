"""Java ``org.apache.rocketmq.client.impl.consumer.ConsumeMessageService`` (5.3.3; the interface of the push consume
services), the consume thread pool they share, and Java's ``ThreadUtils.shutdownGracefully``."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, List, Optional

from rocketmq_remoting.common.thread_pool import ThreadPoolExecutor

if TYPE_CHECKING:
    from rocketmq_client.impl.consumer.pop_process_queue import PopProcessQueue
    from rocketmq_client.impl.consumer.process_queue import ProcessQueue
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_common.message.message_queue import MessageQueue
    from rocketmq_common.protocol.body.consume_message_directly_result import ConsumeMessageDirectlyResult

__all__ = ["ConsumeMessageService", "ConsumeThreadPoolExecutor", "shutdown_gracefully", "consume_thread_prefix"]

log = logging.getLogger(__name__)


def consume_thread_prefix(consumer_group: str) -> str:
    """Java's consume thread name prefix: ``ConsumeMessageThread_<group, at most 100 chars>_``."""
    return "ConsumeMessageThread_" + consumer_group[:100] + "_"


class ConsumeThreadPoolExecutor(ThreadPoolExecutor):
    """The consume pool: Java ``ThreadPoolExecutor(consumeThreadMin, consumeThreadMax, 60 s, LinkedBlockingQueue)``
    (unbounded queue, so only ``consumeThreadMin`` threads ever run; ``set_core_pool_size`` resizes it)."""


def shutdown_gracefully(pool: ThreadPoolExecutor, timeout_millis: int) -> None:
    """Java ``ThreadUtils.shutdownGracefully``: refuse new tasks and wait up to ``timeout_millis`` for the queued
    and running ones; then drop the queued tasks and wait as long again for the running ones. With 0 (no wait
    asked) the tasks still running are only logged at debug level (Java warns)."""
    pool.shutdown()
    timeout = max(0, timeout_millis) / 1000.0
    if not pool.await_termination(timeout):
        pool.shutdown_now()
        if not pool.await_termination(timeout):
            log.log(logging.WARNING if timeout_millis > 0 else logging.DEBUG, "%r didn't terminate!", pool)


class ConsumeMessageService:
    """Java ``ConsumeMessageService``: consumes what the push consumer pulled."""

    def start(self) -> None:
        """Java ``start``."""
        raise NotImplementedError

    def shutdown(self, await_terminate_millis: int) -> None:
        """Java ``shutdown``: waits up to ``await_terminate_millis`` for the consume requests in flight."""
        raise NotImplementedError

    def update_core_pool_size(self, core_pool_size: int) -> None:
        """Java ``updateCorePoolSize``."""
        raise NotImplementedError

    def inc_core_pool_size(self) -> None:
        """Java ``incCorePoolSize``."""
        raise NotImplementedError

    def dec_core_pool_size(self) -> None:
        """Java ``decCorePoolSize``."""
        raise NotImplementedError

    def get_core_pool_size(self) -> int:
        """Java ``getCorePoolSize``."""
        raise NotImplementedError

    def consume_message_directly(self, msg: "MessageExt",
                                 broker_name: Optional[str]) -> "ConsumeMessageDirectlyResult":
        """Java ``consumeMessageDirectly``: run the listener on ``msg`` now (CONSUME_MESSAGE_DIRECTLY)."""
        raise NotImplementedError

    def submit_consume_request(self, msgs: Optional[List["MessageExt"]], process_queue: "ProcessQueue",
                               message_queue: "MessageQueue", dispatch_to_consume: bool) -> None:
        """Java ``submitConsumeRequest``."""
        raise NotImplementedError

    def submit_pop_consume_request(self, msgs: List["MessageExt"], process_queue: "PopProcessQueue",
                                   message_queue: "MessageQueue") -> None:
        """Java ``submitPopConsumeRequest`` (5.3.3): consume popped messages (only the POP services do; the others
        raise, Java's UnsupportedOperationException)."""
        raise NotImplementedError
