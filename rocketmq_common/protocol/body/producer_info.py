"""Java ``org.apache.rocketmq.common.protocol.body.ProducerInfo``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.remoting_command import LanguageCode
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["ProducerInfo"]


class ProducerInfo(RemotingSerializable):
    """A producer connection as listed by ``GET_ALL_PRODUCER_INFO``."""

    client_id = Prop(str)
    remote_ip = Prop(str, wire="remoteIP")
    language = Prop(LanguageCode)
    version = Prop(int, 0)
    last_update_timestamp = Prop(int, 0)

    def get_client_id(self) -> str: return self.client_id
    def set_client_id(self, client_id: Optional[str]) -> None: self.client_id = client_id
    def get_remote_ip(self) -> str: return self.remote_ip
    def set_remote_ip(self, remote_ip: Optional[str]) -> None: self.remote_ip = remote_ip
    def get_language(self) -> LanguageCode: return self.language
    def set_language(self, language: Optional[LanguageCode]) -> None: self.language = language
    def get_version(self) -> int: return self.version
    def set_version(self, version: int) -> None: self.version = version
    def get_last_update_timestamp(self) -> int: return self.last_update_timestamp
    def set_last_update_timestamp(self, last_update_timestamp: int) -> None:
        self.last_update_timestamp = last_update_timestamp

    def __repr__(self) -> str:
        language = self.language.name if self.language is not None else None
        return "clientId=%s,remoteIP=%s, language=%s, version=%d, lastUpdateTimestamp=%d" % (
            self.client_id, self.remote_ip, language, self.version, self.last_update_timestamp)
