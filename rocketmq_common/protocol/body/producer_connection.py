"""Java ``org.apache.rocketmq.common.protocol.body.ProducerConnection``."""
from __future__ import annotations

from typing import Set

from rocketmq_common.protocol.body.connection import Connection
from rocketmq_remoting.common.bean import Prop, SetOf
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["ProducerConnection"]


class ProducerConnection(RemotingSerializable):
    """Body of the ``GET_PRODUCER_CONNECTION_LIST`` response."""

    connection_set = Prop(SetOf(Connection), set())

    def get_connection_set(self) -> Set[Connection]: return self.connection_set
    def set_connection_set(self, connection_set: Set[Connection]) -> None: self.connection_set = connection_set
