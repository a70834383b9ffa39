"""Push consumer recovery and start-up (issue 20): after a broker subprocess is killed with SIGKILL and restarted on
the same store and port, consumption resumes within 3 s of the broker being back (the broker answers pulls "group
info not exist" until it gets a heartbeat; the consumer heartbeats it at once instead of waiting for the 30 s
one) and no acknowledged message is lost; the first pulls after ``start()`` are not delayed by the penalty delay
when the broker has not seen the rebalance's subscription version yet."""
from __future__ import annotations

import logging
import re
import subprocess
import sys
import threading
import time
from typing import Dict, List, Optional

import pytest

from client_support import Recorder, wait_for
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_namesrv.namesrv_config import NamesrvConfig
from rocketmq_namesrv.namesrv_controller import NamesrvController
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig

BOOTED = re.compile(r"The broker\[[^,]+, (?P<addr>[0-9.]+:(?P<port>\d+))\] boot success")
TOPIC = "RecoveryTopic"


class Broker:
    """``python -m rocketmq_broker`` in a subprocess on ``store``; :meth:`boot` waits for its boot line."""

    def __init__(self, namesrv: str, store: str, port: int = 0) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "rocketmq_broker", "-n", namesrv, "-p", str(port),
                                      "--store", store], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True)
        self.booted = threading.Event()
        self.addr: Optional[str] = None
        self.output: List[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:  # type: ignore[union-attr]
            self.output.append(line)
            match = BOOTED.search(line)
            if match and self.addr is None:
                self.addr = match.group("addr")
                self.booted.set()

    def boot(self, timeout: float = 30.0) -> str:
        if not self.booted.wait(timeout):
            raise AssertionError("the broker did not boot:\n" + "".join(self.output[-30:]))
        return self.addr  # type: ignore[return-value]

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)


@pytest.fixture
def namesrv(tmp_path):
    """An in-process NameServer the broker subprocess registers with (it outlives the broker's restart)."""
    ns = str(tmp_path / "ns")
    with NamesrvController(NamesrvConfig(kv_config_path=ns + "/kv.json", config_store_path=ns + "/ns.properties"),
                           NettyServerConfig(listen_port=0, bind_address="127.0.0.1")) as controller:
        yield "127.0.0.1:%d" % controller.get_listen_port()


class Sender(threading.Thread):
    """Sends a numbered message every 20 ms until stopped; keeps the bodies the broker acknowledged (SEND_OK)."""

    def __init__(self, producer: DefaultMQProducer) -> None:
        super().__init__(name="RecoverySender", daemon=True)
        self.producer = producer
        self.acked: Dict[bytes, float] = {}
        self.stop = threading.Event()

    def run(self) -> None:
        i = 0
        while not self.stop.is_set():
            body = b"m%d" % i
            i += 1
            try:
                if self.producer.send(Message(TOPIC, "TagA", body)).get_send_status() is SendStatus.SEND_OK:
                    self.acked[body] = time.monotonic()
            except Exception:  # the broker is down: this one was not acknowledged
                pass
            self.stop.wait(0.02)


