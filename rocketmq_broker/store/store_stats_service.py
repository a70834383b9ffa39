"""Java ``org.apache.rocketmq.store.StoreStatsService``: the store's put and get statistics, for the broker's runtime
info (``mqadmin brokerStatus``) and the store log.

Puts are counted per topic with their sizes, put times go into a distribution (13 ranges, logged and reset every
minute) and into finer buckets for the 99th and 99.9th percentiles; gets are counted as found, missed and messages
transferred. The service's thread takes a snapshot of the totals every second and keeps the last 10 minutes of
them, so that each TPS figure reads ``<last 10 s> <last minute> <last 10 minutes>`` as in Java (empty until that
much has been sampled).
"""
from __future__ import annotations

import bisect
import logging
import sys
import threading
import time
from collections import deque
from typing import Deque, Dict, List, NamedTuple, Optional

from rocketmq_common.service_thread import ServiceThread
from rocketmq_common.stats.long_adder import LongAdder
from rocketmq_filter.expression.java_values import double_to_string

__all__ = ["StoreStatsService", "CallSnapshot"]

log = logging.getLogger(__name__)

FREQUENCY_OF_SAMPLING = 1000
MAX_RECORDS_OF_SAMPLING = 60 * 10
PUT_MESSAGE_ENTIRE_TIME_MAX_DESC = ("[<=0ms]", "[0~10ms]", "[10~50ms]", "[50~100ms]", "[100~200ms]", "[200~500ms]",
                                    "[500ms~1s]", "[1~2s]", "[2~3s]", "[3~4s]", "[4~5s]", "[5~10s]", "[10s~]")
#: the upper ends (exclusive) of the distribution's ranges after ``[<=0ms]``; what is above goes to ``[10s~]``
_DISTRIBUTE_TIME_LIMITS = (10, 50, 100, 200, 500, 1000, 2000, 3000, 4000, 5000, 10000)
#: Java ``PUT_MESSAGE_ENTIRE_TIME_BUCKETS``: (interval step size, times) - 1 ms steps to 20 ms, 2 ms to 50 ms ...
PUT_MESSAGE_ENTIRE_TIME_BUCKETS = ((1, 20), (2, 15), (5, 10), (10, 10), (50, 6), (100, 5), (1000, 9))


def _bucket_bounds() -> List[int]:
    bounds: List[int] = []
    index = 0
    for interval, times in PUT_MESSAGE_ENTIRE_TIME_BUCKETS:
        for _ in range(times):
            index += interval
            bounds.append(index)
    bounds.append(sys.maxsize)  # Java Long.MAX_VALUE
    return bounds


#: the upper ends (inclusive) of the percentile buckets, Java's TreeMap keys
_BUCKET_BOUNDS = _bucket_bounds()


def _distribute_time_string(times: List[LongAdder]) -> str:
    return "".join("%s:%d " % (desc, adder.sum()) for desc, adder in zip(PUT_MESSAGE_ENTIRE_TIME_MAX_DESC, times))


def _now_millis() -> int:
    return int(time.time() * 1000)


class CallSnapshot(NamedTuple):
    """Java ``StoreStatsService.CallSnapshot``: a total at a moment."""

    timestamp: int
    call_times_total: int

    @staticmethod
    def get_tps(begin: "CallSnapshot", end: "CallSnapshot") -> float:
        """Java ``getTPS``: calls per second between two snapshots."""
        total = end.call_times_total - begin.call_times_total
        elapsed = end.timestamp - begin.timestamp
        if elapsed == 0:  # Java's double division
            return float("nan") if total == 0 else float("inf")
        return total / elapsed * 1000


