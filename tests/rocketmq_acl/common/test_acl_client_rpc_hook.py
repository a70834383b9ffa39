"""Client-side signing (AclClientRPCHook, AclSigner, AclUtils, SessionCredentials).

Test vector: /work/shared/golden holds no signed frame (it was captured with ACL off), so the fixed vector is the
one of PROTOCOL.md §6.13, computed by the 4.9.7 Java library: access key ``rocketmq2``, secret ``12345678``,
UPDATE_CONSUMER_OFFSET (consumerGroup CG, topic TopicTest, queueId 0, commitOffset 10) signs
``rocketmq210CG0TopicTest`` to ``i7SMUYRH6Vqz6onI3AK/Wk6hxYs=``. The other expectations are computed here from the
algorithm (values of the sorted extFields, then the body, HmacSHA1, Base64) with :mod:`hmac` directly."""
from __future__ import annotations

import base64
import hashlib
import hmac
import logging

import pytest

from rocketmq_acl.common.acl_client_rpc_hook import AclClientRPCHook
from rocketmq_acl.common.acl_exception import AclException
from rocketmq_acl.common.acl_signer import AclSigner
from rocketmq_acl.common.acl_utils import AclUtils
from rocketmq_acl.common.session_credentials import SessionCredentials
from rocketmq_acl.common.signing_algorithm import SigningAlgorithm
from rocketmq_acl.plain.plain_access_validator import PlainAccessValidator
from rocketmq_acl.plain.plain_permission_manager import PlainPermissionManager
from rocketmq_client import acl as client_acl
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.header.query_message_request_header import QueryMessageRequestHeader
from rocketmq_common.protocol.header.send_message_request_header import SendMessageRequestHeaderV2
from rocketmq_common.protocol.header.update_consumer_offset_request_header import UpdateConsumerOffsetRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_remoting.protocol.remoting_command import RemotingCommand, SerializeType

SECRET = "s3cret-Key-9876"


def _hmac_b64(data: bytes, key: str, digest=hashlib.sha1) -> str:
    return base64.b64encode(hmac.new(key.encode(), data, digest).digest()).decode()


def _offset_request() -> RemotingCommand:
    header = UpdateConsumerOffsetRequestHeader(consumer_group="CG", topic="TopicTest", queue_id=0, commit_offset=10)
    return RemotingCommand.create_request_command(RequestCode.UPDATE_CONSUMER_OFFSET, header)


def test_java_vector_of_protocol_md() -> None:
    request = _offset_request()
    AclClientRPCHook(SessionCredentials("rocketmq2", "12345678")).do_before_request("127.0.0.1:10911", request)
    assert request.ext_fields["AccessKey"] == "rocketmq2"
    assert "SecurityToken" not in request.ext_fields
    assert request.ext_fields["Signature"] == "i7SMUYRH6Vqz6onI3AK/Wk6hxYs="
    assert _hmac_b64(b"rocketmq210CG0TopicTest", "12345678") == "i7SMUYRH6Vqz6onI3AK/Wk6hxYs="


def test_signature_covers_sorted_values_token_extra_fields_and_body() -> None:
    header = SendMessageRequestHeaderV2(a="PG", b="TopicA", c="TBW102", d=4, e=1, f=0, g=1700000000000, h=0,
                                        i="TAGS\x01t", j=0, k=False, m=False, n="broker-a")
    body = b"\x00\x01body\xff"
    request = RemotingCommand.create_request_command(RequestCode.SEND_MESSAGE_V2, header, body)
    request.add_ext_field("Zeta", "z")
    request.add_ext_field("alpha", "\u00e9")
    request.add_ext_field("Signature", "stale")  # a re-sent request: the old signature is ignored
    AclClientRPCHook(SessionCredentials("AK123456", SECRET, "token-1")).do_before_request(None, request)
    ext = request.ext_fields
    # Java String order: upper case before lower case
    keys = sorted(k for k in ext if k != "Signature")
    assert keys[:4] == ["AccessKey", "SecurityToken", "Zeta", "a"]
    content = "".join(ext[k] for k in keys).encode("utf-8") + body
    assert ext["SecurityToken"] == "token-1"
    assert ext["Signature"] == _hmac_b64(content, SECRET)
    assert ext["b"] == "TopicA" and ext["k"] == "false" and ext["g"] == "1700000000000"


def test_unique_key_query_flag_is_not_signed_as_the_broker_checks() -> None:
    header = QueryMessageRequestHeader(topic="T", key="K", max_num=32, begin_timestamp=0, end_timestamp=1)
    request = RemotingCommand.create_request_command(RequestCode.QUERY_MESSAGE, header)
    request.add_ext_field(MixAll.UNIQUE_MSG_QUERY_FLAG, "true")
    hook = AclClientRPCHook(SessionCredentials("AK123456", SECRET))
    hook.do_before_request(None, request)
    ext = request.ext_fields
    signed = sorted(k for k in ext if k not in ("Signature", MixAll.UNIQUE_MSG_QUERY_FLAG))
    assert ext["Signature"] == _hmac_b64("".join(ext[k] for k in signed).encode(), SECRET)
    assert ext[MixAll.UNIQUE_MSG_QUERY_FLAG] == "true"


