"""Java ``org.apache.rocketmq.common.ThreadFactoryImpl``: named threads ``prefix1``, ``prefix2``, ...

The class lives in :mod:`rocketmq_remoting.common.thread_pool` (the remoting layer needs it and must not depend
on ``rocketmq_common``); this module keeps the Java package path.
"""
from __future__ import annotations

from rocketmq_remoting.common.thread_pool import ThreadFactoryImpl

__all__ = ["ThreadFactoryImpl"]
