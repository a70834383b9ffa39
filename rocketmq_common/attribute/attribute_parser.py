"""Java ``org.apache.rocketmq.common.attribute.AttributeParser`` (5.3.3): the ``+key=value,-key`` text of
attribute changes (``mqadmin updateTopic -a``, ``CreateTopicRequestHeader.attributes``)."""
from __future__ import annotations

from typing import Dict, Mapping, Optional

__all__ = ["AttributeParser"]


class AttributeParser:
    """Parses and prints attribute changes: ``+key=value`` adds or alters, ``-key`` deletes."""

    ATTR_ARRAY_SEPARATOR_COMMA = ","
    ATTR_KEY_VALUE_EQUAL_SIGN = "="
    ATTR_ADD_PLUS_SIGN = "+"
    ATTR_DELETE_MINUS_SIGN = "-"

    @staticmethod
    def parse_to_map(attributes_modification: Optional[str]) -> Dict[str, str]:
        """Java ``parseToMap``: ``+key1=value1,+key2=value2,-key3`` to ``{"+key1": "value1", ..., "-key3": ""}``;
        a malformed entry or a repeated key raises RuntimeError with Java's message."""
        if not attributes_modification:
            return {}
        attributes: Dict[str, str] = {}
        for kv in attributes_modification.split(AttributeParser.ATTR_ARRAY_SEPARATOR_COMMA):
            if AttributeParser.ATTR_KEY_VALUE_EQUAL_SIGN in kv:
                splits = [part for part in kv.split(AttributeParser.ATTR_KEY_VALUE_EQUAL_SIGN)]
                while splits and splits[-1] == "":  # Java's String.split drops trailing empty strings
                    splits.pop()
                if len(splits) < 2:
                    raise RuntimeError("Index %d out of bounds for length %d" % (len(splits), len(splits)))
                key, value = splits[0], splits[1]
                if AttributeParser.ATTR_ADD_PLUS_SIGN not in key:
                    raise RuntimeError("add/alter attribute format is wrong: " + key)
            else:
                key, value = kv, ""
                if AttributeParser.ATTR_DELETE_MINUS_SIGN not in key:
                    raise RuntimeError("delete attribute format is wrong: " + key)
            if key in attributes:
                raise RuntimeError("key duplication: " + key)
            attributes[key] = value
        return attributes

    @staticmethod
    def parse_to_string(attributes: Optional[Mapping[str, str]]) -> str:
        """Java ``parseToString``: the reverse of :meth:`parse_to_map` (``key`` alone for an empty value)."""
        if not attributes:
            return ""
        return AttributeParser.ATTR_ARRAY_SEPARATOR_COMMA.join(
            key if not value else key + AttributeParser.ATTR_KEY_VALUE_EQUAL_SIGN + value
            for key, value in attributes.items())
