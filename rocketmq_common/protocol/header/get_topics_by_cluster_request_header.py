"""Java ``org.apache.rocketmq.common.protocol.header.GetTopicsByClusterRequestHeader``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetTopicsByClusterRequestHeader"]


class GetTopicsByClusterRequestHeader(CommandCustomHeader):
    """Java ``GetTopicsByClusterRequestHeader``."""

    cluster = Prop(str, required=True)

    def get_cluster(self) -> str: return self.cluster
    def set_cluster(self, cluster: Optional[str]) -> None: self.cluster = cluster
