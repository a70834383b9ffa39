"""Java ``org.apache.rocketmq.common.PlainAccessConfig``: one account of ``plain_acl.yml``.

(Java keeps it in the common module; it lives here with the only code that reads it.)
"""
from __future__ import annotations

from typing import Any, List, Mapping, Optional

from rocketmq_acl.common.acl_constants import AclConstants
from rocketmq_remoting.common.bean import Bean, ListOf, Prop, java_string

__all__ = ["PlainAccessConfig"]


def _text(value: Any) -> Optional[str]:
    """A YAML scalar as the String fastjson makes of it."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class PlainAccessConfig(Bean):
    """An account: keys, white address, admin flag, default and per-resource permissions. ``repr`` hides the
    secret key."""

    access_key = Prop(str)
    secret_key = Prop(str)
    white_remote_address = Prop(str)
    admin = Prop(bool, False)
    default_topic_perm = Prop(str)
    default_group_perm = Prop(str)
    topic_perms = Prop(ListOf(str))
    group_perms = Prop(ListOf(str))

    @classmethod
    def from_yaml(cls, account: Mapping[str, Any]) -> "PlainAccessConfig":
        """An account mapping of ``plain_acl.yml`` (unknown keys ignored, scalars converted like fastjson)."""
        admin = account.get(AclConstants.CONFIG_ADMIN_ROLE)

        def perms(key: str) -> Optional[List[str]]:
            value = account.get(key)
            if value is None:
                return None
            if not isinstance(value, list):
                value = [value]
            return [_text(item) for item in value if item is not None]  # type: ignore[misc]

        return cls(access_key=_text(account.get(AclConstants.CONFIG_ACCESS_KEY)),
                   secret_key=_text(account.get(AclConstants.CONFIG_SECRET_KEY)),
                   white_remote_address=_text(account.get(AclConstants.CONFIG_WHITE_ADDR)),
                   admin=admin is True or (isinstance(admin, str) and admin.strip().lower() == "true"),
                   default_topic_perm=_text(account.get(AclConstants.CONFIG_DEFAULT_TOPIC_PERM)),
                   default_group_perm=_text(account.get(AclConstants.CONFIG_DEFAULT_GROUP_PERM)),
                   topic_perms=perms(AclConstants.CONFIG_TOPIC_PERMS),
                   group_perms=perms(AclConstants.CONFIG_GROUP_PERMS))

    def __repr__(self) -> str:
        return ("PlainAccessConfig [accessKey=%s, secretKey=%s, whiteRemoteAddress=%s, admin=%s, "
                "defaultTopicPerm=%s, defaultGroupPerm=%s, topicPerms=%s, groupPerms=%s]" % tuple(map(
                    java_string, (self.access_key, "******" if self.secret_key is not None else None,
                                  self.white_remote_address, bool(self.admin), self.default_topic_perm,
                                  self.default_group_perm, self.topic_perms, self.group_perms))))
