"""Java ``org.apache.rocketmq.common.AclConfig``: a broker's ACL configuration as mqadmin's ``getAclConfig``
shows it."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, ListOf, Prop

__all__ = ["AclConfig"]


class AclConfig(Bean):
    """The global white addresses and the accounts (``PlainAccessConfig`` beans) of every ACL file."""

    global_white_addrs = Prop(ListOf(str))
    plain_access_configs = Prop(list)
