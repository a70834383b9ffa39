"""POP consumption scenarios (issue 30) run against any broker with POP (the real 5.3.3 one in ``tests/interop``, the
embedded one in ``tests/rocketmq_client``): a cluster here is anything with ``namesrv_addr`` and ``broker_addr``
(``RealCluster``, ``EmbeddedCluster``). ``tests/`` is on ``sys.path`` through ``tests/conftest.py``."""
from __future__ import annotations

import itertools
import os
import subprocess
import sys
import threading
import time
from typing import Any, List, Optional, Set

from waiting import wait_for

from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt

__all__ = ["PopCollector", "PopScenario"]

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_ids = itertools.count()

#: a consumer in a subprocess (kill -9 with messages in flight): prints ``GOT <body>`` for each message, then keeps
#: it (never returns from the listener); the lock keeps the lines of its 4 consume threads apart (print writes the
#: text and the newline separately)
CHILD_CONSUMER = """
import sys, threading
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
namesrv, topic, group = sys.argv[1:4]
lock = threading.Lock()
def listener(msgs, context):
    with lock:
        for m in msgs:
            print("GOT " + m.get_body().decode(), flush=True)
    threading.Event().wait()
consumer = DefaultMQPushConsumer(group, namesrv_addr=namesrv, client_rebalance=False, pop_invisible_time=5000,
                                 consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, consume_thread_min=4,
                                 consume_thread_max=4, pop_batch_nums=4)
consumer.subscribe(topic, "*")
consumer.register_message_listener(listener)
consumer.start()
print("STARTED", flush=True)
threading.Event().wait()
"""


def unique(prefix: str) -> str:
    return "%s_%d_%d" % (prefix, os.getpid(), next(_ids))


class PopCollector:
    """A concurrent listener keeping every message it gets; ``later`` bodies get RECONSUME_LATER the first time."""

    def __init__(self, later: Optional[Set[bytes]] = None) -> None:
        self.msgs: List[MessageExt] = []
        self.later = set(later or ())
        self.cond = threading.Condition()

    def __call__(self, msgs: List[MessageExt], context: Any) -> ConsumeConcurrentlyStatus:
        with self.cond:
            self.msgs.extend(msgs)
            self.cond.notify_all()
            if any(m.get_body() in self.later for m in msgs):
                self.later.difference_update(m.get_body() for m in msgs)
                return ConsumeConcurrentlyStatus.RECONSUME_LATER
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    def bodies(self) -> List[bytes]:
        with self.cond:
            return [m.get_body() for m in self.msgs]


