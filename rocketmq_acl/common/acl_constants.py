"""Java ``org.apache.rocketmq.acl.common.AclConstants``: the keys of ``plain_acl.yml`` and permission names."""
from __future__ import annotations

__all__ = ["AclConstants"]


class AclConstants:
    """Constants of the plain ACL configuration."""

    CONFIG_GLOBAL_WHITE_ADDRS = "globalWhiteRemoteAddresses"
    CONFIG_ACCOUNTS = "accounts"
    CONFIG_ACCESS_KEY = "accessKey"
    CONFIG_SECRET_KEY = "secretKey"
    CONFIG_WHITE_ADDR = "whiteRemoteAddress"
    CONFIG_ADMIN_ROLE = "admin"
    CONFIG_DEFAULT_TOPIC_PERM = "defaultTopicPerm"
    CONFIG_DEFAULT_GROUP_PERM = "defaultGroupPerm"
    CONFIG_TOPIC_PERMS = "topicPerms"
    CONFIG_GROUP_PERMS = "groupPerms"
    CONFIG_DATA_VERSION = "dataVersion"
    CONFIG_COUNTER = "counter"
    CONFIG_TIME_STAMP = "timestamp"
    PUB = "PUB"
    SUB = "SUB"
    DENY = "DENY"
    PUB_SUB = "PUB|SUB"
    SUB_PUB = "SUB|PUB"
    ACCESS_KEY_MIN_LENGTH = 6
    SECRET_KEY_MIN_LENGTH = 6
