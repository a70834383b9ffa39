"""Java ``org.apache.rocketmq.common.sysflag.TopicSysFlag``: unit flags of a topic (``QueueData.topicSysFlag``)."""
from __future__ import annotations

__all__ = ["TopicSysFlag"]


class TopicSysFlag:
    """Bits of a topic's ``topicSysFlag``."""

    FLAG_UNIT = 0x1 << 0
    FLAG_UNIT_SUB = 0x1 << 1

    @staticmethod
    def build_sys_flag(unit: bool, has_unit_sub: bool) -> int:
        """Java ``buildSysFlag``."""
        sys_flag = 0
        if unit:
            sys_flag |= TopicSysFlag.FLAG_UNIT
        if has_unit_sub:
            sys_flag |= TopicSysFlag.FLAG_UNIT_SUB
        return sys_flag

    @staticmethod
    def set_unit_flag(sys_flag: int) -> int:
        """Java ``setUnitFlag``."""
        return sys_flag | TopicSysFlag.FLAG_UNIT

    @staticmethod
    def clear_unit_flag(sys_flag: int) -> int:
        """Java ``clearUnitFlag``."""
        return sys_flag & ~TopicSysFlag.FLAG_UNIT

    @staticmethod
    def has_unit_flag(sys_flag: int) -> bool:
        """Java ``hasUnitFlag``."""
        return (sys_flag & TopicSysFlag.FLAG_UNIT) == TopicSysFlag.FLAG_UNIT

    @staticmethod
    def set_unit_sub_flag(sys_flag: int) -> int:
        """Java ``setUnitSubFlag``."""
        return sys_flag | TopicSysFlag.FLAG_UNIT_SUB

    @staticmethod
    def clear_unit_sub_flag(sys_flag: int) -> int:
        """Java ``clearUnitSubFlag``."""
        return sys_flag & ~TopicSysFlag.FLAG_UNIT_SUB

    @staticmethod
    def has_unit_sub_flag(sys_flag: int) -> bool:
        """Java ``hasUnitSubFlag``."""
        return (sys_flag & TopicSysFlag.FLAG_UNIT_SUB) == TopicSysFlag.FLAG_UNIT_SUB
