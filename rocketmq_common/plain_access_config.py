"""Java ``org.apache.rocketmq.common.PlainAccessConfig`` (4.9.7; 5.3.3 keeps a copy for its ACL 1.0 migration in
``auth.migration.v1``): one account of ``plain_acl.yml``, as the ACL admin requests carry it."""
from __future__ import annotations

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

    def __repr__(self) -> str:
        return ("PlainAccessConfig [accessKey=%s, secretKey=%s, whiteRemoteAddress=%s, admin=%s, "
                "defaultTopicPerm=%s, defaultGroupPerm=%s, topicPerms=%s, groupPerms=%s]" % tuple(map(
                    java_string, (self.access_key, "******" if self.secret_key is not None else None,
                                  self.white_remote_address, bool(self.admin), self.default_topic_perm,
                                  self.default_group_perm, self.topic_perms, self.group_perms))))
