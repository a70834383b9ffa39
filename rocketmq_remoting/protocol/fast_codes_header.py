"""Java 5.3.3 ``org.apache.rocketmq.remoting.protocol.FastCodesHeader``: a header with written-out codecs.

Java writes the codecs of its four most frequent headers by hand (``PullMessageRequestHeader``,
``PullMessageResponseHeader``, ``SendMessageRequestHeaderV2``, ``SendMessageResponseHeader``) instead of the
reflective loops of ``RemotingCommand``: ``encode`` writes the non-null fields in a fixed order, ``decode`` reads
them from extFields. RemotingCommand calls them for such a header, as Java's ``decodeCommandCustomHeaderDirectly``
and ``RocketMQSerializable.rocketMQProtocolEncode`` do.

Two differences from Java. ``encode`` writes into the extFields dict that both serializations write out (Java's
writes a ROCKETMQ binary header straight; its JSON headers go through the reflective ``makeCustomHeaderToNet``,
which in Python costs twice the instructions of the written-out method: every send request is one of these);
the keys, values and their order are the same. ``decode`` reads a required field as ``fields[name]`` where Java
calls ``getAndCheckNotNull``, which only logs a missing one: here the ``KeyError`` becomes
:class:`RemotingCommandException` naming the field in ``decode_command_custom_header``, as the reflective decoder
raises it (a header without its required fields cannot be served).
"""
from __future__ import annotations

from typing import Dict, Mapping

__all__ = ["FastCodesHeader"]


class FastCodesHeader:
    """Java ``FastCodesHeader`` (an interface): mixed into the four header classes."""

    __slots__ = ()

    def encode(self, out: Dict[str, str]) -> None:
        """Java ``encode``: every non-null field into extFields ``out`` as ``String.valueOf`` writes it (booleans
        as ``true``/``false``), in the class's order."""
        raise NotImplementedError

    def decode(self, fields: Mapping[str, str]) -> None:
        """Java ``decode(HashMap)``: read every field from extFields ``fields`` (``KeyError`` for a missing
        required one)."""
        raise NotImplementedError
