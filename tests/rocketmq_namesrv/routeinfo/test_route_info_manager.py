"""RouteInfoManager on its own: expiry arithmetic, channel-destroy cleanup, master/slave address switches."""
from __future__ import annotations

import pytest
from namesrv_support import topic_configs

from rocketmq_common.data_version import DataVersion
from rocketmq_common.protocol.body.topic_config_serialize_wrapper import TopicConfigSerializeWrapper
from rocketmq_namesrv.routeinfo.route_info_manager import BROKER_CHANNEL_EXPIRED_TIME, RouteInfoManager


class FakeChannel:
    """Stands in for a remoting channel: the manager only compares it by identity and closes it."""

    def __init__(self) -> None:
        self.closed = False

    def close(self) -> bool:
        self.closed = True
        return True


def _wrapper(counter: int = 1, **spec) -> TopicConfigSerializeWrapper:
    return TopicConfigSerializeWrapper(topic_config_table=topic_configs(spec or {"T": (4, 6)}),
                                       data_version=DataVersion(timestamp=1, counter=counter))


def _register(manager: RouteInfoManager, broker_addr: str, broker_name: str = "broker-a", broker_id: int = 0,
              cluster: str = "C", channel=None, wrapper=None) -> None:
    manager.register_broker(cluster, broker_addr, broker_name, broker_id, broker_addr + "-ha",
                            wrapper if wrapper is not None else _wrapper(), [], channel)


def test_java_expiry_is_two_minutes():
    assert BROKER_CHANNEL_EXPIRED_TIME == 120000
    assert RouteInfoManager().broker_channel_expired_time == 120000
    with pytest.raises(ValueError):
        RouteInfoManager(0)


def test_scan_drops_only_silent_brokers_and_closes_their_channels():
    manager = RouteInfoManager()
    silent, alive = FakeChannel(), FakeChannel()
    _register(manager, "10.0.0.1:10911", "broker-a", channel=silent)
    _register(manager, "10.0.0.2:10911", "broker-b", channel=alive)
    manager.broker_live_table["10.0.0.1:10911"].last_update_timestamp -= BROKER_CHANNEL_EXPIRED_TIME + 1000
    manager.broker_live_table["10.0.0.2:10911"].last_update_timestamp -= BROKER_CHANNEL_EXPIRED_TIME - 5000

    assert manager.scan_not_active_broker() == 1
    assert silent.closed and not alive.closed
    assert set(manager.broker_addr_table) == {"broker-b"}
    assert manager.cluster_addr_table == {"C": {"broker-b"}}
    assert [qd.broker_name for qd in manager.pickup_topic_route_data("T").queue_datas] == ["broker-b"]
    assert manager.scan_not_active_broker() == 0


def test_update_timestamp_keeps_a_broker_alive():
    manager = RouteInfoManager(1000)
    _register(manager, "10.0.0.1:10911")
    manager.broker_live_table["10.0.0.1:10911"].last_update_timestamp = 0
    manager.update_broker_info_update_timestamp("10.0.0.1:10911", 1 << 62)
    assert manager.scan_not_active_broker() == 0


def test_channel_destroy_of_a_slave_keeps_the_broker_name_and_topics():
    manager = RouteInfoManager()
    master_channel, slave_channel = FakeChannel(), FakeChannel()
    _register(manager, "10.0.0.1:10911", channel=master_channel)
    _register(manager, "10.0.0.1:10921", broker_id=1, channel=slave_channel)
    manager.on_channel_destroy("10.0.0.9:55555", slave_channel)
    assert manager.broker_addr_table["broker-a"].broker_addrs == {0: "10.0.0.1:10911"}
    assert manager.pickup_topic_route_data("T") is not None
    manager.on_channel_destroy("10.0.0.9:55556", master_channel)
    assert manager.broker_addr_table == {} and manager.cluster_addr_table == {}
    assert manager.pickup_topic_route_data("T") is None and manager.topic_queue_table == {}


def test_channel_destroy_of_an_unknown_channel_falls_back_to_the_remote_address():
    manager = RouteInfoManager()
    _register(manager, "10.0.0.1:10911", channel=FakeChannel())
    manager.on_channel_destroy("10.0.0.7:40000", FakeChannel())  # a client connection: nothing happens
    assert "broker-a" in manager.broker_addr_table
    manager.on_channel_destroy("10.0.0.1:10911", None)
    assert manager.broker_addr_table == {}


def test_an_address_switching_from_slave_to_master_keeps_one_entry():
    manager = RouteInfoManager()
    _register(manager, "10.0.0.1:10921", broker_id=1)
    _register(manager, "10.0.0.1:10921", broker_id=0)
    assert manager.broker_addr_table["broker-a"].broker_addrs == {0: "10.0.0.1:10921"}


def test_route_without_known_broker_is_none_and_routes_are_snapshots():
    manager = RouteInfoManager()
    _register(manager, "10.0.0.1:10911")
    route = manager.pickup_topic_route_data("T")
    route.queue_datas[0].perm = 0
    route.broker_datas[0].broker_addrs[5] = "x"
    assert manager.pickup_topic_route_data("T").queue_datas[0].perm == 6
    assert manager.broker_addr_table["broker-a"].broker_addrs == {0: "10.0.0.1:10911"}
    del manager.broker_addr_table["broker-a"]
    assert manager.pickup_topic_route_data("T") is None


def test_slave_topic_configs_are_ignored():
    manager = RouteInfoManager()
    _register(manager, "10.0.0.1:10921", broker_id=1, wrapper=_wrapper(SlaveOnly=(1, 6)))
    assert manager.pickup_topic_route_data("SlaveOnly") is None
