"""Java ``DefaultMessageStore.CleanCommitLogService`` / ``CleanConsumeQueueService`` and the store's scheduled
tasks (``StoreScheduledThread`` and ``DiskCheckScheduledThread``).

Commit-log segments older than ``file_reserved_time`` hours are deleted at the ``delete_when`` hour(s), when
the disk is fuller than ``disk_max_used_space_ratio`` or on demand; consume-queue segments and index files
wholly below the commit log's new minimum offset follow. Above 90 % disk usage the store is marked disk-full
(puts are refused) like Java's.
"""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Set

from rocketmq_common.mix_all import MixAll
from rocketmq_common.service_thread import ServiceThread
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_common.util_all import UtilAll

if TYPE_CHECKING:
    from rocketmq_broker.store.default_message_store import DefaultMessageStore

__all__ = ["CleanCommitLogService", "CleanConsumeQueueService", "StoreScheduledService"]

log = logging.getLogger(__name__)

_MAX_MANUAL_DELETE_FILE_TIMES = 20
_KEPT_TOPICS = (TopicValidator.RMQ_SYS_SCHEDULE_TOPIC, TopicValidator.RMQ_SYS_TRANS_OP_HALF_TOPIC)


class CleanCommitLogService:
    """Deletes expired commit-log segments."""

    #: Java system property ``rocketmq.broker.diskSpaceWarningLevelRatio``
    DISK_SPACE_WARNING_LEVEL_RATIO = 0.90
    #: Java system property ``rocketmq.broker.diskSpaceCleanForciblyRatio``
    DISK_SPACE_CLEAN_FORCIBLY_RATIO = 0.85

    def __init__(self, store: "DefaultMessageStore") -> None:
        self.store = store
        self.manual_delete_file_several_times = 0
        self.clean_immediately = False

    def execute_delete_files_manually(self) -> None:
        """Java ``executeDeleteFilesManually``: delete expired files on the next runs regardless of time."""
        self.manual_delete_file_several_times = _MAX_MANUAL_DELETE_FILE_TIMES
        log.info("executeDeleteFilesManually was invoked")

    def run(self) -> None:
        """Java ``run``."""
        try:
            self.delete_expired_files()
        except Exception:  # noqa: BLE001 - a cleaning failure must not stop the scheduler
            log.exception("CleanCommitLogService service has exception.")

    def delete_expired_files(self) -> int:
        """Java ``deleteExpiredFiles``: the number of segments deleted."""
        config = self.store.message_store_config
        timeup = UtilAll.is_it_time_to_do(config.delete_when)
        spacefull = self.is_space_to_delete()
        manual = self.manual_delete_file_several_times > 0
        if not (timeup or spacefull or manual):
            return 0
        if manual:
            self.manual_delete_file_several_times -= 1
        clean_at_once = config.clean_file_forcibly_enable and self.clean_immediately
        log.info("begin to delete before %d hours file. timeup: %s spacefull: %s manualDeleteFileSeveralTimes: %d "
                 "cleanAtOnce: %s", config.file_reserved_time, timeup, spacefull,
                 self.manual_delete_file_several_times, clean_at_once)
        count = self.store.commit_log.delete_expired_file(config.file_reserved_time * 60 * 60 * 1000,
                                                          config.delete_commit_log_files_interval, clean_at_once)
        if count == 0 and spacefull:
            log.warning("disk space will be full soon, but delete file failed.")
        return count

    def is_space_to_delete(self) -> bool:
        """Java ``isSpaceToDelete``: the disk is fuller than ``disk_max_used_space_ratio`` (also marks the
        store disk-full or OK)."""
        store = self.store
        ratio = store.message_store_config.get_disk_max_used_space_ratio() / 100.0
        self.clean_immediately = False
        physic_ratio = UtilAll.get_disk_partition_space_used_percent(store.get_store_path_physic())
        if physic_ratio > self.DISK_SPACE_WARNING_LEVEL_RATIO:
            if store.running_flags.get_and_make_disk_full():
                log.error("physic disk maybe full soon %s, so mark disk full", physic_ratio)
            self.clean_immediately = True
        elif physic_ratio > self.DISK_SPACE_CLEAN_FORCIBLY_RATIO:
            self.clean_immediately = True
        elif not store.running_flags.get_and_make_disk_ok():
            log.info("physic disk space OK %s, so mark disk ok", physic_ratio)
        if physic_ratio < 0 or physic_ratio > ratio:
            log.info("physic disk maybe full soon, so reclaim space, %s", physic_ratio)
            return True
        logics_ratio = UtilAll.get_disk_partition_space_used_percent(store.get_store_path_logic())
        if logics_ratio > self.DISK_SPACE_WARNING_LEVEL_RATIO:
            if store.running_flags.get_and_make_disk_full():
                log.error("logics disk maybe full soon %s, so mark disk full", logics_ratio)
            self.clean_immediately = True
        elif logics_ratio > self.DISK_SPACE_CLEAN_FORCIBLY_RATIO:
            self.clean_immediately = True
        elif not store.running_flags.get_and_make_disk_ok():
            log.info("logics disk space OK %s, so mark disk ok", logics_ratio)
        if logics_ratio < 0 or logics_ratio > ratio:
            log.info("logics disk maybe full soon, so reclaim space, %s", logics_ratio)
            return True
        return False

    def is_space_full(self) -> bool:
        """Java ``isSpaceFull`` (the 10-second disk check): mark the store disk-full above 90 %."""
        store = self.store
        physic_ratio = UtilAll.get_disk_partition_space_used_percent(store.get_store_path_physic())
        if physic_ratio > self.DISK_SPACE_WARNING_LEVEL_RATIO:
            if store.running_flags.get_and_make_disk_full():
                log.error("physic disk of commitLog maybe full soon, used %s, so mark disk full", physic_ratio)
            return True
        if not store.running_flags.get_and_make_disk_ok():
            log.info("physic disk space of commitLog OK %s, so mark disk ok", physic_ratio)
        return False


