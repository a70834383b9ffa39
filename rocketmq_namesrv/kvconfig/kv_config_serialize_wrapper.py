"""Java ``org.apache.rocketmq.namesrv.kvconfig.KVConfigSerializeWrapper``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["KVConfigSerializeWrapper"]


class KVConfigSerializeWrapper(RemotingSerializable):
    """The persisted KV configuration (``kvConfig.json``): ``{"configTable":{namespace:{key:value}}}``."""

    config_table = Prop(MapOf(str, MapOf(str, str)))
