"""A real Apache RocketMQ 4.9.7 and 5.3.3 for the interop tests: the NameServer and broker of an anchors build (see
``docs/interop.md``) started as Java processes on free loopback ports with their homes, logs and stores in a temp dir,
and the official Java client run as :file:`JavaPeer.java`.

The 4.9.7 tests run only when ``$ROCKETMQ_ANCHORS`` names the 4.9.7 build, the 5.3.3 ones only when
``$ROCKETMQ_ANCHORS5`` names the 5.3.3 build (``ROCKETMQ_ANCHORS=~/rocketmq-anchors-4.9.7
ROCKETMQ_ANCHORS5=~/rocketmq-anchors-5.3.3 pytest tests/interop``); without them (CI), or where a build is incomplete,
:func:`find_anchors` returns None and its tests skip.
"""
from __future__ import annotations

import itertools
import os
import signal
import shutil
import socket
import subprocess
import threading
import time
from typing import Any, Dict, List, NamedTuple, Optional, Sequence, Tuple

import pytest
from waiting import wait_for

from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.listener.consume_orderly_status import ConsumeOrderlyStatus
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_remoting.exception import RemotingException
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt

#: how long a Java NameServer or broker may take to come up (the JVM, then the broker's registration)
START_TIMEOUT = 120.0
#: the delay levels of the real broker (and of the Java scenarios' embedded one): level 2 is Java's 5 s, the others
#: 1 s, so that a consumer's retries (level 3 and up) come back within seconds
MESSAGE_DELAY_LEVEL = " ".join(["1s", "5s"] + ["1s"] * 16)

HERE = os.path.dirname(os.path.abspath(__file__))

_ids = itertools.count()


def unique(prefix: str) -> str:
    """A topic, group or instance name no other test (or earlier session on the same real broker) used."""
    return "%s_%d_%d" % (prefix, os.getpid(), next(_ids))


class Collected:
    """A listener (concurrent, or orderly with ``orderly=True``) keeping every message it gets and when."""

    def __init__(self, orderly: bool = False) -> None:
        self.orderly = orderly
        self.msgs: List[MessageExt] = []
        self.arrived: List[float] = []
        self.cond = threading.Condition()

    def __call__(self, msgs: List[MessageExt], context: Any) -> Any:
        with self.cond:
            self.msgs.extend(msgs)
            self.arrived.extend(time.monotonic() for _ in msgs)
            self.cond.notify_all()
        return ConsumeOrderlyStatus.SUCCESS if self.orderly else ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    def by_body(self) -> Dict[bytes, MessageExt]:
        with self.cond:
            return {m.get_body(): m for m in self.msgs}

    def wait_for_bodies(self, bodies: set, timeout: float = 60.0) -> Dict[bytes, MessageExt]:
        """The messages by body once every one of ``bodies`` came; fails the test at the deadline."""
        with self.cond:
            if not self.cond.wait_for(lambda: bodies <= {m.get_body() for m in self.msgs}, timeout):
                pytest.fail("got %r, expected %r" % (sorted({m.get_body() for m in self.msgs}), sorted(bodies)))
        return self.by_body()


def make_topic(producer: DefaultMQProducer, queues: int = 4) -> str:
    """A new topic of ``queues`` queues, made through ``producer``, its route known to the NameServer."""
    topic = unique("InteropTopic")
    producer.create_topic(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, topic, queues)
    wait_for(lambda: len(producer.fetch_publish_message_queues(topic)) == queues, 30, "the route of " + topic)
    return topic


class Anchors(NamedTuple):
    """What an anchors build gives: its directory, ``java``, the JVM's ``--add-opens`` flags, the class path of
    RocketMQ and its dependencies, and the RocketMQ version ("4.9.7" or "5.3.3")."""

    home: str
    java: str
    java_opens: List[str]
    class_path: str
    version: str = "4.9.7"

    @property
    def javac(self) -> str:
        return os.path.join(os.path.dirname(self.java), "javac")

    @property
    def is_5(self) -> bool:
        return self.version.startswith("5.")

    def logging_properties(self, server: Optional[str] = None) -> List[str]:
        """The system properties that send a JVM's logs to the build's configuration: 5.x's relocated logback
        reads ``rmq.logback.configurationFile`` (``server``: "broker" or "namesrv"; else the quiet client one)."""
        if not self.is_5:
            return []
        name = "rmq.%s.logback.xml" % server if server else "rmq.client-quiet.logback.xml"
        path = os.path.join(self.home, "conf", name)
        if not os.path.isfile(path):  # a release's conf/ has no quiet client configuration: logback's default
            return ["-Dslf4j.internal.verbosity=WARN"]
        return ["-Drmq.logback.configurationFile=" + path, "-Dslf4j.internal.verbosity=WARN"]


