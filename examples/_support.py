"""What every example shares: "an embedded cluster, or the name server you give", a deadline, and a latch.

Each example is a script mirroring one class of the Java example module (``org.apache.rocketmq.example``)::

    python examples/quickstart/producer.py                  # on an EmbeddedCluster started in-process
    python examples/quickstart/producer.py -n 127.0.0.1:9876
    NAMESRV_ADDR=127.0.0.1:9876 python examples/quickstart/consumer.py

Without ``-n`` (or ``NAMESRV_ADDR``), :func:`run` starts an :class:`EmbeddedCluster` (temporary store,
ephemeral loopback ports), creates the topics the example uses (as ``mqadmin updateTopic`` would), and gives a
consumer example something to consume: the matching producer example runs against the same cluster, either before
the consumer (``seed``), once the consumer has started (``feed``) or, for request/reply, a responder is started
before the requester (``serve``). With a name server given, only the example itself runs, as in Java.

Java's examples run until killed; these end after a bounded run (their message counts, or ``--timeout``
seconds) and exit 0 only when what the example is about happened (every message sent, received, replied...).
"""
from __future__ import annotations

import argparse
import builtins
import itertools
import logging
import os
import sys
import threading
import time
import traceback
from typing import Any, Callable, Dict, Iterable, List, Optional

