"""POP consumption (issue 30), ours against the Java 5.3.3 client's, on a real 5.3.3 NameServer and broker started on
free loopback ports (tests/interop/interop_support.RealCluster): N messages of SIZE bytes produced first into a
4-queue topic, then consumed by one push consumer with ``client_rebalance`` False in a group put in POP mode (Java's
defaults: 32 messages per pop, 20 consume threads, CONSUME_SUCCESS acks each), timed from the first message to the
N-th distinct one. Each round a new group consumes the whole topic with Java (benchmarks/PopConsumerBench.java compiled
at run time against ``$ROCKETMQ_ANCHORS5``'s jars) and another with ours, who goes first alternating, ROUNDS times
(the CPU counts from before the consumer's start: Java's includes its JIT warm-up, ours not the imports); prints the
median ratio ours/Java of messages per second and of consumer CPU per 1,000 messages.

    ROCKETMQ_ANCHORS5=/root/rocketmq-anchors-5.3.3 python benchmarks/pop_consumer_bench.py [N SIZE ROUNDS]

``--ours NAMESRV TOPIC GROUP N`` runs our side alone (the runner starts it as a subprocess, as it does Java).
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


def ours(namesrv, topic, group, n):
    from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
    from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
    from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere

    seen = set()
    deliveries = [0]
    first = [0.0]
    lock = threading.Lock()
    done = threading.Event()

    def listener(msgs, context):
        with lock:
            if not first[0]:
                first[0] = time.perf_counter()
            deliveries[0] += len(msgs)
            seen.update(m.get_body() for m in msgs)
            if len(seen) >= n:
                done.set()
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    consumer = DefaultMQPushConsumer(group, namesrv_addr=namesrv, instance_name="pcb_%d" % time.time_ns(),
                                     client_rebalance=False,
                                     consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.subscribe(topic, "*")
    consumer.register_message_listener(listener)
    c0 = time.process_time()
    consumer.start()
    done.wait(600)
    el = time.perf_counter() - first[0]
    cpu = time.process_time() - c0
    consumer.shutdown()
    print("RESULT ours pop msgs=%d %.0f msgs/s deliveries=%d cpu_s_per_1000=%.3f"
          % (len(seen), len(seen) / el, deliveries[0], cpu / n * 1000))


def parse(out):
    m = re.search(r"RESULT \S+ pop msgs=(\d+) (\d+) msgs/s deliveries=(\d+) cpu_s_per_1000=([\d.]+)", out)
    if not m:
        raise RuntimeError("no RESULT line in: " + out[-2000:])
    return float(m.group(2)), float(m.group(4)), int(m.group(1)), int(m.group(3))


def main():
    n, size, rounds = (int(a) for a in (sys.argv[1:4] + ["20000", "100", "3"][len(sys.argv[1:4]):]))
    # the checkout first: with an editable install, tests/rocketmq_client would otherwise be found as a namespace
    # package before the editable finder is asked for rocketmq_client
    sys.path[:0] = [ROOT]
    sys.path.extend([os.path.join(ROOT, "tests", "interop"), os.path.join(ROOT, "tests")])
    from interop_support import RealCluster, find_anchors5, make_topic, unique

    from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
    from rocketmq_common.message.message import Message
    from rocketmq_common.message.message_request_mode import MessageRequestMode
    from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt

    anchors = find_anchors5()
    if anchors is None:
        sys.exit("set ROCKETMQ_ANCHORS5 to the 5.3.3 anchors build")
    with tempfile.TemporaryDirectory() as work:
        classes = os.path.join(work, "classes")
        os.makedirs(classes)
        subprocess.run([anchors.javac, "-nowarn", "-cp", anchors.class_path, "-d", classes,
                        os.path.join(HERE, "PopConsumerBench.java")], check=True, timeout=120)
        java_cmd = [anchors.java] + anchors.java_opens + anchors.logging_properties() + [
            "-cp", classes + os.pathsep + anchors.class_path, "PopConsumerBench"]
        cluster = RealCluster(anchors, work)
        producer = DefaultMQProducer(unique("PopBenchPG"), namesrv_addr=cluster.namesrv_addr,
                                     instance_name=unique("p"))
        admin = DefaultMQAdminExt(namesrv_addr=cluster.namesrv_addr, instance_name=unique("a"))
        try:
            producer.start()
            admin.start()
            topic = make_topic(producer, 4)
            body = b"x" * size
            for start in range(0, n, 100):  # batches of 100, each body unique
                producer.send([Message(topic, b"%08d" % i + body) for i in range(start, min(n, start + 100))])
            ratios, cpu_ratios = [], []
            for r in range(rounds):
                results = {}
                sides = [("java", java_cmd), ("ours", [sys.executable, __file__, "--ours"])]
                for side, cmd in sides if r % 2 == 0 else sides[::-1]:  # who goes first alternates
                    group = unique("PopBenchCG")
                    admin.set_message_request_mode(cluster.broker_addr, topic, group, MessageRequestMode.POP, 0, 5000)
                    out = subprocess.run(cmd + [cluster.namesrv_addr, topic, group, str(n)], capture_output=True,
                                         text=True, timeout=900, cwd=ROOT).stdout
                    results[side] = parse(out)
                java, py = results["java"], results["ours"]
                ratios.append(py[0] / java[0])
                cpu_ratios.append(py[1] / java[1])
                print("round %d: java %.0f msgs/s cpu/1000 %.3f s (%d msgs, %d deliveries) | ours %.0f msgs/s "
                      "cpu/1000 %.3f s (%d msgs, %d deliveries) | ratio msgs/s %.2f cpu %.2f"
                      % (r + 1, java[0], java[1], java[2], java[3], py[0], py[1], py[2], py[3], ratios[-1],
                         cpu_ratios[-1]), flush=True)
            print("MEDIAN ratio ours/java: msgs/s %.2f, cpu per 1000 msgs %.2f"
                  % (statistics.median(ratios), statistics.median(cpu_ratios)))
        finally:
            admin.shutdown()
            producer.shutdown()
            cluster.stop()


if __name__ == "__main__":
    if sys.argv[1:2] == ["--ours"]:
        ours(sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
    else:
        main()
