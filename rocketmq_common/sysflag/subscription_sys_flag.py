"""Java ``org.apache.rocketmq.common.sysflag.SubscriptionSysFlag``."""
from __future__ import annotations

__all__ = ["SubscriptionSysFlag"]


class SubscriptionSysFlag:
    """Bits of a subscription's ``sysFlag``."""

    FLAG_UNIT = 0x1 << 0

    @staticmethod
    def build_sys_flag(unit: bool) -> int:
        """Java ``buildSysFlag``."""
        return SubscriptionSysFlag.FLAG_UNIT if unit else 0

    @staticmethod
    def set_unit_flag(sys_flag: int) -> int:
        """Java ``setUnitFlag``."""
        return sys_flag | SubscriptionSysFlag.FLAG_UNIT

    @staticmethod
    def clear_unit_flag(sys_flag: int) -> int:
        """Java ``clearUnitFlag``."""
        return sys_flag & ~SubscriptionSysFlag.FLAG_UNIT

    @staticmethod
    def has_unit_flag(sys_flag: int) -> bool:
        """Java ``hasUnitFlag``."""
        return (sys_flag & SubscriptionSysFlag.FLAG_UNIT) == SubscriptionSysFlag.FLAG_UNIT
