"""Java ``org.apache.rocketmq.tools.monitor.MonitorListener`` and ``DefaultMonitorListener``."""
from __future__ import annotations

import abc
import logging
from typing import Dict

from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
from rocketmq_tools.monitor.undone_msgs import DeleteMsgsEvent, FailedMsgs, UndoneMsgs

__all__ = ["MonitorListener", "DefaultMonitorListener"]

log = logging.getLogger(__name__)


class MonitorListener(abc.ABC):
    """Java ``MonitorListener``: what :class:`~rocketmq_tools.monitor.monitor_service.MonitorService` reports,
    round by round."""

    @abc.abstractmethod
    def begin_round(self) -> None:
        """A round starts."""

    @abc.abstractmethod
    def report_undone_msgs(self, undone_msgs: UndoneMsgs) -> None:
        """A group's backlog on a topic."""

    @abc.abstractmethod
    def report_failed_msgs(self, failed_msgs: FailedMsgs) -> None:
        """Failed messages (never reported, as in Java)."""

    @abc.abstractmethod
    def report_delete_msgs_event(self, delete_msgs_event: DeleteMsgsEvent) -> None:
        """An offset-moved event."""

    @abc.abstractmethod
    def report_consumer_running_info(self, cri_table: Dict[str, ConsumerRunningInfo]) -> None:
        """The running info of a group's clients, by client id (sorted)."""

    @abc.abstractmethod
    def end_round(self) -> None:
        """A round ends."""


class DefaultMonitorListener(MonitorListener):
    """Java ``DefaultMonitorListener``: everything logged at INFO with Java's ``[MONITOR]`` prefixes (the
    subscription and process-queue analyses as ``[NOTIFY]`` lines)."""

    LOG_PREFIX = "[MONITOR] "
    LOG_NOTIFY = LOG_PREFIX + " [NOTIFY] "

    def begin_round(self) -> None:
        log.info(self.LOG_PREFIX + "=========================================beginRound")

    def report_undone_msgs(self, undone_msgs: UndoneMsgs) -> None:
        log.info(self.LOG_PREFIX + "reportUndoneMsgs: %s", undone_msgs)

    def report_failed_msgs(self, failed_msgs: FailedMsgs) -> None:
        log.info(self.LOG_PREFIX + "reportFailedMsgs: %s", failed_msgs)

    def report_delete_msgs_event(self, delete_msgs_event: DeleteMsgsEvent) -> None:
        log.info(self.LOG_PREFIX + "reportDeleteMsgsEvent: %s", delete_msgs_event)

    def report_consumer_running_info(self, cri_table: Dict[str, ConsumerRunningInfo]) -> None:
        first = next(iter(cri_table.values()))
        group = (first.properties or {}).get("consumerGroup")
        if not ConsumerRunningInfo.analyze_subscription(cri_table):
            log.info(self.LOG_NOTIFY + "reportConsumerRunningInfo: ConsumerGroup: %s, Subscription different", group)
        for client_id, info in cri_table.items():
            result = ConsumerRunningInfo.analyze_process_queue(client_id, info)
            if result:
                log.info(self.LOG_NOTIFY + "reportConsumerRunningInfo: ConsumerGroup: %s, ClientId: %s, %s", group,
                         client_id, result)

    def end_round(self) -> None:
        log.info(self.LOG_PREFIX + "=========================================endRound")
