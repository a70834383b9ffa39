"""Java ``org.apache.rocketmq.common.protocol.header.GetAllTopicConfigResponseHeader``."""
from __future__ import annotations

from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetAllTopicConfigResponseHeader"]


class GetAllTopicConfigResponseHeader(CommandCustomHeader):
    """Java ``GetAllTopicConfigResponseHeader``."""
