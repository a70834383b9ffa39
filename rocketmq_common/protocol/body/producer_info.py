"""Java ``org.apache.rocketmq.common.protocol.body.ProducerInfo``."""
from __future__ import annotations

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

    def __repr__(self) -> str:
        language = self.language.name if self.language is not None else None
        return "clientId=%s,remoteIP=%s, language=%s, version=%d, lastUpdateTimestamp=%d" % (
            self.client_id, self.remote_ip, language, self.version, self.last_update_timestamp)
