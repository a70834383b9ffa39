"""mqadmin's ACL subcommands in a subprocess against an ACL broker (the tools sign with the admin account of
``$ROCKETMQ_HOME/conf/tools.yml``, as Java's mqadmin): updateAclConfig / deleteAclConfig / updateGlobalWhiteAddr
change what the broker accepts, clusterAclConfigVersion and getAclConfig show the files."""
from __future__ import annotations

import os

import pytest

from rocketmq_acl.common.acl_client_rpc_hook import AclClientRPCHook
from rocketmq_acl.common.acl_utils import AclUtils
from rocketmq_acl.common.session_credentials import SessionCredentials
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.message.message import Message
from rocketmq_tools.command.support import unique_instance_name

import tools_support

ADMIN_SECRET = "adm1n-Secret-55"
ACL_YAML = """\
globalWhiteRemoteAddresses:
  - 10.10.103.*
accounts:
  - accessKey: AdminUser
    secretKey: "%s"
    admin: true
dataVersion:
  - counter: 3
    timestamp: 1700000000000
""" % ADMIN_SECRET


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    home = tmp_path_factory.mktemp("acl-home")
    (home / "conf").mkdir()
    (home / "conf" / "plain_acl.yml").write_text(ACL_YAML)
    (home / "conf" / "tools.yml").write_text("accessKey: AdminUser\nsecretKey: \"%s\"\n" % ADMIN_SECRET)
    return home


@pytest.fixture(scope="module")
def cluster(home, tmp_path_factory):
    cluster = EmbeddedCluster(str(tmp_path_factory.mktemp("acl-cluster")),
                              broker_config=dict(acl_enable=True, rocketmq_home=str(home),
                                                 acl_plain_file=str(home / "conf" / "plain_acl.yml")))
    cluster.start()
    cluster.create_topic("AclCliTopic", 1)
    yield cluster
    cluster.shutdown()


@pytest.fixture
def mqadmin(home, monkeypatch):
    monkeypatch.setenv("ROCKETMQ_HOME", str(home))
    return tools_support.mqadmin


def _send_as(cluster, access_key=None, secret_key=None):
    """Send one message to AclCliTopic with these credentials (none: unsigned); True when the broker took it."""
    hook = AclClientRPCHook(SessionCredentials(access_key, secret_key)) if access_key else None
    producer = DefaultMQProducer("AclCliProducer", hook)
    producer.set_namesrv_addr(cluster.namesrv_addr)
    producer.set_instance_name(unique_instance_name())
    producer.set_retry_times_when_send_failed(0)
    producer.start()
    try:
        producer.send(Message("AclCliTopic", b"x"))
        return True
    except (MQClientException, MQBrokerException):
        return False
    finally:
        producer.shutdown()


def test_update_and_delete_acl_config_change_what_the_broker_accepts(cluster, mqadmin, home):
    assert not _send_as(cluster, "NewUser1", "newSecret-1")
    done = mqadmin(cluster, "updateAclConfig", "-b", cluster.broker_addr, "-a", "NewUser1", "-s", "newSecret-1",
                   "-i", "DENY", "-t", "AclCliTopic=PUB")
    assert done.code == 0, done.err
    assert done.lines[0] == "create or update plain access config to %s success." % cluster.broker_addr
    assert done.lines[1].startswith("PlainAccessConfig [accessKey=NewUser1, secretKey=******,")
    assert _send_as(cluster, "NewUser1", "newSecret-1")
    persisted = AclUtils.get_yaml_data_object(str(home / "conf" / "plain_acl.yml"))
    assert [a["accessKey"] for a in persisted["accounts"]] == ["AdminUser", "NewUser1"]
    assert persisted["accounts"][1]["topicPerms"] == ["AclCliTopic=PUB"] and persisted["dataVersion"][0][
        "counter"] == 4

    denied = mqadmin(cluster, "updateAclConfig", "-c", "DefaultCluster", "-a", "NewUser1", "-s", "newSecret-1",
                     "-t", "AclCliTopic=SUB")
    assert denied.code == 0, denied.err
    assert not _send_as(cluster, "NewUser1", "newSecret-1")                 # SUB only now

    deleted = mqadmin(cluster, "deleteAclConfig", "-b", cluster.broker_addr, "-a", "NewUser1")
    assert deleted.code == 0 and deleted.lines == ["delete plain access config account from %s success."
                                                   % cluster.broker_addr, "account's accesskey is:NewUser1"]
    again = mqadmin(cluster, "deleteAclConfig", "-b", cluster.broker_addr, "-a", "NewUser1")
    assert again.code == 1 and "(code 210)" in again.err                    # DELETE_ACL_CONFIG_FAILED
    short = mqadmin(cluster, "updateAclConfig", "-b", cluster.broker_addr, "-a", "Short", "-s", "x")
    assert short.code == 1 and "(code 209)" in short.err                    # UPDATE_AND_CREATE_ACL_CONFIG_FAILED


def test_update_global_white_addr_lets_unsigned_clients_in(cluster, mqadmin):
    assert not _send_as(cluster)
    done = mqadmin(cluster, "updateGlobalWhiteAddr", "-b", cluster.broker_addr, "-g", "10.10.103.*,127.0.0.1")
    assert (done.code, done.lines) == (0, ["update global white remote addresses to %s success."
                                           % cluster.broker_addr]), done.err
    try:
        assert _send_as(cluster)
        config = mqadmin(cluster, "getAclConfig", "-b", cluster.broker_addr)
        assert config.code == 0, config.err
        assert "globalWhiteRemoteAddresses: [10.10.103.*, 127.0.0.1]" in config.lines
        assert "  accessKey         : AdminUser" in config.lines and "  admin             : true" in config.lines
    finally:
        assert mqadmin(cluster, "updateGlobalWhiteAddr", "-c", "DefaultCluster", "-g", "10.10.103.*").code == 0
    assert not _send_as(cluster)
    bad_file = mqadmin(cluster, "updateGlobalWhiteAddr", "-b", cluster.broker_addr, "-g", "1.2.3.4", "-p",
                       "/nonexistent/x.yml")
    assert bad_file.code == 1 and "(code 211)" in bad_file.err


def test_cluster_acl_config_version(cluster, mqadmin, home):
    done = mqadmin(cluster, "clusterAclConfigVersion", "-c", "DefaultCluster")
    assert done.code == 0, done.err
    assert done.rows()[0] == ["#Cluster", "Name", "#Broker", "Name", "#Broker", "Addr", "#AclFilePath",
                              "#AclConfigVersionNum", "#AclLastUpdateTime"]
    row = done.rows()[1]
    assert row[:4] == ["DefaultCluster", "broker-a", cluster.broker_addr, str(home / "conf" / "plain_acl.yml")]
    assert int(row[4]) >= 3
    assert done.lines[-1] == "get cluster's plain access config version success."
    one = mqadmin(cluster, "clusterAclConfigVersion", "-b", cluster.broker_addr)
    assert one.code == 0 and one.lines[-1] == "get broker's plain access config version success."


def test_acl_commands_without_credentials_are_refused(cluster, home, monkeypatch):
    monkeypatch.setenv("ROCKETMQ_HOME", str(home / "nowhere"))
    refused = tools_support.mqadmin(cluster, "getAclConfig", "-b", cluster.broker_addr)
    assert refused.code == 1 and refused.err.count("\n") == 1 and "No accessKey is configured" in refused.err
    assert os.path.isfile(home / "conf" / "tools.yml")
