"""``python -m rocketmq_broker`` (BrokerStartup), the broker controller's life cycle and the EmbeddedCluster."""
from __future__ import annotations

import io
import os
import queue
import re
import signal
import subprocess
import sys
import threading

import pytest
from broker_support import get_route, invoke, wait_for

from rocketmq_broker.broker_startup import BrokerStartup, main
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_common.protocol.header.get_max_offset_request_header import GetMaxOffsetRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_namesrv.namesrv_config import NamesrvConfig
from rocketmq_namesrv.namesrv_controller import NamesrvController
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient

BOOT_RE = re.compile(r"The broker\[(?P<name>[^,]+), (?P<addr>[0-9.]+:\d+)\] boot success\. serializeType=JSON"
                     r"(?: and name server is (?P<namesrv>\S+))?")


@pytest.fixture
def namesrv(tmp_path):
    config = NamesrvConfig(kv_config_path=str(tmp_path / "ns" / "kv.json"),
                           config_store_path=str(tmp_path / "ns" / "ns.properties"))
    with NamesrvController(config, NettyServerConfig(listen_port=0, bind_address="127.0.0.1")) as controller:
        yield "127.0.0.1:%d" % controller.get_listen_port()


@pytest.fixture
def client():
    with NettyRemotingClient() as c:
        yield c


class BrokerProcess:
    """``python -m rocketmq_broker`` in a subprocess, its stdout lines collected by a thread."""

    def __init__(self, *args: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "rocketmq_broker"] + list(args),
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: "queue.Queue[str]" = queue.Queue()
        self.stderr = []
        self._threads = [threading.Thread(target=self._pump, args=(self.proc.stdout, self.lines.put), daemon=True),
                         threading.Thread(target=self._pump, args=(self.proc.stderr, self.stderr.append),
                                          daemon=True)]
        for t in self._threads:
            t.start()

    @staticmethod
    def _pump(stream, sink) -> None:
        for line in stream:
            sink(line)

    def wait_boot(self, timeout: float = 30.0) -> "re.Match[str]":
        while True:
            try:
                line = self.lines.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError("no boot line; stderr:\n" + "".join(self.stderr[-30:])) from None
            match = BOOT_RE.search(line)
            if match:
                return match

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=30)
        finally:
            for t in self._threads:
                t.join(5)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


def test_broker_subprocess_registers_and_stops_on_sigterm(namesrv, client, tmp_path):
    store = tmp_path / "store"
    broker = BrokerProcess("-n", namesrv, "-p", "0", "--store", str(store), "--logDir", str(tmp_path / "logs"))
    try:
        match = broker.wait_boot()
        assert match.group("name") == "broker-a"
        assert match.group("namesrv") == namesrv
        broker_addr = match.group("addr")
        assert not broker_addr.endswith(":0")
        route = get_route(client, namesrv, "TBW102")
        assert route.broker_datas[0].broker_addrs == {0: broker_addr}
        assert invoke(client, broker_addr, RequestCode.GET_MAX_OFFSET,
                      GetMaxOffsetRequestHeader(topic="TBW102", queue_id=0)).code == 0
        assert broker.stop() == 0
    finally:
        broker.kill()
    assert get_route(client, namesrv, "TBW102") is None          # unregistered on the way out
    assert (store / "config" / "topics.json").exists()
    assert not (store / "abort").exists()                        # the store shut down normally


def test_broker_subprocess_with_a_java_config_file(namesrv, client, tmp_path):
    conf = tmp_path / "broker.conf"
    conf.write_text("\n".join([
        "# a Java-style broker.conf",
        "brokerClusterName = MyCluster",
        "brokerName = broker-x",
        "brokerId = 0",
        "listenPort = 0",
        "brokerIP1 = 127.0.0.1",
        "namesrvAddr = " + namesrv,
        "storePathRootDir = " + str(tmp_path / "xstore"),
        "autoCreateTopicEnable = false",
        "flushDiskType = SYNC_FLUSH",
        "deleteWhen = 04",
    ]) + "\n", encoding="utf-8")
    broker = BrokerProcess("-c", str(conf), "--logDir", str(tmp_path / "logs"))
    try:
        match = broker.wait_boot()
        assert match.group("name") == "broker-x"
        route = get_route(client, namesrv, "broker-x")
        assert route.broker_datas[0].cluster == "MyCluster"
        assert get_route(client, namesrv, "TBW102") is None       # autoCreateTopicEnable=false: no TBW102
        assert broker.stop() == 0
    finally:
        broker.kill()
    assert (tmp_path / "xstore" / "config" / "topics.json").exists()


