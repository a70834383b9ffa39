"""Bad input at the Message boundary (issue 20): wrong types raise ``TypeError`` naming the parameter (in the
constructor and the property methods; topic, flag and body set afterwards, by setter or assignment alike, in
``Validators.check_message``), the property separators raise ``ValueError`` in the constructor and the property
methods and ``MQClientException`` (MESSAGE_ILLEGAL) in ``Validators.check_message``, and a good message built
afterwards still passes."""
from __future__ import annotations

import re
from typing import Any, Callable

import pytest

from rocketmq_client.exception import MQClientException
from rocketmq_client.validators import Validators
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_batch import MessageBatch
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.protocol.response_code import ResponseCode


class Producer:
    def get_max_message_size(self) -> int:
        return 1024 * 1024 * 4


def _good() -> Message:
    msg = Message("T", "TagA", "k1", b"body")
    msg.put_user_property("color", "red")
    Validators.check_message(msg, Producer())
    return msg


@pytest.mark.parametrize("make, expected", [
    (lambda: Message("T", "TagA", "a str body"), r"^body must be bytes; encode str with \.encode\(\)$"),
    (lambda: Message("T", body="a str body"), r"^body must be bytes; encode str with \.encode\(\)$"),
    (lambda: Message("T", 42), r"^body must be bytes \(or bytearray / memoryview\), not int$"),
    (lambda: Message(123, b"x"), r"^topic must be a str, not int$"),
    (lambda: Message("T", 7, b"x"), r"^tags must be a str, not int$"),
    (lambda: Message("T", "TagA", 123, b"x"), r"^keys must be a str or an iterable of str, not int$"),
    (lambda: Message("T", "TagA", b"k", b"x"), r"^keys must be a str or an iterable of str, not bytes$"),
    (lambda: Message("T", "TagA", ["k", 2], b"x"), r"^each of keys must be a str, not int$"),
    (lambda: Message("T", "TagA", "k", "1", b"x", True), r"^flag must be an int, not str$"),
    (lambda: Message("T", b"x", flag=True), r"^flag must be an int, not bool$"),
    (lambda: Message("T", b"x").set_tags(None), r"^tags must be a str, not NoneType$"),
    (lambda: Message("T", b"x").set_keys(5), r"^keys must be a str or an iterable of str, not int$"),
    (lambda: Message("T", b"x").put_user_property(1, "v"), r"^property name must be a str, not int$"),
    (lambda: Message("T", b"x").put_user_property("n", 1), r"^the value of property 'n' must be a str, not int$"),
    (lambda: Message("T", b"x").put_property("n", 1.5), r"^the value of property 'n' must be a str, not float$"),
    (lambda: MessageBatch.generate_from_list([Message("T", b"x"), b"y"]),
     r"^messages must hold only Message objects, not bytes$"),
])
def test_wrong_types_raise_type_error_naming_the_parameter(make: Callable[[], Any], expected: str) -> None:
    with pytest.raises(TypeError, match=expected):
        make()
    _good()


def test_flag_outside_java_int_range() -> None:
    with pytest.raises(ValueError, match=r"^flag must fit a Java int"):
        Message("T", b"x", flag=1 << 31)
    assert Message("T", b"x", flag=-(1 << 31)).flag == -(1 << 31)


def test_byte_like_bodies_are_copied_to_bytes() -> None:
    buf = bytearray(b"abc")
    msg = Message("T", buf)
    buf[0] = ord("z")
    assert type(msg.body) is bytes and msg.body == b"abc"
    wide = memoryview(bytes(range(8))).cast("I")  # 2 items of 4 bytes: the body is its 8 bytes
    msg.set_body(wide)  # set afterwards (setter or assignment): check_message makes it bytes before the send
    Validators.check_message(msg, Producer())
    assert type(msg.body) is bytes and msg.body == bytes(range(8))
    msg.body = bytearray(b"direct")
    Validators.check_message(msg, Producer())
    assert type(msg.body) is bytes and msg.body == b"direct"


INJECTIONS = ["v\x02TAGS\x01Injected", "v\x02DELAY\x013", "v\x02TRAN_MSG\x01true"]


def _assert_illegal(info: "pytest.ExceptionInfo[MQClientException]", parameter: str) -> None:
    assert info.value.get_response_code() == ResponseCode.MESSAGE_ILLEGAL
    assert info.value.get_error_message().startswith(parameter + " must not contain the property separators")


