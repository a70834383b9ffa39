"""Helpers of the broker tests (imported by module name: ``tests/rocketmq_broker/conftest.py`` puts this
directory on sys.path): a broker on tmp_path, a raw frame client over a real socket, request builders and the
golden data; clients acting as consumers or as a transactional producer answering the broker's requests
(NOTIFY_CONSUMER_IDS_CHANGED, CHECK_TRANSACTION_STATE, the admin relays); store state (messages put straight into
the store, a commit log filled to a golden capture's offsets) and record comparison."""
from __future__ import annotations

import json
import queue
import socket
import struct
import threading
import time
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional

import pytest

from rocketmq_broker.broker_config import BrokerConfig
from rocketmq_broker.broker_controller import BrokerController
from rocketmq_broker.store.config.message_store_config import MessageStoreConfig
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.filter.filter_api import FilterAPI
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.header.check_transaction_state_request_header import \
    CheckTransactionStateRequestHeader
from rocketmq_common.protocol.header.end_transaction_request_header import EndTransactionRequestHeader
from rocketmq_common.protocol.header.namesrv.get_route_info_request_header import GetRouteInfoRequestHeader
from rocketmq_common.protocol.header.pull_message_request_header import PullMessageRequestHeader
from rocketmq_common.protocol.header.send_message_request_header import (
    SendMessageRequestHeader, SendMessageRequestHeaderV2)
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.consumer_data import ConsumerData
from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.producer_data import ProducerData
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader
from rocketmq_remoting.protocol.remoting_command import RemotingCommand, SerializeType
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient
from waiting import wait_for  # noqa: F401 - the broker tests import it from here with the other helpers

GOLDEN = Path(__file__).resolve().parents[1] / "golden_data"
TIMEOUT_MILLIS = 5000
HALF_TOPIC = TopicValidator.RMQ_SYS_TRANS_HALF_TOPIC
OP_TOPIC = TopicValidator.RMQ_SYS_TRANS_OP_HALF_TOPIC
CHECK_MAX_TOPIC = TopicValidator.RMQ_SYS_TRANS_CHECK_MAX_TIME_TOPIC
COMMIT = MessageSysFlag.TRANSACTION_COMMIT_TYPE
ROLLBACK = MessageSysFlag.TRANSACTION_ROLLBACK_TYPE
UNKNOWN = MessageSysFlag.TRANSACTION_NOT_TYPE
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


def ipv6_broker(root: Path) -> BrokerController:
    """An unstarted broker listening on ``::1`` (use it as a context manager); skips the test where the machine
    has no IPv6 loopback."""
    if not socket.has_ipv6:
        pytest.skip("no IPv6")
    try:
        probe = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
        probe.bind(("::1", 0))
        probe.close()
    except OSError:
        pytest.skip("cannot bind ::1")
    return BrokerController(BrokerConfig(namesrv_addr=None), NettyServerConfig(listen_port=0, bind_address="::1"),
                            None, MessageStoreConfig(store_path_root_dir=str(root)))


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
                 serialize_type: SerializeType = SerializeType.JSON, max_msg_bytes: Optional[int] = None,
                 code: int = RequestCode.PULL_MESSAGE) -> RemotingCommand:
    header = PullMessageRequestHeader(
        consumer_group=group, topic=topic, queue_id=queue_id, queue_offset=offset, max_msg_nums=max_nums,
        sys_flag=sys_flag, commit_offset=commit_offset, suspend_timeout_millis=suspend_timeout,
        subscription=subscription, sub_version=sub_version, expression_type=expression_type,
        max_msg_bytes=max_msg_bytes)
    cmd = RemotingCommand.create_request_command(code, header)
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


# ------------------------------------------------------------------------------------------ clients



def invoke(client: NettyRemotingClient, addr: str, code: int, header: Optional[CommandCustomHeader] = None,
           body: Optional[bytes] = None) -> RemotingCommand:
    return client.invoke_sync(addr, RemotingCommand.create_request_command(code, header, body), TIMEOUT_MILLIS)


