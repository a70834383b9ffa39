"""mqadmin's broker and name-server subcommands in a subprocess: updateBrokerConfig / getBrokerConfig (persisted
across a broker restart), cleanExpiredCQ, cleanUnusedTopic, deleteExpiredCommitLog, wipeWritePerm / addWritePerm
(a wiped broker refuses writes), updateKvConfig / deleteKvConfig, getNamesrvConfig / updateNamesrvConfig."""
from __future__ import annotations

import pytest

from rocketmq_broker.broker_startup import BrokerStartup
from rocketmq_broker.embedded_cluster import start_embedded_cluster
from rocketmq_client.exception import MQClientException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.message.message import Message
from rocketmq_common.mix_all import MixAll
from rocketmq_tools.command.support import new_admin

from tools_support import mqadmin


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    cluster = start_embedded_cluster(str(tmp_path_factory.mktemp("mqadmin-broker")))
    yield cluster
    cluster.shutdown()


def _config(lines):
    """``key  =  value`` lines of getBrokerConfig / getNamesrvConfig."""
    return {line.split("=", 1)[0].strip(): line.split("=", 1)[1].strip() for line in lines if "=  " in line}


def test_get_broker_config_of_a_broker_and_of_the_cluster(cluster):
    done = mqadmin(cluster, "getBrokerConfig", "-b", cluster.broker_addr)
    assert done.code == 0, done.err
    assert done.lines[0] == "============%s============" % cluster.broker_addr
    config = _config(done.lines)
    assert config["brokerName"] == "broker-a" and config["brokerClusterName"] == "DefaultCluster"
    assert done.lines[1].index("=  ") == 50                                   # %-50s=  %s
    by_cluster = mqadmin(cluster, "getBrokerConfig", "-c", "DefaultCluster")
    assert by_cluster.code == 0 and by_cluster.lines[0] == "============Master: %s============" % cluster.broker_addr
    assert _config(by_cluster.lines) == config
    unknown = mqadmin(cluster, "getBrokerConfig", "-c", "NoSuchCluster")
    assert unknown.code == 1 and "clusterName exists" in unknown.err
    assert mqadmin(cluster, "getBrokerConfig").code == 2


def test_update_broker_config_survives_a_restart(tmp_path, cluster):
    config_file = tmp_path / "broker.properties"
    config_file.write_text("brokerName=broker-z\nbrokerClusterName=RestartCluster\nbrokerIP1=127.0.0.1\n")
    argv = ["-c", str(config_file), "-n", cluster.namesrv_addr, "-p", "0", "--store", str(tmp_path / "store")]
    controller = BrokerStartup.start(BrokerStartup.create_broker_controller(argv))
    try:
        addr = controller.get_broker_addr()
        done = mqadmin(cluster, "updateBrokerConfig", "-b", addr, "-k", "flushConsumerOffsetInterval", "-v", "7000")
        assert (done.code, done.lines) == (0, ["update broker config success, %s" % addr]), done.err
        assert controller.get_broker_config().flush_consumer_offset_interval == 7000
        got = mqadmin(cluster, "getBrokerConfig", "-b", addr)
        assert _config(got.lines)["flushConsumerOffsetInterval"] == "7000"
    finally:
        controller.shutdown()
    assert "flushConsumerOffsetInterval=7000" in config_file.read_text()      # persisted where it was loaded from
    controller = BrokerStartup.start(BrokerStartup.create_broker_controller(argv))
    try:
        got = mqadmin(cluster, "getBrokerConfig", "-b", controller.get_broker_addr())
        assert _config(got.lines)["flushConsumerOffsetInterval"] == "7000"
    finally:
        controller.shutdown()


def test_update_broker_config_of_the_cluster(cluster):
    done = mqadmin(cluster, "updateBrokerConfig", "-c", "DefaultCluster", "-k", "flushConsumerOffsetInterval",
                   "-v", "6000")
    assert (done.code, done.lines) == (0, ["update broker config success, %s" % cluster.broker_addr]), done.err
    assert cluster.broker_controller.get_broker_config().flush_consumer_offset_interval == 6000
    assert mqadmin(cluster, "updateBrokerConfig", "-k", "a", "-v", "b").code == 2


def test_update_broker_config_of_the_cluster_with_its_slaves(tmp_path, cluster, wait_until):
    """5.3.3's ``-a``: the slaves of the cluster too (a slave of broker-a started here)."""
    config_file = tmp_path / "slave.properties"
    config_file.write_text("brokerName=broker-a\nbrokerClusterName=DefaultCluster\nbrokerIP1=127.0.0.1\n"
                           "brokerId=1\nbrokerRole=SLAVE\n")
    argv = ["-c", str(config_file), "-n", cluster.namesrv_addr, "-p", "0", "--store", str(tmp_path / "store")]
    slave = BrokerStartup.start(BrokerStartup.create_broker_controller(argv))
    try:
        slave_addr = slave.get_broker_addr()
        with new_admin(cluster.namesrv_addr) as admin:
            wait_until(lambda: slave_addr in admin.examine_broker_cluster_info().broker_addr_table["broker-a"]
                       .broker_addrs.values(), message="the slave registered")
        masters = mqadmin(cluster, "updateBrokerConfig", "-c", "DefaultCluster", "-k", "flushConsumerOffsetInterval",
                          "-v", "6500")
        assert (masters.code, masters.lines) == (0, ["update broker config success, %s" % cluster.broker_addr])
        assert slave.get_broker_config().flush_consumer_offset_interval != 6500
        every = mqadmin(cluster, "updateBrokerConfig", "-c", "DefaultCluster", "-a", "true", "-k",
                        "flushConsumerOffsetInterval", "-v", "6600")
        assert every.code == 0, every.err
        assert sorted(every.lines) == sorted("update broker config success, %s" % addr
                                             for addr in (cluster.broker_addr, slave_addr))
        assert slave.get_broker_config().flush_consumer_offset_interval == 6600
        assert cluster.broker_controller.get_broker_config().flush_consumer_offset_interval == 6600
    finally:
        slave.shutdown()


