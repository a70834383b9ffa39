"""Our client against a real Apache RocketMQ 4.9.7 and 5.3.3 NameServer and broker (each skipped without its
build): every send form, the three consumers, order, transactions and their check, delay levels, SQL92 filtering,
request/reply and mqadmin, each checked by what comes back from the real broker."""
from __future__ import annotations

import subprocess
import sys
import threading
import time
from typing import Any, Dict, Iterator, List, Optional

import pytest
from interop_support import Collected, RealCluster, make_topic, unique
from waiting import wait_for

from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.listener.consume_orderly_status import ConsumeOrderlyStatus
from rocketmq_client.consumer.listener.message_listener import MessageListenerOrderly
from rocketmq_client.consumer.message_selector import MessageSelector
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.send_callback import SendCallback
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_client.producer.transaction_listener import TransactionListener
from rocketmq_client.producer.transaction_mq_producer import TransactionMQProducer
from rocketmq_client.utils.message_util import MessageUtil
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_remoting.rpc_hook import RPCHook

pytestmark = pytest.mark.timeout(300)

class _OrderlyListener(MessageListenerOrderly):
    def __init__(self, collected: Collected) -> None:
        self.collected = collected

    def consume_message(self, msgs: List[MessageExt], context: Any) -> ConsumeOrderlyStatus:
        return self.collected(msgs, context)


@pytest.fixture
def clients(real_broker: RealCluster) -> Iterator[Dict[str, Any]]:
    """Makers of started producers and consumers on the real cluster, shut down after the test."""
    made: List[Any] = []

    def producer(cls: Any = DefaultMQProducer, **settings: Any) -> Any:
        p = cls(unique("InteropPG"), namesrv_addr=real_broker.namesrv_addr, instance_name=unique("p"), **settings)
        made.append(p)
        p.start()
        return p

    def push_consumer(topic: str, listener: Any, selector: Any = "*", **settings: Any) -> DefaultMQPushConsumer:
        c = DefaultMQPushConsumer(unique("InteropCG"), namesrv_addr=real_broker.namesrv_addr,
                                  instance_name=unique("c"),
                                  consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET, **settings)
        c.subscribe(topic, selector)
        c.register_message_listener(listener)
        made.append(c)
        c.start()
        return c

    yield {"producer": producer, "push_consumer": push_consumer}
    for client in reversed(made):
        client.shutdown()


def test_sync_sends_reach_a_push_consumer_with_tags_keys_and_properties(clients) -> None:
    producer = clients["producer"]()
    topic = make_topic(producer)
    sent = {}
    for i in range(20):
        msg = Message(topic, "Tag%d" % (i % 2), "K%d" % i, b"sync-%d" % i)
        msg.put_user_property("n", str(i))
        result = producer.send(msg)
        assert result.get_send_status() is SendStatus.SEND_OK
        sent[msg.get_body()] = result
    collected = Collected()
    clients["push_consumer"](topic, collected)
    got = collected.wait_for_bodies(set(sent))
    for body, result in sent.items():
        msg = got[body]
        i = int(body.split(b"-")[1])
        assert msg.get_msg_id() == result.get_msg_id()
        assert msg.get_queue_id() == result.get_message_queue().get_queue_id()
        assert msg.get_queue_offset() == result.get_queue_offset()
        assert (msg.get_tags(), msg.get_keys(), msg.get_user_property("n")) == ("Tag%d" % (i % 2), "K%d" % i, str(i))


