"""Every speed target of the issues in one run: runs remoting_bench.py, broker_bench.py and producer_bench.py one
after the other (``--rounds`` times) and prints each figure, its best and median over the rounds, and its target.

    python benchmarks/targets.py [--rounds 3]

A figure is only comparable with a figure of the same run: on a small shared virtual machine the speed of the
machine itself swings (waking an idle vCPU can cost 100 us), so the table also shows the plain Python socket
round-trip rate remoting_bench.py measures first in each round, the best any Python code can do at that moment.
Run it on an otherwise idle machine.
"""
from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
from typing import Dict, List, Optional, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))

#: (script, label, regular expression of the figure in its output, target; None: a reference, no target)
FIGURES: List[Tuple[str, str, str, Optional[float]]] = [
    ("remoting_bench.py", "codec JSON encode+decode (ops/s)", r"codec JSON +encode\+decode +(\d+)", 50000),
    ("remoting_bench.py", "codec ROCKETMQ encode+decode (ops/s)", r"codec ROCKETMQ +encode\+decode +(\d+)", 50000),
    ("remoting_bench.py", "reference: plain socket round trips (/s)", r"plain socket round trips +(\d+)", None),
    ("remoting_bench.py", "remoting sync round trips (/s)", r"inline when idle +(\d+)", 8000),
    ("remoting_bench.py", "remoting async, 1000 in flight (/s)", r"async, \d+ in flight +(\d+)", 25000),
    ("broker_bench.py", "broker sends, 4 connections (msgs/s)", r"send : .*= +(\d+) msgs/s", 10000),
    ("broker_bench.py", "broker pulls, batches of 32 (msgs/s)", r"pull : .*= +(\d+) msgs/s", 30000),
    ("producer_bench.py", "producer sync, 1 thread (msgs/s)", r"sync 1 : .*= +(\d+) msgs/s", 3000),
    ("producer_bench.py", "producer sync, 4 threads (msgs/s)", r"sync 4 : .*= +(\d+) msgs/s", 5000),
    ("producer_bench.py", "producer async (msgs/s)", r"async  : .*= +(\d+) msgs/s", 10000),
]


def run_round(scripts: List[str]) -> Dict[str, float]:
    figures: Dict[str, float] = {}
    for script in scripts:
        out = subprocess.run([sys.executable, os.path.join(HERE, script)], stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT, universal_newlines=True, timeout=600, check=True).stdout
        for name, label, pattern, _ in FIGURES:
            if name == script:
                match = re.search(pattern, out)
                if match is None:
                    raise RuntimeError("%s printed no figure for %r:\n%s" % (script, label, out))
                figures[label] = float(match.group(1))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    scripts = list(dict.fromkeys(name for name, _, _, _ in FIGURES))
    rounds = []
    for n in range(1, args.rounds + 1):
        rounds.append(run_round(scripts))
        print("round %d: %s" % (n, ", ".join("%s %.0f" % (label.split(" (")[0], value)
                                             for label, value in rounds[-1].items())), flush=True)
    print()
    print("%-42s %10s %10s %10s" % ("figure", "best", "median", "target"))
    for _, label, _, target in FIGURES:
        values = [r[label] for r in rounds]
        best, median = max(values), statistics.median(values)
        if target is None:
            verdict = ""
        else:
            verdict = "met" if median >= target else "best round only" if best >= target else "MISSED"
        print("%-42s %10.0f %10.0f %10s %s" % (label, best, median,
                                               "-" if target is None else "%.0f" % target, verdict))


if __name__ == "__main__":
    main()