class CleanConsumeQueueService:
    """Deletes consume-queue segments and index files below the commit log's minimum offset, and the
    consume queues of deleted topics."""

    def __init__(self, store: "DefaultMessageStore") -> None:
        self.store = store
        self.last_physical_min_offset = 0

    def run(self) -> None:
        """Java ``run``."""
        try:
            self.delete_expired_files()
        except Exception:  # noqa: BLE001 - a cleaning failure must not stop the scheduler
            log.exception("CleanConsumeQueueService service has exception.")

    def delete_expired_files(self) -> None:
        """Java ``deleteExpiredFiles``."""
        store = self.store
        min_offset = store.commit_log.get_min_offset()
        if min_offset > self.last_physical_min_offset:
            self.last_physical_min_offset = min_offset
            for queues in list(store.consume_queue_table.values()):
                for cq in list(queues.values()):
                    cq.delete_expired_file(min_offset)
            store.index_service.delete_expired_file(min_offset)

    def clean_unused_topic(self, topics: Set[str]) -> int:
        """Java ``DefaultMessageStore.cleanUnusedTopic``."""
        for topic in list(self.store.consume_queue_table):
            if topic not in topics and topic not in _KEPT_TOPICS and not MixAll.is_lmq(topic):
                self._destroy_topic(topic)
        return 0

    def delete_topics(self, topics: Set[str]) -> int:
        """RocketMQ 5 ``DefaultMessageStore.deleteTopics``."""
        deleted = 0
        for topic in topics:
            if topic in self.store.consume_queue_table:
                self._destroy_topic(topic)
                deleted += 1
        return deleted

    def _destroy_topic(self, topic: str) -> None:
        store = self.store
        queues = store.consume_queue_table.pop(topic, {})
        for cq in queues.values():
            cq.destroy()
            store.commit_log.remove_queue_from_topic_queue_table(cq.topic, cq.queue_id)
            log.info("cleanUnusedTopic: %s %d ConsumeQueue cleaned", cq.topic, cq.queue_id)
        log.info("cleanUnusedTopic: %s,topic destroyed", topic)

    def clean_expired_consumer_queue(self) -> None:
        """Java ``DefaultMessageStore.cleanExpiredConsumerQueue``."""
        store = self.store
        min_commit_log_offset = store.commit_log.get_min_offset()
        for topic in list(store.consume_queue_table):
            if topic == TopicValidator.RMQ_SYS_SCHEDULE_TOPIC:
                continue
            queues = store.consume_queue_table[topic]
            for queue_id, cq in list(queues.items()):
                last = cq.get_last_offset()
                if last != -1 and last < min_commit_log_offset:
                    store.commit_log.remove_queue_from_topic_queue_table(cq.topic, cq.queue_id)
                    cq.destroy()
                    del queues[queue_id]
            if not queues:
                store.consume_queue_table.pop(topic, None)


class StoreScheduledService(ServiceThread):
    """Java's ``StoreScheduledThread`` and ``DiskCheckScheduledThread``: file cleaning every
    ``clean_resource_interval`` ms (first after 60 s), self checks every 10 minutes, disk check every 10 s."""

    def __init__(self, store: "DefaultMessageStore") -> None:
        super().__init__()
        self.store = store

    def get_service_name(self) -> str:
        """Java ``getServiceName``."""
        return "StoreScheduledThread"

    def run(self) -> None:
        """Run the due tasks, waking up every second."""
        now = time.monotonic()
        next_clean = now + 60
        next_check = now + 60
        next_disk_check = now + 1
        while not self.is_stopped():
            self.wait_for_running(1000)
            if self.is_stopped():
                break
            now = time.monotonic()
            try:
                if now >= next_disk_check:
                    next_disk_check = now + 10
                    self.store.clean_commit_log_service.is_space_full()
                if now >= next_clean:
                    next_clean = now + self.store.message_store_config.clean_resource_interval / 1000.0
                    self.store.clean_files_periodically()
                if now >= next_check:
                    next_check = now + 600
                    self.store.check_self()
            except Exception:  # noqa: BLE001 - Java's scheduled executor survives a failing task
                log.exception("%s task failed", self.get_service_name())