def get_route(client: NettyRemotingClient, namesrv_addr: str, topic: str) -> Optional[TopicRouteData]:
    """The NameServer's route of ``topic``, None when it answers TOPIC_NOT_EXIST."""
    response = invoke(client, namesrv_addr, RequestCode.GET_ROUTEINFO_BY_TOPIC, GetRouteInfoRequestHeader(topic=topic))
    if response.code != 0:
        return None
    return TopicRouteData.decode(response.body)


def heartbeat_body(client_id: str, consumer_groups: Iterable[str] = (), producer_groups: Iterable[str] = (),
                   topics: Iterable[str] = ("TopicTest",)) -> bytes:
    """A HeartbeatData body as the Java push consumer / producer sends it."""
    consumers = set()
    for group in consumer_groups:
        subs = set(SubscriptionData(topic=t, sub_string="*") for t in topics)
        consumers.add(ConsumerData(group_name=group, consume_type=ConsumeType.CONSUME_PASSIVELY,
                                   message_model=MessageModel.CLUSTERING,
                                   consume_from_where=ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET,
                                   subscription_data_set=subs, unit_mode=False))
    producers = set(ProducerData(group_name=g) for g in producer_groups)
    return HeartbeatData(client_id=client_id, consumer_data_set=consumers, producer_data_set=producers).encode()


class NotifyRecorder(NettyRequestProcessor):
    """A client-side processor that records the broker's NOTIFY_CONSUMER_IDS_CHANGED requests."""

    def __init__(self) -> None:
        self.requests: "queue.Queue[RemotingCommand]" = queue.Queue()

    def process_request(self, ctx: Any, request: RemotingCommand) -> Optional[RemotingCommand]:
        self.requests.put(request)
        return None

    def next(self, timeout: float = 5.0) -> RemotingCommand:
        return self.requests.get(timeout=timeout)

    def drain(self) -> List[RemotingCommand]:
        items = []
        while True:
            try:
                items.append(self.requests.get_nowait())
            except queue.Empty:
                return items


class ConsumerClient:
    """One client connection acting as a consumer: a NettyRemotingClient with a NotifyRecorder for code 40."""

    def __init__(self, broker_addr: str, client_id: str) -> None:
        self.broker_addr = broker_addr
        self.client_id = client_id
        self.recorder = NotifyRecorder()
        self.client = NettyRemotingClient()
        self.client.register_processor(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED, self.recorder)
        self.client.start()

    def heartbeat(self, *groups: str, topics: Iterable[str] = ("TopicTest",),
                  producer_groups: Iterable[str] = ()) -> RemotingCommand:
        return invoke(self.client, self.broker_addr, RequestCode.HEART_BEAT,
                      body=heartbeat_body(self.client_id, groups, producer_groups, topics))

    def invoke(self, code: int, header: Optional[CommandCustomHeader] = None,
               body: Optional[bytes] = None) -> RemotingCommand:
        return invoke(self.client, self.broker_addr, code, header, body)

    def close(self) -> None:
        self.client.shutdown()



def put_messages(controller: Any, topic: str, queue_id: int, count: int, tags: str = "TagA") -> List[Any]:
    """Append ``count`` messages straight into the broker's store (as the send processor would); the
    PutMessageResults."""
    results = []
    for n in range(count):
        msg = MessageExtBrokerInner()
        msg.topic = topic
        msg.body = b"body-%d" % n
        msg.queue_id = queue_id
        msg.flag = 0
        msg.sys_flag = 0
        msg.born_host = ("127.0.0.1", 50000)
        msg.store_host = controller.get_store_host()
        msg.born_timestamp = int(time.time() * 1000)
        msg.properties = {}
        msg.set_tags(tags)
        msg.tags_code = MessageExtBrokerInner.tags_string2tags_code(tags)
        msg.properties_string = MessageDecoder.message_properties2string(msg.properties)
        result = controller.get_message_store().put_message(msg)
        assert result.is_ok(), result
        results.append(result)
    return results


