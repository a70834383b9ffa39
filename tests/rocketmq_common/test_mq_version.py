"""MQVersion: Java's version names of the version numbers (PROTOCOL.md §9)."""
from __future__ import annotations

import pytest

from rocketmq_common.mq_version import MQVersion


def test_mq_version_names() -> None:
    assert MQVersion.CURRENT_VERSION == 479  # Java 5.3.3's
    assert MQVersion.get_version_desc(479) == "V5_3_3"
    assert MQVersion.get_version_desc(407) == "V4_9_7"
    assert MQVersion.get_version_desc(409) == "V4_9_8"
    assert [MQVersion.get_version_desc(393 + 2 * i) for i in range(9)] == ["V4_9_%d" % i for i in range(9)]
    assert MQVersion.get_version_desc(413) == "V5_0_0" and MQVersion.get_version_desc(412) == "V5_0_0_SNAPSHOT"
    assert MQVersion.get_version_desc(0) == "V3_0_0_SNAPSHOT"
    assert MQVersion.get_version_desc(15) == "V3_0_0_FINAL"
    assert MQVersion.get_version_desc(121) == "V3_4_9"
    # the irregular parts of the Java enum (ordinals read from MQVersion.java of 4.9.7)
    for name, ordinal in (("V3_0_1_SNAPSHOT", 16), ("V3_0_15", 45), ("V3_1_0", 47), ("V3_2_9", 85),
                          ("V3_3_1_SNAPSHOT", 86), ("V3_9_9", 211), ("V4_0_0", 213), ("V5_9_9", 611)):
        assert MQVersion.get_version_desc(ordinal) == name
    assert MQVersion.get_version_desc(401) == "V4_9_4"
    assert MQVersion.get_version_desc(len(MQVersion.VERSION_NAMES) - 1) == "HIGHER_VERSION"
    assert MQVersion.get_version_desc(100000) == "HIGHER_VERSION" == MQVersion.value2version(100000)
    assert len(MQVersion.VERSION_NAMES) == 613 and len(set(MQVersion.VERSION_NAMES)) == 613
    assert MQVersion.version_ordinal("V4_9_7") == 407
    with pytest.raises(ValueError):
        MQVersion.version_ordinal("V9_9_9")
