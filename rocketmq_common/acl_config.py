"""Java ``org.apache.rocketmq.common.AclConfig``: a broker's ACL configuration as mqadmin's ``getAclConfig``
shows it."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_remoting.common.bean import Bean, ListOf, Prop

__all__ = ["AclConfig"]


class AclConfig(Bean):
    """The global white addresses and the accounts (``PlainAccessConfig`` beans) of every ACL file."""

    global_white_addrs = Prop(ListOf(str))
    plain_access_configs = Prop(list)

    def get_global_white_addrs(self) -> List[str]: return self.global_white_addrs
    def set_global_white_addrs(self, global_white_addrs: Optional[List[str]]) -> None:
        self.global_white_addrs = global_white_addrs
    def get_plain_access_configs(self) -> list: return self.plain_access_configs
    def set_plain_access_configs(self, plain_access_configs: Optional[list]) -> None:
        self.plain_access_configs = plain_access_configs
