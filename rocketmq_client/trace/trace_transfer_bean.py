"""Java ``org.apache.rocketmq.client.trace.TraceTransferBean``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, Prop, SetOf

__all__ = ["TraceTransferBean"]


class TraceTransferBean(Bean):
    """One encoded trace context: its text (``trans_data``) and the keys of the trace message (``trans_key``:
    the message ids and keys of the traced messages)."""

    trans_data = Prop(str)
    trans_key = Prop(SetOf(str), set())
