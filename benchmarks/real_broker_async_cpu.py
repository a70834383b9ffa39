"""Client CPU per async send against the real Apache RocketMQ 4.9.7 broker, two trees alternating.

    PYTHONPATH=TREE_B ROCKETMQ_ANCHORS=$HOME/rocketmq-anchors-4.9.7 \\
        python benchmarks/real_broker_async_cpu.py TREE_A TREE_B [ROUNDS] [MESSAGES] [FORMS]

Starts one real NameServer and broker (``tests/interop/interop_support.RealCluster`` of TREE_B, ephemeral ports),
then, ROUNDS times, a fresh process per tree and form (A then B, B then A on the next round) runs a
DefaultMQProducer of that tree: 2,000 sync sends and 5,000 async ones to warm up, then MESSAGES timed async sends
of 1 KiB, and prints the process CPU per message (``time.process_time()``), the rate, and the cyclic garbage
collector's share (wall time of its runs, ``producer_bench.GCTimer``). FORMS (comma-separated,
default ``window``): ``window``, ``producer.send(msg, callback)`` with 300 in flight (``producer_bench.phase_async``);
``callback``, the same with all MESSAGES in flight at once; ``future``, ``producer.send_async(msg)`` for all
MESSAGES at once, then ``concurrent.futures.wait`` (``producer_bench.phase_futures``; the last two are
``../shared/anchors/perf_client.py``'s async phases). Sends the broker refuses under load (its flow control) are
counted, not fatal. benchmarks/README.md has the results ("The transport by Netty's roles", "The lighter Future").
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile

_CHILD = r'''
import gc, os, sys, time
sys.path[:0] = [sys.argv[1] + "/benchmarks", sys.argv[1]]
import producer_bench as pb
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
n, form = int(sys.argv[3]), sys.argv[4]
p = DefaultMQProducer("AsyncCpu%d" % os.getpid())
p.set_namesrv_addr(sys.argv[2])
p.start()
body = b"x" * 1024
for _ in range(2000):
    p.send(pb.Message(pb.TOPIC, "TagA", body))
try:
    pb.phase_async(p, 5000, 300, body)
except RuntimeError as e:
    print("warm-up:", e, file=sys.stderr)
note = ""
collector = pb.GCTimer()
gc.callbacks.append(collector)
c0, t0 = time.process_time(), time.perf_counter()
try:
    if form == "future":
        pb.phase_futures(p, n, body)
    else:
        pb.phase_async(p, n, 300 if form == "window" else n, body)
except RuntimeError as e:  # the broker's flow control on a loaded machine: some sends refused
    note = " (%s)" % str(e)[:60]
cpu, elapsed = time.process_time() - c0, time.perf_counter() - t0
gc.callbacks.remove(collector)
p.shutdown()
print("%s %s %.2f us/msg %.0f msgs/s, collector %.1f us/msg (%d full)%s" % (
    sys.argv[1], form, cpu / n * 1e6, n / elapsed, sum(collector.seconds) / n * 1e6, collector.counts[2], note),
    flush=True)
'''


def main() -> None:
    tree_a, tree_b = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    messages = int(sys.argv[4]) if len(sys.argv) > 4 else 20000
    forms = sys.argv[5].split(",") if len(sys.argv) > 5 else ["window"]
    sys.path += [os.path.join(tree_b, "tests", "interop"), os.path.join(tree_b, "tests")]
    from interop_support import RealCluster, find_anchors
    anchors = find_anchors()
    if anchors is None:
        sys.exit("set ROCKETMQ_ANCHORS to a RocketMQ 4.9.7 build (docs/interop.md)")
    cluster = RealCluster(anchors, tempfile.mkdtemp(prefix="async-cpu"))
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)  # each child runs its own tree
    try:
        for r in range(rounds):
            for tree in (tree_a, tree_b) if r % 2 == 0 else (tree_b, tree_a):
                for form in forms:
                    subprocess.run([sys.executable, "-c", _CHILD, tree, cluster.namesrv_addr, str(messages), form],
                                   check=True, env=env, cwd=tree)
    finally:
        cluster.stop()


if __name__ == "__main__":
    main()
