"""Java ``org.apache.rocketmq.common.protocol.heartbeat.ProducerData``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["ProducerData"]


class ProducerData(Bean):
    """A producer group registered by a heartbeat."""

    group_name = Prop(str)
