"""PermName: the permission bits and their Java text."""
from __future__ import annotations

import pytest

from rocketmq_common.constant.perm_name import PermName


@pytest.mark.parametrize("perm, text, readable, writeable, inherited", [
    (6, "RW-", True, True, False), (7, "RWX", True, True, True), (4, "R--", True, False, False),
    (2, "-W-", False, True, False), (0, "---", False, False, False), (8, "---", False, False, False),
])
def test_perm_name(perm: int, text: str, readable: bool, writeable: bool, inherited: bool) -> None:
    assert PermName.perm2string(perm) == text
    assert (PermName.is_readable(perm), PermName.is_writeable(perm), PermName.is_inherited(perm)) == (
        readable, writeable, inherited)
