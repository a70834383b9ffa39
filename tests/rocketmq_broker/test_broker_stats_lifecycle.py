"""The broker's BrokerStatsManager threads: named as Java's, started with the controller, ended by its
shutdown, and the BrokerStats the runtime info reads."""
from __future__ import annotations

import threading

from rocketmq_broker.embedded_cluster import start_embedded_cluster

_STATS_THREADS = ("BrokerStatsThread", "CommercialStatsThread")


def _stats_threads():
    return {t for t in threading.enumerate() if t.name in _STATS_THREADS}


def test_stats_threads_end_with_the_broker(tmp_path, wait_until):
    before = _stats_threads()
    cluster = start_embedded_cluster(str(tmp_path / "cluster"))
    try:
        mine = _stats_threads() - before
        assert sorted(t.name for t in mine) == sorted(_STATS_THREADS)
        controller = cluster.broker_controller
        assert controller.get_broker_stats() is not None
        assert controller.get_broker_stats().get_msg_put_total_today_now() == 0
    finally:
        cluster.shutdown()
    wait_until(lambda: not any(t.is_alive() for t in mine), message="the stats threads ended")