@pytest.mark.parametrize("command", ["cleanExpiredCQ", "cleanUnusedTopic", "deleteExpiredCommitLog"])
def test_broker_clean_ups(cluster, command):
    by_addr = mqadmin(cluster, command, "-b", cluster.broker_addr)
    assert (by_addr.code, by_addr.out) == (0, "success\n"), by_addr.err
    by_cluster = mqadmin(cluster, command, "-c", "DefaultCluster")
    assert (by_cluster.code, by_cluster.out) == (0, "success\n")
    everywhere = mqadmin(cluster, command)
    assert (everywhere.code, everywhere.out) == (0, "success\n")
    nowhere = mqadmin(cluster, command, "-c", "NoSuchCluster")
    assert (nowhere.code, nowhere.out) == (0, "false\n")


def test_clean_unused_topic_drops_the_queues_of_a_forgotten_topic(cluster, wait_until):
    cluster.create_topic("ForgottenTopic", 1)
    producer = DefaultMQProducer("forgotten_producer")
    producer.set_namesrv_addr(cluster.namesrv_addr)
    producer.start()
    try:
        producer.send(Message("ForgottenTopic", b"x"))
    finally:
        producer.shutdown()
    store = cluster.broker_controller.get_message_store()
    assert store.get_consume_queue("ForgottenTopic", 0) is not None
    cluster.broker_controller.get_topic_config_manager().get_topic_config_table().pop("ForgottenTopic")
    assert mqadmin(cluster, "cleanUnusedTopic", "-b", cluster.broker_addr).out == "success\n"
    assert store.get_consume_queue("ForgottenTopic", 0) is None


def test_wipe_write_perm_refuses_sends_and_add_write_perm_restores_them(cluster):
    cluster.create_topic("WipedTopic", 2)
    wiped = mqadmin(cluster, "wipeWritePerm", "-b", "broker-a")
    assert wiped.code == 0, wiped.err
    count = int(wiped.lines[0].rsplit(", ", 1)[1])
    assert wiped.lines[0] == "wipe write perm of broker[broker-a] in name server[%s] OK, %d" % (
        cluster.namesrv_addr, count) and count >= 1
    producer = DefaultMQProducer("wiped_producer")
    producer.set_namesrv_addr(cluster.namesrv_addr)
    producer.set_send_msg_timeout(3000)
    producer.set_retry_times_when_send_failed(0)
    producer.start()
    try:
        with new_admin(cluster.namesrv_addr) as admin:
            assert admin.examine_topic_route_info("WipedTopic").queue_datas[0].perm & 2 == 0
        with pytest.raises(MQClientException):
            producer.send(Message("WipedTopic", b"refused"))
        added = mqadmin(cluster, "addWritePerm", "-b", "broker-a")
        assert added.code == 0 and added.lines[0].startswith(
            "add write perm of broker[broker-a] in name server[%s] OK, " % cluster.namesrv_addr)
        with new_admin(cluster.namesrv_addr) as admin:
            assert admin.examine_topic_route_info("WipedTopic").queue_datas[0].perm == 6
        producer.get_default_mq_producer_impl().get_topic_publish_info_table().clear()
        assert producer.send(Message("WipedTopic", b"accepted")).send_status.name == "SEND_OK"
    finally:
        producer.shutdown()


def test_update_and_delete_kv_config(cluster):
    done = mqadmin(cluster, "updateKvConfig", "-s", "CLI_NS", "-k", "color", "-v", "blue")
    assert (done.code, done.out) == (0, "create or update kv config to namespace success.\n"), done.err
    with new_admin(cluster.namesrv_addr) as admin:
        assert admin.get_kv_config("CLI_NS", "color") == "blue"
        assert admin.get_kv_list_by_namespace("CLI_NS").table == {"color": "blue"}
    deleted = mqadmin(cluster, "deleteKvConfig", "-s", "CLI_NS", "-k", "color")
    assert (deleted.code, deleted.out) == (0, "delete kv config from namespace success.\n")
    with new_admin(cluster.namesrv_addr) as admin:
        with pytest.raises(MQClientException):
            admin.get_kv_config("CLI_NS", "color")
    assert mqadmin(cluster, "updateKvConfig", "-s", "CLI_NS", "-k", "color").code == 2


def test_get_and_update_namesrv_config(cluster):
    done = mqadmin(cluster, "getNamesrvConfig")
    assert done.code == 0, done.err
    assert done.lines[0] == "============%s============" % cluster.namesrv_addr
    assert _config(done.lines)["orderMessageEnable"] == "false"
    updated = mqadmin(cluster, "updateNamesrvConfig", "-k", "orderMessageEnable", "-v", "true")
    assert updated.code == 0 and updated.lines == ["update name server config success![%s]" % cluster.namesrv_addr,
                                                   "orderMessageEnable : true"]
    assert _config(mqadmin(cluster, "getNamesrvConfig").lines)["orderMessageEnable"] == "true"
    store_path = cluster.namesrv_controller.namesrv_config.config_store_path
    assert MixAll.file2properties(store_path)["orderMessageEnable"] == "true"           # persisted
    refused = mqadmin(cluster, "updateNamesrvConfig", "-k", "kvConfigPath", "-v", "/tmp/x")
    assert refused.code == 1 and refused.err.count("\n") == 1
