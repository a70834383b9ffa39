"""PutMessageResult and AppendMessageResult: status, is_ok and repr."""
from __future__ import annotations

from rocketmq_broker.store.append_message_result import AppendMessageResult
from rocketmq_broker.store.append_message_status import AppendMessageStatus
from rocketmq_broker.store.put_message_result import PutMessageResult
from rocketmq_broker.store.put_message_status import PutMessageStatus


def test_result_beans():
    result = AppendMessageResult(AppendMessageStatus.PUT_OK, 10, 20, msg_id_supplier=lambda: "ID")
    assert result.get_msg_id() == "ID" and result.is_ok() and result.get_wrote_offset() == 10
    assert "wroteOffset=10" in repr(result)
    put = PutMessageResult(PutMessageStatus.FLUSH_DISK_TIMEOUT, result)
    assert put.is_ok() and put.get_put_message_status() is PutMessageStatus.FLUSH_DISK_TIMEOUT
    assert not PutMessageResult(PutMessageStatus.MESSAGE_ILLEGAL).is_ok()
    assert "FLUSH_DISK_TIMEOUT" in repr(put)
