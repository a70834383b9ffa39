"""Java ``org.apache.rocketmq.client.producer.RequestFutureHolder``: the process-wide table of pending
request/reply calls and the "RequestHouseKeepingService" thread that expires them."""
from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Dict, List, Optional, Set

from rocketmq_client.common.client_error_code import ClientErrorCode
from rocketmq_client.exception import RequestTimeoutException
from rocketmq_client.producer.request_response_future import RequestResponseFuture
from rocketmq_remoting.common.bean import Bean, MapOf, Prop
from rocketmq_remoting.common.scheduled_executor import ScheduledExecutor

if TYPE_CHECKING:
    from rocketmq_client.impl.producer.default_mq_producer_impl import DefaultMQProducerImpl

__all__ = ["RequestFutureHolder"]

log = logging.getLogger(__name__)


class RequestFutureHolder(Bean):
    """Singleton (:meth:`get_instance`). The first started producer starts the scan (after 3 s, then every 1 s),
    the last one shut down stops it; an expired future is removed and its callback gets a
    ``RequestTimeoutException``."""

    # (a MapOf Prop is a Prop[Any]: the annotation gives its reads their type)
    request_future_table: Prop[Dict[str, RequestResponseFuture]] = Prop(MapOf(str, RequestResponseFuture), {})

    def get_request_future_table(self) -> Dict[str, RequestResponseFuture]: return self.request_future_table
    def set_request_future_table(self, request_future_table: Dict[str, RequestResponseFuture]) -> None:
        self.request_future_table = request_future_table

    _INSTANCE: "Optional[RequestFutureHolder]" = None
    _INSTANCE_LOCK = threading.Lock()

    def __init__(self) -> None:
        """Use :meth:`get_instance` (the Java constructor is private)."""
        super().__init__()  # the declared defaults
        self._producer_set: "Set[DefaultMQProducerImpl]" = set()
        self._scheduled_executor_service: Optional[ScheduledExecutor] = None
        self._lock = threading.Lock()

    @staticmethod
    def get_instance() -> "RequestFutureHolder":
        """Java ``getInstance``."""
        instance = RequestFutureHolder._INSTANCE
        if instance is None:
            with RequestFutureHolder._INSTANCE_LOCK:
                instance = RequestFutureHolder._INSTANCE
                if instance is None:
                    instance = RequestFutureHolder._INSTANCE = RequestFutureHolder()
        return instance

    def _scan_expired_request(self) -> None:
        expired: List[RequestResponseFuture] = []
        table = self.request_future_table
        for correlation_id, future in list(table.items()):
            if future.is_timeout() and table.pop(correlation_id, None) is not None:
                expired.append(future)
                log.warning("remove timeout request, CorrelationId=%s", correlation_id)
        for future in expired:
            try:
                future.set_cause(RequestTimeoutException(ClientErrorCode.REQUEST_TIMEOUT_EXCEPTION,
                                                         "request timeout, no reply message."))
                future.execute_request_callback()
            except Exception:
                log.warning("scanResponseTable, operationComplete Exception", exc_info=True)

    def _scan(self) -> None:
        try:
            self._scan_expired_request()
        except Exception:
            log.error("scan RequestFutureTable exception", exc_info=True)

    def start_scheduled_task(self, producer: "DefaultMQProducerImpl") -> None:
        """Java ``startScheduledTask``: register ``producer``; the first one starts the scan."""
        with self._lock:
            self._producer_set.add(producer)
            if self._scheduled_executor_service is None:
                executor = ScheduledExecutor("RequestHouseKeepingService")
                executor.schedule_at_fixed_rate(self._scan, 1000 * 3, 1000)
                self._scheduled_executor_service = executor

    def shutdown(self, producer: "DefaultMQProducerImpl") -> None:
        """Java ``shutdown``: unregister ``producer``; the last one stops the scan thread."""
        with self._lock:
            self._producer_set.discard(producer)
            executor = None
            if not self._producer_set and self._scheduled_executor_service is not None:
                executor = self._scheduled_executor_service
                self._scheduled_executor_service = None
        if executor is not None:
            executor.shutdown()
