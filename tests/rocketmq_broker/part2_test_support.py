"""Helpers of the part-2 broker tests (test_tx_*, test_query_*, test_part2_*): a fake transactional producer
answering CHECK_TRANSACTION_STATE, a fake consumer answering the broker's admin relays, golden-state
reproduction and condition waits. Imported by module name (the test directory is on sys.path)."""
from __future__ import annotations

import queue
import struct
import threading
import time
from typing import Any, Callable, List, Optional

from test_msg_support import decode_messages, golden_entry, golden_frame, pull_request, raw_properties

from rocketmq_broker.broker_controller import BrokerController
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.header.check_transaction_state_request_header import \
    CheckTransactionStateRequestHeader
from rocketmq_common.protocol.header.end_transaction_request_header import EndTransactionRequestHeader
from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
from rocketmq_common.protocol.heartbeat.producer_data import ProducerData
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.remoting_client import RemotingClient

HALF_TOPIC = TopicValidator.RMQ_SYS_TRANS_HALF_TOPIC
OP_TOPIC = TopicValidator.RMQ_SYS_TRANS_OP_HALF_TOPIC
CHECK_MAX_TOPIC = TopicValidator.RMQ_SYS_TRANS_CHECK_MAX_TIME_TOPIC
TIMEOUT_MILLIS = 5000
COMMIT = MessageSysFlag.TRANSACTION_COMMIT_TYPE
ROLLBACK = MessageSysFlag.TRANSACTION_ROLLBACK_TYPE
UNKNOWN = MessageSysFlag.TRANSACTION_NOT_TYPE
_INT = struct.Struct(">i")


def wait_for(predicate: Callable[[], Any], timeout: float = 15.0, what: str = "condition") -> Any:
    """Re-check ``predicate`` until it returns a truthy value (returned) or ``timeout`` seconds pass (fail)."""
    deadline = time.monotonic() + timeout
    pause = threading.Event()
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError("timed out after %.1f s waiting for %s" % (timeout, what))
        pause.wait(0.02)


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

    def __init__(self, client: RemotingClient, broker_addr: str, group: str,
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
    """A RemotingClient registered by heartbeat as a producer of ``group`` with a :class:`CheckRecorder`."""

    def __init__(self, broker_addr: str, group: str, client_id: str = "127.0.0.1@tx",
                 answer: Callable[[CheckTransactionStateRequestHeader], Optional[int]] = lambda header: COMMIT
                 ) -> None:
        self.broker_addr = broker_addr
        self.group = group
        self.client_id = client_id
        self.client = RemotingClient()
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


def stored_records(body: Optional[bytes]) -> List[bytes]:
    records = []
    pos = 0
    data = body or b""
    while pos < len(data):
        (size,) = _INT.unpack_from(data, pos)
        records.append(data[pos:pos + size])
        pos += size
    return records


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


def properties_raw(record: bytes) -> str:
    """The raw properties string of one stored record."""
    return raw_properties(record)
