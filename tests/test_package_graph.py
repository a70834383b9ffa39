"""Java's module graph: the lower packages import nothing above them (rocketmq-remoting depends on no other
RocketMQ module, rocketmq-common only on remoting, the ACL module on both), counting imports inside functions."""
from __future__ import annotations

import ast
import pathlib
from typing import Dict, List, Set

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent

#: package -> the RocketMQ packages it may import (besides itself)
ALLOWED: Dict[str, Set[str]] = {
    "rocketmq_remoting": set(),
    "rocketmq_common": {"rocketmq_remoting"},
    "rocketmq_acl": {"rocketmq_common", "rocketmq_remoting"},
}


def imported_packages(path: pathlib.Path) -> Set[str]:
    names: Set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return {name for name in names if name.startswith("rocketmq_")}


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_a_lower_package_imports_no_higher_one(package: str) -> None:
    offending: List[str] = []
    for path in sorted((ROOT / package).rglob("*.py")):
        above = imported_packages(path) - ALLOWED[package] - {package}
        if above:
            offending.append("%s imports %s" % (path.relative_to(ROOT), ", ".join(sorted(above))))
    assert not offending
