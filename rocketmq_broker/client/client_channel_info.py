"""Java ``org.apache.rocketmq.broker.client.ClientChannelInfo``: one client connection of a group."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Optional

from rocketmq_remoting.protocol.remoting_command import LanguageCode

if TYPE_CHECKING:
    from rocketmq_remoting.netty.channel import Channel

__all__ = ["ClientChannelInfo"]


class ClientChannelInfo:
    """The channel, client id, language and version of a client, and when it last sent a heartbeat (ms).
    Equal (and hashed) by channel, as Java's ``equals``."""

    __slots__ = ("channel", "client_id", "language", "version", "last_update_timestamp")

    def __init__(self, channel: "Channel", client_id: Optional[str] = None,
                 language: Optional[LanguageCode] = None, version: int = 0) -> None:
        self.channel = channel
        self.client_id = client_id
        self.language = language
        self.version = version
        self.last_update_timestamp = int(time.time() * 1000)

    def get_channel(self) -> "Channel":
        return self.channel

    def get_client_id(self) -> Optional[str]:
        return self.client_id

    def get_language(self) -> Optional[LanguageCode]:
        return self.language

    def get_version(self) -> int:
        return self.version

    def get_last_update_timestamp(self) -> int:
        return self.last_update_timestamp

    def set_last_update_timestamp(self, last_update_timestamp: int) -> None:
        self.last_update_timestamp = last_update_timestamp

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        return self.channel is other.channel  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self.channel)

    def __repr__(self) -> str:
        return "ClientChannelInfo [channel=%s, clientId=%s, language=%s, version=%s, lastUpdateTimestamp=%s]" % (
            self.channel, self.client_id, self.language.name if self.language is not None else None, self.version,
            self.last_update_timestamp)
