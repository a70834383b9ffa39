"""Permission: parsing, checking and the resource permissions of Java."""
from __future__ import annotations

import pytest

from rocketmq_acl.common.acl_exception import AclException
from rocketmq_acl.common.permission import Permission
from rocketmq_acl.plain.plain_access_resource import PlainAccessResource
from rocketmq_common.protocol.request_code import RequestCode


def test_permissions() -> None:
    parse = Permission.parse_perm_from_string
    assert [parse(p) for p in ("PUB", " SUB ", "PUB|SUB", "SUB|PUB", "DENY", "bogus", None)] == [4, 8, 12, 12, 1, 1, 1]
    check = Permission.check_permission
    assert check(Permission.PUB, Permission.PUB | Permission.SUB) and not check(Permission.PUB, Permission.SUB)
    assert not check(Permission.SUB, Permission.DENY | Permission.SUB)
    assert check(Permission.ANY, Permission.SUB) and not check(Permission.ANY, Permission.DENY)
    resource = PlainAccessResource()
    Permission.parse_resource_perms(resource, False, ["G1=SUB"])
    Permission.parse_resource_perms(resource, True, ["T1 = PUB"])
    assert resource.resource_perm_map == {"%RETRY%G1": Permission.SUB, "T1": Permission.PUB}
    with pytest.raises(AclException, match="Parse resource permission failed for topic:T1"):
        Permission.parse_resource_perms(resource, True, ["T1"])
    with pytest.raises(AclException, match="The expected permissions are"):
        Permission.check_resource_perms(["T1=ALL"])
    assert Permission.need_admin_perm(RequestCode.UPDATE_AND_CREATE_TOPIC)
    assert not Permission.need_admin_perm(RequestCode.SEND_MESSAGE_V2)
