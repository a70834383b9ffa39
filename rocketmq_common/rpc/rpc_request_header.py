"""Java ``org.apache.rocketmq.common.rpc.RpcRequestHeader``."""
from __future__ import annotations

from typing import Any

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["RpcRequestHeader"]


class RpcRequestHeader(CommandCustomHeader):
    """Base of the request headers that carry the target broker name ``bname`` (4.9.5+; ignored by 4.9.x brokers).

    ``bname`` is kept as the *last* property of every subclass, so that headers with a fixed binary field order
    (``PullMessageRequestHeader``: ``... expressionType bname``) encode it last, as Java's fast codec does.
    """

    bname = Prop(str)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._props = tuple(p for p in cls._props if p.name != "bname") + (cls._props_by_name["bname"],)
        cls._build_ext_plan()
