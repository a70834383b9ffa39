"""Every Python import docs/migration.md gives for a Java class resolves to that class."""
from __future__ import annotations

import importlib
import pathlib
import re

import pytest

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "migration.md"
_IMPORT = re.compile(r"^\| `[\w.]+`.*? \| `from ([\w.]+) import (\w+)`", re.MULTILINE)
IMPORTS = _IMPORT.findall(DOC.read_text(encoding="utf-8"))


def test_the_class_tables_are_found() -> None:
    assert len(IMPORTS) > 80


@pytest.mark.parametrize("module, name", IMPORTS, ids=["%s.%s" % pair for pair in IMPORTS])
def test_documented_import_resolves(module: str, name: str) -> None:
    value = getattr(importlib.import_module(module), name)
    assert getattr(value, "__name__", name) == name
