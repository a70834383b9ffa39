"""Accounts of the ACL tests (the ``plain_acl.yml`` the ``acl_file`` fixture writes)."""
from __future__ import annotations

SECRET = "s3cret-Key-9876"
ADMIN_SECRET = "adm1n-Secret-55"
WHITE_SECRET = "wh1te-Secret-77"
TOPICS = ("AclTopic", "SubOnlyTopic")

ACL_YAML = """\
# accounts of the ACL tests
globalWhiteRemoteAddresses:
  - 10.10.103.*

accounts:
  - accessKey: RocketMQ
    secretKey: %s
    whiteRemoteAddress:
    admin: false
    defaultTopicPerm: DENY
    defaultGroupPerm: SUB
    topicPerms:
      - AclTopic=PUB|SUB
      - SubOnlyTopic=SUB
    groupPerms:
      - DeniedGroup=DENY
  - accessKey: AdminUser
    secretKey: "%s"
    admin: true
  - accessKey: WhiteUser
    secretKey: '%s'
    whiteRemoteAddress: 127.0.0.1
""" % (SECRET, ADMIN_SECRET, WHITE_SECRET)
