"""Java ``org.apache.rocketmq.client.trace.TraceTransferBean``."""
from __future__ import annotations

from typing import Optional, Set

from rocketmq_remoting.common.bean import Bean, Prop, SetOf

__all__ = ["TraceTransferBean"]


class TraceTransferBean(Bean):
    """One encoded trace context: its text (``trans_data``) and the keys of the trace message (``trans_key``:
    the message ids and keys of the traced messages)."""

    trans_data = Prop(str)
    trans_key = Prop(SetOf(str), set())

    def get_trans_data(self) -> str: return self.trans_data
    def set_trans_data(self, trans_data: Optional[str]) -> None: self.trans_data = trans_data
    def get_trans_key(self) -> Set[str]: return self.trans_key
    def set_trans_key(self, trans_key: Set[str]) -> None: self.trans_key = trans_key