def _validator(tmp_path, text: str) -> PlainAccessValidator:
    path = tmp_path / "plain_acl.yml"
    path.write_text(text)
    return PlainAccessValidator(PlainPermissionManager(default_acl_file=str(path), watch=False))


@pytest.mark.parametrize("serialize_type", [SerializeType.JSON, SerializeType.ROCKETMQ], ids=["JSON", "ROCKETMQ"])
def test_signed_frame_verifies_after_the_wire(tmp_path, serialize_type) -> None:
    validator = _validator(tmp_path, "accounts:\n  - accessKey: AK123456\n    secretKey: '%s'\n"
                                     "    defaultTopicPerm: PUB\n" % SECRET)
    header = SendMessageRequestHeaderV2(a="PG", b="TopicA", c="TBW102", d=4, e=1, f=0, g=1, h=0, i="", j=0,
                                        k=False, m=False)
    request = RemotingCommand.create_request_command(RequestCode.SEND_MESSAGE_V2, header, b"payload")
    request.serialize_type = serialize_type
    AclClientRPCHook(SessionCredentials("AK123456", SECRET)).do_before_request(None, request)
    received = RemotingCommand.decode(request.encode()[4:])
    resource = validator.parse(received, "10.0.0.1:5555")
    assert resource.white_remote_address == "10.0.0.1"
    assert resource.resource_perm_map == {"TopicA": 4}
    validator.validate(resource)
    tampered = RemotingCommand.decode(request.encode()[4:])
    tampered.body = b"payloaD"
    with pytest.raises(AclException, match="^Check signature failed for accessKey=AK123456$"):
        validator.validate(validator.parse(tampered, "10.0.0.1:5555"))


def test_signer_algorithms_and_failure() -> None:
    assert AclSigner.cal_signature("data", "key") == _hmac_b64(b"data", "key")
    assert AclSigner.cal_signature(b"data", "key", SigningAlgorithm.HmacSHA256) == \
        _hmac_b64(b"data", "key", hashlib.sha256)
    assert AclSigner.cal_signature("d\u00e9", "k", SigningAlgorithm.HmacMD5) == \
        _hmac_b64("d\u00e9".encode(), "k", hashlib.md5)
    with pytest.raises(AclException) as info:
        AclSigner.cal_signature(b"data", None)  # type: ignore[arg-type]
    assert info.value.get_status() == "CAL_SIGNATURE_FAILED" and info.value.get_code() == 10015


def test_java_string_order_is_utf16() -> None:
    pairs = [("\U0001F600", "a"), ("\uffff", "b"), ("B", "c"), ("a", "d")]
    # TreeMap order: "B" < "a" < surrogate pair (0xD83D...) < "\uffff"
    assert [k for k, _ in AclUtils.sorted_fields(pairs)] == ["B", "a", "\U0001F600", "\uffff"]


def test_credentials_never_show_secrets(caplog) -> None:
    caplog.set_level(logging.DEBUG)
    credentials = SessionCredentials("AK123456", SECRET, "secret-token-42")
    hook = AclClientRPCHook(credentials)
    request = _offset_request()
    hook.do_before_request(None, request)
    for text in (repr(credentials), str(credentials), repr(hook)):
        assert SECRET not in text and "secret-token-42" not in text
    # the token travels in extFields (and so shows in the command); the secret key never does
    for text in (repr(request), caplog.text):
        assert SECRET not in text
    assert "accessKey=AK123456" in repr(credentials) and "secretKey=******" in repr(credentials)
    assert credentials.get_secret_key() == SECRET
    assert credentials == SessionCredentials("AK123456", SECRET)
    assert credentials != SessionCredentials("AK123456", SECRET + "x")


def test_credentials_from_the_key_file(tmp_path, monkeypatch) -> None:
    key_file = tmp_path / "key"
    key_file.write_text("AccessKey = AK123456 \nSecretKey=%s\nSecurityToken=tok\n" % SECRET)
    monkeypatch.setenv("rocketmq.client.keyFile", str(key_file))
    credentials = SessionCredentials()
    assert (credentials.access_key, credentials.secret_key, credentials.security_token) == ("AK123456", SECRET, "tok")
    monkeypatch.setenv("rocketmq.client.keyFile", str(tmp_path / "missing"))
    assert SessionCredentials().access_key is None


def test_client_package_reexports_the_hook() -> None:
    assert client_acl.AclClientRPCHook is AclClientRPCHook
    assert client_acl.SessionCredentials is SessionCredentials


def test_acl_rpc_hook_from_a_tools_file(tmp_path) -> None:
    tools = tmp_path / "tools.yml"
    tools.write_text("accessKey: AK123456\nsecretKey: %s\n" % SECRET)
    hook = AclUtils.get_acl_rpc_hook(str(tools))
    assert isinstance(hook, AclClientRPCHook) and hook.get_session_credentials().secret_key == SECRET
    tools.write_text("accessKey: AK123456\nsecretKey: ''\n")
    assert AclUtils.get_acl_rpc_hook(str(tools)) is None
    assert AclUtils.get_acl_rpc_hook(str(tmp_path / "absent.yml")) is None
