"""Java ``org.apache.rocketmq.namesrv.kvconfig.KVConfigSerializeWrapper``."""
from __future__ import annotations

from typing import Dict, Optional

from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["KVConfigSerializeWrapper"]


class KVConfigSerializeWrapper(RemotingSerializable):
    """The persisted KV configuration (``kvConfig.json``): ``{"configTable":{namespace:{key:value}}}``."""

    config_table = Prop(MapOf(str, MapOf(str, str)))

    def get_config_table(self) -> Dict[str, Dict[str, str]]: return self.config_table
    def set_config_table(self, config_table: Optional[Dict[str, Dict[str, str]]]) -> None:
        self.config_table = config_table
