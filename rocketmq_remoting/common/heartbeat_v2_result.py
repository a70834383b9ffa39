"""Java ``org.apache.rocketmq.remoting.common.HeartbeatV2Result`` (5.3.3): what a heartbeat v2 answer says."""
from __future__ import annotations

__all__ = ["HeartbeatV2Result"]


class HeartbeatV2Result:
    """The broker's version, whether it saw the group's subscriptions change (``IS_SUB_CHANGE``) and whether it
    supports heartbeat v2 (``IS_SUPPORT_HEART_BEAT_V2``; a 4.x broker sends neither: both False)."""

    __slots__ = ("version", "sub_change", "support_v2")

    def __init__(self, version: int = 0, is_sub_change: bool = False, is_support_v2: bool = False) -> None:
        self.version = version
        self.sub_change = is_sub_change
        self.support_v2 = is_support_v2

    def get_version(self) -> int:
        return self.version

    def set_version(self, version: int) -> None:
        self.version = version

    def is_sub_change(self) -> bool:
        return self.sub_change

    def set_sub_change(self, sub_change: bool) -> None:
        self.sub_change = sub_change

    def is_support_v2(self) -> bool:
        return self.support_v2

    def set_support_v2(self, support_v2: bool) -> None:
        self.support_v2 = support_v2

    def __repr__(self) -> str:
        return "HeartbeatV2Result [version=%d, isSubChange=%s, isSupportV2=%s]" % (
            self.version, str(self.sub_change).lower(), str(self.support_v2).lower())
