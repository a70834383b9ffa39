"""Java ``org.apache.rocketmq.broker.longpolling.PullRequestHoldService``: holds suspended pulls per queue.

A pull that found nothing (``PULL_NOT_FOUND``) with the SUSPEND flag is parked here under ``topic@queueId``.
It is re-evaluated (never parked again) as soon as the store reports a message for that queue whose tags code
its filter accepts, or once its hold time has passed. Hold times are checked every 5 s (``shortPollingTimeMills``
when long polling is off) like Java; :attr:`check_interval_millis` overrides that period (tests).
"""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Dict, List, Optional

from rocketmq_broker.longpolling.many_pull_request import ManyPullRequest
from rocketmq_broker.longpolling.pull_request import PullRequest
from rocketmq_common.service_thread import ServiceThread

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_broker.processor.pull_message_processor import PullMessageProcessor

__all__ = ["PullRequestHoldService"]

log = logging.getLogger(__name__)

TOPIC_QUEUEID_SEPARATOR = "@"
#: Java's hard-coded check period with long polling on
_LONG_POLLING_CHECK_MILLIS = 5 * 1000


def _now_millis() -> int:
    return int(time.time() * 1000)


class PullRequestHoldService(ServiceThread):
    """See the module docstring."""

    TOPIC_QUEUEID_SEPARATOR = TOPIC_QUEUEID_SEPARATOR

    def __init__(self, broker_controller: "BrokerController") -> None:
        super().__init__()
        self.broker_controller = broker_controller
        self.pull_request_table: Dict[str, ManyPullRequest] = {}
        #: period of the hold-time check in ms; None: Java's (5 s, or ``shortPollingTimeMills`` without long polling)
        self.check_interval_millis: Optional[int] = None

    def get_service_name(self) -> str:
        return "PullRequestHoldService"

    def set_check_interval_millis(self, check_interval_millis: Optional[int]) -> None:
        """Change the hold-time check period (None: Java's); takes effect at once."""
        self.check_interval_millis = check_interval_millis
        self.wakeup()

    @staticmethod
    def build_key(topic: str, queue_id: int) -> str:
        """Java ``buildKey``: ``topic@queueId``."""
        return "%s@%d" % (topic, queue_id)

    def suspend_pull_request(self, topic: str, queue_id: int, pull_request: PullRequest) -> None:
        """Java ``suspendPullRequest``: hold ``pull_request`` for ``topic``/``queue_id``."""
        key = "%s@%d" % (topic, queue_id)
        mpr = self.pull_request_table.get(key)
        if mpr is None:
            mpr = self.pull_request_table.setdefault(key, ManyPullRequest())
        mpr.add_pull_request(pull_request)

    def _period_millis(self) -> int:
        if self.check_interval_millis is not None:
            return self.check_interval_millis
        config = self.broker_controller.get_broker_config()
        if config.long_polling_enable:
            return _LONG_POLLING_CHECK_MILLIS
        return config.short_polling_time_mills

    def run(self) -> None:
        log.info("%s service started", self.get_service_name())
        while not self.is_stopped():
            try:
                self.wait_for_running(self._period_millis())
                if self.is_stopped():
                    break
                begin = time.monotonic()
                self.check_hold_request()
                cost = (time.monotonic() - begin) * 1000
                if cost > 5 * 1000:
                    log.info("[NOTIFYME] check hold request cost %d ms.", cost)
            except Exception:
                log.warning("%s service has exception. ", self.get_service_name(), exc_info=True)
        log.info("%s service end", self.get_service_name())

    def check_hold_request(self) -> None:
        """Java ``checkHoldRequest``: re-check every held queue against its current max offset."""
        store = self.broker_controller.get_message_store()
        for key in list(self.pull_request_table):
            topic, sep, queue_id = key.rpartition(TOPIC_QUEUEID_SEPARATOR)
            if not sep:
                continue
            try:
                qid = int(queue_id)
                offset = store.get_max_offset_in_queue(topic, qid)
                self.notify_message_arriving(topic, qid, offset)
            except Exception:
                log.error("check hold request failed. topic=%s, queueId=%s", topic, queue_id, exc_info=True)

    def notify_message_arriving(self, topic: str, queue_id: int, max_offset: int, tags_code: Optional[int] = None,
                                msg_store_time: int = 0, filter_bit_map: Optional[bytes] = None,
                                properties: Optional[Dict[str, str]] = None) -> None:
        """Java ``notifyMessageArriving``: wake the held pulls of the queue that ``max_offset`` (the queue's new
        max offset) satisfies and whose filter accepts ``tags_code`` (None: any), and those past their hold
        time; keep the others."""
        table = self.pull_request_table
        if not table:  # nothing held (checked first: this runs for every message stored)
            return
        mpr = table.get(f"{topic}@{queue_id}")
        if mpr is None:
            return
        request_list = mpr.clone_list_and_clear()
        if request_list is None:
            return
        replay_list: List[PullRequest] = []
        processor = self.broker_controller.get_pull_message_processor()
        for request in request_list:
            newest_offset = max_offset
            if newest_offset <= request.pull_from_this_offset:
                newest_offset = self.broker_controller.get_message_store().get_max_offset_in_queue(topic, queue_id)
            if newest_offset > request.pull_from_this_offset:
                match = request.message_filter.is_matched_by_consume_queue(tags_code, None)
                if match and properties is not None:
                    match = request.message_filter.is_matched_by_commit_log(None, properties)
                if match:
                    self._wake(processor, request)
                    continue
            if _now_millis() >= request.suspend_timestamp + request.timeout_millis:
                self._wake(processor, request)
                continue
            replay_list.append(request)
        if replay_list:
            mpr.add_pull_requests(replay_list)

    @staticmethod
    def _wake(processor: "PullMessageProcessor", request: PullRequest) -> None:
        try:
            processor.execute_request_when_wakeup(request.ctx, request.request_command)
        except Exception:
            log.error("execute request when wakeup failed.", exc_info=True)
