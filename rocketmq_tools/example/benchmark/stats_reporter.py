"""The per-second statistics line of the benchmarks (Java prints every 10 s from a ``BenchmarkTimerThread``):
redrawn in place with ``\\r`` when the output is a terminal, one plain line per second otherwise."""
from __future__ import annotations

import math
import sys
import threading
import time
from typing import IO, Callable, List, Optional, Sequence

from rocketmq_common.util_all import UtilAll

__all__ = ["StatsReporter", "percentile", "now_string"]


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    """The nearest-rank percentile of ascending ``sorted_values`` (0.0 when empty)."""
    if not sorted_values:
        return 0.0
    rank = max(1, int(math.ceil(fraction * len(sorted_values))))
    return float(sorted_values[rank - 1])


def now_string() -> str:
    """Java ``UtilAll.timeMillisToHumanString2(System.currentTimeMillis())``."""
    return UtilAll.time_millis_to_human_string2(int(time.time() * 1000))


class StatsReporter:
    """Calls ``line()`` every ``interval`` seconds on thread ``BenchmarkTimerThread-1`` and writes its text."""

    def __init__(self, line: Callable[[], str], stream: Optional[IO[str]] = None, interval: float = 1.0) -> None:
        self.line = line
        self.stream = stream if stream is not None else sys.stdout
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="BenchmarkTimerThread-1", daemon=True)
        self._drawn = False
        self.lines: List[str] = []

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self._write(self.line())

    def _write(self, text: str) -> None:
        self.lines.append(text)
        if self.tty:
            self.stream.write("\r\x1b[K" + text)
            self._drawn = True
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def shutdown(self) -> None:
        """Stop the thread; a live line is ended with a newline."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()
