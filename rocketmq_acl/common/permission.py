"""Java ``org.apache.rocketmq.acl.common.Permission``: permission bits, parsing and checks."""
from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from rocketmq_acl.common.acl_constants import AclConstants
from rocketmq_acl.common.acl_exception import AclException
from rocketmq_common.protocol.request_code import RequestCode

if TYPE_CHECKING:
    from rocketmq_acl.plain.plain_access_resource import PlainAccessResource

__all__ = ["Permission"]


class Permission:
    """``DENY``/``ANY``/``PUB``/``SUB`` bits and the request codes only an admin account may send."""

    DENY = 1
    ANY = 1 << 1
    PUB = 1 << 2
    SUB = 1 << 3

    ADMIN_CODE = frozenset((RequestCode.UPDATE_AND_CREATE_TOPIC, RequestCode.UPDATE_BROKER_CONFIG,
                            RequestCode.DELETE_TOPIC_IN_BROKER, RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                            RequestCode.DELETE_SUBSCRIPTIONGROUP))

    @staticmethod
    def check_permission(needed_perm: int, owned_perm: int) -> bool:
        """Java ``checkPermission``: DENY wins; ANY needs PUB or SUB; otherwise a common bit."""
        if owned_perm & Permission.DENY:
            return False
        if needed_perm & Permission.ANY:
            return bool(owned_perm & Permission.PUB) or bool(owned_perm & Permission.SUB)
        return bool(needed_perm & owned_perm)

    @staticmethod
    def parse_perm_from_string(perm_string: Optional[str]) -> int:
        """Java ``parsePermFromString``: ``PUB``, ``SUB``, ``PUB|SUB``/``SUB|PUB``; anything else is DENY."""
        if perm_string is None:
            return Permission.DENY
        perm = perm_string.strip()
        if perm == AclConstants.PUB:
            return Permission.PUB
        if perm == AclConstants.SUB:
            return Permission.SUB
        if perm in (AclConstants.PUB_SUB, AclConstants.SUB_PUB):
            return Permission.PUB | Permission.SUB
        return Permission.DENY

    @staticmethod
    def parse_resource_perms(plain_access_resource: "PlainAccessResource", is_topic: bool,
                             resources: Optional[List[str]]) -> None:
        """Java ``parseResourcePerms``: ``name=PERM`` entries; groups are stored as their retry topic."""
        from rocketmq_acl.plain.plain_access_resource import PlainAccessResource
        for resource in resources or ():
            items = [item for item in str(resource).split("=") if item]
            if len(items) != 2:
                raise AclException("Parse resource permission failed for %s:%s"
                                   % ("topic" if is_topic else "group", resource))
            name = items[0].strip()
            plain_access_resource.add_resource_and_perm(
                name if is_topic else PlainAccessResource.get_retry_topic(name),
                Permission.parse_perm_from_string(items[1].strip()))

    @staticmethod
    def check_resource_perms(resources: Optional[List[str]]) -> None:
        """Java ``checkResourcePerms``: every entry is ``name=PERM`` with a known permission."""
        for resource in resources or ():
            items = [item for item in str(resource).split("=") if item]
            if len(items) != 2:
                raise AclException("Parse Resource format error for %s.\nThe expected resource format is "
                                   "'Res=Perm'. For example: topicA=SUB" % resource)
            perm = items[1].strip()
            if perm != AclConstants.DENY and Permission.parse_perm_from_string(perm) == Permission.DENY:
                raise AclException("Parse resource permission error for %s.\nThe expected permissions are 'SUB' "
                                   "or 'PUB' or 'SUB|PUB' or 'PUB|SUB'." % resource)

    @staticmethod
    def need_admin_perm(code: int) -> bool:
        """Java ``needAdminPerm``."""
        return code in Permission.ADMIN_CODE