# the packages of the checkout this example belongs to, whether or not (or however) it is installed
sys.path.insert(1, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.default_mq_pull_consumer import DefaultMQPullConsumer
from rocketmq_client.consumer.pull_status import PullStatus

__all__ = ["Example", "CountDownLatch", "ReceivedMessages", "run", "read_topic", "acl_cluster_options",
           "NAMESRV_ADDR_ENV", "QUEUE_NUMS", "SHORT_POLLING"]

NAMESRV_ADDR_ENV = "NAMESRV_ADDR"
#: queues of the topics created on the embedded cluster (a producer's default_topic_queue_nums)
QUEUE_NUMS = 4

#: ``cluster_options`` of an embedded broker answering a pull that finds no message after 0.1 s instead of holding
#: it (long polling, up to 20 s): for examples that pull each queue until it has no new message
SHORT_POLLING: Dict[str, Any] = {"broker_config": {"long_polling_enable": False, "short_polling_time_mills": 100}}


def acl_cluster_options(plain_acl_file: str) -> Dict[str, Any]:
    """``cluster_options`` of an embedded broker checking every request against the accounts of
    ``plain_acl_file`` (Java: ``aclEnable=true`` and ``conf/plain_acl.yml`` under ROCKETMQ_HOME); its empty pulls
    answered at once as with :data:`SHORT_POLLING`."""
    return {"broker_config": dict(SHORT_POLLING["broker_config"], acl_enable=True, acl_plain_file=plain_acl_file)}


ExampleMain = Callable[["Example"], bool]

_builtin_print = builtins.print
_print_lock = threading.Lock()


def _synchronized_print(*args: Any, **kwargs: Any) -> None:
    """``print`` whose line is never split by another thread's (Java's ``PrintStream.println`` is synchronized;
    a consumer's listener threads and a feeding producer print at the same time)."""
    with _print_lock:
        _builtin_print(*args, **kwargs)


builtins.print = _synchronized_print


class CountDownLatch:
    """Java ``java.util.concurrent.CountDownLatch``, as the Java examples use it."""

    def __init__(self, count: int) -> None:
        self._count = count
        self._condition = threading.Condition()

    def count_down(self) -> None:
        with self._condition:
            if self._count > 0:
                self._count -= 1
                if self._count == 0:
                    self._condition.notify_all()

    def get_count(self) -> int:
        with self._condition:
            return self._count

    def await_(self, timeout: Optional[float] = None) -> bool:
        """Java ``await(timeout, SECONDS)``: True when the count reached zero within ``timeout`` seconds."""
        with self._condition:
            return self._condition.wait_for(lambda: self._count == 0, timeout)


class ReceivedMessages:
    """The distinct messages (by message id) a consumer example received, awaited like a CountDownLatch: a
    redelivered message is counted once."""

    def __init__(self, expected: int) -> None:
        self.expected = expected
        self._by_id: Dict[str, Any] = {}
        self._condition = threading.Condition()

    def add(self, msgs: Iterable[Any]) -> None:
        with self._condition:
            for msg in msgs:
                self._by_id.setdefault(msg.get_msg_id(), msg)
            if len(self._by_id) >= self.expected:
                self._condition.notify_all()

    def count(self) -> int:
        with self._condition:
            return len(self._by_id)

    def messages(self) -> List[Any]:
        """The messages received so far, in arrival order."""
        with self._condition:
            return list(self._by_id.values())

    def await_(self, timeout: Optional[float]) -> bool:
        """True when ``expected`` distinct messages arrived within ``timeout`` seconds."""
        with self._condition:
            return self._condition.wait_for(lambda: len(self._by_id) >= self.expected, timeout)


class Example:
    """What an example's ``main(example)`` gets: the name server address and the deadline of the run."""

    def __init__(self, namesrv_addr: str, deadline: float, on_started: Optional[Callable[[], None]] = None) -> None:
        self.namesrv_addr = namesrv_addr
        self.deadline = deadline
        self._on_started = on_started
        self.started_event = threading.Event()

    def remaining(self) -> float:
        """Seconds left before the deadline (never negative)."""
        return max(0.0, self.deadline - time.monotonic())

    def started(self) -> None:
        """A consumer example calls this once started ("Consumer Started."): a feeding producer may begin."""
        self.started_event.set()
        if self._on_started is not None:
            callback, self._on_started = self._on_started, None
            callback()


class _Companion(threading.Thread):
    """Another example's main run beside this one on the embedded cluster."""

    def __init__(self, main: ExampleMain, example: Example) -> None:
        super().__init__(name="ExampleCompanion", daemon=True)
        self.main = main
        self.example = example
        self.ok = False

    def run(self) -> None:
        self.ok = _call(self.main, self.example)


def _call(main: ExampleMain, example: Example) -> bool:
    try:
        return bool(main(example))
    except Exception:
        traceback.print_exc()
        return False


_readers = itertools.count()


def read_topic(example: Example, topic: str) -> List[Any]:
    """Every message stored in ``topic`` (read with a DefaultMQPullConsumer of its own, until the deadline): for
    examples that check what the brokers hold."""
    name = "examples_topic_reader_%d" % next(_readers)
    consumer = DefaultMQPullConsumer(name)
    consumer.set_namesrv_addr(example.namesrv_addr)
    consumer.set_instance_name(name)
    consumer.start()
    msgs: List[Any] = []
    try:
        for mq in consumer.fetch_subscribe_message_queues(topic):
            offset = consumer.min_offset(mq)
            while example.remaining() > 0:
                pull_result = consumer.pull(mq, "*", offset, 32)
                if pull_result.get_pull_status() != PullStatus.FOUND:
                    break
                msgs.extend(pull_result.get_msg_found_list() or [])
                offset = pull_result.get_next_begin_offset()
    finally:
        consumer.shutdown()
    return msgs


def _parse_args(timeout: float) -> argparse.Namespace:
    """The options of every example; ``--help`` shows the script's docstring."""
    parser = argparse.ArgumentParser(description=sys.modules["__main__"].__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", "--namesrv-addr", default=os.environ.get(NAMESRV_ADDR_ENV),
                        help="name server address host:port[;host:port] (default: $%s, else an embedded cluster "
                             "started in this process)" % NAMESRV_ADDR_ENV)
    parser.add_argument("--timeout", type=float, default=timeout,
                        help="seconds the example may run (default: %(default)s)")
    parser.add_argument("--log-level", default="CRITICAL", choices=["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"],
                        help="level of the client and embedded server logs shown on stderr (default: %(default)s: "
                             "the examples print what they do; Java's clients log to a file)")
    return parser.parse_args()


def run(main: ExampleMain, *, topics: Iterable[str] = (), seed: Optional[ExampleMain] = None,
        feed: Optional[ExampleMain] = None, serve: Optional[ExampleMain] = None,
        cluster_options: Optional[Dict[str, Any]] = None, timeout: float = 30.0) -> None:
    """Run ``main`` (see the module docstring) and exit: 0 when it (and its companion) returned True.

    On the embedded cluster only: ``topics`` are created first; ``seed`` runs to its end before ``main``;
    ``feed`` runs beside ``main`` from the moment ``main`` calls :meth:`Example.started`; ``serve`` runs beside
    ``main``, which begins once ``serve`` called :meth:`Example.started`. ``cluster_options`` are keyword arguments
    of :class:`EmbeddedCluster` (``broker_config={...}``...).
    """
    args = _parse_args(timeout)
    logging.basicConfig(level=args.log_level, format="%(asctime)s %(levelname)s %(threadName)s %(name)s - %(message)s")
    deadline = time.monotonic() + args.timeout
    if args.namesrv_addr:
        sys.exit(0 if _call(main, Example(args.namesrv_addr, deadline)) else 1)
    with EmbeddedCluster(**(cluster_options or {})) as cluster:
        # broadcasting consumers keep their offsets in files: keep them in the temporary store, not in ~
        os.environ.setdefault("ROCKETMQ_CLIENT_LOCAL_OFFSET_STORE_DIR", os.path.join(str(cluster.store_dir),
                                                                                     "client-offsets"))
        for topic in topics:
            cluster.create_topic(topic, QUEUE_NUMS)
        ok = _run_embedded(main, cluster.namesrv_addr, deadline, seed, feed, serve)
    sys.exit(0 if ok else 1)


def _run_embedded(main: ExampleMain, namesrv_addr: str, deadline: float, seed: Optional[ExampleMain],
                  feed: Optional[ExampleMain], serve: Optional[ExampleMain]) -> bool:
    if seed is not None and not _call(seed, Example(namesrv_addr, deadline)):
        print("the producer example feeding this one failed", file=sys.stderr)
        return False
    companion: Optional[_Companion] = None
    if serve is not None:
        companion = _Companion(serve, Example(namesrv_addr, deadline))
        companion.start()
        while not companion.example.started_event.wait(0.1):
            if not companion.is_alive() or time.monotonic() > deadline:
                companion.join(max(0.0, deadline - time.monotonic()))
                print("the consumer example serving this one did not start", file=sys.stderr)
                return False
    on_started = None
    if feed is not None:
        def on_started() -> None:
            nonlocal companion
            companion = _Companion(feed, Example(namesrv_addr, deadline))
            companion.start()
    ok = _call(main, Example(namesrv_addr, deadline, on_started))
    if companion is not None:
        companion.join(max(0.0, deadline - time.monotonic()) + 10.0)
        if not companion.ok:
            print("the companion example (%s) failed" % companion.main.__module__, file=sys.stderr)
            ok = False
    return ok
