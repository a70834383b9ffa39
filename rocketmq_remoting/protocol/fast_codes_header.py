"""Java 5.3.3 ``org.apache.rocketmq.remoting.protocol.FastCodesHeader``: a header with written-out codecs.

Java writes the codec of its four most frequent headers by hand (``PullMessageRequestHeader``,
``PullMessageResponseHeader``, ``SendMessageRequestHeaderV2``, ``SendMessageResponseHeader``) instead of the
reflective loop of ``RemotingCommand``: ``encode`` writes the fields into a ROCKETMQ binary header in a fixed
order, ``decode`` reads them from extFields. :meth:`RemotingCommand.decode_command_custom_header` and the ROCKETMQ
encoder call them for such a header, as Java's ``decodeCommandCustomHeaderDirectly`` and
``RocketMQSerializable.rocketMQProtocolEncode`` do; JSON headers go through the reflective
:meth:`~rocketmq_remoting.protocol.command_custom_header.CommandCustomHeader.encode_ext_fields` in both.

Unlike Java's ``getAndCheckNotNull``, which only logs, a missing required field raises
:class:`RemotingCommandException`, as the reflective decoder does (a header without its required fields cannot be
served).
"""
from __future__ import annotations

from typing import Any, List, Mapping

from rocketmq_remoting.protocol.command_custom_header import (
    INT_STRUCT, KEY_PREFIXES, SMALL_LENGTHS, ext_field_string, missing_field,
)

__all__ = ["FastCodesHeader"]


class FastCodesHeader:
    """Java ``FastCodesHeader`` (an interface with default methods): mixed into the four header classes."""

    __slots__ = ()

    def get_and_check_not_null(self, fields: Mapping[str, str], field: str) -> str:
        """Java ``getAndCheckNotNull``: the value of the required ``field`` (raises when it is missing)."""
        value = fields.get(field)
        if value is None:
            raise missing_field(type(self), field)
        return value

    @staticmethod
    def write_if_not_null(out: List[str], key: str, value: Any) -> None:
        """Java ``writeIfNotNull``: unless ``value`` is None, append the entry ``key`` = ``String.valueOf(value)``
        as ``RocketMQSerializable.writeStr`` writes it (short key length and key, int value length and value), as
        three latin-1 strs (the ROCKETMQ encoder encodes the whole block once; see ``_rocketmq_ext_fields``)."""
        if value is not None:
            text = value if type(value) is str else ext_field_string(value)
            n = len(text)
            out += (KEY_PREFIXES[key], SMALL_LENGTHS[n] if n < 256 else INT_STRUCT.pack(n).decode("latin-1"), text)

    def encode(self, out: List[str]) -> None:
        """Java ``encode(ByteBuf)``: every non-null field by :meth:`write_if_not_null`, in the class's order."""
        raise NotImplementedError

    def decode(self, fields: Mapping[str, str]) -> None:
        """Java ``decode(HashMap)``: read every field from extFields ``fields``."""
        raise NotImplementedError