def test_heartbeat_v2_leaves_the_subscriptions_out_only_where_the_broker_keeps_them(real_broker: RealCluster,
                                                                                    clients) -> None:
    """5.3.3 says it supports heartbeat v2 and keeps the subscriptions of the heartbeats without them; 4.9.7
    answers without the flags, so every heartbeat carries them (Java 5.3.3's fallback)."""
    producer = clients["producer"]()
    topic = make_topic(producer)
    collected = Collected()
    consumer = clients["push_consumer"](topic, collected, use_heartbeat_v2=True)
    factory = consumer.get_default_mq_push_consumer_impl().get_mq_client_factory()
    api = factory.get_mq_client_api_impl()
    real = api.send_heartbeat_v2
    answers: List[Any] = []

    def recording(addr: str, heartbeat_data: Any, timeout_millis: int) -> Any:
        result = real(addr, heartbeat_data, timeout_millis)
        answers.append((heartbeat_data.is_without_sub(), result.is_support_v2()))
        return result

    api.send_heartbeat_v2 = recording
    for _ in range(3):
        assert factory.send_heartbeat_to_all_broker_with_lock()
    if real_broker.version == "5.3.3":
        assert answers[-1] == (True, True)
    else:
        assert answers == [(False, False)] * 3
    sent = {producer.send(Message(topic, b"v2-%d" % i)).get_msg_id(): b"v2-%d" % i for i in range(10)}
    collected.wait_for_bodies(set(sent.values()))


class _CodeRecorder(RPCHook):
    """The request codes a client sent."""

    def __init__(self) -> None:
        self.codes: List[int] = []

    def do_before_request(self, remote_addr: Optional[str], request: Any) -> None:
        self.codes.append(request.code)

    def do_after_response(self, remote_addr: Optional[str], request: Any, response: Any) -> None:
        pass