def end_transaction_request(group: str, tran_state_table_offset: int, commit_log_offset: int, state: int,
                            msg_id: str, from_check: bool = False, transaction_id: Optional[str] = None,
                            oneway: bool = True) -> RemotingCommand:
    """END_TRANSACTION as the Java producer sends it (one-way)."""
    header = EndTransactionRequestHeader(producer_group=group, tran_state_table_offset=tran_state_table_offset,
                                         commit_log_offset=commit_log_offset, commit_or_rollback=state,
                                         from_transaction_check=from_check, msg_id=msg_id,
                                         transaction_id=transaction_id)
    cmd = RemotingCommand.create_request_command(RequestCode.END_TRANSACTION, header)
    if oneway:
        cmd.mark_oneway_rpc()
    return cmd


class CheckRecorder(NettyRequestProcessor):
    """The producer side of CHECK_TRANSACTION_STATE: records each check and answers it with END_TRANSACTION
    (``fromTransactionCheck=true``) in the state ``answer(check)`` returns (None: no answer), one-way to the
    broker, like Java's ``ClientRemotingProcessor.checkTransactionState``."""

    def __init__(self, client: NettyRemotingClient, broker_addr: str, group: str,
                 answer: Callable[[CheckTransactionStateRequestHeader], Optional[int]]) -> None:
        self.client = client
        self.broker_addr = broker_addr
        self.group = group
        self.answer = answer
        self.checks: "queue.Queue[RemotingCommand]" = queue.Queue()
        self.count = 0

    def process_request(self, ctx: Any, request: RemotingCommand) -> Optional[RemotingCommand]:
        self.count += 1
        header = request.decode_command_custom_header(CheckTransactionStateRequestHeader)
        state = self.answer(header)
        if state is not None:
            self.client.invoke_oneway(self.broker_addr, end_transaction_request(
                self.group, header.tran_state_table_offset, header.commit_log_offset, state, header.msg_id, True,
                header.transaction_id), TIMEOUT_MILLIS)
        self.checks.put(request)
        return None

    def reject_request(self) -> bool:
        return False

    def next(self, timeout: float = 15.0) -> RemotingCommand:
        return self.checks.get(timeout=timeout)


class FakeProducer:
    """A NettyRemotingClient registered by heartbeat as a producer of ``group`` with a :class:`CheckRecorder`."""

    def __init__(self, broker_addr: str, group: str, client_id: str = "127.0.0.1@tx",
                 answer: Callable[[CheckTransactionStateRequestHeader], Optional[int]] = lambda header: COMMIT
                 ) -> None:
        self.broker_addr = broker_addr
        self.group = group
        self.client_id = client_id
        self.client = NettyRemotingClient()
        self.recorder = CheckRecorder(self.client, broker_addr, group, answer)
        self.client.register_processor(RequestCode.CHECK_TRANSACTION_STATE, self.recorder)
        self.client.start()

    def heartbeat(self) -> RemotingCommand:
        data = HeartbeatData(client_id=self.client_id, consumer_data_set=set(),
                             producer_data_set={ProducerData(group_name=self.group)})
        return self.invoke(RemotingCommand.create_request_command(RequestCode.HEART_BEAT, None, data.encode()))

    def invoke(self, request: RemotingCommand) -> RemotingCommand:
        return self.client.invoke_sync(self.broker_addr, request, TIMEOUT_MILLIS)

    def oneway(self, request: RemotingCommand) -> None:
        self.client.invoke_oneway(self.broker_addr, request, TIMEOUT_MILLIS)

    def close(self) -> None:
        self.client.shutdown()


class AnsweringProcessor(NettyRequestProcessor):
    """A client-side processor that records the broker's requests and answers them with a fixed response."""

    def __init__(self, body: Optional[bytes], remark: Optional[str] = "not set any response code") -> None:
        self.body = body
        self.remark = remark
        self.requests: "queue.Queue[RemotingCommand]" = queue.Queue()

    def process_request(self, ctx: Any, request: RemotingCommand) -> Optional[RemotingCommand]:
        self.requests.put(request)
        response = RemotingCommand.create_response_command(ResponseCode.SUCCESS, self.remark)
        response.body = self.body
        return response

    def reject_request(self) -> bool:
        return False


# ---------------------------------------------------------------------------------------------- store state


