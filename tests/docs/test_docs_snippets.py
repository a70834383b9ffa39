"""The Python snippets of docs/asyncio.md and docs/opentelemetry.md compile, their imports resolve, and every class
or enum they name (a capitalised name) is imported or defined in the snippet, so a reader can copy them whole."""
from __future__ import annotations

import ast
import builtins
import importlib
import pathlib
import re
from typing import List, Tuple

import pytest

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs"
_SNIPPET = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _snippets() -> List[Tuple[str, str]]:
    found = []
    for name in ("asyncio.md", "opentelemetry.md"):
        for i, code in enumerate(_SNIPPET.findall((DOCS / name).read_text(encoding="utf-8"))):
            found.append(("%s#%d" % (name, i + 1), code))
    return found


SNIPPETS = _snippets()


def test_the_snippets_are_found() -> None:
    assert len(SNIPPETS) >= 5


@pytest.mark.parametrize("where, code", SNIPPETS, ids=[where for where, _ in SNIPPETS])
def test_snippet_imports_and_names_resolve(where: str, code: str) -> None:
    if "opentelemetry" in code:
        pytest.importorskip("opentelemetry.sdk")
    tree = compile(code, where, "exec", flags=ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT, dont_inherit=True)
    bound = set(dir(builtins))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = importlib.import_module(node.module or "")
            for alias in node.names:
                assert hasattr(module, alias.name), "%s: %s has no %s" % (where, node.module, alias.name)
                bound.add(alias.asname or alias.name)
        elif isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            bound.add(node.name)
    used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and node.id[:1].isupper()}
    assert used <= bound, "%s uses %s without importing it" % (where, sorted(used - bound))
