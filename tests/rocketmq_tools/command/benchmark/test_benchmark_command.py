"""``benchmark producer|consumer`` on the embedded cluster (per-second lines, the summary with p50/p99), and the
live progress line on a terminal."""
from __future__ import annotations

import io
import itertools
import re
import time
import types

from rocketmq_tools.command import support
from rocketmq_tools.command.support import Progress
from rocketmq_tools.example.benchmark.stats_reporter import StatsReporter, percentile

PRODUCER_LINE = re.compile(r"Current Time: \S+ \S+ Send TPS: (\d+) Max RT\(ms\): ([\d.]+) "
                           r"Average RT\(ms\): +([\d.]+) Send Failed: (\d+) Response Failed: (\d+)$")
PRODUCER_SUMMARY = re.compile(r"\[Complete\] Send Total: (\d+) Send TPS: (\d+) Max RT\(ms\): ([\d.]+) "
                              r"Average RT\(ms\): +([\d.]+) Send Failed: (\d+) Response Failed: (\d+) "
                              r"RT p50\(ms\): ([\d.]+) RT p99\(ms\): ([\d.]+)$")
CONSUMER_LINE = re.compile(r"Current Time: \S+ \S+ TPS: (\d+) FAIL: (\d+) AVG\(B2C\) RT\(ms\): +[\d.]+ AVG\(S2C\) "
                           r"RT\(ms\): +[\d.]+ MAX\(B2C\) RT\(ms\): \d+ MAX\(S2C\) RT\(ms\): \d+$")
CONSUMER_SUMMARY = re.compile(r"\[Complete\] Receive Total: (\d+) TPS: (\d+) FAIL: (\d+) .* B2C p50\(ms\): ([\d.]+) "
                              r"B2C p99\(ms\): ([\d.]+)$")


def test_benchmark_producer_quantity_then_consumer(cli, embedded_cluster):
    produced = cli.on(embedded_cluster, "benchmark", "producer", "-t", "BenchTopic", "-q", "300", "-w", "3", "-s",
                      "64", "-k", "true", "-l", "3", "-p", "20")
    assert produced.code == 0, produced.err
    assert produced.lines[0].startswith("topic: BenchTopic threadCount: 3 messageSize: 64 keyEnable: true")
    summary = PRODUCER_SUMMARY.match(produced.lines[-1])
    assert summary, produced.lines[-1]
    total, tps, max_rt, avg_rt, failed, response_failed, p50, p99 = summary.groups()
    assert (total, failed, response_failed) == ("300", "0", "0")
    assert int(tps) > 0 and 0 < float(p50) <= float(p99) <= float(max_rt) and float(avg_rt) > 0
    assert all(PRODUCER_LINE.match(line) for line in produced.lines[1:-1])

    consumed = cli.on(embedded_cluster, "benchmark", "consumer", "-t", "BenchTopic", "-g", "BenchGroup", "--from",
                      "first", "-q", "300", "-w", "4", "--duration", "30")
    assert consumed.code == 0, consumed.err
    assert consumed.lines[1] == "Consumer Started."
    summary = CONSUMER_SUMMARY.match(consumed.lines[-1])
    assert summary, consumed.lines[-1]
    received, tps, fails, p50, p99 = summary.groups()
    assert int(received) >= 300 and fails == "0" and float(p50) <= float(p99)
    assert all(CONSUMER_LINE.match(line) for line in consumed.lines[2:-1])


def test_benchmark_producer_duration_prints_a_line_every_second(cli, embedded_cluster):
    started = time.monotonic()
    result = cli.on(embedded_cluster, "benchmark", "producer", "-t", "BenchTopic", "-w", "2", "--duration", "2.5",
                    "-y", "true")
    elapsed = time.monotonic() - started
    assert result.code == 0, result.err
    assert 2.5 <= elapsed < 15
    lines = [line for line in result.lines if PRODUCER_LINE.match(line)]
    assert len(lines) >= 2
    assert sum(int(PRODUCER_LINE.match(line).group(1)) for line in lines) > 0
    assert PRODUCER_SUMMARY.match(result.lines[-1])
    assert "threadCount: 1" in result.lines[0]                 # async mode sends from one thread, as Java


def test_benchmark_argument_errors(cli, embedded_cluster):
    assert cli.on(embedded_cluster, "benchmark").code == 2
    assert cli.on(embedded_cluster, "benchmark", "both").code == 2
    bad = cli.on(embedded_cluster, "benchmark", "producer", "-w", "0")
    assert bad.code == 2 and bad.err.strip() == "rocketmq benchmark: --threadCount must be positive"
    assert cli.on(embedded_cluster, "benchmark", "consumer", "-r", "2").code == 2


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_live_lines_on_a_terminal_and_plain_lines_elsewhere(wait_until, monkeypatch):
    tty = _Terminal()
    # "c" again until the reporter stops: it may draw once more before shutdown() stops it
    reporter = StatsReporter(itertools.chain(["a", "b"], itertools.repeat("c")).__next__, tty, interval=0.01)
    reporter.start()
    wait_until(lambda: len(reporter.lines) >= 3, timeout=5)
    reporter.shutdown()
    assert re.fullmatch("\ra\rb(\rc)+\n", tty.getvalue().replace("\x1b[K", ""))
    assert tty.getvalue().startswith("\r\x1b[Ka\r\x1b[Kb\r\x1b[Kc")

    plain = io.StringIO()
    progress = Progress("Sending", 10, plain, interval=0.0)
    progress.update(4)
    progress.finish()
    assert plain.getvalue().startswith("Sending: 4/10 (40%) ")
    now = [1000.0]  # Progress's clock, moved by hand
    monkeypatch.setattr(support, "time", types.SimpleNamespace(monotonic=lambda: now[0]))
    live = _Terminal()
    progress = Progress("Receiving", None, live)
    now[0] += 0.11
    progress.update(7)
    now[0] += 0.05
    progress.update(8)                                          # within 0.1 s of the last: not drawn
    progress.finish()
    assert live.getvalue().startswith("\r\x1b[KReceiving: 7 ") and live.getvalue().endswith("\r\x1b[K")
    assert "Receiving: 8" not in live.getvalue()


def test_percentile_is_nearest_rank():
    values = list(range(1, 101))
    assert (percentile(values, 0.5), percentile(values, 0.99), percentile([], 0.5)) == (50, 99, 0.0)
