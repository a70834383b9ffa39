"""Embedded single-node Broker (Java ``org.apache.rocketmq.broker`` and ``org.apache.rocketmq.store``).

``from rocketmq_broker import EmbeddedCluster, BrokerController, BrokerConfig`` (imported on first use, so that
importing a submodule such as ``rocketmq_broker.store`` does not load the whole broker).
"""
from __future__ import annotations

import importlib
from typing import Any

__all__ = ["BrokerConfig", "BrokerController", "BrokerStartup", "EmbeddedCluster"]

_EXPORTS = {
    "BrokerConfig": "rocketmq_broker.broker_config",
    "BrokerController": "rocketmq_broker.broker_controller",
    "BrokerStartup": "rocketmq_broker.broker_startup",
    "EmbeddedCluster": "rocketmq_broker.embedded_cluster",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError("module 'rocketmq_broker' has no attribute %r" % name)
    return getattr(importlib.import_module(module), name)