@pytest.mark.parametrize("use_heartbeat_v2", [False, True], ids=["heartbeat-v1", "heartbeat-v2"])
def test_consumer_resumes_within_3_s_of_a_killed_broker_restarting(namesrv, tmp_path, use_heartbeat_v2) -> None:
    # with heartbeat v2 the client's fingerprint still matches after the restart, so its periodic heartbeats
    # would leave the subscriptions out: the prompt heartbeat after the refused pull sends them
    store = str(tmp_path / "store")
    broker = Broker(namesrv, store)
    producer = consumer = sender = None
    try:
        port = int(broker.boot().rsplit(":", 1)[1])
        producer = DefaultMQProducer("RecoveryPG")
        producer.set_namesrv_addr(namesrv)
        producer.start()
        producer.create_topic("TBW102", TOPIC, 4)
        wait_for(lambda: len(producer.fetch_publish_message_queues(TOPIC)) == 4, 10, "the topic's route")
        received: Dict[bytes, float] = {}
        lock = threading.Lock()

        def listener(msgs, context):
            with lock:
                for m in msgs:
                    received.setdefault(m.get_body(), time.monotonic())
            return Recorder()(msgs, context)

        # Java's default intervals: the broker would learn of the consumer only by the 30 s heartbeat
        consumer = DefaultMQPushConsumer("RecoveryCG", use_heartbeat_v2=use_heartbeat_v2)
        consumer.set_namesrv_addr(namesrv)
        consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
        consumer.subscribe(TOPIC, "*")
        consumer.register_message_listener(listener)
        consumer.start()
        started = time.monotonic()
        heartbeats: List[float] = []
        api = consumer.get_default_mq_push_consumer_impl().get_mq_client_factory().get_mq_client_api_impl()
        name = "send_heartbeat_v2" if use_heartbeat_v2 else "send_heartbeat"
        send_heartbeat = getattr(api, name)

        def recording_send_heartbeat(*args, **kwargs):
            heartbeats.append(time.monotonic())
            return send_heartbeat(*args, **kwargs)

        setattr(api, name, recording_send_heartbeat)
        sender = Sender(producer)
        sender.start()
        wait_for(lambda: len(received) >= 20, 20, "consumption before the kill")
        # settled: the topic's 4 queues and the retry queue rebalanced (no rebalance heartbeat is due any more)
        table = consumer.get_default_mq_push_consumer_impl().get_rebalance_impl().get_process_queue_table()
        wait_for(lambda: len(table) == 5, 20, "the retry queue rebalanced")
        # and the first periodic heartbeat (1 s after start) went before the kill: the next is 30 s away
        wait_for(lambda: any(t > started + 0.9 for t in heartbeats), 20, "the first periodic heartbeat")

        broker.kill()
        killed_at = time.monotonic()
        broker = Broker(namesrv, store, port)
        broker.boot()
        back_at = time.monotonic()
        wait_for(lambda: any(t > back_at for t in sender.acked.values()), 20, "a send acknowledged after the restart")
        resumed_at = wait_for(lambda: min((t for t in received.values() if t > back_at), default=None), 20,
                              "consumption after the restart")
        assert resumed_at - back_at < 3.0, "resumed %.2f s after the broker was back" % (resumed_at - back_at)
        mark = len(sender.acked)
        wait_for(lambda: len(sender.acked) >= mark + 20, 20, "more sends after the restart")
        sender.stop.set()
        sender.join(10)
        acked = set(sender.acked)
        wait_for(lambda: acked <= set(received), 30, "every acknowledged message consumed")
        assert back_at - killed_at < 30
    finally:
        if sender is not None:
            sender.stop.set()
            sender.join(10)
        if consumer is not None:
            consumer.shutdown()
        if producer is not None:
            producer.shutdown()
        broker.kill()


def test_first_pulls_after_start_are_not_delayed_by_the_penalty(monkeypatch, caplog, embedded_cluster: EmbeddedCluster,
                                                                 new_producer, new_consumer, push_topic) -> None:
    caplog.set_level(logging.INFO, logger="rocketmq_broker.processor.pull_message_processor")  # logged at INFO
    producer = new_producer()
    bodies = {b"pre %d" % i for i in range(64)}
    for body in sorted(bodies):
        producer.send(Message(push_topic, "TagA", body))
    # the race of start-up made certain: the heartbeat the first rebalance sends with the new subscription version
    # has not reached the broker when the first pulls do (they are answered SUBSCRIPTION_NOT_LATEST)
    heartbeat_all = MQClientInstance.send_heartbeat_to_all_broker_with_lock_v2  # (the other form calls it)

    def late_rebalance_heartbeat(self, is_rebalance: bool) -> bool:
        if threading.current_thread().name != "RebalanceService":
            return heartbeat_all(self, is_rebalance)
        return False

    monkeypatch.setattr(MQClientInstance, "send_heartbeat_to_all_broker_with_lock_v2", late_rebalance_heartbeat)
    recorder = Recorder()
    consumer = new_consumer(None, recorder, start=False, heartbeat_broker_interval=30000)
    # a penalty delay of 5 s: a first pull retried after it could not be in time (the impl took the config's
    # value when it was made, as in Java)
    consumer.get_default_mq_push_consumer_impl().set_pull_time_delay_mills_when_exception(5000)
    started = time.monotonic()
    consumer.start()
    recorder.wait_bodies(bodies, timeout=20)
    assert time.monotonic() - started < 3.0
    assert any("subscription is not latest" in r.getMessage() for r in caplog.records)  # the race was lost
