"""Java ``org.apache.rocketmq.store.index.QueryOffsetResult``."""
from __future__ import annotations

from typing import List

from rocketmq_remoting.common.bean import Bean, ListOf, Prop

__all__ = ["QueryOffsetResult"]


class QueryOffsetResult(Bean):
    """Commit-log offsets found for a key, plus the index's last update point."""

    phy_offsets = Prop(ListOf(int))
    index_last_update_timestamp = Prop(int, 0)
    index_last_update_phyoffset = Prop(int, 0)

    def get_phy_offsets(self) -> List[int]: return self.phy_offsets
    def set_phy_offsets(self, phy_offsets: List[int]) -> None: self.phy_offsets = phy_offsets
    def get_index_last_update_timestamp(self) -> int: return self.index_last_update_timestamp
    def set_index_last_update_timestamp(self, index_last_update_timestamp: int) -> None:
        self.index_last_update_timestamp = index_last_update_timestamp
    def get_index_last_update_phyoffset(self) -> int: return self.index_last_update_phyoffset
    def set_index_last_update_phyoffset(self, index_last_update_phyoffset: int) -> None:
        self.index_last_update_phyoffset = index_last_update_phyoffset

    def __init__(self, phy_offsets: List[int], index_last_update_timestamp: int,
                 index_last_update_phyoffset: int) -> None:
        self.phy_offsets = phy_offsets
        self.index_last_update_timestamp = index_last_update_timestamp
        self.index_last_update_phyoffset = index_last_update_phyoffset