#: the JVM flags RocketMQ needs on Java 17 (Java's own distributions set them in bin/runbroker.sh)
JAVA17_OPENS = ["--add-opens=java.base/%s=ALL-UNNAMED" % package for package in (
    "java.lang", "java.lang.reflect", "java.util", "java.util.concurrent", "java.nio", "sun.nio.ch",
    "jdk.internal.ref", "jdk.internal.misc", "java.net", "java.io")] + [
    "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED", "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
    "-Dio.netty.tryReflectionSetAccessible=true"]


def find_anchors(variable: str = "ROCKETMQ_ANCHORS", version: str = "4.9.7") -> Optional[Anchors]:
    """The RocketMQ ``version`` named by ``$variable``, or None when it is not here: either a build with an
    ``env.sh`` (giving ``$JAVA``, ``$JAVA_OPENS``, ``$RMQ_CP``) or an unpacked Apache binary distribution
    (``rocketmq-all-<version>-bin-release.zip``): then ``java`` of ``$JAVA_HOME`` or the PATH, the class path
    ``lib/*`` and the Java 17 flags (docs/interop.md)."""
    home = os.environ.get(variable)
    if not home or not os.path.isfile(os.path.join(home, "lib", "rocketmq-broker-%s.jar" % version)):
        return None
    env_sh = os.path.join(home, "env.sh")
    if not os.path.isfile(env_sh):
        java_home = os.environ.get("JAVA_HOME")
        java = os.path.join(java_home, "bin", "java") if java_home else shutil.which("java")
        if not java or not os.access(java, os.X_OK):
            return None
        return Anchors(home, java, list(JAVA17_OPENS), os.path.join(home, "lib", "*"), version)
    done = subprocess.run(["bash", "-c", '. "$1" && printf "%s\\n" "$JAVA" "$JAVA_OPENS" "$RMQ_CP"', "_", env_sh],
                          capture_output=True, text=True, timeout=30)
    lines = done.stdout.splitlines()
    if done.returncode != 0 or len(lines) != 3 or not os.access(lines[0], os.X_OK):
        return None
    return Anchors(home, lines[0], lines[1].split(), lines[2], version)


def find_anchors5() -> Optional[Anchors]:
    """The 5.3.3 anchors build named by ``$ROCKETMQ_ANCHORS5``, or None when it is not here."""
    return find_anchors("ROCKETMQ_ANCHORS5", "5.3.3")


def free_broker_port() -> int:
    """A loopback port P with P - 2 (the broker's fast port) and P + 1 (its HA port) free as well."""
    for _ in range(100):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        if port < 1026 or port > 65534:
            continue
        sockets = []
        try:
            for candidate in (port - 2, port, port + 1):
                s = socket.socket()
                sockets.append(s)
                s.bind(("127.0.0.1", candidate))
            return port
        except OSError:
            continue
        finally:
            for s in sockets:
                s.close()
    raise RuntimeError("no free loopback port triple")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _write_properties(path: str, values: dict) -> str:
    with open(path, "w") as f:
        for key, value in values.items():
            f.write("%s=%s\n" % (key, value))
    return path


