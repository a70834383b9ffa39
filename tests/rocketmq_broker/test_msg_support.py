"""Helpers of the send/pull broker tests (test_msg_*): a broker on tmp_path, a raw frame client over a real
socket, request builders and the golden data. Imported by module name (the test directory is on sys.path)."""
from __future__ import annotations

import json
import socket
import struct
import threading
import time
from pathlib import Path
from typing import Any, Dict, List, Optional

from rocketmq_broker.broker_config import BrokerConfig
from rocketmq_broker.broker_controller import BrokerController
from rocketmq_broker.store.config.message_store_config import MessageStoreConfig
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.protocol.header.pull_message_request_header import PullMessageRequestHeader
from rocketmq_common.protocol.header.send_message_request_header import (
    SendMessageRequestHeader, SendMessageRequestHeaderV2)
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.consumer_data import ConsumerData
from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.filter.filter_api import FilterAPI
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.protocol.remoting_command import RemotingCommand, SerializeType

GOLDEN = Path(__file__).resolve().parents[1] / "golden_data"
_INT = struct.Struct(">i")


def golden_index() -> List[Dict[str, Any]]:
    with open(GOLDEN / "index.json", encoding="utf-8") as f:
        return json.load(f)


def golden_entry(prefix: str) -> Dict[str, Any]:
    """The index entry of the frame whose file name starts with ``frames/<prefix>``."""
    for entry in golden_index():
        if entry["file"].startswith("frames/" + prefix):
            return entry
    raise KeyError(prefix)


def golden_frame(entry: Dict[str, Any]) -> bytes:
    return (GOLDEN / entry["file"]).read_bytes()


# ---------------------------------------------------------------------------------------------- broker


def start_broker(root: Path, **broker_overrides: Any) -> BrokerController:
    """A started broker on an ephemeral loopback port with its store in ``root`` (no name server)."""
    store_overrides = broker_overrides.pop("store", {})
    broker_config = BrokerConfig(namesrv_addr=None, **broker_overrides)
    store_config = MessageStoreConfig(store_path_root_dir=str(root), max_hash_slot_num=1000, max_index_num=4000,
                                      **store_overrides)
    controller = BrokerController(broker_config, NettyServerConfig(listen_port=0, bind_address="127.0.0.1"), None,
                                  store_config)
    if not controller.initialize():
        controller.shutdown()
        raise RuntimeError("the broker did not initialize")
    controller.start()
    return controller


def create_topic(broker: BrokerController, topic: str, queue_nums: int = 4, perm: int = 6) -> TopicConfig:
    config = TopicConfig(topic, queue_nums, queue_nums, perm)
    broker.get_topic_config_manager().update_topic_config(config)
    return config


def broker_addr(broker: BrokerController) -> str:
    return "127.0.0.1:%d" % broker.get_remoting_server().local_listen_port()


# ---------------------------------------------------------------------------------------------- raw client


class RawClient:
    """One TCP connection speaking raw frames; a reader thread files responses by opaque and keeps the
    broker's own requests (NOTIFY_CONSUMER_IDS_CHANGED ...) in ``server_requests``."""

    def __init__(self, addr: str) -> None:
        host, port = addr.rsplit(":", 1)
        self.sock = socket.create_connection((host, int(port)), timeout=10)
        self.sock.settimeout(None)
        self.local_port = self.sock.getsockname()[1]
        self._cond = threading.Condition()
        self._responses: Dict[int, RemotingCommand] = {}
        self._arrival: Dict[int, float] = {}
        self.server_requests: List[RemotingCommand] = []
        self.closed = False
        self._reader = threading.Thread(target=self._read, name="RawClientReader", daemon=True)
        self._reader.start()

    def _recv_exact(self, n: int) -> Optional[bytes]:
        chunks = []
        while n:
            chunk = self.sock.recv(n)
            if not chunk:
                return None
            chunks.append(chunk)
            n -= len(chunk)
        return b"".join(chunks)

    def _read(self) -> None:
        try:
            while True:
                head = self._recv_exact(4)
                if head is None:
                    break
                frame = self._recv_exact(_INT.unpack(head)[0])
                if frame is None:
                    break
                cmd = RemotingCommand.decode(frame)
                with self._cond:
                    if cmd.flag & 1:
                        self._responses[cmd.opaque] = cmd
                        self._arrival[cmd.opaque] = time.monotonic()
                    else:
                        self.server_requests.append(cmd)
                    self._cond.notify_all()
        except OSError:
            pass
        finally:
            with self._cond:
                self.closed = True
                self._cond.notify_all()

    def send(self, cmd: RemotingCommand) -> int:
        self.sock.sendall(cmd.encode())
        return cmd.opaque

    def send_bytes(self, frame: bytes) -> None:
        self.sock.sendall(frame)

    def wait_response(self, opaque: int, timeout: float = 10.0) -> RemotingCommand:
        deadline = time.monotonic() + timeout
        with self._cond:
            while opaque not in self._responses:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self.closed:
                    raise TimeoutError("no response for opaque %d (closed=%s)" % (opaque, self.closed))
                self._cond.wait(remaining)
            return self._responses.pop(opaque)

    def arrival_time(self, opaque: int) -> float:
        return self._arrival[opaque]

    def has_response(self, opaque: int) -> bool:
        with self._cond:
            return opaque in self._responses

    def request(self, cmd: RemotingCommand, timeout: float = 10.0) -> RemotingCommand:
        return self.wait_response(self.send(cmd), timeout)

    def close(self) -> None:
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()
        self._reader.join(5)


