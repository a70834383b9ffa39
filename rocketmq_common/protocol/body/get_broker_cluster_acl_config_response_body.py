"""Java ``org.apache.rocketmq.common.protocol.header.GetBrokerClusterAclConfigResponseBody``: the body of
GET_BROKER_CLUSTER_ACL_CONFIG."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_common.plain_access_config import PlainAccessConfig
from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["GetBrokerClusterAclConfigResponseBody"]


class GetBrokerClusterAclConfigResponseBody(RemotingSerializable):
    """The global white addresses and the accounts of a broker's ACL files."""

    global_white_addrs = Prop(ListOf(str))
    plain_access_configs = Prop(ListOf(PlainAccessConfig))

    def get_global_white_addrs(self) -> List[str]: return self.global_white_addrs
    def set_global_white_addrs(self, global_white_addrs: Optional[List[str]]) -> None:
        self.global_white_addrs = global_white_addrs
    def get_plain_access_configs(self) -> List[PlainAccessConfig]: return self.plain_access_configs
    def set_plain_access_configs(self, plain_access_configs: Optional[List[PlainAccessConfig]]) -> None:
        self.plain_access_configs = plain_access_configs
