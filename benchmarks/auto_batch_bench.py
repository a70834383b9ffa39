"""Auto-batched async send, ours against the Java 5.3.3 client's, on a real 5.3.3 NameServer and broker started on
free loopback ports (tests/interop/interop_support.RealCluster): the workload of the anchors' Bench.java asyncSend
(N async sends of SIZE bytes issued at once from one thread, timed until every callback came). Alternates Java
(benchmarks/AutoBatchBench.java compiled at run time against ``$ROCKETMQ_ANCHORS5``'s jars) and ours ROUNDS times and
prints the median ratio ours/Java of messages per second and of client CPU per 1,000 messages.

    ROCKETMQ_ANCHORS5=/root/rocketmq-anchors-5.3.3 python benchmarks/auto_batch_bench.py [N SIZE ROUNDS]

``--ours NAMESRV TOPIC N SIZE`` runs our side alone (the runner starts it as a subprocess, as it does Java).
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def ours(namesrv, topic, n, size):
    from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
    from rocketmq_client.producer.send_callback import SendCallback
    from rocketmq_client.producer.send_status import SendStatus
    from rocketmq_common.message.message import Message

    body = b"x" * size
    p = DefaultMQProducer("AutoBatchBenchPG_%d" % time.time_ns())
    p.set_namesrv_addr(namesrv)
    p.set_instance_name("abb_%d" % time.time_ns())
    p.set_auto_batch(True)
    p.start()
    for _ in range(200):
        p.send(Message(topic, body))
    counts = [0, 0]
    done = threading.Event()
    lock = threading.Lock()

    class Callback(SendCallback):
        def on_success(self, send_result):
            with lock:
                counts[0 if send_result.get_send_status() == SendStatus.SEND_OK else 1] += 1
                if counts[0] + counts[1] == n:
                    done.set()

        def on_exception(self, e):
            with lock:
                counts[1] += 1
                if counts[0] + counts[1] == n:
                    done.set()

    cb = Callback()
    c0 = time.process_time()
    t0 = time.perf_counter()
    for _ in range(n):
        p.send(Message(topic, body), cb)
    done.wait(300)
    el = time.perf_counter() - t0
    cpu = time.process_time() - c0
    p.shutdown()
    print("RESULT ours auto-batch-async msgs=%d %.0f msgs/s ok=%d failures=%d cpu_s_per_1000=%.3f"
          % (n, n / el, counts[0], counts[1], cpu / n * 1000))


def parse(out):
    m = re.search(r"RESULT \S+ auto-batch-async msgs=\d+ (\d+) msgs/s ok=(\d+) failures=(\d+) cpu_s_per_1000=([\d.]+)",
                  out)
    if not m:
        raise RuntimeError("no RESULT line in: " + out[-2000:])
    return float(m.group(1)), float(m.group(4)), int(m.group(3))


def main():
    n, size, rounds = (int(a) for a in (sys.argv[1:4] + ["20000", "1000", "3"][len(sys.argv[1:4]):]))
    # the checkout first: with an editable install, tests/rocketmq_client would otherwise be found as a namespace
    # package before the editable finder is asked for rocketmq_client
    sys.path[:0] = [ROOT]
    sys.path.extend([os.path.join(ROOT, "tests", "interop"), os.path.join(ROOT, "tests")])
    from interop_support import RealCluster, find_anchors5, unique

    anchors = find_anchors5()
    if anchors is None:
        sys.exit("set ROCKETMQ_ANCHORS5 to the 5.3.3 anchors build")
    with tempfile.TemporaryDirectory() as work:
        classes = os.path.join(work, "classes")
        os.makedirs(classes)
        subprocess.run([anchors.javac, "-nowarn", "-cp", anchors.class_path, "-d", classes,
                        os.path.join(HERE, "AutoBatchBench.java")], check=True, timeout=120)
        java_cmd = [anchors.java] + anchors.java_opens + anchors.logging_properties() + [
            "-cp", classes + os.pathsep + anchors.class_path, "AutoBatchBench"]
        cluster = RealCluster(anchors, work)
        try:
            ratios, cpu_ratios = [], []
            for r in range(rounds):
                topic = unique("AutoBatchBench")
                args = [cluster.namesrv_addr, topic, str(n), str(size)]
                java = parse(subprocess.run(java_cmd + args, capture_output=True, text=True, timeout=600).stdout)
                py = parse(subprocess.run([sys.executable, __file__, "--ours"] + args, capture_output=True,
                                          text=True, timeout=600, cwd=ROOT).stdout)
                ratios.append(py[0] / java[0])
                cpu_ratios.append(py[1] / java[1])
                print("round %d: java %.0f msgs/s cpu/1000 %.3f s (failures %d) | ours %.0f msgs/s cpu/1000 %.3f s "
                      "(failures %d) | ratio msgs/s %.2f cpu %.2f" % (r + 1, java[0], java[1], java[2], py[0], py[1],
                                                                      py[2], ratios[-1], cpu_ratios[-1]), flush=True)
            print("MEDIAN ratio ours/java: msgs/s %.2f, cpu per 1000 msgs %.2f"
                  % (statistics.median(ratios), statistics.median(cpu_ratios)))
        finally:
            cluster.stop()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--ours"]:
        ours(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    else:
        main()
