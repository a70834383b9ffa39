"""Custom headers (Java ``org.apache.rocketmq.remoting.CommandCustomHeader``) and their extFields codec.

A header class declares its Java fields with :class:`Prop` (``required=True`` for ``@CFNotNull``). Encoding puts
every non-null field into extFields as a string, as ``RemotingCommand.makeCustomHeaderToNet`` does (booleans as
``true``/``false``); decoding parses each field back (``int``, ``float``, ``str``; booleans like Java's
``Boolean.parseBoolean``) and raises :class:`RemotingCommandException` for a missing required field or an
unparsable value. Fields come out in declaration order, which for the four "fast codec" headers is the fixed order
Java writes them in ROCKETMQ binary headers.
"""
from __future__ import annotations

from typing import Dict, Mapping, Optional, Type, TypeVar

from rocketmq_remoting.common.bean import Bean
from rocketmq_remoting.exception import RemotingCommandException

__all__ = ["CommandCustomHeader"]

H = TypeVar("H", bound="CommandCustomHeader")


class CommandCustomHeader(Bean):
    """Base of every request and response header."""

    def check_fields(self) -> None:
        """Java ``checkFields``: raise when a required field is None."""
        for prop in self._props:
            if prop.required and getattr(self, prop.name) is None:
                raise RemotingCommandException(
                    "the custom field <%s> is null in %s" % (prop.wire, type(self).__name__))

    def encode_ext_fields(self) -> Dict[str, str]:
        """The non-null fields as extFields strings, in declaration order."""
        out: Dict[str, str] = {}
        for prop in self._props:
            value = getattr(self, prop.name)
            if value is not None:
                if value is True:
                    out[prop.wire] = "true"
                elif value is False:
                    out[prop.wire] = "false"
                else:
                    out[prop.wire] = value if type(value) is str else str(value)
        return out

    @classmethod
    def decode_ext_fields(cls: Type[H], ext_fields: Optional[Mapping[str, str]]) -> H:
        """Build the header from extFields, checking required fields and value syntax."""
        header = cls()
        ext = ext_fields or {}
        for prop in cls._props:
            raw = ext.get(prop.wire)
            if raw is None:
                if prop.required:
                    raise RemotingCommandException(
                        "the custom field <%s> is null in %s" % (prop.wire, cls.__name__))
                continue
            type_ = prop.type
            if type_ is str:
                value = raw
            elif type_ is bool:
                value = raw.lower() == "true"
            else:
                try:
                    if type_ is int and not _is_java_int(raw):
                        raise ValueError(raw)
                    value = type_(raw)
                except (TypeError, ValueError):
                    raise RemotingCommandException(
                        "the custom field <%s> of %s has a bad value: %r" % (prop.wire, cls.__name__, raw)) from None
            setattr(header, prop.name, value)
        return header

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.bean_values() == other.bean_values()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]


def _is_java_int(raw: str) -> bool:
    """What Java's ``Integer.parseInt``/``Long.parseLong`` accept: an optional sign and ASCII digits."""
    digits = raw[1:] if raw[:1] in ("-", "+") else raw
    return digits.isdigit() and digits.isascii()
