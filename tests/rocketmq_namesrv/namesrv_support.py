"""Helpers shared by the NameServer tests: a NameServer on an ephemeral loopback port, a remoting client, raw
frame I/O and broker registration."""
from __future__ import annotations

import socket
import struct
from pathlib import Path
from typing import Dict, Iterator, Optional, Tuple

import pytest

from rocketmq_common.data_version import DataVersion
from rocketmq_common.protocol.body.register_broker_body import RegisterBrokerBody
from rocketmq_common.protocol.body.topic_config_serialize_wrapper import TopicConfigSerializeWrapper
from rocketmq_common.protocol.header.get_topics_by_cluster_request_header import GetTopicsByClusterRequestHeader
from rocketmq_common.protocol.header.namesrv import (
    GetRouteInfoRequestHeader, RegisterBrokerRequestHeader, UnRegisterBrokerRequestHeader,
)
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.topic_config import TopicConfig
from rocketmq_common.util_all import UtilAll
from rocketmq_namesrv.namesrv_config import NamesrvConfig
from rocketmq_namesrv.namesrv_controller import NamesrvController
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient

GOLDEN = Path(__file__).resolve().parents[1] / "golden_data"
TIMEOUT_MILLIS = 5000


def make_controller(tmp_path: Path, order_message_enable: bool = False, **kwargs) -> NamesrvController:
    """A NameServer controller (not started) on 127.0.0.1, ephemeral port, config files under ``tmp_path``;
    ``kwargs`` go to the controller (scan timings, expiry)."""
    namesrv_config = NamesrvConfig(kv_config_path=str(tmp_path / "namesrv" / "kvConfig.json"),
                                   config_store_path=str(tmp_path / "namesrv" / "namesrv.properties"),
                                   order_message_enable=order_message_enable)
    netty_config = NettyServerConfig(listen_port=0, bind_address="127.0.0.1")
    return NamesrvController(namesrv_config, netty_config, **kwargs)


def addr_of(controller: NamesrvController) -> str:
    return "127.0.0.1:%d" % controller.get_listen_port()


def request(code: int, header: Optional[CommandCustomHeader] = None, body: Optional[bytes] = None,
            version: Optional[int] = None) -> RemotingCommand:
    cmd = RemotingCommand.create_request_command(code, header, body)
    if version is not None:
        cmd.version = version
    return cmd


def invoke(client: NettyRemotingClient, addr: str, cmd: RemotingCommand,
           timeout_millis: int = TIMEOUT_MILLIS) -> RemotingCommand:
    return client.invoke_sync(addr, cmd, timeout_millis)


def topic_configs(spec: Dict[str, Tuple[int, int]], sys_flag: int = 0) -> Dict[str, TopicConfig]:
    """``{topic: (queue count, perm)}`` as a topic config table."""
    table = {}
    for topic, (queues, perm) in spec.items():
        config = TopicConfig(topic, queues, queues, perm)
        config.topic_sys_flag = sys_flag
        table[topic] = config
    return table


def register_broker(client: NettyRemotingClient, namesrv_addr: str, topics: Dict[str, TopicConfig],
                    broker_addr: str = "127.0.0.1:10911", broker_name: str = "broker-a",
                    cluster: str = "DefaultCluster", broker_id: int = 0, ha_server_addr: str = "127.0.0.1:10912",
                    data_version: Optional[DataVersion] = None, compressed: bool = False,
                    body_crc32: Optional[int] = None) -> RemotingCommand:
    """REGISTER_BROKER as the Java 4.9.7 broker sends it (RegisterBrokerBody, crc32 of the body)."""
    wrapper = TopicConfigSerializeWrapper(topic_config_table=topics,
                                          data_version=data_version or DataVersion(timestamp=1, counter=1))
    body = RegisterBrokerBody(topic_config_serialize_wrapper=wrapper, filter_server_list=[]).encode(compressed)
    header = RegisterBrokerRequestHeader(
        broker_name=broker_name, broker_addr=broker_addr, cluster_name=cluster, ha_server_addr=ha_server_addr,
        broker_id=broker_id, compressed=compressed,
        body_crc32=UtilAll.crc32(body) if body_crc32 is None else body_crc32)
    return invoke(client, namesrv_addr, request(RequestCode.REGISTER_BROKER, header, body))


def unregister_broker(client: NettyRemotingClient, namesrv_addr: str, broker_addr: str = "127.0.0.1:10911",
                      broker_name: str = "broker-a", cluster: str = "DefaultCluster",
                      broker_id: int = 0) -> RemotingCommand:
    header = UnRegisterBrokerRequestHeader(broker_name=broker_name, broker_addr=broker_addr, cluster_name=cluster,
                                           broker_id=broker_id)
    return invoke(client, namesrv_addr, request(RequestCode.UNREGISTER_BROKER, header))


def get_route(client: NettyRemotingClient, namesrv_addr: str, topic: str,
              version: Optional[int] = None, accept_standard_json_only: Optional[bool] = None) -> RemotingCommand:
    header = GetRouteInfoRequestHeader(topic=topic, accept_standard_json_only=accept_standard_json_only)
    return invoke(client, namesrv_addr, request(RequestCode.GET_ROUTEINFO_BY_TOPIC, header, version=version))


def topics_by_cluster(client: NettyRemotingClient, namesrv_addr: str, cluster: str) -> RemotingCommand:
    return invoke(client, namesrv_addr,
                  request(RequestCode.GET_TOPICS_BY_CLUSTER, GetTopicsByClusterRequestHeader(cluster=cluster)))


class RawConnection:
    """A plain socket speaking whole frames (for golden frames and byte-level checks)."""

    def __init__(self, addr: str, timeout: float = 5.0) -> None:
        host, port = addr.rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)), timeout=timeout)

    def send_frame(self, frame: bytes) -> None:
        self.sock.sendall(frame)

    def _read_exact(self, n: int) -> bytes:
        chunks = []
        while n:
            chunk = self.sock.recv(n)
            if not chunk:
                raise ConnectionError("connection closed by the server")
            chunks.append(chunk)
            n -= len(chunk)
        return b"".join(chunks)

    def read_frame(self) -> bytes:
        """One frame without its length prefix."""
        (length,) = struct.unpack(">i", self._read_exact(4))
        return self._read_exact(length)

    def call(self, frame: bytes) -> RemotingCommand:
        self.send_frame(frame)
        return RemotingCommand.decode(self.read_frame())

    def close(self) -> None:
        self.sock.close()


def split_body(frame_without_prefix: bytes) -> bytes:
    """The raw body of a frame (without length prefix)."""
    (info,) = struct.unpack(">i", frame_without_prefix[:4])
    return frame_without_prefix[4 + (info & 0xFFFFFF):]


def golden_frame(name: str) -> bytes:
    """A golden frame file (``frames/NNN-....bin``), length prefix included."""
    return (GOLDEN / name).read_bytes()


@pytest.fixture
def namesrv(tmp_path: Path) -> Iterator[NamesrvController]:
    """A started NameServer (Java timings) on an ephemeral loopback port."""
    with make_controller(tmp_path) as controller:
        yield controller


@pytest.fixture
def client() -> Iterator[NettyRemotingClient]:
    """A remoting client, shut down after the test."""
    with NettyRemotingClient() as remoting_client:
        yield remoting_client
