"""Java ``org.apache.rocketmq.example.benchmark.Consumer``: a push consumer measuring what it receives.

Every second a line with the TPS, the failures (``fail_rate`` of the messages are answered RECONSUME_LATER) and
the average and maximum born-to-consume (B2C) and store-to-consume (S2C) times; at the end a ``[Complete]``
summary with the B2C percentiles p50 and p99. It stops after ``message_num`` messages (0: no limit), after
``duration`` seconds, or when :meth:`Consumer.stop` is called.
"""
from __future__ import annotations

import logging
import random
import sys
import threading
import time
from typing import IO, Any, List, Optional

from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.message_selector import MessageSelector
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_tools.example.benchmark.stats_reporter import StatsReporter, now_string, percentile

__all__ = ["Consumer", "StatsBenchmarkConsumer"]

log = logging.getLogger(__name__)


class StatsBenchmarkConsumer:
    """Java ``StatsBenchmarkConsumer``: counters (under one lock) and every B2C time for the percentiles."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.receive_message_total_count = 0
        self.born2_consumer_total_rt = 0
        self.store2_consumer_total_rt = 0
        self.born2_consumer_max_rt = 0
        self.store2_consumer_max_rt = 0
        self.fail_count = 0
        self.b2c: List[int] = []

    def create_snapshot(self) -> List[float]:
        """Java ``createSnapshot``: [now ms, received, B2C total, S2C total, failed]."""
        with self.lock:
            return [time.time() * 1000, self.receive_message_total_count, self.born2_consumer_total_rt,
                    self.store2_consumer_total_rt, self.fail_count]


class Consumer:
    """See the module docstring. Options are Java's (``-t -w -g -p -f -e -r``) plus ``from_first``,
    ``message_num`` and ``duration``."""

    def __init__(self, namesrv_addr: str, topic: str = "BenchmarkTest", thread_count: int = 20,
                 group: str = "benchmark_consumer", group_suffix: bool = False, filter_type: Optional[str] = None,
                 expression: Optional[str] = None, fail_rate: float = 0.0, from_first: bool = False,
                 message_num: int = 0, duration: Optional[float] = None, out: Optional[IO[str]] = None) -> None:
        self.namesrv_addr = namesrv_addr
        self.topic = topic
        self.thread_count = thread_count
        self.group = "%s_%d" % (group, int(time.time() * 1000) % 100) if group_suffix else group
        self.filter_type = filter_type
        self.expression = expression
        self.fail_rate = fail_rate
        self.from_first = from_first
        self.message_num = message_num
        self.duration = duration
        self.out = out if out is not None else sys.stdout
        self.stats = StatsBenchmarkConsumer()
        self._stop = threading.Event()
        self._last = self.stats.create_snapshot()

    def stop(self) -> None:
        self._stop.set()

    def consume_message(self, msgs: List[MessageExt], context: Any) -> ConsumeConcurrentlyStatus:
        """The listener: Java's statistics of the first message of the batch."""
        msg = msgs[0]
        now = int(time.time() * 1000)
        b2c = now - msg.get_born_timestamp()
        s2c = now - msg.get_store_timestamp()
        failed = random.random() < self.fail_rate
        stats = self.stats
        with stats.lock:
            stats.receive_message_total_count += 1
            stats.born2_consumer_total_rt += b2c
            stats.store2_consumer_total_rt += s2c
            stats.born2_consumer_max_rt = max(stats.born2_consumer_max_rt, b2c)
            stats.store2_consumer_max_rt = max(stats.store2_consumer_max_rt, s2c)
            stats.b2c.append(b2c)
            if failed:
                stats.fail_count += 1
            if 0 < self.message_num <= stats.receive_message_total_count - stats.fail_count:
                self._stop.set()
        return ConsumeConcurrentlyStatus.RECONSUME_LATER if failed else ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    def stats_line(self) -> str:
        """The line of the last second (Java's ``Current Time: ... TPS: ... FAIL: ...``)."""
        begin, end = self._last, self.stats.create_snapshot()
        self._last = end
        received = end[1] - begin[1]
        with self.stats.lock:
            b2c_max, s2c_max = self.stats.born2_consumer_max_rt, self.stats.store2_consumer_max_rt
            self.stats.born2_consumer_max_rt = self.stats.store2_consumer_max_rt = 0
        return ("Current Time: %s TPS: %d FAIL: %d AVG(B2C) RT(ms): %7.3f AVG(S2C) RT(ms): %7.3f MAX(B2C) RT(ms): %d "
                "MAX(S2C) RT(ms): %d" % (now_string(), int(received / max(end[0] - begin[0], 1e-9) * 1000),
                                         end[4] - begin[4], (end[2] - begin[2]) / received if received else 0.0,
                                         (end[3] - begin[3]) / received if received else 0.0, b2c_max, s2c_max))

    def _subscribe(self, consumer: DefaultMQPushConsumer) -> None:
        if self.filter_type is None or self.expression is None:
            consumer.subscribe(self.topic, "*")
            return
        with open(self.expression, encoding="utf-8") as f:
            expr = f.read()
        print("Expression: %s" % expr, file=self.out)
        if self.filter_type == ExpressionType.TAG:
            consumer.subscribe(self.topic, MessageSelector.by_tag(expr))
        elif self.filter_type == ExpressionType.SQL92:
            consumer.subscribe(self.topic, MessageSelector.by_sql(expr))
        else:
            raise ValueError("Not support filter type! %s" % self.filter_type)

    def run(self) -> StatsBenchmarkConsumer:
        """Print the settings, consume until done, print the summary; the statistics."""
        print("topic: %s, threadCount %d, group: %s, filterType: %s, expression: %s, failRate: %s, messageQuantity: "
              "%d, duration: %s" % (self.topic, self.thread_count, self.group, self.filter_type, self.expression,
                                    self.fail_rate, self.message_num,
                                    "none" if self.duration is None else "%gs" % self.duration),
              file=self.out, flush=True)
        consumer = DefaultMQPushConsumer(self.group)
        consumer.set_namesrv_addr(self.namesrv_addr)
        consumer.set_consume_thread_min(self.thread_count)
        consumer.set_consume_thread_max(self.thread_count)
        consumer.set_instance_name("benchmark-%d" % int(time.time() * 1000))
        if self.from_first:
            consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
        self._subscribe(consumer)
        consumer.register_message_listener(self.consume_message)
        reporter = StatsReporter(self.stats_line, self.out)
        started = time.monotonic()
        with consumer:
            print("Consumer Started.", file=self.out, flush=True)
            reporter.start()
            try:
                deadline = None if self.duration is None else started + self.duration
                try:
                    while not self._stop.wait(0.05):
                        if deadline is not None and time.monotonic() >= deadline:
                            break
                except KeyboardInterrupt:
                    log.info("benchmark interrupted")
            finally:
                self.stop()
                reporter.shutdown()
        self.print_summary(time.monotonic() - started)
        return self.stats

    def print_summary(self, elapsed_seconds: float) -> None:
        """The ``[Complete]`` line with the B2C percentiles."""
        stats = self.stats
        with stats.lock:
            b2c = sorted(stats.b2c)
            received, failed = stats.receive_message_total_count, stats.fail_count
            b2c_total, s2c_total = stats.born2_consumer_total_rt, stats.store2_consumer_total_rt
        print("[Complete] Receive Total: %d TPS: %d FAIL: %d AVG(B2C) RT(ms): %7.3f AVG(S2C) RT(ms): %7.3f "
              "MAX(B2C) RT(ms): %d B2C p50(ms): %.3f B2C p99(ms): %.3f"
              % (received, int(received / elapsed_seconds) if elapsed_seconds > 0 else 0, failed,
                 b2c_total / received if received else 0.0, s2c_total / received if received else 0.0,
                 b2c[-1] if b2c else 0, percentile(b2c, 0.5), percentile(b2c, 0.99)), file=self.out, flush=True)
