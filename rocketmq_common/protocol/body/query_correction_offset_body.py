"""Java ``org.apache.rocketmq.common.protocol.body.QueryCorrectionOffsetBody``."""
from __future__ import annotations

from typing import Dict

from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["QueryCorrectionOffsetBody"]


class QueryCorrectionOffsetBody(RemotingSerializable):
    """Body of the ``QUERY_CORRECTION_OFFSET`` response: offset per queue id (unquoted integer keys from fastjson)."""

    correction_offsets = Prop(MapOf(int, int), {})

    def get_correction_offsets(self) -> Dict[int, int]: return self.correction_offsets
    def set_correction_offsets(self, correction_offsets: Dict[int, int]) -> None:
        self.correction_offsets = correction_offsets
