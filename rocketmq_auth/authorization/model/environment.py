"""Java ``org.apache.rocketmq.auth.authorization.model.Environment`` (5.3.3)."""
from __future__ import annotations

from typing import List, Optional, Union

from rocketmq_common.utils.ip_address_utils import IPAddressUtils
from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["Environment"]


class Environment(RemotingSerializable):
    """Where a policy entry applies: the source IPs or CIDR ranges of the requests (every source without any)."""

    source_ips = Prop(ListOf(str))

    def get_source_ips(self) -> List[str]: return self.source_ips
    def set_source_ips(self, source_ips: Optional[List[str]]) -> None: self.source_ips = source_ips

    @staticmethod
    def of(source_ips: Union[List[str], str, None]) -> Optional["Environment"]:
        """Java ``of`` (one address or a list); None for none."""
        if isinstance(source_ips, str):
            source_ips = [source_ips]
        if not source_ips:
            return None
        return Environment(source_ips=source_ips)

    def is_match(self, environment: "Environment") -> bool:
        """Java ``isMatch``: the first source IP of ``environment`` is in one of this entry's ranges."""
        if not self.source_ips:
            return True
        if not environment.source_ips:
            return False
        target_ip = environment.source_ips[0]
        return any(IPAddressUtils.is_ip_in_range(target_ip, source_ip) for source_ip in self.source_ips)
