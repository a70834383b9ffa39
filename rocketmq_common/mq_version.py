"""Java ``org.apache.rocketmq.common.MQVersion`` (5.3.3): the ``version`` sent in every command.

The Java ``Version`` enum lists every release name; a command's ``version`` is the enum ordinal. The names
are generated here by the same rules as the Java list: the 3.0.0 pre-releases, ``V3_0_1`` .. ``V3_2_9`` and
``V3_3_1`` .. ``V3_9_9`` (no ``x_0`` minor), then every ``V4_0_0`` .. ``V5_9_9``, each release preceded by its
``_SNAPSHOT``, and finally ``HIGHER_VERSION``.
"""
from __future__ import annotations

from typing import List, Tuple

from rocketmq_remoting.protocol.remoting_command import CURRENT_VERSION as _REMOTING_CURRENT_VERSION

__all__ = ["MQVersion"]


def _version_names() -> Tuple[str, ...]:
    names: List[str] = ["V3_0_0_SNAPSHOT", "V3_0_0_ALPHA1"]
    names += ["V3_0_0_BETA%d" % i for i in range(1, 6)]
    for i in range(6, 10):
        names += ["V3_0_0_BETA%d_SNAPSHOT" % i, "V3_0_0_BETA%d" % i]
    names.append("V3_0_0_FINAL")
    releases = [(3, 0, p) for p in range(1, 16)]
    releases += [(3, minor, p) for minor in (1, 2) for p in range(10)]
    releases += [(3, minor, p) for minor in range(3, 10) for p in range(1, 10)]
    releases += [(major, minor, p) for major in (4, 5) for minor in range(10) for p in range(10)]
    for major, minor, patch in releases:
        name = "V%d_%d_%d" % (major, minor, patch)
        names += [name + "_SNAPSHOT", name]
    names.append("HIGHER_VERSION")
    return tuple(names)


class MQVersion:
    """Version ordinals and names."""

    #: the Java ``Version`` enum names, by ordinal
    VERSION_NAMES: Tuple[str, ...] = _version_names()
    #: ``Version.V5_3_3.ordinal()`` (479), as in Java 5.3.3
    CURRENT_VERSION: int = _REMOTING_CURRENT_VERSION

    @staticmethod
    def get_version_desc(value: int) -> str:
        """Java ``getVersionDesc``: the enum name of a version ordinal (the last one for larger values)."""
        names = MQVersion.VERSION_NAMES
        return names[-1] if value >= len(names) else names[value]

    @staticmethod
    def value2version(value: int) -> str:
        """Java ``value2Version`` (the enum constant is represented by its name)."""
        return MQVersion.get_version_desc(value)

    @staticmethod
    def version_ordinal(name: str) -> int:
        """Java ``Version.valueOf(name).ordinal()``."""
        try:
            return MQVersion.VERSION_NAMES.index(name)
        except ValueError:
            raise ValueError("No enum constant MQVersion.Version." + name) from None
