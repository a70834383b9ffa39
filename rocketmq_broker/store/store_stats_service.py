"""Java ``org.apache.rocketmq.store.StoreStatsService`` (minimal): put/get counters for the runtime info."""
from __future__ import annotations

import time
from typing import Dict

__all__ = ["StoreStatsService"]


class StoreStatsService:
    """Totals since boot (Java also keeps per-second samples and per-topic counters; not needed here)."""

    def __init__(self) -> None:
        self.boot_timestamp = int(time.time() * 1000)
        self.put_message_times_total = 0
        self.put_message_size_total = 0
        self.put_message_failed_times = 0
        self.put_message_entire_time_max = 0
        self.get_message_times_total_found = 0
        self.get_message_times_total_miss = 0
        self.get_message_transfered_msg_count = 0
        self.get_message_entire_time_max = 0

    def on_put(self, count: int, size: int) -> None:
        """Count appended messages and bytes (called under the commit log's put lock)."""
        self.put_message_times_total += count
        self.put_message_size_total += size

    def set_put_message_entire_time_max(self, value: int) -> None:
        """Java ``setPutMessageEntireTimeMax``."""
        if value > self.put_message_entire_time_max:
            self.put_message_entire_time_max = value

    def set_get_message_entire_time_max(self, value: int) -> None:
        """Java ``setGetMessageEntireTimeMax``."""
        if value > self.get_message_entire_time_max:
            self.get_message_entire_time_max = value

    def get_runtime_info(self) -> Dict[str, str]:
        """Java ``getRuntimeInfo`` (the totals; values are strings like Java's)."""
        total_times = self.put_message_times_total
        runtime = int(time.time() * 1000) - self.boot_timestamp
        return {
            "bootTimestamp": str(self.boot_timestamp),
            "runtime": self.get_format_runtime(),
            "putMessageEntireTimeMax": str(self.put_message_entire_time_max),
            "putMessageTimesTotal": str(total_times),
            "putMessageFailedTimes": str(self.put_message_failed_times),
            "putMessageSizeTotal": str(self.put_message_size_total),
            "putMessageAverageSize": str(self.put_message_size_total / total_times if total_times else 0.0),
            "getMessageEntireTimeMax": str(self.get_message_entire_time_max),
            "getMessageTimesTotalFound": str(self.get_message_times_total_found),
            "getMessageTimesTotalMiss": str(self.get_message_times_total_miss),
            "getMessageTransferedMsgCount": str(self.get_message_transfered_msg_count),
            "dispatchMaxBuffer": "0",
            "putTps": "%.4f" % (total_times * 1000.0 / runtime if runtime > 0 else 0.0),
        }

    def get_format_runtime(self) -> str:
        """Java ``getFormatRuntime``: ``[ d days, h hours, m minutes, s seconds ]``."""
        seconds = (int(time.time() * 1000) - self.boot_timestamp) // 1000
        days, seconds = divmod(seconds, 86400)
        hours, seconds = divmod(seconds, 3600)
        minutes, seconds = divmod(seconds, 60)
        return "[ %d days, %d hours, %d minutes, %d seconds ]" % (days, hours, minutes, seconds)

    def __str__(self) -> str:
        return "\r\n".join("%s: %s" % kv for kv in self.get_runtime_info().items())
