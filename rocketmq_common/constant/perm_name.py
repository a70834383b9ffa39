"""Java ``org.apache.rocketmq.common.constant.PermName``: read/write permissions of topics and brokers."""
from __future__ import annotations

__all__ = ["PermName"]


class PermName:
    """Permission bits (``QueueData.perm``, ``TopicConfig.perm``, broker ``brokerPermission``)."""

    #: 5.3.3: the bit index of each permission (a group's forbidden bits on a topic use them too)
    INDEX_PERM_PRIORITY = 3
    INDEX_PERM_READ = 2
    INDEX_PERM_WRITE = 1
    INDEX_PERM_INHERIT = 0
    PERM_PRIORITY = 0x1 << INDEX_PERM_PRIORITY
    PERM_READ = 0x1 << INDEX_PERM_READ
    PERM_WRITE = 0x1 << INDEX_PERM_WRITE
    PERM_INHERIT = 0x1 << INDEX_PERM_INHERIT

    @staticmethod
    def perm2string(perm: int) -> str:
        """Java ``perm2String``: ``RWX`` with ``-`` for missing bits."""
        return "".join((
            "R" if PermName.is_readable(perm) else "-",
            "W" if PermName.is_writeable(perm) else "-",
            "X" if PermName.is_inherited(perm) else "-",
        ))

    @staticmethod
    def is_readable(perm: int) -> bool:
        """Java ``isReadable``."""
        return (perm & PermName.PERM_READ) == PermName.PERM_READ

    @staticmethod
    def is_writeable(perm: int) -> bool:
        """Java ``isWriteable``."""
        return (perm & PermName.PERM_WRITE) == PermName.PERM_WRITE

    @staticmethod
    def is_inherited(perm: int) -> bool:
        """Java ``isInherited``."""
        return (perm & PermName.PERM_INHERIT) == PermName.PERM_INHERIT
