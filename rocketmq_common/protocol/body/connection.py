"""Java ``org.apache.rocketmq.common.protocol.body.Connection``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.protocol.remoting_command import LanguageCode

__all__ = ["Connection"]


class Connection(Bean):
    """A client connection seen by a broker: client id, remote address, language and MQVersion ordinal."""

    client_id = Prop(str)
    client_addr = Prop(str)
    language = Prop(LanguageCode)
    version = Prop(int, 0)

    def get_client_id(self) -> str: return self.client_id
    def set_client_id(self, client_id: Optional[str]) -> None: self.client_id = client_id
    def get_client_addr(self) -> str: return self.client_addr
    def set_client_addr(self, client_addr: Optional[str]) -> None: self.client_addr = client_addr
    def get_language(self) -> LanguageCode: return self.language
    def set_language(self, language: Optional[LanguageCode]) -> None: self.language = language
    def get_version(self) -> int: return self.version
    def set_version(self, version: int) -> None: self.version = version