@pytest.mark.parametrize("value", INJECTIONS)
def test_separators_refused_by_every_setter(value: str) -> None:
    msg = Message("T", "TagA", b"x")
    before = dict(msg.properties)
    cases = [
        (lambda: msg.put_user_property("k", value), "the value of property 'k'"),
        (lambda: msg.put_user_property(value, "v"), "property name"),
        (lambda: msg.put_property("k", value), "the value of property 'k'"),
        (lambda: msg.set_tags(value), "tags"),
        (lambda: msg.set_keys(value), "keys"),
        (lambda: msg.set_keys(["a", value]), "keys"),
        (lambda: Message("T", value, b"x"), "tags"),
        (lambda: Message("T", "TagA", value, b"x"), "keys"),
        (lambda: Message("T", "TagA", [value], b"x"), "keys"),
    ]
    for call, parameter in cases:
        with pytest.raises(ValueError, match="^" + re.escape(parameter + " must not contain the property separators")):
            call()
    assert msg.properties == before  # nothing of the refused values was kept
    _good()


@pytest.mark.parametrize("value", INJECTIONS)
def test_check_message_refuses_separators_filled_in_directly(value: str) -> None:
    msg = Message("T", "TagA", b"x")
    msg.properties["k"] = value
    with pytest.raises(MQClientException) as info:
        Validators.check_message(msg, Producer())
    _assert_illegal(info, "the value of property 'k'")
    msg = Message("T", "TagA", b"x")
    msg.properties[value] = "v"
    with pytest.raises(MQClientException) as info:
        Validators.check_message(msg, Producer())
    _assert_illegal(info, "property name")
    _good()


def test_check_message_checks_types_assigned_directly() -> None:
    cases = [("topic", 5, r"^topic must be a str, not int$"),
             ("body", "text", r"^body must be bytes; encode str with \.encode\(\)$"),
             ("flag", "1", r"^flag must be an int, not str$"),
             ("flag", 1.0, r"^flag must be an int, not float$"),
             ("properties", ["TAGS"], r"^the message properties must be a dict of str, not list$")]
    for attr, value, expected in cases:
        # the setter and the assignment store the value alike (as Java's setters); the send refuses it
        by_setter, by_assignment = Message("T", b"x"), Message("T", b"x")
        getattr(by_setter, "set_" + attr)(value)
        setattr(by_assignment, attr, value)
        assert getattr(by_setter, attr) == getattr(by_assignment, attr) == value
        for msg in (by_setter, by_assignment):
            with pytest.raises(TypeError, match=expected):
                Validators.check_message(msg, Producer())
    for msg in (Message("T", b"x"), Message("T", b"x")):
        msg.set_flag(1 << 31)
        with pytest.raises(ValueError, match=r"^flag must fit a Java int"):
            Validators.check_message(msg, Producer())
    msg = Message("T", b"x")
    msg.properties[1] = "v"
    with pytest.raises(TypeError, match=r"^property name must be a str, not int$"):
        Validators.check_message(msg, Producer())
    msg = Message("T", b"x")
    msg.properties["n"] = 2
    with pytest.raises(TypeError, match=r"^the value of property 'n' must be a str, not int$"):
        Validators.check_message(msg, Producer())
    with pytest.raises(TypeError, match=r"^the message must be a Message, not str$"):
        Validators.check_message("msg", Producer())
    _good()


def test_none_property_values_are_skipped_like_the_encoder() -> None:
    msg = Message("T", b"x")
    msg.properties["gone"] = None
    Validators.check_message(msg, Producer())
    assert "gone" not in MessageDecoder.message_properties2string(msg.properties)


def test_good_values_still_accepted() -> None:
    msg = Message("T", "TagA", ("k1", "k2"), b"x")
    assert msg.get_keys() == "k1 k2" and msg.get_tags() == "TagA"
    msg = Message("T", keys=["a", "b"], body=b"x")
    assert msg.properties == {"KEYS": "a b", "WAIT": "true"}
    msg = Message("T", "", "", b"x")  # empty tags and keys are not set, as in Java
    assert msg.properties == {"WAIT": "true"}
    assert Message().properties is None
    msg.put_user_property("emoji", "\u2603 ok")
    msg.set_keys({"only"})
    Validators.check_message(msg, Producer())
