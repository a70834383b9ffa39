"""Java ``org.apache.rocketmq.common.protocol.header.GetAllProducerInfoRequestHeader``."""
from __future__ import annotations

from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetAllProducerInfoRequestHeader"]


class GetAllProducerInfoRequestHeader(CommandCustomHeader):
    """Java ``GetAllProducerInfoRequestHeader``."""