# ---------------------------------------------------------------------------------------------- requests


def props_string(props: Dict[str, str]) -> str:
    return MessageDecoder.message_properties2string(props)


def send_request(topic: str, body: Optional[bytes], props: Optional[Dict[str, str]] = None, queue_id: int = 0,
                 sys_flag: int = 0, group: str = "PG", code: int = RequestCode.SEND_MESSAGE_V2,
                 serialize_type: SerializeType = SerializeType.JSON, default_topic_queue_nums: int = 4,
                 reconsume_times: int = 0, max_reconsume_times: Optional[int] = None, properties: Optional[str] = None,
                 default_topic: str = "TBW102", oneway: bool = False) -> RemotingCommand:
    """A send request as the Java producer builds it (V2 header for codes 310/320, long names for 10)."""
    if properties is None:
        properties = props_string(props if props is not None else {"WAIT": "true"})
    batch = code == RequestCode.SEND_BATCH_MESSAGE
    if code == RequestCode.SEND_MESSAGE:
        header: Any = SendMessageRequestHeader(
            producer_group=group, topic=topic, default_topic=default_topic,
            default_topic_queue_nums=default_topic_queue_nums, queue_id=queue_id, sys_flag=sys_flag,
            born_timestamp=int(time.time() * 1000), flag=0, properties=properties, reconsume_times=reconsume_times,
            unit_mode=False, batch=batch, max_reconsume_times=max_reconsume_times)
    else:
        header = SendMessageRequestHeaderV2(
            a=group, b=topic, c=default_topic, d=default_topic_queue_nums, e=queue_id, f=sys_flag,
            g=int(time.time() * 1000), h=0, i=properties, j=reconsume_times, k=False, l=max_reconsume_times,
            m=batch, n="broker-a")
    cmd = RemotingCommand.create_request_command(code, header, body)
    cmd.serialize_type = serialize_type
    if oneway:
        cmd.mark_oneway_rpc()
    return cmd


def pull_request(group: str, topic: str, queue_id: int, offset: int, max_nums: int = 32, sys_flag: int = 4,
                 subscription: Optional[str] = "*", sub_version: int = 0, suspend_timeout: int = 0,
                 commit_offset: int = 0, expression_type: Optional[str] = "TAG",
                 serialize_type: SerializeType = SerializeType.JSON) -> RemotingCommand:
    header = PullMessageRequestHeader(
        consumer_group=group, topic=topic, queue_id=queue_id, queue_offset=offset, max_msg_nums=max_nums,
        sys_flag=sys_flag, commit_offset=commit_offset, suspend_timeout_millis=suspend_timeout,
        subscription=subscription, sub_version=sub_version, expression_type=expression_type)
    cmd = RemotingCommand.create_request_command(RequestCode.PULL_MESSAGE, header)
    cmd.serialize_type = serialize_type
    return cmd


def heartbeat_request(client_id: str, group: str, subscriptions: Dict[str, str],
                      sub_version: Optional[int] = None,
                      message_model: MessageModel = MessageModel.CLUSTERING) -> RemotingCommand:
    """A push consumer's HEART_BEAT registering ``{topic: expression}`` for ``group``."""
    subs = set()
    for topic, expression in subscriptions.items():
        sd: SubscriptionData = FilterAPI.build_subscription_data(topic, expression)
        if sub_version is not None:
            sd.sub_version = sub_version
        subs.add(sd)
    consumer = ConsumerData(group_name=group, consume_type=ConsumeType.CONSUME_PASSIVELY,
                            message_model=message_model,
                            consume_from_where=ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET,
                            subscription_data_set=subs, unit_mode=False)
    data = HeartbeatData(client_id=client_id, consumer_data_set={consumer}, producer_data_set=set())
    return RemotingCommand.create_request_command(RequestCode.HEART_BEAT, None, data.encode())


def decode_messages(body: Optional[bytes]) -> List[MessageExt]:
    """The stored records of a pull body, decoded like the broker-side ``MessageDecoder.decode``."""
    messages: List[MessageExt] = []
    pos = 0
    data = body or b""
    while pos < len(data):
        msg = MessageDecoder.decode(data, True, True, False, pos)
        assert msg is not None, "undecodable record at %d" % pos
        messages.append(msg)
        pos += msg.store_size
    return messages


def raw_properties(record: bytes) -> str:
    """The raw properties string of the stored record at the start of ``record`` (PROTOCOL.md §5.1)."""
    (sys_flag,) = _INT.unpack_from(record, 36)
    born = 20 if sys_flag & 0x10 else 8
    store = 20 if sys_flag & 0x20 else 8
    pos = 48 + born + 8 + store + 12
    (body_len,) = _INT.unpack_from(record, pos)
    pos += 4 + body_len
    pos += 1 + record[pos]
    (props_len,) = struct.unpack_from(">h", record, pos)
    return record[pos + 2:pos + 2 + props_len].decode("utf-8")


def split_records(body: Optional[bytes]) -> List[bytes]:
    """The stored records of a pull body, each as bytes."""
    records = []
    pos = 0
    data = body or b""
    while pos < len(data):
        (size,) = _INT.unpack_from(data, pos)
        records.append(data[pos:pos + size])
        pos += size
    return records


def wait_until(predicate: Any, timeout: float = 10.0, interval: float = 0.01) -> bool:
    """Poll ``predicate`` until true or ``timeout`` seconds passed (for state that has no event to wait on)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(interval)
    return bool(predicate())
