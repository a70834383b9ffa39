"""mqadmin on a cluster whose broker has lost its master (only broker id 1 left in the route): queryCq names the
missing master instead of sending its query to no address, and exportMetrics leaves the broker out instead of
failing."""
from __future__ import annotations

import json
import types

import pytest

from rocketmq_common.protocol.body.topic_config_serialize_wrapper import TopicConfigSerializeWrapper
from rocketmq_common.topic_config import TopicConfig
from rocketmq_namesrv.namesrv_config import NamesrvConfig
from rocketmq_namesrv.namesrv_controller import NamesrvController
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig

from tools_support import mqadmin


@pytest.fixture()
def slave_only_cluster(tmp_path):
    controller = NamesrvController(
        NamesrvConfig(kv_config_path=str(tmp_path / "namesrv" / "kvConfig.json"),
                      config_store_path=str(tmp_path / "namesrv" / "namesrv.properties")),
        NettyServerConfig(listen_port=0, bind_address="127.0.0.1"))
    controller.initialize()
    controller.start()
    wrapper = TopicConfigSerializeWrapper()
    wrapper.topic_config_table = {"SlaveTopic": TopicConfig(topic_name="SlaveTopic", read_queue_nums=1,
                                                            write_queue_nums=1, perm=6)}
    # broker-a's master registers the topic, its slave registers, the master goes: the route keeps the slave only
    routes = controller.get_route_info_manager()
    routes.register_broker("SlaveCluster", "127.0.0.1:1", "broker-a", 0, None, wrapper, None, None)
    routes.register_broker("SlaveCluster", "127.0.0.1:2", "broker-a", 1, "127.0.0.1:1", None, None, None)
    routes.unregister_broker("SlaveCluster", "127.0.0.1:1", "broker-a", 0)
    yield types.SimpleNamespace(namesrv_addr="127.0.0.1:%d" % controller.get_listen_port())
    controller.shutdown()


def test_query_cq_without_a_master_names_the_missing_master(slave_only_cluster):
    done = mqadmin(slave_only_cluster, "queryCq", "-t", "SlaveTopic", "-q", "0", "-i", "0")
    assert done.code == 1
    assert "No master broker of topic SlaveTopic!" in done.err


def test_export_metrics_leaves_a_broker_without_master_out(slave_only_cluster, tmp_path):
    done = mqadmin(slave_only_cluster, "exportMetrics", "-c", "SlaveCluster", "-f", str(tmp_path / "export"))
    assert done.code == 0, done.err
    with open(tmp_path / "export" / "metrics.json", encoding="utf-8") as f:
        assert json.load(f)["evaluateReport"] == {}