class StoreStatsService(ServiceThread):
    """See the module docstring."""

    #: Java ``printTPSInterval``: seconds between two ``[STORETPS]`` log lines
    print_tps_interval = 60

    def __init__(self) -> None:
        super().__init__()
        self.put_message_failed_times = LongAdder()
        self.put_message_topic_times_total: Dict[str, LongAdder] = {}
        self.put_message_topic_size_total: Dict[str, LongAdder] = {}
        self.get_message_times_total_found = LongAdder()
        self.get_message_transfered_msg_count = LongAdder()
        self.get_message_times_total_miss = LongAdder()
        self.put_times_list: Deque[CallSnapshot] = deque(maxlen=MAX_RECORDS_OF_SAMPLING + 1)
        self.get_times_found_list: Deque[CallSnapshot] = deque(maxlen=MAX_RECORDS_OF_SAMPLING + 1)
        self.get_times_miss_list: Deque[CallSnapshot] = deque(maxlen=MAX_RECORDS_OF_SAMPLING + 1)
        self.transfered_msg_count_list: Deque[CallSnapshot] = deque(maxlen=MAX_RECORDS_OF_SAMPLING + 1)
        self.message_store_boot_timestamp = _now_millis()
        self.put_message_entire_time_max = 0
        self.get_message_entire_time_max = 0
        self.dispatch_max_buffer = 0
        self._put_lock = threading.Lock()
        self._get_lock = threading.Lock()
        self._sampling_lock = threading.Lock()
        self.last_print_timestamp = _now_millis()
        self.buckets: List[LongAdder] = []
        self.last_buckets: List[LongAdder] = []
        self.put_message_distribute_time: List[LongAdder] = []
        self.last_put_message_distribute_time: Optional[List[LongAdder]] = None
        self._reset_put_message_time_buckets()
        self._reset_put_message_distribute_time()

    # ------------------------------------------------------------------ put times

    def _reset_put_message_time_buckets(self) -> None:
        self.last_buckets = self.buckets
        self.buckets = [LongAdder() for _ in _BUCKET_BOUNDS]

    def inc_put_message_entire_time(self, value: int) -> None:
        """Java ``incPutMessageEntireTime``: count ``value`` (ms) in the first bucket that reaches it."""
        self.buckets[bisect.bisect_left(_BUCKET_BOUNDS, value)].add(1)

    def find_put_message_entire_time_px(self, px: float) -> float:
        """Java ``findPutMessageEntireTimePX``: the ``px`` quantile (0.99...) of the last minute's put times in ms,
        interpolated within its bucket."""
        last_buckets = self.last_buckets
        start = _now_millis()
        result = 0.0
        counts = [adder.sum() for adder in last_buckets]
        px_index = int(sum(counts) * px)
        pass_count = 0
        for i, count in enumerate(counts):
            if px_index <= pass_count + count:
                relative_index = px_index - pass_count
                if i == 0:
                    result = 0 if count == 0 else _BUCKET_BOUNDS[i] * relative_index / count
                else:
                    last_bucket = _BUCKET_BOUNDS[i - 1]
                    result = last_bucket + (0 if count == 0 else
                                            (_BUCKET_BOUNDS[i] - last_bucket) * relative_index / count)
                break
            pass_count += count
        log.info("findPutMessageEntireTimePX %s=%.2fms cost %dms", px, result, _now_millis() - start)
        return result

    def _reset_put_message_distribute_time(self) -> Optional[List[LongAdder]]:
        self.last_put_message_distribute_time = self.put_message_distribute_time or None
        self.put_message_distribute_time = [LongAdder() for _ in PUT_MESSAGE_ENTIRE_TIME_MAX_DESC]
        return self.last_put_message_distribute_time

    def get_put_message_entire_time_max(self) -> int:
        return self.put_message_entire_time_max

    def set_put_message_entire_time_max(self, value: int) -> None:
        """Java ``setPutMessageEntireTimeMax``: count one put of ``value`` ms (distribution and buckets) and keep
        the longest."""
        self.inc_put_message_entire_time(value)
        times = self.put_message_distribute_time
        if value <= 0:
            times[0].add(1)
        else:
            times[1 + bisect.bisect_right(_DISTRIBUTE_TIME_LIMITS, value)].add(1)
        if value > self.put_message_entire_time_max:
            with self._put_lock:
                if value > self.put_message_entire_time_max:
                    self.put_message_entire_time_max = value

    def get_get_message_entire_time_max(self) -> int:
        return self.get_message_entire_time_max

    def set_get_message_entire_time_max(self, value: int) -> None:
        """Java ``setGetMessageEntireTimeMax``: keep the longest get."""
        if value > self.get_message_entire_time_max:
            with self._get_lock:
                if value > self.get_message_entire_time_max:
                    self.get_message_entire_time_max = value

    def get_dispatch_max_buffer(self) -> int:
        return self.dispatch_max_buffer

    def set_dispatch_max_buffer(self, value: int) -> None:
        """Java ``setDispatchMaxBuffer``: keep the largest."""
        self.dispatch_max_buffer = max(value, self.dispatch_max_buffer)

    # ------------------------------------------------------------------ totals

    def get_put_message_times_total(self) -> int:
        """Java ``getPutMessageTimesTotal``: the puts of every topic."""
        return sum(adder.sum() for adder in tuple(self.put_message_topic_times_total.values()))

    def get_put_message_size_total(self) -> int:
        """Java ``getPutMessageSizeTotal``: the bytes put to every topic."""
        return sum(adder.sum() for adder in tuple(self.put_message_topic_size_total.values()))

    def get_single_put_message_topic_size_total(self, topic: str) -> LongAdder:
        """Java ``getSinglePutMessageTopicSizeTotal``: the bytes put to ``topic`` (created on first use)."""
        adder = self.put_message_topic_size_total.get(topic)
        if adder is None:
            adder = self.put_message_topic_size_total.setdefault(topic, LongAdder())
        return adder

    def get_single_put_message_topic_times_total(self, topic: str) -> LongAdder:
        """Java ``getSinglePutMessageTopicTimesTotal``: the puts to ``topic`` (created on first use)."""
        adder = self.put_message_topic_times_total.get(topic)
        if adder is None:
            adder = self.put_message_topic_times_total.setdefault(topic, LongAdder())
        return adder

    def get_put_message_topic_times_total(self) -> Dict[str, LongAdder]:
        return self.put_message_topic_times_total

    def get_put_message_topic_size_total(self) -> Dict[str, LongAdder]:
        return self.put_message_topic_size_total

    def get_get_message_times_total_found(self) -> LongAdder:
        return self.get_message_times_total_found

    def get_get_message_times_total_miss(self) -> LongAdder:
        return self.get_message_times_total_miss

    def get_get_message_transfered_msg_count(self) -> LongAdder:
        return self.get_message_transfered_msg_count

    def get_put_message_failed_times(self) -> LongAdder:
        return self.put_message_failed_times

    # ------------------------------------------------------------------ figures

    def get_format_runtime(self) -> str:
        """Java ``getFormatRuntime``: ``[ d days, h hours, m minutes, s seconds ]``."""
        seconds = (_now_millis() - self.message_store_boot_timestamp) // 1000
        days, seconds = divmod(seconds, 86400)
        hours, seconds = divmod(seconds, 3600)
        minutes, seconds = divmod(seconds, 60)
        return "[ %d days, %d hours, %d minutes, %d seconds ]" % (days, hours, minutes, seconds)

    def _put_message_distribute_time_to_string(self) -> str:
        """Java ``putMessageDistributeTimeToString`` of the last minute's distribution (``null`` in the first)."""
        times = self.last_put_message_distribute_time
        return "null" if times is None else _distribute_time_string(times)

    def _tps(self, snapshots: Deque[CallSnapshot], time_secs: int) -> str:
        """Java ``getPutTps(int)`` and its siblings: the TPS over the last ``time_secs`` samples, "" before there
        are that many."""
        with self._sampling_lock:
            if len(snapshots) > time_secs:
                return double_to_string(CallSnapshot.get_tps(snapshots[-(time_secs + 1)], snapshots[-1]))
        return ""

    def _tps_figures(self, snapshots: Deque[CallSnapshot], time_secs: Optional[int]) -> str:
        """The one figure of ``time_secs``, or Java's ``<10 s> <1 min> <10 min>`` when it is None."""
        if time_secs is None:
            return " ".join(self._tps(snapshots, secs) for secs in (10, 60, 600))
        return self._tps(snapshots, time_secs)

    def get_put_tps(self, time_secs: Optional[int] = None) -> str:
        """Java ``getPutTps``: the 10 s, 1 min and 10 min figures, or the one of ``time_secs``."""
        return self._tps_figures(self.put_times_list, time_secs)

    def get_get_found_tps(self, time_secs: Optional[int] = None) -> str:
        """Java ``getGetFoundTps``."""
        return self._tps_figures(self.get_times_found_list, time_secs)

    def get_get_miss_tps(self, time_secs: Optional[int] = None) -> str:
        """Java ``getGetMissTps``."""
        return self._tps_figures(self.get_times_miss_list, time_secs)

    def get_get_transfered_tps(self, time_secs: Optional[int] = None) -> str:
        """Java ``getGetTransferedTps``."""
        return self._tps_figures(self.transfered_msg_count_list, time_secs)

    def get_get_total_tps(self, time_secs: Optional[int] = None) -> str:
        """Java ``getGetTotalTps``: found plus missed (0.0 before there are enough samples)."""
        if time_secs is None:
            return " ".join(self.get_get_total_tps(secs) for secs in (10, 60, 600))
        total = 0.0
        with self._sampling_lock:
            for snapshots in (self.get_times_found_list, self.get_times_miss_list):
                if len(snapshots) > time_secs:
                    total += CallSnapshot.get_tps(snapshots[-(time_secs + 1)], snapshots[-1])
        return double_to_string(total)

    def get_runtime_info(self) -> Dict[str, str]:
        """Java ``getRuntimeInfo`` (values are strings formatted as Java's)."""
        total_times = self.get_put_message_times_total() or 1
        size_total = self.get_put_message_size_total()
        return {
            "bootTimestamp": str(self.message_store_boot_timestamp),
            "runtime": self.get_format_runtime(),
            "putMessageEntireTimeMax": str(self.put_message_entire_time_max),
            "putMessageTimesTotal": str(total_times),
            "putMessageFailedTimes": str(self.put_message_failed_times.sum()),
            "putMessageSizeTotal": str(size_total),
            "putMessageDistributeTime": self._put_message_distribute_time_to_string(),
            "putMessageAverageSize": double_to_string(size_total / total_times),
            "dispatchMaxBuffer": str(self.dispatch_max_buffer),
            "getMessageEntireTimeMax": str(self.get_message_entire_time_max),
            "putTps": self.get_put_tps(),
            "getFoundTps": self.get_get_found_tps(),
            "getMissTps": self.get_get_miss_tps(),
            "getTotalTps": self.get_get_total_tps(),
            "getTransferedTps": self.get_get_transfered_tps(),
            "putLatency99": "%.2f" % self.find_put_message_entire_time_px(0.99),
            "putLatency999": "%.2f" % self.find_put_message_entire_time_px(0.999),
        }

    def __str__(self) -> str:
        """Java ``toString``."""
        total_times = self.get_put_message_times_total() or 1
        size_total = self.get_put_message_size_total()
        lines = [
            ("runtime", self.get_format_runtime()),
            ("putMessageEntireTimeMax", self.put_message_entire_time_max),
            ("putMessageTimesTotal", total_times),
            ("getPutMessageFailedTimes", self.put_message_failed_times.sum()),
            ("putMessageSizeTotal", size_total),
            ("putMessageDistributeTime", self._put_message_distribute_time_to_string()),
            ("putMessageAverageSize", double_to_string(size_total / total_times)),
            ("dispatchMaxBuffer", self.dispatch_max_buffer),
            ("getMessageEntireTimeMax", self.get_message_entire_time_max),
            ("putTps", self.get_put_tps()),
            ("getFoundTps", self.get_get_found_tps()),
            ("getMissTps", self.get_get_miss_tps()),
            ("getTotalTps", self.get_get_total_tps()),
            ("getTransferedTps", self.get_get_transfered_tps()),
        ]
        return "".join("\t%s: %s\r\n" % (name, "null" if value is None else value) for name, value in lines)

    # ------------------------------------------------------------------ the service thread

    def get_service_name(self) -> str:
        return "StoreStatsService"

    def run(self) -> None:
        """Java ``run``: sample every second, log the TPS every minute."""
        log.info("%s service started", self.get_service_name())
        while not self.is_stopped():
            try:
                self.wait_for_running(FREQUENCY_OF_SAMPLING)
                self.sampling()
                self.print_tps()
            except Exception:
                log.warning("%s service has exception. ", self.get_service_name(), exc_info=True)
        log.info("%s service end", self.get_service_name())

    def sampling(self) -> None:
        """Java ``sampling``: a snapshot of each total (the oldest beyond 10 minutes dropped)."""
        with self._sampling_lock:
            now = _now_millis()
            self.put_times_list.append(CallSnapshot(now, self.get_put_message_times_total()))
            self.get_times_found_list.append(CallSnapshot(now, self.get_message_times_total_found.sum()))
            self.get_times_miss_list.append(CallSnapshot(now, self.get_message_times_total_miss.sum()))
            self.transfered_msg_count_list.append(CallSnapshot(now, self.get_message_transfered_msg_count.sum()))

    def print_tps(self) -> None:
        """Java ``printTps``: once a minute, log the TPS, then the put time distribution, which starts again."""
        if _now_millis() <= self.last_print_timestamp + self.print_tps_interval * 1000:
            return
        self.last_print_timestamp = _now_millis()
        interval = self.print_tps_interval
        log.info("[STORETPS] put_tps %s get_found_tps %s get_miss_tps %s get_transfered_tps %s",
                 self.get_put_tps(interval), self.get_get_found_tps(interval), self.get_get_miss_tps(interval),
                 self.get_get_transfered_tps(interval))
        times = self._reset_put_message_distribute_time()
        if times is None:
            return
        total_put = sum(adder.sum() for adder in times)
        self._reset_put_message_time_buckets()
        self.find_put_message_entire_time_px(0.99)
        self.find_put_message_entire_time_px(0.999)
        log.info("[PAGECACHERT] TotalPut %d, PutMessageDistributeTime %s", total_put, _distribute_time_string(times))
