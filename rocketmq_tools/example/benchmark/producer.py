"""Java ``org.apache.rocketmq.example.benchmark.Producer``: send as fast as ``thread_count`` threads can.

Every second a line with the TPS, average and maximum send RT and the failures of that second; at the end a
``[Complete]`` summary with the RT percentiles p50 and p99. It stops after ``message_num`` messages (0: no limit),
after ``duration`` seconds, or when :meth:`Producer.stop` is called (Ctrl-C on the command line).
"""
from __future__ import annotations

import logging
import random
import string
import sys
import threading
import time
from typing import IO, List, Optional

from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_callback import SendCallback
from rocketmq_client.producer.send_result import SendResult
from rocketmq_common.message.message import Message
from rocketmq_remoting.exception import RemotingException
from rocketmq_tools.example.benchmark.stats_reporter import StatsReporter, now_string, percentile

__all__ = ["Producer", "StatsBenchmarkProducer"]

log = logging.getLogger(__name__)

#: async mode: at most this many sends in flight (Java bounds its async executor queue at 10000; fewer here so a
#: run ends soon after its duration)
MAX_LENGTH_ASYNC_QUEUE = 1000


class StatsBenchmarkProducer:
    """Java ``StatsBenchmarkProducer``: counters (under one lock) and every successful RT for the percentiles."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.send_request_success_count = 0
        self.send_request_failed_count = 0
        self.receive_response_success_count = 0
        self.receive_response_failed_count = 0
        self.send_message_success_time_total = 0.0
        self.send_message_max_rt = 0.0
        self.rts: List[float] = []

    def success(self, rt_millis: float) -> None:
        with self.lock:
            self.send_request_success_count += 1
            self.receive_response_success_count += 1
            self.send_message_success_time_total += rt_millis
            self.send_message_max_rt = max(self.send_message_max_rt, rt_millis)
            self.rts.append(rt_millis)

    def send_failed(self) -> None:
        with self.lock:
            self.send_request_failed_count += 1

    def response_failed(self) -> None:
        with self.lock:
            self.receive_response_failed_count += 1

    def create_snapshot(self) -> List[float]:
        """Java ``createSnapshot``: [now ms, sent ok, send failed, responses ok, response failed, RT total]."""
        with self.lock:
            return [time.time() * 1000, self.send_request_success_count, self.send_request_failed_count,
                    self.receive_response_success_count, self.receive_response_failed_count,
                    self.send_message_success_time_total]

    def take_max_rt(self) -> float:
        """The max RT since the last call (reset, so each line shows its own second)."""
        with self.lock:
            value, self.send_message_max_rt = self.send_message_max_rt, 0.0
            return value


class _Callback(SendCallback):
    def __init__(self, producer: "Producer", begin: float) -> None:
        self.producer = producer
        self.begin = begin

    def on_success(self, send_result: SendResult) -> None:
        self.producer.stats.success((time.perf_counter() - self.begin) * 1000)
        self.producer.in_flight.release()

    def on_exception(self, e: BaseException) -> None:
        self.producer.stats.send_failed()
        self.producer.in_flight.release()


class Producer:
    """See the module docstring. Options are Java's (``-w -s -k -t -l -q -d -e -y -p``) plus ``duration``."""

    def __init__(self, namesrv_addr: str, topic: str = "BenchmarkTest", thread_count: int = 64,
                 message_size: int = 128, key_enable: bool = False, property_size: int = 0, tag_count: int = 0,
                 message_num: int = 0, delay_enable: bool = False, delay_level: int = 1, async_enable: bool = False,
                 duration: Optional[float] = None, out: Optional[IO[str]] = None) -> None:
        self.namesrv_addr = namesrv_addr
        self.topic = topic
        self.thread_count = 1 if async_enable else thread_count
        self.message_size = message_size
        self.key_enable = key_enable
        self.property_size = property_size
        self.tag_count = tag_count
        self.message_num = message_num
        self.delay_enable = delay_enable
        self.delay_level = delay_level
        self.async_enable = async_enable
        self.duration = duration
        self.out = out if out is not None else sys.stdout
        self.stats = StatsBenchmarkProducer()
        self.in_flight = threading.BoundedSemaphore(MAX_LENGTH_ASYNC_QUEUE)
        self._stop = threading.Event()
        alphabet = string.ascii_letters + string.digits
        self.msg_body = "".join(random.choice(alphabet) for _ in range(message_size)).encode("utf-8")
        self._last = self.stats.create_snapshot()

    def stop(self) -> None:
        """End the run (the threads finish their current send)."""
        self._stop.set()

    def build_message(self) -> Message:
        """Java ``buildMessage`` plus the per-message options (key, delay, tag, properties)."""
        msg = Message(self.topic, self.msg_body)
        now = int(time.time() * 1000)
        if self.key_enable:
            msg.set_keys(str(now // 1000))
        if self.delay_enable:
            msg.set_delay_time_level(self.delay_level)
        if self.tag_count > 0:
            msg.set_tags("tag%d" % (now % self.tag_count))
        if self.property_size > 0:
            i, start, size = 0, random.randrange(100), 0
            while size <= self.property_size:
                name1, value1 = "prop%d" % i, "hello%d" % start
                name2, value2 = "prop%d" % (i + 1), str(start)
                msg.put_user_property(name1, value1)
                msg.put_user_property(name2, value2)
                size += len(name1) + len(name2) + len(value1) + len(value2)
                i += 2
                start += 2
        return msg

    def _send_loop(self, producer: DefaultMQProducer, limit: int) -> None:
        num = 0
        while not self._stop.is_set() and (limit <= 0 or num < limit):
            msg = self.build_message()
            begin = time.perf_counter()
            try:
                if self.async_enable:
                    while not self.in_flight.acquire(timeout=0.1):
                        if self._stop.is_set():
                            return
                    producer.send(msg, _Callback(self, begin))
                else:
                    producer.send(msg)
                    self.stats.success((time.perf_counter() - begin) * 1000)
            except MQBrokerException:
                self.stats.response_failed()
                log.error("[BENCHMARK_PRODUCER] Send Exception", exc_info=True)
                self._stop.wait(3)
            except (MQClientException, RemotingException):
                self.stats.send_failed()
                log.error("[BENCHMARK_PRODUCER] Send Exception", exc_info=True)
                self._stop.wait(3)
            num += 1

    def stats_line(self) -> str:
        """The line of the last second (Java's ``Current Time: ... Send TPS: ...``)."""
        begin, end = self._last, self.stats.create_snapshot()
        self._last = end
        elapsed = max(end[0] - begin[0], 1e-9)
        sends = end[3] - begin[3]
        return ("Current Time: %s Send TPS: %d Max RT(ms): %.3f Average RT(ms): %7.3f Send Failed: %d "
                "Response Failed: %d" % (now_string(), int(sends / elapsed * 1000), self.stats.take_max_rt(),
                                         (end[5] - begin[5]) / sends if sends else 0.0, end[2], end[4]))

    def run(self) -> StatsBenchmarkProducer:
        """Print the settings, send until done, print the summary; the statistics."""
        print("topic: %s threadCount: %d messageSize: %d keyEnable: %s propertySize: %d tagCount: %d "
              "messageQuantity: %d delayEnable: %s delayLevel: %s asyncEnable: %s duration: %s"
              % (self.topic, self.thread_count, self.message_size, str(self.key_enable).lower(), self.property_size,
                 self.tag_count, self.message_num, str(self.delay_enable).lower(), self.delay_level,
                 str(self.async_enable).lower(), "none" if self.duration is None else "%gs" % self.duration),
              file=self.out, flush=True)
        producer = DefaultMQProducer("benchmark_producer")
        producer.set_namesrv_addr(self.namesrv_addr)
        producer.set_instance_name("benchmark-%d" % int(time.time() * 1000))
        producer.set_compress_msg_body_over_howmuch(2 ** 31 - 1)
        limits = [0] * self.thread_count
        if self.message_num > 0:
            limits = [self.message_num // self.thread_count] * self.thread_count
            limits[0] += self.message_num % self.thread_count
        reporter = StatsReporter(self.stats_line, self.out)
        started = time.monotonic()
        with producer:
            threads = [threading.Thread(target=self._send_loop, args=(producer, limit),
                                        name="BenchmarkProducerThread-%d" % (i + 1), daemon=True)
                       for i, limit in enumerate(limits) if self.message_num <= 0 or limit > 0]
            reporter.start()
            for thread in threads:
                thread.start()
            try:
                deadline = None if self.duration is None else started + self.duration
                try:
                    while any(t.is_alive() for t in threads):
                        if deadline is not None and time.monotonic() >= deadline:
                            self.stop()
                        for thread in threads:
                            thread.join(0.05)
                except KeyboardInterrupt:
                    log.info("benchmark interrupted")
                if self.async_enable:
                    for _ in range(MAX_LENGTH_ASYNC_QUEUE):
                        if not self.in_flight.acquire(timeout=10):
                            break
            finally:
                self.stop()
                reporter.shutdown()
        self.print_summary(time.monotonic() - started)
        return self.stats

    def print_summary(self, elapsed_seconds: float) -> None:
        """Java's ``[Complete]`` line, with the RT percentiles."""
        stats = self.stats
        with stats.lock:
            rts = sorted(stats.rts)
            ok, failed, response_failed = (stats.send_request_success_count, stats.send_request_failed_count,
                                           stats.receive_response_failed_count)
            total_rt = stats.send_message_success_time_total
        print("[Complete] Send Total: %d Send TPS: %d Max RT(ms): %.3f Average RT(ms): %7.3f Send Failed: %d "
              "Response Failed: %d RT p50(ms): %.3f RT p99(ms): %.3f"
              % (ok + failed, int(ok / elapsed_seconds) if elapsed_seconds > 0 else 0, rts[-1] if rts else 0.0,
                 total_rt / ok if ok else 0.0, failed, response_failed, percentile(rts, 0.5), percentile(rts, 0.99)),
              file=self.out, flush=True)
