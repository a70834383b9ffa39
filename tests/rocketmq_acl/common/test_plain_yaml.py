"""PlainYaml: the YAML subset of plain ACL files, written as SnakeYAML writes it, errors naming the line only."""
from __future__ import annotations

import pytest

from acl_support import ACL_YAML, ADMIN_SECRET, SECRET
from rocketmq_acl.common.plain_yaml import PlainYaml


def test_yaml_subset_of_plain_acl_files() -> None:
    data = PlainYaml.load(ACL_YAML)
    assert data["globalWhiteRemoteAddresses"] == ["10.10.103.*"]
    first, admin, white = data["accounts"]
    assert first == {"accessKey": "RocketMQ", "secretKey": SECRET, "whiteRemoteAddress": None, "admin": False,
                     "defaultTopicPerm": "DENY", "defaultGroupPerm": "SUB",
                     "topicPerms": ["AclTopic=PUB|SUB", "SubOnlyTopic=SUB"], "groupPerms": ["DeniedGroup=DENY"]}
    assert admin == {"accessKey": "AdminUser", "secretKey": ADMIN_SECRET, "admin": True}
    assert white["whiteRemoteAddress"] == "127.0.0.1"


def test_yaml_as_snakeyaml_writes_it_and_scalar_types() -> None:
    text = ("---\naccounts:\n- accessKey: RocketMQ\n  secretKey: 12345678\n  admin: 'true'\n  topicPerms: []\n"
            "dataVersion:\n- {}\n- counter: 3\n  timestamp: 1_700\nquoted: \"a # not a comment \\u00e9\\\"\"\n"
            "single: 'it''s'  # comment\nflow: [a, 'b', 3]\nnulls: [~, null]\nflags: [yes, No, ON, off, True]\n"
            "text: 0123\nnested:\n    - - x\n      - y\n")
    data = PlainYaml.load(text)
    assert data["accounts"] == [{"accessKey": "RocketMQ", "secretKey": 12345678, "admin": "true", "topicPerms": []}]
    assert data["dataVersion"] == [{}, {"counter": 3, "timestamp": 1700}]
    assert data["quoted"] == 'a # not a comment \u00e9"' and data["single"] == "it's"
    assert data["flow"] == ["a", "b", 3] and data["nulls"] == [None, None]
    assert data["flags"] == [True, False, True, False, True]
    assert data["text"] == "0123" and data["nested"] == [["x", "y"]]
    assert PlainYaml.load("# only a comment\n") is None


@pytest.mark.parametrize("text, line", [
    ("a: 1\n  b: 2\n", 2), ("a:\n\t- x\n", 2), ("- a\nb: 1\n", 2), ("a: 1\na: 2\n", 2), ("a: |\n  x\n", 1),
    ("a: \"open\n", 1), ("a: 1\n---\nb: 2\n", 2),
])
def test_yaml_errors_name_the_line_only(text, line) -> None:
    with pytest.raises(ValueError, match=r"^line %d: " % line) as info:
        PlainYaml.load(text)
    assert "open" not in str(info.value)