class JavaProcess:
    """A Java main class run with the anchors' class path, its output in ``<work>/<name>.out``."""

    def __init__(self, anchors: Anchors, work: str, name: str, main: str, args: List[str],
                 heap: str = "256m", class_path: Optional[str] = None, home_dir: Optional[str] = None,
                 system_properties: Optional[List[str]] = None, server: Optional[str] = None,
                 separate_stderr: bool = False) -> None:
        self.name = name
        self.out_path = os.path.join(work, name + ".out")
        #: with ``separate_stderr``: stderr goes to ``<work>/<name>.err`` (else into the output)
        self.err_path = os.path.join(work, name + ".err") if separate_stderr else None
        home = os.path.join(work, name + "-home")
        os.makedirs(home, exist_ok=True)
        command = [anchors.java, "-Xms" + heap, "-Xmx" + heap, *anchors.java_opens, "-Duser.home=" + home,
                   "-Drocketmq.home.dir=" + (home_dir or anchors.home),
                   "-Drocketmq.client.logRoot=" + os.path.join(home, "logs"), "-Drocketmq.client.logUseSlf4j=false",
                   *anchors.logging_properties(server), *(system_properties or ()),
                   "-cp", class_path or anchors.class_path, main, *args]
        with open(self.out_path, "wb") as out, open(self.err_path or os.devnull, "wb") as err:
            self.process = subprocess.Popen(command, stdout=out, stderr=err if self.err_path else subprocess.STDOUT,
                                            stdin=subprocess.DEVNULL, cwd=work)

    def check_alive(self) -> None:
        """Raise RuntimeError with the end of the process's output if it has exited."""
        if self.process.poll() is not None:
            raise RuntimeError("%s exited with %s: %s" % (self.name, self.process.returncode, self.output()[-3000:]))

    def output(self) -> str:
        with open(self.out_path, "rb") as f:
            return f.read().decode("utf-8", "replace")

    def stop(self) -> None:
        """SIGTERM (the Java shutdown hooks run), SIGKILL after 30 s."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


class RealCluster:
    """A real NameServer and broker-a (DefaultCluster, ASYNC_MASTER, autoCreateTopicEnable, property filtering,
    a transaction check every second for half messages older than 1 s, :data:`MESSAGE_DELAY_LEVEL`), stores under
    ``work``. With ``acl`` (the text of a ``plain_acl.yml``) the broker checks every request against it
    (``aclEnable``); with ``tls`` it takes TLS connections only (``tls.server.mode=enforcing``, Netty's self-signed
    test certificate). On a 5.x build the broker also has the timer wheel (``timerWheelEnable``) and recall
    (``recallMessageEnable``) on, as the anchors' ``start.sh`` has them; ``broker_config`` adds or overrides keys, and
    ``namesrv_config`` the NameServer's (a controller in it: ``enableControllerInNamesrv``)."""

    def __init__(self, anchors: Anchors, work: str, acl: Optional[str] = None, tls: bool = False,
                 broker_config: Optional[Dict[str, Any]] = None,
                 namesrv_config: Optional[Dict[str, Any]] = None) -> None:
        self.namesrv_addr = "127.0.0.1:%d" % free_port()
        port = free_broker_port()
        self.broker_addr = "127.0.0.1:%d" % port
        self.broker_name = "broker-a"
        self.version = anchors.version
        self.anchors = anchors
        self.acl = acl
        self.broker_config = broker_config
        rocketmq_home = anchors.home
        namesrv_conf = _write_properties(os.path.join(work, "namesrv.properties"), {
            "listenPort": self.namesrv_addr.rsplit(":", 1)[1], "rocketmqHome": rocketmq_home,
            "kvConfigPath": os.path.join(work, "kvConfig.json"), **(namesrv_config or {})})
        broker_conf = self._broker_properties(work, self.broker_name, port)
        home_dir = None
        if acl is not None:  # the broker reads ${rocketmq.home.dir}/conf/plain_acl.yml
            home_dir = os.path.join(work, "acl-home")
            os.makedirs(os.path.join(home_dir, "conf"))
            with open(os.path.join(home_dir, "conf", "plain_acl.yml"), "w") as f:
                f.write(acl)
        self.namesrv = JavaProcess(anchors, work, "namesrv", "org.apache.rocketmq.namesrv.NamesrvStartup",
                                   ["-c", namesrv_conf], server="namesrv")
        self.broker: Optional[JavaProcess] = None
        try:
            self._wait_for_port(self.namesrv, self.namesrv_addr)
            self.broker = JavaProcess(anchors, work, "broker", "org.apache.rocketmq.broker.BrokerStartup",
                                      ["-c", broker_conf], heap="512m", home_dir=home_dir, server="broker",
                                      system_properties=["-Dtls.server.mode=enforcing"] if tls else None)
            self._wait_for_registration(self.broker, self.broker_name, self.broker_addr)
        except BaseException:
            self.stop()
            raise

    def _broker_properties(self, work: str, broker_name: str, port: int) -> str:
        """The ``broker.properties`` (in ``work``, its store under ``work/store``) of a master of this cluster."""
        rocketmq_home = self.anchors.home
        store = os.path.join(work, "store")
        broker_values: Dict[str, Any] = {
            "brokerClusterName": "DefaultCluster", "brokerName": broker_name, "brokerId": 0,
            "listenPort": port, "namesrvAddr": self.namesrv_addr, "brokerIP1": "127.0.0.1",
            "autoCreateTopicEnable": "true", "autoCreateSubscriptionGroup": "true", "enablePropertyFilter": "true",
            "enableCalcFilterBitMap": "true", "filterSupportRetry": "true", "rocketmqHome": rocketmq_home,
            "storePathRootDir": store, "storePathCommitLog": os.path.join(store, "commitlog"),
            "mappedFileSizeCommitLog": 64 * 1024 * 1024, "brokerRole": "ASYNC_MASTER", "flushDiskType": "ASYNC_FLUSH",
            "transactionCheckInterval": 1000, "transactionTimeOut": 1000, "messageDelayLevel": MESSAGE_DELAY_LEVEL,
            "aclEnable": str(self.acl is not None).lower()}
        if self.anchors.is_5:
            # 5.x writes the op messages of ended transactions in batches every transactionOpBatchInterval (3 s):
            # a check of half messages older than 1 s would ask about ones already ended
            broker_values.update(timerWheelEnable="true", recallMessageEnable="true", transactionOpBatchInterval=100)
        broker_values.update(self.broker_config or {})
        return _write_properties(os.path.join(work, "broker.properties"), broker_values)

    def add_broker(self, work: str, broker_name: str) -> Tuple[JavaProcess, str]:
        """Start another master (``broker_name``, its own port, and its store and output in ``work``) registering
        with this cluster's NameServer; (its process, its address) once the NameServer lists it. Stop it with
        ``process.stop()`` (it unregisters on the way down)."""
        port = free_broker_port()
        addr = "127.0.0.1:%d" % port
        broker = JavaProcess(self.anchors, work, broker_name, "org.apache.rocketmq.broker.BrokerStartup",
                             ["-c", self._broker_properties(work, broker_name, port)], heap="512m",
                             server="broker")
        try:
            self._wait_for_registration(broker, broker_name, addr)
        except BaseException:
            broker.stop()
            raise
        return broker, addr

    def _wait_for_port(self, process: JavaProcess, addr: str) -> None:
        host, port = addr.rsplit(":", 1)

        def listening() -> bool:
            process.check_alive()
            try:
                socket.create_connection((host, int(port)), 1).close()
                return True
            except OSError:
                return False

        wait_for(listening, START_TIMEOUT, "%s listening on %s" % (process.name, addr), interval=0.2)

    def _wait_for_registration(self, broker: JavaProcess, broker_name: str, broker_addr: str) -> None:
        admin = DefaultMQAdminExt(namesrv_addr=self.namesrv_addr, instance_name="interop-probe")
        admin.start()

        def registered() -> bool:
            broker.check_alive()
            try:
                cluster = admin.examine_broker_cluster_info()
            except RemotingException:  # a NameServer slow to answer on a loaded machine: ask again
                return False
            data = (cluster.broker_addr_table or {}).get(broker_name)
            return data is not None and broker_addr in (data.broker_addrs or {}).values()

        try:
            wait_for(registered, START_TIMEOUT, "the broker's registration with the NameServer", interval=0.2)
        finally:
            admin.shutdown()

    def stop(self) -> None:
        if self.broker is not None:
            self.broker.stop()
        self.namesrv.stop()


