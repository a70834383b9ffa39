"""TraceDataEncoder: Java's exact text for every record type (expectations built by hand from the Java code),
the decode of that text, round trips, and the keys of the trace message."""
from __future__ import annotations

from rocketmq_client.client_config import AccessChannel
from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.trace.trace_bean import TraceBean
from rocketmq_client.trace.trace_context import TraceContext
from rocketmq_client.trace.trace_data_encoder import TraceDataEncoder, java_split
from rocketmq_client.trace.trace_type import TraceType
from rocketmq_client.trace.trace_view import TraceView
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_type import MessageType

C = "\u0001"
F = "\u0002"


def pub_context() -> TraceContext:
    bean = TraceBean(topic="TopicA", msg_id="7F00000100002A9F0000000000000001", offset_msg_id="7F000001000022C3",
                     tags="TagA", keys="k1 k2", store_host="127.0.0.1:10911", body_length=42,
                     msg_type=MessageType.Delay_Msg)
    return TraceContext(trace_type=TraceType.Pub, time_stamp=1700000000123, region_id="DefaultRegion",
                        group_name="PG", cost_time=7, success=True, trace_beans=[bean])


def test_pub_exact_text_and_keys() -> None:
    transfer = TraceDataEncoder.encoder_from_context_bean(pub_context())
    assert transfer.get_trans_data() == C.join([
        "Pub", "1700000000123", "DefaultRegion", "PG", "TopicA", "7F00000100002A9F0000000000000001", "TagA",
        "k1 k2", "127.0.0.1:10911", "42", "7", "3", "7F000001000022C3", "true"]) + F
    assert transfer.get_trans_key() == {"7F00000100002A9F0000000000000001", "k1", "k2"}


def test_pub_decodes_back_to_the_same_fields() -> None:
    ctx = pub_context()
    [decoded] = TraceDataEncoder.decoder_from_trace_data_string(
        TraceDataEncoder.encoder_from_context_bean(ctx).get_trans_data())
    assert (decoded.get_trace_type(), decoded.get_time_stamp(), decoded.get_region_id(), decoded.get_group_name(),
            decoded.get_cost_time(), decoded.is_success()) == (TraceType.Pub, 1700000000123, "DefaultRegion", "PG",
                                                              7, True)
    bean, original = decoded.get_trace_beans()[0], ctx.get_trace_beans()[0]
    for field in ("topic", "msg_id", "offset_msg_id", "tags", "keys", "store_host", "body_length", "msg_type"):
        assert getattr(bean, field) == getattr(original, field), field


def test_null_values_are_written_like_java() -> None:
    """A message without tags or keys: Java's StringBuilder writes ``null``; a failed send writes false."""
    ctx = pub_context()
    ctx.set_success(False)
    bean = ctx.get_trace_beans()[0]
    bean.set_tags(None)
    bean.set_keys(None)
    text = TraceDataEncoder.encoder_from_context_bean(ctx).get_trans_data()
    fields = text[:-1].split(C)
    assert fields[6:8] == ["null", "null"] and fields[-1] == "false"
    assert TraceDataEncoder.encoder_from_context_bean(ctx).get_trans_key() == {bean.get_msg_id()}
    [decoded] = TraceDataEncoder.decoder_from_trace_data_string(text)
    assert decoded.get_trace_beans()[0].get_keys() == "null" and decoded.is_success() is False


def test_sub_before_one_record_per_message() -> None:
    beans = [TraceBean(msg_id="M1", retry_times=0, keys="a"), TraceBean(msg_id="M2", retry_times=3, keys="")]
    ctx = TraceContext(trace_type=TraceType.SubBefore, time_stamp=5, region_id="R", group_name="CG",
                       request_id="REQ", trace_beans=beans)
    text = TraceDataEncoder.encoder_from_context_bean(ctx).get_trans_data()
    assert text == ("SubBefore" + C + "5" + C + "R" + C + "CG" + C + "REQ" + C + "M1" + C + "0" + C + "a" + F
                    + "SubBefore" + C + "5" + C + "R" + C + "CG" + C + "REQ" + C + "M2" + C + "3" + C + "" + F)
    decoded = TraceDataEncoder.decoder_from_trace_data_string(text)
    assert [(d.get_request_id(), d.get_group_name(), d.get_trace_beans()[0].get_msg_id(),
             d.get_trace_beans()[0].get_retry_times()) for d in decoded] == [("REQ", "CG", "M1", 0),
                                                                              ("REQ", "CG", "M2", 3)]
    # Java's split drops the trailing empty keys field of the last record
    assert len(java_split(text.split(F)[1], C)) == 7


