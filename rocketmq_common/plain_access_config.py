"""Java ``org.apache.rocketmq.common.PlainAccessConfig`` (4.9.7; 5.3.3 keeps a copy for its ACL 1.0 migration in
``auth.migration.v1``): one account of ``plain_acl.yml``, as the ACL admin requests carry it."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_remoting.common.bean import Bean, ListOf, Prop, java_string

__all__ = ["PlainAccessConfig"]


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

    def get_access_key(self) -> str: return self.access_key
    def set_access_key(self, access_key: Optional[str]) -> None: self.access_key = access_key
    def get_secret_key(self) -> str: return self.secret_key
    def set_secret_key(self, secret_key: Optional[str]) -> None: self.secret_key = secret_key
    def get_white_remote_address(self) -> str: return self.white_remote_address
    def set_white_remote_address(self, white_remote_address: Optional[str]) -> None:
        self.white_remote_address = white_remote_address
    def get_admin(self) -> bool: return self.admin
    def is_admin(self) -> bool: return self.admin
    def set_admin(self, admin: bool) -> None: self.admin = admin
    def get_default_topic_perm(self) -> str: return self.default_topic_perm
    def set_default_topic_perm(self, default_topic_perm: Optional[str]) -> None:
        self.default_topic_perm = default_topic_perm
    def get_default_group_perm(self) -> str: return self.default_group_perm
    def set_default_group_perm(self, default_group_perm: Optional[str]) -> None:
        self.default_group_perm = default_group_perm
    def get_topic_perms(self) -> List[str]: return self.topic_perms
    def set_topic_perms(self, topic_perms: Optional[List[str]]) -> None: self.topic_perms = topic_perms
    def get_group_perms(self) -> List[str]: return self.group_perms
    def set_group_perms(self, group_perms: Optional[List[str]]) -> None: self.group_perms = group_perms

    def __repr__(self) -> str:
        return ("PlainAccessConfig [accessKey=%s, secretKey=%s, whiteRemoteAddress=%s, admin=%s, "
                "defaultTopicPerm=%s, defaultGroupPerm=%s, topicPerms=%s, groupPerms=%s]" % tuple(map(
                    java_string, (self.access_key, "******" if self.secret_key is not None else None,
                                  self.white_remote_address, bool(self.admin), self.default_topic_perm,
                                  self.default_group_perm, self.topic_perms, self.group_perms))))