class JavaPeers:
    """Starts Java programs of this folder against one anchors build, compiling each source once."""

    def __init__(self, anchors: Anchors, work: str, compiled: Dict[str, str]) -> None:
        self.anchors = anchors
        self.work = work
        self.compiled = compiled  # source -> class path, shared by the session
        self.started: List[JavaProcess] = []

    def run_class(self, source: str, main: str, *args: str, tls: bool = False,
                  system_properties: Sequence[str] = ()) -> JavaProcess:
        class_path = self.compiled.get(source)
        if class_path is None:
            out = os.path.join(self.work, "classes-" + source.replace(".", "-"))
            os.makedirs(out, exist_ok=True)
            class_path = self.compiled[source] = compile_java_peer(self.anchors, out, source)
        properties = ["-Dtls.enable=true"] if tls else []
        peer = JavaProcess(self.anchors, self.work, "%s-%d" % (main, len(self.started)), main, list(args),
                           class_path=class_path, system_properties=properties + list(system_properties))
        self.started.append(peer)
        return peer

    def __call__(self, *args: str, tls: bool = False) -> JavaProcess:
        """:file:`JavaPeer.java`'s scenarios (4.9.7 builds only: it uses 4.9's package names)."""
        return self.run_class("JavaPeer.java", "JavaPeer", *args, tls=tls)

    def stop(self) -> None:
        for peer in self.started:
            peer.stop()


def compile_java_peer(anchors: Anchors, out_dir: str, source: str = "JavaPeer.java") -> str:
    """Compile ``source`` (a Java file beside this module) into ``out_dir``; returns the class path that runs it."""
    done = subprocess.run([anchors.javac, "-nowarn", "-cp", anchors.class_path, "-d", out_dir,
                           os.path.join(HERE, source)], capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError("javac %s failed: %s" % (source, done.stdout + done.stderr))
    return out_dir + os.pathsep + anchors.class_path
