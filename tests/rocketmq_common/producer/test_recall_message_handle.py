"""RecallMessageHandle (Java 5.3.3 ``common.producer``): v1 handles encode and decode as Java's, and every malformed
handle is a DecoderException("recall handle is invalid") (Java's RecallMessageHandleTest, plus the Base64 edge
cases Java's URL decoder refuses)."""
from __future__ import annotations

import base64

import pytest

from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.producer.recall_message_handle import DecoderException, HandleV1, RecallMessageHandle


def test_encode_and_decode_v1() -> None:
    message_id = MessageClientIDSetter.create_uniq_id()
    handle = RecallMessageHandle.HandleV1.build_handle("topic", "broker-0", "1733000000001", message_id)
    # Java: Base64.getUrlEncoder() (URL-safe alphabet, with padding) of "v1 topic broker-0 1733000000001 <id>"
    assert handle == base64.urlsafe_b64encode(("v1 topic broker-0 1733000000001 %s" % message_id).encode()).decode()
    decoded = RecallMessageHandle.decode_handle(handle)
    assert isinstance(decoded, RecallMessageHandle.HandleV1) and RecallMessageHandle.HandleV1 is HandleV1
    assert (decoded.get_version(), decoded.get_topic(), decoded.get_broker_name(), decoded.get_timestamp_str(),
            decoded.get_message_id()) == ("v1", "topic", "broker-0", "1733000000001", message_id)
    assert RecallMessageHandle.decode_handle(handle.rstrip("=")).get_message_id() == message_id  # padding optional


def test_extra_fields_are_ignored_as_java_does() -> None:
    decoded = RecallMessageHandle.decode_handle(base64.urlsafe_b64encode(b"v1 t b 1 id more fields").decode())
    assert (decoded.get_topic(), decoded.get_message_id()) == ("t", "id")


@pytest.mark.parametrize("handle", [
    None, "",
    base64.urlsafe_b64encode(b"v1 a b c").decode(),      # four fields
    base64.urlsafe_b64encode(b"v2 a b c d").decode(),    # another version
    "v1 a b c d",                                        # not Base64
    base64.b64encode(b"v1 a b c d\xfb\xff").decode(),    # standard alphabet ('+', '/'): Java's URL decoder refuses
    "djEgYSBiIGMgZA===",                                 # three '='
    "djEgYSBiIGMgZ",                                     # a lone last character
    base64.urlsafe_b64encode(b"   ").decode(),            # nothing but separators
], ids=["none", "empty", "four-fields", "v2", "raw-text", "standard-alphabet", "over-padded", "truncated", "blank"])
def test_malformed_handles_are_decoder_exceptions(handle) -> None:
    with pytest.raises(DecoderException, match="^recall handle is invalid$"):
        RecallMessageHandle.decode_handle(handle)
    assert issubclass(DecoderException, ValueError)
