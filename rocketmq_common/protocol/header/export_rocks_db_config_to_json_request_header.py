"""Java ``org.apache.rocketmq.remoting.protocol.header.ExportRocksDBConfigToJsonRequestHeader`` (5.3.3)."""
from __future__ import annotations

import enum
from typing import List, Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["ExportRocksDBConfigToJsonRequestHeader", "ConfigType"]

_CONFIG_TYPE_SEPARATOR = ";"


class ConfigType(enum.Enum):
    """Java ``ExportRocksDBConfigToJsonRequestHeader.ConfigType``: a kv config a broker may keep in RocksDB."""

    TOPICS = "topics"
    SUBSCRIPTION_GROUPS = "subscriptionGroups"
    CONSUMER_OFFSETS = "consumerOffsets"

    def get_type_name(self) -> str:
        """Java ``getTypeName``."""
        return self.value

    def __str__(self) -> str:
        """Java's ``toString`` of an enum constant: its name (``TOPICS``)."""
        return self.name

    @staticmethod
    def get_config_type_by_name(type_name: str) -> "ConfigType":
        """Java ``getConfigTypeByName`` (case-insensitive); ValueError ``Unknown config type: x`` otherwise."""
        for config_type in ConfigType:
            if config_type.value.lower() == type_name.strip().lower():
                return config_type
        raise ValueError("Unknown config type: " + type_name)

    @staticmethod
    def from_string(ordinal: str) -> List["ConfigType"]:
        """Java ``fromString``: the types of a ``;``-separated list."""
        return [ConfigType.get_config_type_by_name(name) for name in ordinal.split(_CONFIG_TYPE_SEPARATOR) if name]

    @staticmethod
    def to_string(config_types: List["ConfigType"]) -> str:
        """Java ``toString(List)``: ``topics;subscriptionGroups;``."""
        return "".join(t.value + _CONFIG_TYPE_SEPARATOR for t in config_types)


class ExportRocksDBConfigToJsonRequestHeader(CommandCustomHeader):
    """Header of EXPORT_ROCKSDB_CONFIG_TO_JSON (356): the kv configs a broker is to export from RocksDB to its
    JSON files."""

    config_type = Prop(str, required=True)

    def get_config_type(self) -> str: return self.config_type
    def set_config_type(self, config_type: Optional[str]) -> None: self.config_type = config_type

    def fetch_config_type(self) -> List[ConfigType]:
        """Java ``fetchConfigType``."""
        return ConfigType.from_string(self.config_type or "")

    def update_config_type(self, config_type: List[ConfigType]) -> None:
        """Java ``updateConfigType``."""
        self.config_type = ConfigType.to_string(config_type)
