"""Java ``org.apache.rocketmq.common.sysflag.PullSysFlag``: the ``sysFlag`` of PULL_MESSAGE requests."""
from __future__ import annotations

__all__ = ["PullSysFlag"]


class PullSysFlag:
    """Bits of the pull request ``sysFlag``."""

    FLAG_COMMIT_OFFSET = 0x1
    FLAG_SUSPEND = 0x1 << 1
    FLAG_SUBSCRIPTION = 0x1 << 2
    FLAG_CLASS_FILTER = 0x1 << 3
    FLAG_LITE_PULL_MESSAGE = 0x1 << 4

    @staticmethod
    def build_sys_flag(commit_offset: bool, suspend: bool, subscription: bool, class_filter: bool,
                       lite_pull: bool = False) -> int:
        """Java ``buildSysFlag`` (both overloads)."""
        flag = 0
        if commit_offset:
            flag |= PullSysFlag.FLAG_COMMIT_OFFSET
        if suspend:
            flag |= PullSysFlag.FLAG_SUSPEND
        if subscription:
            flag |= PullSysFlag.FLAG_SUBSCRIPTION
        if class_filter:
            flag |= PullSysFlag.FLAG_CLASS_FILTER
        if lite_pull:
            flag |= PullSysFlag.FLAG_LITE_PULL_MESSAGE
        return flag

    @staticmethod
    def clear_commit_offset_flag(sys_flag: int) -> int:
        """Java ``clearCommitOffsetFlag``."""
        return sys_flag & ~PullSysFlag.FLAG_COMMIT_OFFSET

    @staticmethod
    def clear_suspend_flag(sys_flag: int) -> int:
        """Java ``clearSuspendFlag``."""
        return sys_flag & ~PullSysFlag.FLAG_SUSPEND

    @staticmethod
    def has_commit_offset_flag(sys_flag: int) -> bool:
        """Java ``hasCommitOffsetFlag``."""
        return (sys_flag & PullSysFlag.FLAG_COMMIT_OFFSET) == PullSysFlag.FLAG_COMMIT_OFFSET

    @staticmethod
    def has_suspend_flag(sys_flag: int) -> bool:
        """Java ``hasSuspendFlag``."""
        return (sys_flag & PullSysFlag.FLAG_SUSPEND) == PullSysFlag.FLAG_SUSPEND

    @staticmethod
    def has_subscription_flag(sys_flag: int) -> bool:
        """Java ``hasSubscriptionFlag``."""
        return (sys_flag & PullSysFlag.FLAG_SUBSCRIPTION) == PullSysFlag.FLAG_SUBSCRIPTION

    @staticmethod
    def has_class_filter_flag(sys_flag: int) -> bool:
        """Java ``hasClassFilterFlag``."""
        return (sys_flag & PullSysFlag.FLAG_CLASS_FILTER) == PullSysFlag.FLAG_CLASS_FILTER

    @staticmethod
    def has_lite_pull_flag(sys_flag: int) -> bool:
        """Java ``hasLitePullFlag``."""
        return (sys_flag & PullSysFlag.FLAG_LITE_PULL_MESSAGE) == PullSysFlag.FLAG_LITE_PULL_MESSAGE