class PopScenario:
    """A producer, an admin and the consumers of one test on ``cluster``; :meth:`close` shuts them all down."""

    def __init__(self, cluster: Any) -> None:
        self.cluster = cluster
        self.producer = DefaultMQProducer(unique("PopPG"), namesrv_addr=cluster.namesrv_addr,
                                          instance_name=unique("p"))
        self.producer.start()
        self.admin = DefaultMQAdminExt(namesrv_addr=cluster.namesrv_addr, instance_name=unique("a"))
        self.admin.start()
        self.consumers: List[DefaultMQPushConsumer] = []
        self.children: List[subprocess.Popen] = []

    def close(self) -> None:
        for child in self.children:
            if child.poll() is None:
                child.kill()
            child.wait(10)
            if child.stdout is not None:
                child.stdout.close()
        for consumer in self.consumers:
            consumer.shutdown()
        self.admin.shutdown()
        self.producer.shutdown()

    def topic(self, queues: int = 2) -> str:
        topic = unique("PopTopic")
        self.producer.create_topic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, topic, queues)
        wait_for(lambda: len(self.producer.fetch_publish_message_queues(topic)) == queues, 30, "the route of " + topic)
        return topic

    def set_mode(self, topic: str, group: str, mode: MessageRequestMode) -> None:
        self.admin.set_message_request_mode(self.cluster.broker_addr, topic, group, mode, 0, 5000)

    def consumer(self, topic: str, group: str, listener: Any, **config: Any) -> DefaultMQPushConsumer:
        config.setdefault("consume_from_where", ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
        consumer = DefaultMQPushConsumer(group, namesrv_addr=self.cluster.namesrv_addr, instance_name=unique("c"),
                                         client_rebalance=False, **config)
        consumer.subscribe(topic, "*")
        consumer.register_message_listener(listener)
        consumer.start()
        self.consumers.append(consumer)
        return consumer

    def send(self, topic: str, bodies: List[bytes]) -> None:
        for body in bodies:
            assert self.producer.send(Message(topic, body)).get_send_status() is SendStatus.SEND_OK

    def child_consumer(self, topic: str, group: str) -> subprocess.Popen:
        child = subprocess.Popen([sys.executable, "-c", CHILD_CONSUMER, self.cluster.namesrv_addr, topic, group],
                                 cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.children.append(child)
        return child

    @staticmethod
    def rebalance_now(consumers: List[DefaultMQPushConsumer]) -> None:
        """What a NOTIFY_CONSUMER_IDS_CHANGED does: rebalance at once (the service's own round is every 20 s)."""
        for consumer in consumers:
            consumer.get_default_mq_push_consumer_impl().get_mq_client_factory().rebalance_immediately()

    # ------------------------------------------------------------------ the scenarios of issue 30

    def four_consumers_share_two_queues(self) -> None:
        """4 POP consumers of one group on a 2-queue topic: each gets messages, together every one exactly once."""
        topic = self.topic(2)
        group = unique("PopCG")
        self.set_mode(topic, group, MessageRequestMode.POP)
        collectors = [PopCollector() for _ in range(4)]
        consumers = [self.consumer(topic, group, collector, pop_batch_nums=1, consume_thread_min=1,
                                   consume_thread_max=1) for collector in collectors]

        def assigned(consumer: DefaultMQPushConsumer) -> bool:
            table = consumer.get_default_mq_push_consumer_impl().get_rebalance_impl().get_pop_process_queue_table()
            return any(mq.get_topic() == topic for mq in list(table))

        # every consumer pops before the messages come (else the first ones may take them all on a loaded machine)
        wait_for(lambda: all(assigned(c) for c in consumers), 60, "every consumer's assignment")
        bodies = [b"pop-%d" % i for i in range(80)]
        self.send(topic, bodies)
        wait_for(lambda: set(bodies) <= {b for c in collectors for b in c.bodies()}, 60, "every message popped")
        time.sleep(2)  # would a message come twice? (an ack lost, or a pop handed out twice)
        got = [b for c in collectors for b in c.bodies()]
        assert sorted(got) == sorted(bodies)
        assert all(c.bodies() for c in collectors), [len(c.bodies()) for c in collectors]
        for c in collectors:
            assert all(m.get_topic() == topic and m.get_property("POP_CK") for m in c.msgs)

    def reconsume_later_redelivers(self) -> None:
        """RECONSUME_LATER changes the invisible time (delay level 0 with 0 reconsumes: 10 s): the message comes
        again, once more reconsumed, and is acked then."""
        topic = self.topic(2)
        group = unique("PopCG")
        self.set_mode(topic, group, MessageRequestMode.POP)
        collector = PopCollector(later={b"later"})
        consumer = self.consumer(topic, group, collector)
        self.send(topic, [b"later", b"ok"])
        wait_for(lambda: collector.bodies().count(b"later") >= 2, 40, "the message again after RECONSUME_LATER")
        first, again = [m for m in collector.msgs if m.get_body() == b"later"][:2]
        assert again.get_reconsume_times() == first.get_reconsume_times() + 1
        assert collector.bodies().count(b"ok") == 1
        info = consumer.get_default_mq_push_consumer_impl().consumer_running_info()  # mqadmin consumerStatus
        assert {mq.get_topic() for mq in info.get_mq_pop_table()} == {topic}
        assert "#Consumer Pop Detail#" in info.format_string()

    def killed_consumer_messages_reach_another(self) -> None:
        """A consumer (a subprocess) killed with -9 while it holds popped messages: after their invisible time
        (5 s) the broker gives them to another consumer of the group."""
        topic = self.topic(2)
        group = unique("PopCG")
        self.set_mode(topic, group, MessageRequestMode.POP)
        child = self.child_consumer(topic, group)
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "STARTED"
        bodies = [b"held-%d" % i for i in range(8)]
        self.send(topic, bodies)
        held = set()
        deadline = time.monotonic() + 60
        while not held and time.monotonic() < deadline:
            line = child.stdout.readline()
            if line.startswith("GOT "):
                held.add(line[4:].strip().encode())
        assert held, "the child consumer got nothing"
        child.kill()
        child.wait(10)
        killed_at = time.monotonic()
        collector = PopCollector()
        self.consumer(topic, group, collector)
        wait_for(lambda: set(bodies) <= set(collector.bodies()), 90, "the killed consumer's messages elsewhere")
        assert time.monotonic() - killed_at < 90
        redelivered = [m for m in collector.msgs if m.get_body() in held]
        assert redelivered and all(m.get_reconsume_times() >= 1 for m in redelivered), redelivered

    def switch_pull_pop_pull_keeps_progress(self) -> None:
        """A group consumed with broker rebalance in PULL mode, switched to POP, then back to PULL: each phase gets
        its new messages, no message of an earlier phase comes again."""
        topic = self.topic(2)
        group = unique("PopCG")
        collector = PopCollector()
        consumer = self.consumer(topic, group, collector)
        phases: List[List[bytes]] = []
        for phase, mode in enumerate((None, MessageRequestMode.POP, MessageRequestMode.PULL)):
            if mode is not None:
                self.set_mode(topic, group, mode)
                self.rebalance_now([consumer])
                impl = consumer.get_default_mq_push_consumer_impl().get_rebalance_impl()
                table = (impl.get_pop_process_queue_table() if mode is MessageRequestMode.POP
                         else impl.get_process_queue_table())
                # POP: one queue -1 (pop from every queue) for a lone consumer; PULL: both queues
                wait_for(lambda: len([mq for mq in list(table) if mq.get_topic() == topic])
                         == (1 if mode is MessageRequestMode.POP else 2), 30, "the queues in %s mode" % mode.name)
            bodies = [b"phase%d-%d" % (phase, i) for i in range(10)]
            phases.append(bodies)
            self.send(topic, bodies)
            wait_for(lambda: set(bodies) <= set(collector.bodies()), 60, "phase %d's messages" % phase)
            consumer.get_default_mq_push_consumer_impl().persist_consumer_offset()
        time.sleep(2)
        got = collector.bodies()
        assert sorted(got) == sorted(b for bodies in phases for b in bodies), got
