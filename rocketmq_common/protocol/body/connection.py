"""Java ``org.apache.rocketmq.common.protocol.body.Connection``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.protocol.remoting_command import LanguageCode

__all__ = ["Connection"]


class Connection(Bean):
    """A client connection seen by a broker: client id, remote address, language and MQVersion ordinal."""

    client_id = Prop(str)
    client_addr = Prop(str)
    language = Prop(LanguageCode)
    version = Prop(int, 0)
