"""Java ``org.apache.rocketmq.common.namesrv.NamesrvUtil``."""
from __future__ import annotations

__all__ = ["NamesrvUtil"]


class NamesrvUtil:
    """NameServer KV namespaces."""

    #: KV namespace holding order-topic configurations (``brokerName:queueNum;...`` per topic)
    NAMESPACE_ORDER_TOPIC_CONFIG = "ORDER_TOPIC_CONFIG"
