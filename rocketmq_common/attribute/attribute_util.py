"""Java ``org.apache.rocketmq.common.attribute.AttributeUtil`` (5.3.3): applies attribute changes to the current
attributes of a topic or group, with Java's checks."""
from __future__ import annotations

import logging
from typing import Dict, Mapping, Set

from rocketmq_common.attribute.attribute import Attribute

__all__ = ["AttributeUtil"]

log = logging.getLogger(__name__)


class AttributeUtil:
    """See the module docstring."""

    @staticmethod
    def alter_current_attributes(create: bool, all_: Mapping[str, Attribute], current_attributes: Mapping[str, str],
                                 new_attributes: Mapping[str, str]) -> Dict[str, str]:
        """Java ``alterCurrentAttributes``: ``new_attributes`` are ``+key`` (add or alter) and ``-key`` (delete;
        not at creation); every key must be one of ``all_``, only changeable ones change after creation, values
        are verified. Returns the resulting attributes; raises RuntimeError with Java's message."""
        init: Dict[str, str] = {}
        add: Dict[str, str] = {}
        update: Dict[str, str] = {}
        delete: Dict[str, str] = {}
        keys: Set[str] = set()
        for key, value in new_attributes.items():
            real_key = key[1:]
            AttributeUtil._validate(real_key)
            if real_key in keys:
                raise RuntimeError("alter duplication key. key: " + real_key)
            keys.add(real_key)
            if create:
                if not key.startswith("+"):
                    raise RuntimeError("only add attribute is supported while creating topic. key: " + real_key)
                init[real_key] = value
            elif key.startswith("+"):
                (update if real_key in current_attributes else add)[real_key] = value
            elif key.startswith("-"):
                if real_key not in current_attributes:
                    raise RuntimeError("attempt to delete a nonexistent key: " + real_key)
                delete[real_key] = value
            else:
                raise RuntimeError("wrong format key: " + real_key)
        AttributeUtil._validate_alter(all_, init, True, False)
        AttributeUtil._validate_alter(all_, add, False, False)
        AttributeUtil._validate_alter(all_, update, False, False)
        AttributeUtil._validate_alter(all_, delete, False, True)
        log.info("add: %s, update: %s, delete: %s", add, update, delete)
        final_attributes = dict(current_attributes)
        final_attributes.update(init)
        final_attributes.update(add)
        final_attributes.update(update)
        for key in delete:
            final_attributes.pop(key, None)
        return final_attributes

    @staticmethod
    def _validate(kv_attribute: str) -> None:
        if not kv_attribute or "+" in kv_attribute or "-" in kv_attribute:
            raise RuntimeError("kv string format wrong.")

    @staticmethod
    def _validate_alter(all_: Mapping[str, Attribute], alter: Mapping[str, str], init: bool, delete: bool) -> None:
        for key, value in alter.items():
            attribute = all_.get(key)
            if attribute is None:
                raise RuntimeError("unsupported key: " + key)
            if not init and not attribute.is_changeable():
                raise RuntimeError("attempt to update an unchangeable attribute. key: " + key)
            if not delete:
                attribute.verify(value)
