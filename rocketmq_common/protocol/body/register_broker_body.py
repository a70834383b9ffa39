"""Java ``org.apache.rocketmq.common.protocol.body.RegisterBrokerBody`` as of 5.3.3 (static-topic mappings)."""
from __future__ import annotations

import logging
import struct
import zlib
from typing import Dict, List, Type, TypeVar

from rocketmq_common.data_version import DataVersion
from rocketmq_common.mq_version import MQVersion
from rocketmq_common.protocol.body.topic_config_and_mapping_serialize_wrapper import \
    TopicConfigAndMappingSerializeWrapper
from rocketmq_common.protocol.statictopic.topic_queue_mapping_info import TopicQueueMappingInfo
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["RegisterBrokerBody"]

log = logging.getLogger(__name__)

T = TypeVar("T", bound="RegisterBrokerBody")
_INT = struct.Struct(">i")
_V5_0_0 = MQVersion.version_ordinal("V5_0_0")


class RegisterBrokerBody(RemotingSerializable):
    """Body of ``REGISTER_BROKER``: the broker's topic configurations (5.3.3: with the static-topic mapping infos
    it registers, ``topicQueueMappingInfoMap``) and filter servers.

    With ``compress`` the body is Java's deflate stream (best compression) of: int length + DataVersion JSON,
    int topic count, per topic int length + :meth:`TopicConfig.encode` text, int length + filter-server JSON list,
    then (5.3.3, always written; a 4.9.7 NameServer stops before it) int mapping count, per mapping int length +
    TopicQueueMappingInfo JSON. The request header's ``compressed`` flag tells the NameServer which form it gets.
    """

    topic_config_serialize_wrapper = Prop(TopicConfigAndMappingSerializeWrapper,
                                          factory=TopicConfigAndMappingSerializeWrapper)
    filter_server_list = Prop(ListOf(str), [])

    def get_topic_config_serialize_wrapper(self) -> TopicConfigAndMappingSerializeWrapper:
        return self.topic_config_serialize_wrapper
    def set_topic_config_serialize_wrapper(
            self, topic_config_serialize_wrapper: TopicConfigAndMappingSerializeWrapper) -> None:
        self.topic_config_serialize_wrapper = topic_config_serialize_wrapper
    def get_filter_server_list(self) -> List[str]: return self.filter_server_list
    def set_filter_server_list(self, filter_server_list: List[str]) -> None:
        self.filter_server_list = filter_server_list

    def encode(self, compress: bool = False) -> bytes:  # type: ignore[override]
        """Java ``encode(boolean compress)``: JSON, or the compressed form described in the class docstring."""
        if not compress:
            return super().encode()
        wrapper = self.topic_config_serialize_wrapper
        parts = []
        data_version = wrapper.data_version.encode()
        parts.append(_INT.pack(len(data_version)) + data_version)
        table = self.clone_topic_config_table(wrapper.topic_config_table)
        parts.append(_INT.pack(len(table)))
        for topic_config in table.values():
            text = topic_config.encode().encode("utf-8")
            parts.append(_INT.pack(len(text)) + text)
        servers = fastjson.dumps(self.filter_server_list or []).encode("utf-8")
        parts.append(_INT.pack(len(servers)) + servers)
        mapping_infos = TopicConfigAndMappingSerializeWrapper.from_(wrapper).topic_queue_mapping_info_map or {}
        parts.append(_INT.pack(len(mapping_infos)))
        for info in mapping_infos.values():
            text = info.encode()
            parts.append(_INT.pack(len(text)) + text)
        return zlib.compress(b"".join(parts), 9)

    @classmethod
    def decode(cls: Type[T], data: bytes, compressed: bool = False,  # type: ignore[override]
               broker_version: int = 0) -> T:
        """Java 5.3.3 ``decode(byte[], boolean, Version)``: parse the JSON or compressed form; the compressed
        form carries the mapping infos from a broker of version (the request's ``version`` ordinal) 5.0.0 on.

        Raises ValueError when the compressed stream is truncated or corrupt.
        """
        if not compressed:
            return super().decode(data)
        try:
            raw = zlib.decompress(data)
        except zlib.error as e:
            raise ValueError("RegisterBrokerBody: corrupt compressed body: %s" % e) from None
        reader = _Reader(raw)
        body = cls()
        wrapper = body.topic_config_serialize_wrapper
        wrapper.data_version = DataVersion.decode(reader.read_block())
        table = wrapper.topic_config_table
        for _ in range(reader.read_int()):
            topic_config = TopicConfig()
            topic_config.decode(reader.read_block().decode("utf-8"))
            table[topic_config.topic_name] = topic_config
        servers_json = reader.read_block().decode("utf-8")
        try:
            body.filter_server_list = [str(s) for s in fastjson.loads(servers_json)]
        except ValueError:
            log.error("Decompressing occur Exception %s", servers_json)
            body.filter_server_list = []
        if broker_version >= _V5_0_0:
            mapping_infos = {}
            for _ in range(reader.read_int()):
                info = TopicQueueMappingInfo.decode(reader.read_block())
                mapping_infos[info.topic] = info
            wrapper.topic_queue_mapping_info_map = mapping_infos
        return body

    @staticmethod
    def clone_topic_config_table(table: Dict[str, TopicConfig]) -> Dict[str, TopicConfig]:
        """Java ``cloneTopicConfigTable``: a new map with the same entries."""
        return dict(table or {})


class _Reader:
    __slots__ = ("data", "pos")

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def read_bytes(self, length: int) -> bytes:
        end = self.pos + length
        if length < 0 or end > len(self.data):
            raise ValueError("End of compressed data has reached")
        chunk = self.data[self.pos:end]
        self.pos = end
        return chunk

    def read_int(self) -> int:
        return _INT.unpack(self.read_bytes(4))[0]

    def read_block(self) -> bytes:
        return self.read_bytes(self.read_int())
