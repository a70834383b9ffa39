"""Java ``org.apache.rocketmq.common.protocol.body.QueryCorrectionOffsetBody``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["QueryCorrectionOffsetBody"]


class QueryCorrectionOffsetBody(RemotingSerializable):
    """Body of the ``QUERY_CORRECTION_OFFSET`` response: offset per queue id (unquoted integer keys from fastjson)."""

    correction_offsets = Prop(MapOf(int, int), {})
