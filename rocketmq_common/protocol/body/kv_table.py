"""Java ``org.apache.rocketmq.common.protocol.body.KVTable``."""
from __future__ import annotations

from typing import Dict

from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["KVTable"]


class KVTable(RemotingSerializable):
    """A string map (NameServer KV lists, broker runtime info)."""

    table = Prop(MapOf(str, str), {})

    def get_table(self) -> Dict[str, str]: return self.table
    def set_table(self, table: Dict[str, str]) -> None: self.table = table
