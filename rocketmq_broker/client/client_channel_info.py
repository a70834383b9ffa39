"""Java ``org.apache.rocketmq.broker.client.ClientChannelInfo``: one client connection of a group."""
from __future__ import annotations

import time
from typing import Optional

from rocketmq_remoting.common.bean import Bean, Prop, java_string
from rocketmq_remoting.netty.channel import Channel
from rocketmq_remoting.protocol.remoting_command import LanguageCode

__all__ = ["ClientChannelInfo"]


def _now_millis() -> int:
    return int(time.time() * 1000)


class ClientChannelInfo(Bean):
    """The channel, client id, language and version of a client, and when it last sent a heartbeat (ms).
    Equal (and hashed) by channel, as Java's ``equals``."""

    channel = Prop(Channel)
    client_id = Prop(str)
    language = Prop(LanguageCode)
    version = Prop(int, 0)
    last_update_timestamp = Prop(int, factory=_now_millis)

    def get_channel(self) -> Channel: return self.channel
    def set_channel(self, channel: Optional[Channel]) -> None: self.channel = channel
    def get_client_id(self) -> str: return self.client_id
    def set_client_id(self, client_id: Optional[str]) -> None: self.client_id = client_id
    def get_language(self) -> LanguageCode: return self.language
    def set_language(self, language: Optional[LanguageCode]) -> None: self.language = language
    def get_version(self) -> int: return self.version
    def set_version(self, version: int) -> None: self.version = version
    def get_last_update_timestamp(self) -> int: return self.last_update_timestamp
    def set_last_update_timestamp(self, last_update_timestamp: int) -> None:
        self.last_update_timestamp = last_update_timestamp

    def __init__(self, channel: Channel, client_id: Optional[str] = None,
                 language: Optional[LanguageCode] = None, version: int = 0) -> None:
        super().__init__()  # the declared defaults
        self.channel = channel
        self.client_id = client_id
        self.language = language
        self.version = version

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        return self.channel is other.channel

    def __hash__(self) -> int:
        return hash(self.channel)

    def __repr__(self) -> str:
        return "ClientChannelInfo [channel=%s, clientId=%s, language=%s, version=%s, lastUpdateTimestamp=%s]" % tuple(
            map(java_string, (self.channel, self.client_id, self.language, self.version, self.last_update_timestamp)))
