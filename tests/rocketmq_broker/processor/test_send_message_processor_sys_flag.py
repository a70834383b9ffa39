"""A send whose sysFlag no honest client sends (the broker's host IPv6 bits, -1, compressed on a plain body, random
values) between 100 acknowledged messages and 100 more: the broker refuses it or stores it harmlessly, and after
a kill -9 of the broker process and a restart on the same store all 200 are read from offset 0 by a pull."""
from __future__ import annotations

import random

import pytest
from broker_process_support import start_broker
from broker_support import RawClient, decode_messages, pull_request, send_request

from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode

TOPIC = "RobustSysFlag"
_RANDOM = random.Random(19)
RANDOM_FLAGS = [_RANDOM.randrange(-(1 << 31), 1 << 31) for _ in range(3)] + [_RANDOM.randrange(1 << 11)
                                                                             for _ in range(2)]


def _local(addr: str) -> str:
    return "127.0.0.1:" + addr.rsplit(":", 1)[1]


def _pull_all(client: RawClient):
    records = []
    offset = 0
    while True:
        response = client.request(pull_request("CG", TOPIC, 0, offset, max_nums=32))
        if response.code != ResponseCode.SUCCESS:
            return records
        records.extend(decode_messages(response.body))      # every record decodes on its own
        assert [m.body for m in MessageDecoder.decodes(response.body)] == [m.body for m in
                                                                            decode_messages(response.body)]
        offset = int(response.ext_fields["nextBeginOffset"])


@pytest.mark.timeout(120)
@pytest.mark.parametrize("sys_flag", [0x10, 0x20, 0x30, -1, 0x1] + RANDOM_FLAGS)
def test_bad_sys_flag_harms_no_acknowledged_message_across_kill_9(tmp_path, sys_flag):
    store = tmp_path / "store"
    broker, addr = start_broker(tmp_path, store)
    try:
        client = RawClient(_local(addr))
        try:
            for i in range(100):
                assert client.request(send_request(TOPIC, b"before-%d" % i)).code == ResponseCode.SUCCESS
            bad = client.request(send_request(TOPIC, b"a plain body, not compressed", sys_flag=sys_flag))
            assert bad.code in (ResponseCode.SUCCESS, ResponseCode.MESSAGE_ILLEGAL), bad
            if bad.code == ResponseCode.MESSAGE_ILLEGAL:
                assert "sysFlag" in bad.remark and "Error" not in bad.remark and ".py" not in bad.remark
            for i in range(100):
                assert client.request(send_request(TOPIC, b"after-%d" % i)).code == ResponseCode.SUCCESS
        finally:
            client.close()
    finally:
        broker.kill()                                        # kill -9
    assert broker.proc.returncode == -9
    broker, addr = start_broker(tmp_path, store)
    try:
        client = RawClient(_local(addr))
        try:
            bodies = [m.body for m in _pull_all(client)]
        finally:
            client.close()
    finally:
        broker.stop()
    expected = [b"before-%d" % i for i in range(100)] + [b"after-%d" % i for i in range(100)]
    if bad.code == ResponseCode.SUCCESS:
        expected.insert(100, b"a plain body, not compressed")
    assert bodies == expected
    if sys_flag in (-1, 0x1):
        assert bad.code == ResponseCode.MESSAGE_ILLEGAL
    if sys_flag in (0x10, 0x20, 0x30):
        assert bad.code == ResponseCode.SUCCESS             # the broker's own bits: cleared, the message stored


def _with_field(request, field, value):
    """``request`` with the extFields of its header and ``field`` set to ``value`` (no header object)."""
    request.make_custom_header_to_net()
    request.custom_header = None
    request.ext_fields[field] = value
    return request


def test_header_integers_outside_their_java_type_get_a_clean_remark(tmp_path):
    from broker_support import broker_addr, start_broker as start_in_process
    broker = start_in_process(tmp_path / "store")
    client = RawClient(broker_addr(broker))
    try:
        cases = [(send_request(TOPIC, b"x"), field, value, "SendMessageRequestHeaderV2")
                 for field, value in (("f", str(1 << 40)), ("h", str(1 << 31)), ("e", str(-(1 << 31) - 1)),
                                      ("g", str(1 << 63)), ("d", "9" * 5000))]
        cases += [(send_request(TOPIC, b"x", code=RequestCode.SEND_MESSAGE), "sysFlag", str(1 << 40),
                   "SendMessageRequestHeader"),
                  (pull_request("CG", TOPIC, 0, 0), "maxMsgNums", str(1 << 40), "PullMessageRequestHeader")]
        for request, field, value, header in cases:
            response = client.request(_with_field(request, field, value))
            assert response.code == ResponseCode.SYSTEM_ERROR
            assert "the custom field <%s> of %s is out of range" % (field, header) in response.remark
            assert "format" not in response.remark and "commit_log" not in response.remark
        assert broker.get_message_store().get_max_phy_offset() == 0
        assert client.request(send_request(TOPIC, b"ok")).code == ResponseCode.SUCCESS
    finally:
        client.close()
        broker.shutdown()