def fill_commit_log_to(broker: BrokerController, offset: int, topic: str = "FillerTopic") -> None:
    """Append one record so that the commit log ends exactly at ``offset`` (reproduces a golden capture's
    physical offsets)."""
    store = broker.get_message_store()
    size = offset - store.get_max_phy_offset()
    fixed = 84 + 4 + 1 + len(topic) + 2  # IPv4 hosts, no properties
    assert size >= fixed, "the commit log is already at %d" % store.get_max_phy_offset()
    msg = MessageExtBrokerInner()
    msg.topic = topic
    msg.body = b"f" * (size - fixed)
    msg.queue_id = 0
    msg.born_host = ("127.0.0.1", 50000)
    msg.store_host = broker.get_store_host()
    msg.born_timestamp = int(time.time() * 1000)
    msg.properties = {}
    msg.properties_string = ""
    result = store.put_message(msg)
    assert result.is_ok(), result
    assert store.get_max_phy_offset() == offset


def patched_frame(prefix: str, born_timestamp: Optional[int] = None, **ext_changes: str) -> bytes:
    """A golden request frame with some extFields changed (the bornTimestamp ``g`` of a send set to
    ``born_timestamp``), re-encoded with the same key order."""
    entry = golden_entry(prefix)
    cmd = RemotingCommand.decode(golden_frame(entry)[4:])
    if born_timestamp is not None:
        ext_changes["g"] = str(born_timestamp)
    for key, value in ext_changes.items():
        assert key in cmd.ext_fields, key
        cmd.ext_fields[key] = value
    return cmd.encode()


def golden_body(prefix: str) -> bytes:
    entry = golden_entry(prefix)
    frame = golden_frame(entry)
    return frame[len(frame) - entry["body_length"]:]


def consumer_offset(broker: BrokerController, topic: str, queue_id: int = 0) -> int:
    """The check service's offset in a transaction queue (the queue's min offset before its first commit)."""
    offset = broker.get_consumer_offset_manager().query_offset(MixAll.CID_SYS_RMQ_TRANS, topic, queue_id)
    return offset if offset != -1 else broker.get_message_store().get_min_offset_in_queue(topic, queue_id)


def transactions_settled(broker: BrokerController) -> bool:
    """The check service went over every half and op message: nothing is left to check."""
    store = broker.get_message_store()
    return consumer_offset(broker, HALF_TOPIC) == store.get_max_offset_in_queue(HALF_TOPIC, 0) > 0 and \
        consumer_offset(broker, OP_TOPIC) == store.get_max_offset_in_queue(OP_TOPIC, 0)


def pull_all(client: Any, topic: str, queue_id: int = 0, group: str = "CheckerCG") -> List[MessageExt]:
    """Every message of a queue (raw pull from offset 0)."""
    response = client.request(pull_request(group, topic, queue_id, 0))
    if response.code != ResponseCode.SUCCESS:
        return []
    return decode_messages(response.body)


def store_messages(broker: BrokerController, topic: str, queue_id: int = 0) -> List[MessageExt]:
    """Every message of a queue read straight from the store (system topics without a topic config)."""
    result = broker.get_message_store().get_message("CheckerCG", topic, queue_id, 0, 64)
    return [MessageDecoder.decode(record, True, False) for record in result.message_buffer_list]




def record_with(record: bytes, **fields: Any) -> bytes:
    """``record`` (one stored message, IPv4 hosts) with some fields replaced: born_timestamp, born_port,
    store_timestamp, store_port (to compare a record with a golden one from another machine and time)."""
    data = bytearray(record)
    if "born_timestamp" in fields:
        struct.pack_into(">q", data, 40, fields["born_timestamp"])
    if "born_port" in fields:
        struct.pack_into(">i", data, 52, fields["born_port"])
    if "store_timestamp" in fields:
        struct.pack_into(">q", data, 56, fields["store_timestamp"])
    if "store_port" in fields:
        struct.pack_into(">i", data, 68, fields["store_port"])
    return bytes(data)


def same_apart_from_hosts_and_times(ours: bytes, golden: bytes) -> bool:
    """Whether two stored IPv4 records are byte-identical once born/store ports and timestamps are equalised."""
    msg = MessageDecoder.decode(ours, False, False)
    assert msg is not None
    return record_with(golden, born_timestamp=msg.born_timestamp, born_port=msg.born_host[1],
                       store_timestamp=msg.store_timestamp, store_port=msg.store_host[1]) == ours