def test_lite_pull_uses_lite_pull_message_on_5_and_pull_message_on_4(real_broker: RealCluster, clients) -> None:
    """Java 5.3.3 pulls of a lite pull consumer are LITE_PULL_MESSAGE (361); a 4.9.7 broker does not know that
    code, so it gets PULL_MESSAGE as from the 4.9.7 client. Pushes send 5.3.3's maxMsgBytes either way."""
    producer = clients["producer"]()
    topic = make_topic(producer, 1)
    for i in range(5):
        producer.send(Message(topic, b"lite-%d" % i))
    recorder = _CodeRecorder()
    lite = DefaultLitePullConsumer(unique("InteropLite"), recorder, namesrv_addr=real_broker.namesrv_addr,
                                   instance_name=unique("l"),
                                   consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    lite.subscribe(topic, "*")
    lite.start()
    try:
        polled: List[bytes] = []
        wait_for(lambda: polled.extend(m.get_body() for m in lite.poll(500)) or len(polled) >= 5, 60, "5 polled")
        assert sorted(polled) == [b"lite-%d" % i for i in range(5)]
    finally:
        lite.shutdown()
    pulls = [code for code in recorder.codes if code in (RequestCode.PULL_MESSAGE, RequestCode.LITE_PULL_MESSAGE)]
    expected = RequestCode.LITE_PULL_MESSAGE if real_broker.version == "5.3.3" else RequestCode.PULL_MESSAGE
    assert pulls and set(pulls[1:]) == {expected}  # (the first may go before the first heartbeat's answer)
    collected = Collected()
    clients["push_consumer"](topic, collected, pull_batch_size_in_bytes=64 * 1024)
    collected.wait_for_bodies({b"lite-%d" % i for i in range(5)})


def test_async_oneway_and_batch_sends_reach_a_lite_pull_consumer(real_broker: RealCluster, clients) -> None:
    producer = clients["producer"]()
    topic = make_topic(producer)
    done = threading.Semaphore(0)
    results: List[Any] = []

    class Callback(SendCallback):
        def on_success(self, send_result: Any) -> None:
            results.append(send_result)
            done.release()

        def on_exception(self, e: BaseException) -> None:
            results.append(e)
            done.release()

    for i in range(10):
        producer.send(Message(topic, b"async-%d" % i), Callback())
    for _ in range(10):
        assert done.acquire(timeout=30)
    assert all(getattr(r, "get_send_status", lambda: r)() is SendStatus.SEND_OK for r in results), results
    for i in range(5):
        producer.send_oneway(Message(topic, b"oneway-%d" % i))
    batch = producer.send([Message(topic, b"batch-%d" % i) for i in range(5)])
    assert batch.get_send_status() is SendStatus.SEND_OK and len(batch.get_msg_id().split(",")) == 5
    expected = {b"async-%d" % i for i in range(10)} | {b"oneway-%d" % i for i in range(5)} | \
        {b"batch-%d" % i for i in range(5)}
    consumer = DefaultLitePullConsumer(unique("InteropLCG"), namesrv_addr=real_broker.namesrv_addr,
                                       instance_name=unique("l"),
                                       consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.subscribe(topic, "*")
    consumer.start()
    try:
        bodies: set = set()

        def polled_all() -> bool:
            bodies.update(m.get_body() for m in consumer.poll(1000))
            return expected <= bodies

        wait_for(polled_all, 60, "every message polled")
        assert bodies == expected
    finally:
        consumer.shutdown()


def test_orderly_consumer_gets_each_order_in_sequence(clients) -> None:
    producer = clients["producer"]()
    topic = make_topic(producer)
    for step in range(6):
        for order in range(4):
            result = producer.send(Message(topic, b"order-%d-%d" % (order, step)),
                                   lambda mqs, msg, arg: mqs[arg % len(mqs)], order)
            assert result.get_message_queue().get_queue_id() == order
    collected = Collected(orderly=True)
    clients["push_consumer"](topic, _OrderlyListener(collected))
    got = collected.wait_for_bodies({b"order-%d-%d" % (o, s) for o in range(4) for s in range(6)})
    with collected.cond:
        for order in range(4):
            steps = [int(m.get_body().split(b"-")[2]) for m in collected.msgs
                     if m.get_body().startswith(b"order-%d-" % order)]
            assert steps == list(range(6))
    assert {got[b"order-%d-0" % o].get_queue_id() for o in range(4)} == {0, 1, 2, 3}


class _Decisions(TransactionListener):
    """Commits ``commit-*``, rolls back ``rollback-*``, answers UNKNOW for ``check-*`` and commits those when the
    broker checks them."""

    def __init__(self) -> None:
        self.checked: List[bytes] = []

    def execute_local_transaction(self, msg: Message, arg: Any) -> LocalTransactionState:
        body = msg.get_body()
        if body.startswith(b"commit"):
            return LocalTransactionState.COMMIT_MESSAGE
        if body.startswith(b"rollback"):
            return LocalTransactionState.ROLLBACK_MESSAGE
        return LocalTransactionState.UNKNOW

    def check_local_transaction(self, msg: MessageExt) -> LocalTransactionState:
        self.checked.append(msg.get_body())
        return LocalTransactionState.COMMIT_MESSAGE


def test_transactions_commit_roll_back_and_are_checked(clients) -> None:
    decisions = _Decisions()
    producer = clients["producer"](TransactionMQProducer, transaction_listener=decisions)
    topic = make_topic(producer, 1)  # one queue: once the sentinel came, every message before it came
    for kind in ("commit", "rollback", "check"):
        for i in range(2):
            result = producer.send_message_in_transaction(Message(topic, b"%s-%d" % (kind.encode(), i)), None)
            assert result.get_send_status() is SendStatus.SEND_OK
    collected = Collected()
    clients["push_consumer"](topic, collected)
    # the broker checks the UNKNOW ones (every second here, once they are 1 s old) and they are committed then;
    # the sentinel, committed after them, shows the rolled-back ones were not delivered
    collected.wait_for_bodies({b"commit-0", b"commit-1", b"check-0", b"check-1"})
    assert sorted(set(decisions.checked)) == [b"check-0", b"check-1"]
    producer.send_message_in_transaction(Message(topic, b"commit-sentinel"), None)
    got = collected.wait_for_bodies({b"commit-sentinel"})
    assert not [body for body in got if body.startswith(b"rollback")]


def test_a_delay_level_holds_the_message_back(clients) -> None:
    producer = clients["producer"]()
    topic = make_topic(producer)
    collected = Collected()
    clients["push_consumer"](topic, collected)
    producer.send(Message(topic, b"now"))
    collected.wait_for_bodies({b"now"})
    msg = Message(topic, b"later")
    msg.set_delay_time_level(2)  # 5 s
    sent_at = time.monotonic()
    producer.send(msg)
    got = collected.wait_for_bodies({b"later"})
    with collected.cond:
        arrived = collected.arrived[[m.get_body() for m in collected.msgs].index(b"later")]
    assert arrived - sent_at >= 4.0
    assert got[b"later"].get_topic() == topic
    assert got[b"later"].get_property("REAL_TOPIC") == topic


def test_sql92_selects_by_user_property(clients) -> None:
    producer = clients["producer"]()
    topic = make_topic(producer, 1)
    collected = Collected()
    clients["push_consumer"](topic, collected, MessageSelector.by_sql("a > 5 AND b = 'yes'"))
    for i in range(10):
        msg = Message(topic, b"sql-%d" % i)
        msg.put_user_property("a", str(i))
        msg.put_user_property("b", "yes" if i % 2 else "no")
        producer.send(msg)
    sentinel = Message(topic, b"sql-sentinel")
    sentinel.put_user_property("a", "100")
    sentinel.put_user_property("b", "yes")
    producer.send(sentinel)  # one queue: once it came, every message before it was filtered
    got = collected.wait_for_bodies({b"sql-sentinel"})
    assert sorted(got) == [b"sql-7", b"sql-9", b"sql-sentinel"]


def test_request_reply_through_the_broker(clients) -> None:
    requester = clients["producer"]()
    topic = make_topic(requester)
    replier = clients["producer"]()

    def answer(msgs: List[MessageExt], context: Any) -> ConsumeConcurrentlyStatus:
        for msg in msgs:
            replier.send(MessageUtil.create_reply_message(msg, b"re: " + msg.get_body()), 3000)
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    clients["push_consumer"](topic, answer)
    reply: Optional[Message] = None
    for attempt in range(10):  # the responder's first rebalance takes up to a second or two
        try:
            reply = requester.request(Message(topic, b"ping-%d" % attempt), 3000)
            break
        except Exception as e:  # RequestTimeoutException until the consumer is up
            last = e
    assert reply is not None, last
    assert reply.get_body().startswith(b"re: ping-")


def _mqadmin(real_broker: RealCluster, *argv: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rocketmq_tools", *argv, "-n", real_broker.namesrv_addr],
                          capture_output=True, text=True, timeout=60)


def test_mqadmin_reads_and_changes_the_real_cluster(real_broker: RealCluster) -> None:
    topic = unique("InteropAdminTopic")
    done = _mqadmin(real_broker, "clusterList")
    assert done.returncode == 0, done.stderr
    assert real_broker.broker_addr in done.stdout and "DefaultCluster" in done.stdout
    done = _mqadmin(real_broker, "updateTopic", "-c", "DefaultCluster", "-t", topic, "-r", "3", "-w", "3")
    assert done.returncode == 0, done.stderr
    wait_for(lambda: topic in _mqadmin(real_broker, "topicList").stdout.split(), 30, "the topic in topicList")
    done = _mqadmin(real_broker, "topicStatus", "-t", topic)
    assert done.returncode == 0, done.stderr
    # the queue rows (5.3.3 adds a "Topic Put TPS" line after them)
    rows = [line.split() for line in done.stdout.splitlines()[1:] if line.strip() and not line.startswith("Topic ")]
    assert sorted(int(row[1]) for row in rows) == [0, 1, 2]
    done = _mqadmin(real_broker, "brokerStatus", "-b", real_broker.broker_addr)
    assert done.returncode == 0, done.stderr
    assert "brokerVersionDesc" in done.stdout and "V" + real_broker.version.replace(".", "_") in done.stdout
    done = _mqadmin(real_broker, "deleteTopic", "-c", "DefaultCluster", "-t", topic)
    assert done.returncode == 0, done.stderr
