"""Keyword configuration of the asyncio clients: ``AsyncProducer("group", namesrv_addr="127.0.0.1:9876",
send_msg_timeout=5000)`` applies each keyword through the core class's generated Java setter (``set_x`` of the
:class:`~rocketmq_remoting.common.bean.Prop` named ``x``), so a keyword means exactly what the setter means in Java.

One helper for all four asyncio clients, so that it can delegate to the core's own keyword constructors once they
exist.
"""
from __future__ import annotations

import difflib
from typing import Any, Mapping

__all__ = ["apply_keyword_config"]


def apply_keyword_config(target: Any, config: Mapping[str, Any]) -> None:
    """Set each ``name=value`` of ``config`` on ``target`` (a DefaultMQProducer, DefaultMQPushConsumer...) with its
    ``set_<name>`` setter; raise TypeError naming an unknown keyword and the settings closest to it."""
    props = type(target)._props_by_name
    for name in config:
        if name not in props:
            close = difflib.get_close_matches(name, list(props), n=3)
            hint = "; did you mean %s?" % " or ".join(repr(c) for c in close) if close else ""
            raise TypeError("%s has no setting %r%s" % (type(target).__name__, name, hint))
    for name, value in config.items():
        getattr(target, "set_" + name)(value)
