"""Java ``org.apache.rocketmq.common.protocol.header.GetBrokerAclConfigResponseHeader``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["GetBrokerAclConfigResponseHeader"]


class GetBrokerAclConfigResponseHeader(CommandCustomHeader):
    """Java ``GetBrokerAclConfigResponseHeader``."""

    version = Prop(str, required=True)
    all_acl_file_version = Prop(str)
    broker_name = Prop(str, required=True)
    broker_addr = Prop(str, required=True)
    cluster_name = Prop(str, required=True)
