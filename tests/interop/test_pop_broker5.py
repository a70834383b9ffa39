"""POP consumption on the broker side: the same raw POP_MESSAGE, ACK_MESSAGE, BATCH_ACK_MESSAGE,
CHANGE_MESSAGE_INVISIBLETIME, QUERY_ASSIGNMENT and SET_MESSAGE_REQUEST_MODE requests (through our
``NettyRemotingClient``) to the real 5.3.3 broker and to our embedded broker get the same answers: codes, remarks
(the parts not naming an address), the header fields, the messages and their return after the invisible time."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple

import pytest
from interop_support import RealCluster, unique

from rocketmq_broker.embedded_cluster import EmbeddedCluster, start_embedded_cluster
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_request_mode import MessageRequestMode
from rocketmq_common.protocol.body.batch_ack_message_request_body import BatchAckMessageRequestBody
from rocketmq_common.protocol.body.query_assignment_request_body import QueryAssignmentRequestBody
from rocketmq_common.protocol.body.query_assignment_response_body import QueryAssignmentResponseBody
from rocketmq_common.protocol.body.set_message_request_mode_request_body import SetMessageRequestModeRequestBody
from rocketmq_common.protocol.header.ack_message_request_header import AckMessageRequestHeader
from rocketmq_common.protocol.header.change_invisible_time_request_header import ChangeInvisibleTimeRequestHeader
from rocketmq_common.protocol.header.create_topic_request_header import CreateTopicRequestHeader
from rocketmq_common.protocol.header.extra_info_util import ExtraInfoUtil
from rocketmq_common.protocol.header.pop_message_request_header import PopMessageRequestHeader
from rocketmq_common.protocol.header.send_message_request_header import SendMessageRequestHeader
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.consumer_data import ConsumerData
from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from waiting import wait_for

pytestmark = pytest.mark.timeout(180)

TIMEOUT_MS = 10000


class Broker:
    """Raw requests to one broker address."""

    def __init__(self, client: NettyRemotingClient, addr: str, broker_name: str) -> None:
        self.client, self.addr, self.broker_name = client, addr, broker_name

    def call(self, code: int, header: Any = None, body: Optional[bytes] = None) -> RemotingCommand:
        return self.client.invoke_sync(self.addr, RemotingCommand.create_request_command(code, header, body),
                                       TIMEOUT_MS)

    def pop(self, topic: str, group: str, queue_id: int = -1, max_nums: int = 32, invisible_time: int = 60000,
            poll_time: int = 0) -> RemotingCommand:
        return self.call(RequestCode.POP_MESSAGE, PopMessageRequestHeader(
            consumer_group=group, topic=topic, queue_id=queue_id, max_msg_nums=max_nums,
            invisible_time=invisible_time, poll_time=poll_time, born_time=int(time.time() * 1000), init_mode=0,
            exp_type="TAG", exp="*"))


def popped(broker: Broker, response: RemotingCommand) -> List[Tuple[MessageExt, str]]:
    """Each popped message with its receipt handle, built as the Java client builds it."""
    fields = response.ext_fields or {}
    start = ExtraInfoUtil.parse_start_offset_info(fields.get("startOffsetInfo")) or {}
    out = []
    body, pos = response.body or b"", 0
    while pos < len(body):
        msg = MessageDecoder.decode(body, True, True, False, pos)
        assert msg is not None
        pos += msg.store_size
        handle = msg.get_property(MessageConst.PROPERTY_POP_CK) or ExtraInfoUtil.build_extra_info(
            start[ExtraInfoUtil.get_start_offset_info_map_key(msg.topic, msg.queue_id)], int(fields["popTime"]),
            int(fields["invisibleTime"]), int(fields["reviveQid"]), msg.topic, broker.broker_name, msg.queue_id,
            msg.queue_offset)
        out.append((msg, handle))
    return out


def send(broker: Broker, topic: str, bodies: List[bytes]) -> None:
    for body in bodies:
        header = SendMessageRequestHeader(producer_group="PG", topic=topic, default_topic="TBW102",
                                          default_topic_queue_nums=2, queue_id=0, sys_flag=0,
                                          born_timestamp=int(time.time() * 1000), flag=0,
                                          properties=MessageDecoder.message_properties2string({"WAIT": "true"}),
                                          reconsume_times=0, unit_mode=False, batch=False)
        assert broker.call(RequestCode.SEND_MESSAGE, header, body).code == 0


def remark(response: RemotingCommand, *names: str) -> Optional[str]:
    """The remark without the address Java puts in some (``consumer:[/127.0.0.1:...]``) and with ``names`` (the
    test's unique topic and group names) as ``<name>``."""
    text = response.remark
    if not text:
        return text
    text = text.split(" consumer:")[0].split(", commit:")[0]
    for name in names:
        text = text.replace(name, "<name>")
    return text


def script(broker: Broker) -> Dict[str, Any]:
    """The same requests in the same order; the answers worth comparing."""
    out: Dict[str, Any] = {}
    topic, group, no_topic = unique("PopInteropTopic"), unique("PopInteropGroup"), unique("NoTopic")
    create = broker.call(RequestCode.UPDATE_AND_CREATE_TOPIC, CreateTopicRequestHeader(
        topic=topic, default_topic="TBW102", read_queue_nums=2, write_queue_nums=2, perm=6,
        topic_filter_type="SINGLE_TAG", topic_sys_flag=0, order=False))
    out["create"] = create.code
    empty = broker.pop(topic, group)
    out["pop empty"] = (empty.code, empty.remark, sorted(empty.ext_fields or {}))
    out["pop 33"] = broker.pop(topic, group, max_nums=33).code
    out["pop queue 5"] = (lambda r: (r.code, remark(r, topic)))(broker.pop(topic, group, queue_id=5))
    out["pop no topic"] = broker.pop(no_topic, group).code
    send(broker, topic, [b"m0", b"m1", b"m2"])
    messages: List[Tuple[MessageExt, str]] = []
    answers = []

    def all_popped() -> bool:  # the queue is dispatched asynchronously: a pop may see part of the sends
        r = broker.pop(topic, group, invisible_time=3000)
        fields = r.ext_fields or {}
        if r.code == 0:
            answers.append((r.code, r.remark, fields.get("invisibleTime"), fields.get("reviveQid") is not None))
        messages.extend(popped(broker, r))
        return len(messages) >= 3
    wait_for(all_popped, 20, "the 3 messages popped", interval=0.2)
    out["pop"] = (answers[0], sorted(m.body for m, _ in messages))
    by_body = {m.body: (m, h) for m, h in messages}
    msg0, handle0 = by_body[b"m0"]
    ack = AckMessageRequestHeader(consumer_group=group, topic=topic, queue_id=0, extra_info=handle0,
                                  offset=msg0.queue_offset)
    out["ack"] = (lambda r: (r.code, r.remark))(broker.call(RequestCode.ACK_MESSAGE, ack))
    ack.offset = 99
    out["ack offset 99"] = (lambda r: (r.code, remark(r, topic)))(broker.call(RequestCode.ACK_MESSAGE, ack))
    ack.offset, ack.extra_info = msg0.queue_offset, "0 1"
    out["ack bad handle"] = broker.call(RequestCode.ACK_MESSAGE, ack).code
    msg1, handle1 = by_body[b"m1"]
    change = ChangeInvisibleTimeRequestHeader(consumer_group=group, topic=topic, queue_id=0, extra_info=handle1,
                                              offset=99, invisible_time=1000)
    out["change offset 99"] = broker.call(RequestCode.CHANGE_MESSAGE_INVISIBLETIME, change).code
    change.offset = msg1.queue_offset
    changed = broker.call(RequestCode.CHANGE_MESSAGE_INVISIBLETIME, change)
    out["change"] = (changed.code, changed.remark, (changed.ext_fields or {}).get("invisibleTime"))
    out["batch ack empty"] = broker.call(RequestCode.BATCH_ACK_MESSAGE, None,
                                         BatchAckMessageRequestBody(broker_name="x", acks=[]).encode()).code
    # m1 (1 s) and m2 (3 s) come back through the retry topic, m0 (acked) does not
    back: List[MessageExt] = []

    def returned() -> bool:
        r = broker.pop(topic, group)
        back.extend(m for m, _ in popped(broker, r))
        return len(back) >= 2
    wait_for(returned, 60, "the un-acked messages back", interval=0.5)
    out["revived"] = sorted((m.body, m.topic == topic, m.reconsume_times,
                             m.get_property(MessageConst.PROPERTY_POP_CK) is not None) for m in back)
    # the assignment: PULL by default, every queue as queue -1 once the group is in POP mode
    heartbeat = HeartbeatData(client_id="pop-interop-cid", producer_data_set=set(), consumer_data_set={ConsumerData(
        group_name=group, consume_type=ConsumeType.CONSUME_PASSIVELY, message_model=MessageModel.CLUSTERING,
        consume_from_where=ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET, unit_mode=False,
        subscription_data_set={SubscriptionData(topic=topic, sub_string="*")})})
    assert broker.call(RequestCode.HEART_BEAT, None, heartbeat.encode()).code == 0

    def assignment() -> Any:
        body = QueryAssignmentRequestBody(topic=topic, consumer_group=group, client_id="pop-interop-cid",
                                          strategy_name="AVG", message_model=MessageModel.CLUSTERING)
        r = broker.call(RequestCode.QUERY_ASSIGNMENT, None, body.encode())
        assignments = QueryAssignmentResponseBody.decode(r.body).message_queue_assignments
        return r.code, None if assignments is None else sorted(
            (a.message_queue.topic == topic, a.message_queue.queue_id, a.mode.name) for a in assignments)
    out["assignment pull"] = assignment()

    def set_mode(mode_topic: str) -> Tuple[int, Optional[str]]:
        body = SetMessageRequestModeRequestBody(topic=mode_topic, consumer_group=group, mode=MessageRequestMode.POP,
                                                pop_share_queue_num=0)
        r = broker.call(RequestCode.SET_MESSAGE_REQUEST_MODE, None, body.encode())
        return r.code, remark(r, no_topic)
    out["set mode"] = set_mode(topic)
    out["assignment pop"] = assignment()
    out["set mode retry"] = set_mode("%RETRY%" + group)
    out["set mode no topic"] = set_mode(no_topic)
    # invisible times Java does not check: beyond the timer's 3 days, and negative
    send(broker, topic, [b"m3"])
    huge = broker.pop(topic, group, invisible_time=4 * 24 * 3600 * 1000)
    out["pop invisible 4 days"] = (huge.code, sorted(m.body for m, _ in popped(broker, huge)))
    negative = broker.pop(topic, group, invisible_time=-1000)
    out["pop invisible negative"] = (negative.code, sorted(m.body for m, _ in popped(broker, negative)))
    return out


@pytest.fixture
def client() -> Iterator[NettyRemotingClient]:
    c = NettyRemotingClient()
    c.start()
    yield c
    c.shutdown()


@pytest.fixture
def embedded(tmp_path: Path) -> Iterator[EmbeddedCluster]:
    cluster = start_embedded_cluster(str(tmp_path / "cluster"))
    try:
        yield cluster
    finally:
        cluster.shutdown()


def test_our_broker_answers_pop_requests_as_the_real_5_broker(real5_cluster: RealCluster, embedded: EmbeddedCluster,
                                                              client: NettyRemotingClient) -> None:
    real = script(Broker(client, real5_cluster.broker_addr, real5_cluster.broker_name))
    ours = script(Broker(client, embedded.broker_addrs[0], "broker-a"))
    assert ours == real
    assert real["revived"] == [(b"m1", True, 1, True), (b"m2", True, 1, True)]
    assert real["assignment pop"] == (0, [(True, -1, "POP")])