def test_print_config_items_maps_java_names(tmp_path):
    conf = tmp_path / "broker.conf"
    conf.write_text("brokerName=broker-q\nflushDiskType=SYNC_FLUSH\nlistenPort=12345\nautoCreateTopicEnable=false\n",
                    encoding="utf-8")
    out = io.StringIO()
    assert BrokerStartup.create_broker_controller(["-c", str(conf), "--printConfigItem", "-n", "127.0.0.1:1"],
                                                  out=out) is None
    items = dict(line.split("=", 1) for line in out.getvalue().splitlines() if "=" in line)
    assert items["brokerName"] == "broker-q"
    assert items["flushDiskType"] == "SYNC_FLUSH"
    assert items["listenPort"] == "12345"
    assert items["haListenPort"] == "12346"
    assert items["autoCreateTopicEnable"] == "false"
    assert items["namesrvAddr"] == "127.0.0.1:1"
    assert items["brokerIP1"] == "127.0.0.1"


def test_bad_namesrv_address_is_refused(capsys):
    assert main(["-n", "no-port-here", "--printConfigItem"]) == 3
    assert "The Name Server Address[no-port-here] illegal" in capsys.readouterr().err


def test_shutdown_leaves_no_thread_alive(tmp_path, client):
    before = set(threading.enumerate())
    cluster = EmbeddedCluster(str(tmp_path), brokers=2)
    cluster.start()
    consumer_addr = cluster.broker_addr
    invoke(client, consumer_addr, RequestCode.GET_MAX_OFFSET, GetMaxOffsetRequestHeader(topic="T", queue_id=0))
    assert len(set(threading.enumerate()) - before) > 5
    cluster.shutdown()
    client.close_channel(consumer_addr)
    wait_for(lambda: not (set(threading.enumerate()) - before), timeout=10,
             what="every broker and namesrv thread to end: %s" % (set(threading.enumerate()) - before))


def test_embedded_cluster_temp_store_is_removed():
    with EmbeddedCluster() as cluster:
        store = cluster.store_dir
        assert os.path.isdir(os.path.join(store, "broker-a", "commitlog"))
        assert cluster.namesrv_addr.startswith("127.0.0.1:")
    assert not os.path.exists(store)


def test_restart_broker_keeps_port_and_store(embedded_cluster, client):
    addr = embedded_cluster.broker_addr
    old = embedded_cluster.broker_controller
    new = embedded_cluster.restart_broker()
    assert new is not old and new is embedded_cluster.broker_controller
    assert embedded_cluster.broker_addr == addr
    route = get_route(client, embedded_cluster.namesrv_addr, "TBW102")
    assert route.broker_datas[0].broker_addrs == {0: addr}


def test_embedded_cluster_applies_netty_server_config_overrides():
    overrides = {"server_inline_when_idle": True, "server_write_stall_timeout_seconds": 5.0}
    with EmbeddedCluster(netty_server_config=overrides) as cluster:
        config = cluster.broker_controller.get_netty_server_config()
        assert config.server_inline_when_idle and config.server_write_stall_timeout_seconds == 5.0
        assert config.bind_address == "127.0.0.1" and config.listen_port > 0
    with pytest.raises(ValueError, match="listen_port is chosen by the cluster"):
        EmbeddedCluster(netty_server_config={"listen_port": 10911})
    with pytest.raises(ValueError, match="has no setting"):
        EmbeddedCluster(netty_server_config={"no_such_setting": 1}).start()


def test_embedded_cluster_creates_topics_on_every_broker_and_registers_them(tmp_path):
    with EmbeddedCluster(str(tmp_path), brokers=2) as cluster, NettyRemotingClient() as client:
        cluster.create_topic("CreatedTopic", 3, perm=4, order=True)
        route = get_route(client, cluster.namesrv_addr, "CreatedTopic")
        assert route is not None
        assert sorted((q.broker_name, q.read_queue_nums, q.write_queue_nums, q.perm) for q in route.queue_datas) == [
            ("broker-a", 3, 3, 4), ("broker-b", 3, 3, 4)]
        for controller in cluster.broker_controllers:
            config = controller.get_topic_config_manager().select_topic_config("CreatedTopic")
            assert config.is_order() and config.get_read_queue_nums() == 3
    with pytest.raises(RuntimeError, match="not started"):
        EmbeddedCluster().create_topic("T")