def test_sub_after_local_and_cloud() -> None:
    bean = TraceBean(msg_id="M1", keys="k")
    ctx = TraceContext(trace_type=TraceType.SubAfter, time_stamp=9, group_name="CG", request_id="REQ",
                       cost_time=12, success=False, context_code=2, access_channel=AccessChannel.LOCAL,
                       trace_beans=[bean])
    local = TraceDataEncoder.encoder_from_context_bean(ctx).get_trans_data()
    assert local == C.join(["SubAfter", "REQ", "M1", "12", "false", "k", "2", "9", "CG"]) + F
    [decoded] = TraceDataEncoder.decoder_from_trace_data_string(local)
    assert (decoded.get_cost_time(), decoded.is_success(), decoded.get_context_code(), decoded.get_time_stamp(),
            decoded.get_group_name()) == (12, False, 2, 9, "CG")
    ctx.set_access_channel(AccessChannel.CLOUD)
    cloud = TraceDataEncoder.encoder_from_context_bean(ctx).get_trans_data()
    assert cloud == C.join(["SubAfter", "REQ", "M1", "12", "false", "k", "2"]) + C


def test_end_transaction_exact_text_and_decode() -> None:
    bean = TraceBean(topic="TxTopic", msg_id="M9", tags="T", keys="kk", store_host="127.0.0.1:10911",
                     msg_type=MessageType.Trans_msg_Commit, transaction_id="TX1",
                     transaction_state=LocalTransactionState.ROLLBACK_MESSAGE, from_transaction_check=True)
    ctx = TraceContext(trace_type=TraceType.EndTransaction, time_stamp=11, region_id="R", group_name="TG",
                       trace_beans=[bean])
    text = TraceDataEncoder.encoder_from_context_bean(ctx).get_trans_data()
    assert text == C.join(["EndTransaction", "11", "R", "TG", "TxTopic", "M9", "T", "kk", "127.0.0.1:10911", "2",
                           "TX1", "ROLLBACK_MESSAGE", "true"]) + F
    [decoded] = TraceDataEncoder.decoder_from_trace_data_string(text)
    got = decoded.get_trace_beans()[0]
    assert (got.get_transaction_id(), got.get_transaction_state(), got.is_from_transaction_check(),
            got.get_msg_type(), got.get_store_host()) == ("TX1", LocalTransactionState.ROLLBACK_MESSAGE, True,
                                                          MessageType.Trans_msg_Commit, "127.0.0.1:10911")


def test_old_pub_formats_decode() -> None:
    """13 fields (no offset id) and 15 fields (with the client host) are accepted like Java."""
    base = ["Pub", "1", "R", "G", "T", "M", "tg", "k", "h", "4", "5", "0"]
    [old] = TraceDataEncoder.decoder_from_trace_data_string(C.join(base + ["false"]) + F)
    assert old.is_success() is False and old.get_trace_beans()[0].get_offset_msg_id() == ""
    [new] = TraceDataEncoder.decoder_from_trace_data_string(C.join(base + ["OFF", "true", "10.0.0.1"]) + F)
    assert new.get_trace_beans()[0].get_client_host() == "10.0.0.1"
    assert new.get_trace_beans()[0].get_offset_msg_id() == "OFF"


def test_several_records_in_one_body_and_trace_view() -> None:
    body = "".join(TraceDataEncoder.encoder_from_context_bean(c).get_trans_data()
                   for c in (pub_context(), TraceContext(trace_type=TraceType.SubBefore, time_stamp=1,
                                                         group_name="CG", trace_beans=[TraceBean(msg_id="X")])))
    assert [c.get_trace_type() for c in TraceDataEncoder.decoder_from_trace_data_string(body)] == [
        TraceType.Pub, TraceType.SubBefore]
    msg = MessageExt()
    msg.set_body(body.encode())
    [view] = TraceView.decode_from_trace_trans_data("7F00000100002A9F0000000000000001", msg)
    assert (view.get_topic(), view.get_status(), view.get_msg_type(), view.get_cost_time(),
            view.get_group_name()) == ("TopicA", "success", "Pub", 7, "PG")
    assert TraceDataEncoder.decoder_from_trace_data_string("") == []


def test_recall_record_is_java_5_3_3s() -> None:
    """5.3.3's Recall record: type, timeStamp, regionId, groupName, topic, msgId, success; its key is the id."""
    ctx = TraceContext(trace_type=TraceType.Recall, time_stamp=1700000000000, region_id="DefaultRegion",
                       group_name="PG", trace_beans=[TraceBean(topic="TopicA", msg_id="7F0000010001")])
    ctx.set_success(True)
    bean = TraceDataEncoder.encoder_from_context_bean(ctx)
    assert bean.get_trans_data() == C.join(["Recall", "1700000000000", "DefaultRegion", "PG", "TopicA",
                                            "7F0000010001", "true"]) + F
    assert bean.get_trans_key() == {"7F0000010001"}
    [decoded] = TraceDataEncoder.decoder_from_trace_data_string(bean.get_trans_data())
    assert (decoded.get_trace_type(), decoded.get_time_stamp(), decoded.get_region_id(), decoded.get_group_name(),
            decoded.is_success()) == (TraceType.Recall, 1700000000000, "DefaultRegion", "PG", True)
    assert (decoded.get_trace_beans()[0].get_topic(), decoded.get_trace_beans()[0].get_msg_id()) == (
        "TopicA", "7F0000010001")
