"""Embedded single-node NameServer (Java ``org.apache.rocketmq.namesrv``)."""
from __future__ import annotations

import logging

from rocketmq_namesrv.namesrv_config import NamesrvConfig
from rocketmq_namesrv.namesrv_controller import NamesrvController
from rocketmq_namesrv.namesrv_startup import NamesrvStartup, main

__all__ = ["NamesrvConfig", "NamesrvController", "NamesrvStartup", "main"]

# A library logs; the application decides where (Java: the client logs to its own files, never the console).
logging.getLogger(__name__).addHandler(logging.NullHandler())
