"""The properties string (PROTOCOL.md §5.3): ``name\\x01value`` joined by ``\\x02`` and Java's decode drop rules."""
from __future__ import annotations

import pytest

from rocketmq_common.message.message_decoder import MessageDecoder


def test_encode_skips_none_values_and_has_no_trailing_separator() -> None:
    props = {"KEYS": "K1 K2", "SKIP": None, "TAGS": "TagA", "WAIT": "true"}
    assert MessageDecoder.message_properties2string(props) == "KEYS\x01K1 K2\x02TAGS\x01TagA\x02WAIT\x01true"
    assert MessageDecoder.message_properties2string({}) == ""
    assert MessageDecoder.message_properties2string(None) == ""
    assert MessageDecoder.message_properties2string({"only": None}) == ""


@pytest.mark.parametrize("text, expected", [
    ("a\x01b", {"a": "b"}),
    ("a\x01b\x02c\x01d", {"a": "b", "c": "d"}),
    ("a\x01b\x02", {"a": "b"}),
    ("\x02a\x01b", {"a": "b"}),
    ("\x01b\x02c\x01d", {"c": "d"}),            # empty name dropped
    ("a\x01\x02c\x01d", {"c": "d"}),            # empty value dropped
    ("ab\x02c\x01d", {"c": "d"}),               # no separator in the segment
    ("k\x01v\x01w", {"k": "v\x01w"}),           # the first \x01 splits, the value keeps the rest
    ("a\x01b\x02a\x01c", {"a": "c"}),           # a later duplicate wins
    ("", {}),
    (None, {}),
    ("日本\x01値", {"日本": "値"}),
])
def test_decode_rules(text, expected) -> None:
    assert MessageDecoder.string2message_properties(text) == expected


def test_round_trip_keeps_order() -> None:
    props = {"myProp": "myValue", "KEYS": "K1 K2", "UNIQ_KEY": "C0000202783A5FFD2B279214753D0000", "WAIT": "true"}
    text = MessageDecoder.message_properties2string(props)
    assert list(MessageDecoder.string2message_properties(text).items()) == list(props.items())
