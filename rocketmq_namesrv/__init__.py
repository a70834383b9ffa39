"""Embedded single-node NameServer (Java ``org.apache.rocketmq.namesrv``)."""
from __future__ import annotations

from rocketmq_namesrv.namesrv_config import NamesrvConfig
from rocketmq_namesrv.namesrv_controller import NamesrvController
from rocketmq_namesrv.namesrv_startup import NamesrvStartup, main

__all__ = ["NamesrvConfig", "NamesrvController", "NamesrvStartup", "main"]
