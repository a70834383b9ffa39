"""The subcommands 5.3.3's mqadmin added for batch updates, HA, broker containers, controllers, cold data and RocksDB,
in this process on one embedded cluster: what they change on the broker and what they print, the answers of a
broker and NameServer without controller, container or RocksDB, the local-file commands, and the controller
commands against a stand-in controller answering as 5.3.3's."""
from __future__ import annotations

import json
from typing import List

import pytest

from rocketmq_broker.embedded_cluster import start_embedded_cluster
from rocketmq_common.protocol.body.broker_member_group import BrokerMemberGroup
from rocketmq_common.protocol.body.broker_replicas_info import BrokerReplicasInfo, ReplicaIdentity, ReplicasInfo
from rocketmq_common.protocol.header.controller.elect_master_response_header import ElectMasterResponseHeader
from rocketmq_common.protocol.header.controller.get_meta_data_response_header import GetMetaDataResponseHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.netty.netty_server_config import NettyServerConfig
from rocketmq_remoting.protocol.remoting_command import RemotingCommand, RemotingSysResponseCode
from rocketmq_remoting.netty.netty_remoting_server import NettyRemotingServer
from rocketmq_tools.command.support import repeat_every

from tools_support import send_messages

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    cluster = start_embedded_cluster(str(tmp_path_factory.mktemp("mqadmin-5x")))
    yield cluster
    cluster.shutdown()


def test_update_topic_list_creates_every_topic_and_registers_them(cli, cluster, tmp_path, wait_until):
    topics = tmp_path / "topics.json"
    topics.write_text(json.dumps([{"topicName": "BatchTopicA", "readQueueNums": 2, "writeQueueNums": 2, "perm": 6},
                                  {"topicName": "BatchTopicB", "readQueueNums": 3, "writeQueueNums": 3, "perm": 6,
                                   "attributes": {"+message.type": "FIFO"}}]))
    done = cli.on(cluster, "updateTopicList", "-b", cluster.broker_addr, "-f", str(topics))
    assert (done.code, done.lines) == (0, ["submit batch of topic config to %s success, please check the result "
                                           "later." % cluster.broker_addr]), done.err
    table = cluster.broker_controller.get_topic_config_manager().get_topic_config_table()
    assert (table["BatchTopicA"].write_queue_nums, table["BatchTopicB"].read_queue_nums) == (2, 3)
    assert table["BatchTopicB"].attributes == {"message.type": "FIFO"}
    wait_until(lambda: {"BatchTopicA", "BatchTopicB"} <= set(cli.on(cluster, "topicList").lines), 10,
               "both topics in the NameServer's list")
    by_cluster = cli.on(cluster, "updateTopicList", "-c", "DefaultCluster", "-f", str(topics))
    assert by_cluster.code == 0 and by_cluster.lines == done.lines


def test_update_topic_list_refuses_a_system_topic_and_a_missing_or_bad_file(cli, cluster, tmp_path):
    system = tmp_path / "system.json"
    system.write_text(json.dumps([{"topicName": "RMQ_SYS_TRANS_HALF_TOPIC", "readQueueNums": 1,
                                   "writeQueueNums": 1, "perm": 6}]))
    refused = cli.on(cluster, "updateTopicList", "-b", cluster.broker_addr, "-f", str(system))
    assert (refused.code, refused.err) == (1, "rocketmq updateTopicList: The topic[RMQ_SYS_TRANS_HALF_TOPIC] is "
                                              "conflict with system topic. (code %d)\n"
                                           % ResponseCode.INVALID_PARAMETER)
    missing = cli.on(cluster, "updateTopicList", "-b", cluster.broker_addr, "-f", str(tmp_path / "none.json"))
    assert (missing.code, missing.lines) == (1, ["the file path %s does not exists" % (tmp_path / "none.json")])
    bad = tmp_path / "bad.json"
    bad.write_text('{"topicName": "NotAList"}')
    assert cli.on(cluster, "updateTopicList", "-b", cluster.broker_addr, "-f", str(bad)).code == 2
    assert cli.on(cluster, "updateTopicList", "-f", str(bad)).code == 2                 # neither -b nor -c


def test_update_sub_group_list_creates_every_group(cli, cluster, tmp_path):
    groups = tmp_path / "groups.json"
    groups.write_text(json.dumps([{"groupName": "BatchGroupA", "retryMaxTimes": 3},
                                  {"groupName": "BatchGroupB", "consumeBroadcastEnable": False}]))
    done = cli.on(cluster, "updateSubGroupList", "-b", cluster.broker_addr, "-f", str(groups))
    assert (done.code, done.lines) == (0, ["submit batch of group config to %s success, please check the result "
                                           "later." % cluster.broker_addr]), done.err
    table = cluster.broker_controller.get_subscription_group_manager().subscription_group_table
    assert table["BatchGroupA"].retry_max_times == 3 and not table["BatchGroupB"].consume_broadcast_enable
    by_cluster = cli.on(cluster, "updateSubGroupList", "-c", "DefaultCluster", "-f", str(groups))
    assert (by_cluster.code, by_cluster.lines) == (0, [
        "submit batch of subscription group config to %s success, please check the result later."
        % cluster.broker_addr])


def test_ha_status_shows_a_master_without_slaves(cli, cluster):
    send_messages(cluster.namesrv_addr, "HaStatusTopic", 2)
    max_offset = cluster.broker_controller.get_message_store().get_max_phy_offset()
    header = "%-32s  %-16s %16s %16s %16s %16s" % ("#SlaveAddr", "#SlaveAckOffset", "#Diff", "#TransferSpeed(KB/s)",
                                                   "#Status", "#TransferFromWhere")
    expected = ["", "#MasterAddr\t%s" % cluster.broker_addr, "#MasterCommitLogMaxOffset\t%d" % max_offset,
                "#SlaveNum\t0", "#InSyncSlaveNum\t0", header]
    by_addr = cli.on(cluster, "haStatus", "-b", cluster.broker_addr)
    assert (by_addr.code, by_addr.lines) == (0, expected), by_addr.err
    assert max_offset > 0 and cli.on(cluster, "haStatus", "-c", "DefaultCluster").lines == expected
    assert cli.on(cluster, "haStatus").code == 2


def test_get_broker_epoch_needs_controller_mode(cli, cluster):
    for argv in (["-b", "broker-a"], ["-c", "DefaultCluster"]):
        done = cli.on(cluster, "getBrokerEpoch", *argv)
        assert (done.code, done.out) == (1, "")
        assert done.err == "rocketmq getBrokerEpoch: this request only for controllerMode  (code 1)\n"


@pytest.mark.parametrize("argv, code", [
    (["getControllerMetaData"], RequestCode.CONTROLLER_GET_METADATA_INFO),
    (["getControllerConfig"], RequestCode.GET_CONTROLLER_CONFIG),
    (["updateControllerConfig", "-k", "k", "-v", "v"], RequestCode.UPDATE_CONTROLLER_CONFIG),
    (["getSyncStateSet", "-b", "broker-a"], RequestCode.CONTROLLER_GET_METADATA_INFO),
    (["electMaster", "-b", "0", "-bn", "broker-a", "-c", "DefaultCluster"], RequestCode.CONTROLLER_GET_METADATA_INFO),
    (["cleanBrokerMetadata", "-bn", "broker-a", "-c", "DefaultCluster"], RequestCode.CONTROLLER_GET_METADATA_INFO),
])
def test_controller_commands_without_a_controller(cli, cluster, argv, code):
    """The NameServer and the broker answer a controller's request as 5.3.3's without a controller do."""
    for controller in (cluster.namesrv_addr, cluster.broker_addr):
        done = cli.on(cluster, argv[0], "-a", controller, *argv[1:])
        assert (done.code, done.out) == (1, ""), done.err
        assert done.err == "rocketmq %s:  request type %d not supported (code 3)\n" % (argv[0], code)


def test_clean_broker_metadata_checks_its_options(cli, cluster):
    base = ["cleanBrokerMetadata", "-a", cluster.namesrv_addr, "-bn", "broker-a"]
    assert "clusterName option can not be empty" in cli.on(cluster, *base).err
    assert cli.on(cluster, *base, "-c", "DefaultCluster", "-b", "1;x").code == 2


def test_container_commands_on_a_broker(cli, cluster):
    add = cli.on(cluster, "addBroker", "-c", cluster.broker_addr, "-b", "/conf/broker-b.properties")
    assert add.err == "rocketmq addBroker:  request type %d not supported (code 3)\n" % RequestCode.ADD_BROKER
    remove = cli.on(cluster, "removeBroker", "-c", cluster.broker_addr, "-b", "DefaultCluster:broker-a:0")
    assert (remove.code, remove.err) == (1, "rocketmq removeBroker:  request type %d not supported (code 3)\n"
                                         % RequestCode.REMOVE_BROKER)
    assert cli.on(cluster, "removeBroker", "-c", cluster.broker_addr, "-b", "DefaultCluster:broker-a").code == 2
    negative = cli.on(cluster, "removeBroker", "-c", cluster.broker_addr, "-b", "DefaultCluster:broker-a:-1")
    assert (negative.code, negative.lines) == (1, ["brokerId can't be negative"])


def test_export_pop_record(cli, cluster):
    line = "Export broker records, brokerName=broker-a, brokerAddr=%s, dryRun=%s"
    by_addr = cli.on(cluster, "exportPopRecord", "-b", cluster.broker_addr)
    assert (by_addr.code, by_addr.lines) == (0, [line % (cluster.broker_addr, "false")]), by_addr.err
    dry = cli.on(cluster, "exportPopRecord", "-c", "DefaultCluster", "-d", "false")   # Java: only "false" is dry
    assert (dry.code, dry.lines) == (0, [line % (cluster.broker_addr, "true")])


def test_cold_data_flow_ctr_group_config(cli, cluster):
    def info(*argv):
        done = cli.on(cluster, "getColdDataFlowCtrInfo", *argv)
        assert done.code == 0, done.err
        return done.lines

    update = cli.on(cluster, "updateColdDataFlowCtrGroupConfig", "-c", "DefaultCluster", "-g", "ColdGroup",
                    "-v", "1048576")
    assert update.lines == ["updateColdDataFlowCtrGroupConfig success, %s" % cluster.broker_addr]
    assert info("-b", cluster.broker_addr) == [
        " ============%s============" % cluster.broker_addr, "{", '\t"globalAcc":0,',
        '\t"cgColdReadThreshold":3145728,', '\t"configTable":{', '\t\t"ColdGroup":1048576', "\t},",
        '\t"globalColdReadThreshold":104857600,', '\t"runtimeTable":{}', "}"]
    remove = cli.on(cluster, "removeColdDataFlowCtrGroupConfig", "-b", cluster.broker_addr, "-g", "ColdGroup")
    assert remove.lines == ["remove broker cold read threshold success, %s" % cluster.broker_addr]
    lines = info("-c", "DefaultCluster")
    assert lines[0] == " ============Master: %s============" % cluster.broker_addr
    assert '\t"configTable":{},' in lines


def test_set_commit_log_read_ahead_mode(cli, cluster):
    config = cluster.broker_controller.get_message_store_config()
    random_read = cli.on(cluster, "setCommitLogReadAheadMode", "-b", cluster.broker_addr, "-m", "1")
    assert random_read.lines == [" ============%s============" % cluster.broker_addr,
                                 "commitLog set readAhead mode rstStrset commitlog readahead mode success, mode: 1"]
    assert config.data_read_ahead_enable is False
    normal = cli.on(cluster, "setCommitLogReadAheadMode", "-c", "DefaultCluster", "-m", "0")
    assert normal.lines[0] == " ============Master: %s============" % cluster.broker_addr
    assert config.data_read_ahead_enable is True
    wrong = cli.on(cluster, "setCommitLogReadAheadMode", "-b", cluster.broker_addr, "-m", "2")
    assert (wrong.code, wrong.lines) == (1, ["set the read mode error; 0 is default, 1 random read"])


def test_reset_master_flush_offset_is_ignored_by_a_master(cli, cluster):
    done = cli.on(cluster, "resetMasterFlushOffset", "-b", cluster.broker_addr, "-o", "42")
    assert (done.code, done.lines) == (0, ["reset master flush offset to 42 success"])
    assert cluster.broker_controller.get_message_store().master_flushed_offset == 0


def test_check_rocksdb_cq_write_progress(cli, cluster):
    done = cli.on(cluster, "checkRocksdbCqWriteProgress", "-c", "DefaultCluster", "-t", "HaStatusTopic")
    assert (done.code, done.out) == (0, "broker-a check doing, please wait and get the result from log... \n")
    unknown = cli.on(cluster, "checkRocksdbCqWriteProgress", "-c", "NoSuchCluster")
    assert (unknown.code, unknown.out) == (1, "clusterAddrTable is empty")


def test_rocks_db_config_to_json(cli, cluster, tmp_path):
    rpc = cli.on(cluster, "rocksDBConfigToJson", "-c", "DefaultCluster")
    assert (rpc.code, rpc.out) == (0, "Use [rpc mode] call all brokers in cluster to export to json file \n"
                                      "broker export done."), rpc.err
    no_cluster = cli.on(cluster, "rocksDBConfigToJson", "-t", "topics")
    assert no_cluster.code == 2 and no_cluster.lines[-1] == "rpc mode Invalid args, please input cluster"
    broker = cli("rocksDBConfigToJson", "-b", cluster.broker_addr, "-t", "topics;consumerOffsets")
    assert (broker.code, broker.out) == (0, "Use [rpc mode] call broker to export to json file \n"
                                            "broker export done."), broker.err
    bad_type = cli("rocksDBConfigToJson", "-b", cluster.broker_addr, "-t", "nothing")
    assert bad_type.code == 2 and "Invalid configType: nothing" in bad_type.out
    local = cli("rocksDBConfigToJson", "-p", str(tmp_path), "-t", "topics")
    assert local.code == 1 and local.lines[0] == "Use [local mode] load rocksdb to print or export file "
    assert cli("rocksDBConfigToJson", "-p", str(tmp_path / "none"), "-t", "topics").lines[-1] == \
        "Rocksdb path is invalid."
    assert cli("rocksDBConfigToJson").out.startswith("Convert RocksDB kv config")


def test_export_metadata_in_rocks_db(cli, tmp_path):
    missing = cli("exportMetadataInRocksDB", "-p", str(tmp_path / "none"), "-t", "topics")
    assert (missing.code, missing.lines) == (1, ["RocksDB path is invalid."])
    found = cli("exportMetadataInRocksDB", "-p", str(tmp_path), "-t", "topics")
    assert (found.code, found.lines) == (1, ["RocksDB load error, path=%s/topics" % tmp_path])


def test_dump_compaction_log_prints_each_stored_message(cli, cluster, tmp_path):
    results = send_messages(cluster.namesrv_addr, "DumpTopic", 2, body_prefix="dump")
    store = cluster.broker_controller.get_message_store()
    offsets = sorted(int(r.get_offset_msg_id()[-16:], 16) for r in results)
    records = b""
    for offset in offsets:
        msg = store.look_message_by_offset(offset)
        records += bytes(store.get_commit_log_data(offset).get_byte_buffer()[:msg.get_store_size()])
    log_file = tmp_path / "00000000000000000000"
    log_file.write_bytes(records + b"\0" * 64)
    done = cli("dumpCompactionLog", "-f", str(log_file))
    assert done.code == 0 and len(done.lines) == 2, done.err
    for line, result in zip(done.lines, sorted(results, key=lambda r: r.get_offset_msg_id())):
        assert line.startswith("MessageExt [brokerName=null, queueId=") and "topic='DumpTopic'" in line
        assert "msgId=%s" % result.get_offset_msg_id() in line and line.endswith("body=null, transactionId='null'}]")
    assert cli("dumpCompactionLog", "-f", str(tmp_path / "none")).err.endswith("not exist.\n")
    assert cli("dumpCompactionLog", "-f", str(tmp_path)).err.endswith("is a directory.\n")
    assert (cli("dumpCompactionLog").code, cli("dumpCompactionLog").out) == (2, "miss dump log file name\n")


class _Controller(NettyRequestProcessor):
    """A controller leader's answers (5.3.3's ControllerRequestProcessor) to the admin requests, and the requests
    it got."""

    def __init__(self) -> None:
        self.addr = ""
        self.requests: List[RemotingCommand] = []

    def process_request(self, ctx, request):
        self.requests.append(request)
        response = RemotingCommand.create_response_command(RemotingSysResponseCode.SUCCESS, None)
        if request.code == RequestCode.CONTROLLER_GET_METADATA_INFO:
            response.write_custom_header(GetMetaDataResponseHeader(
                group="group1", controller_leader_id="n0", controller_leader_address=self.addr, is_leader=True,
                peers="n0:%s;n1:127.0.0.1:1;" % self.addr))
        elif request.code == RequestCode.CONTROLLER_GET_SYNC_STATE_DATA:
            info = BrokerReplicasInfo()
            info.add_replica_info("broker-a", ReplicasInfo(
                master_broker_id=1, master_address="127.0.0.1:2", master_epoch=3, sync_state_set_epoch=4,
                in_sync_replicas=[ReplicaIdentity(broker_name="broker-a", broker_id=1, broker_address="127.0.0.1:2",
                                                  alive=True)],
                not_in_sync_replicas=[ReplicaIdentity(broker_name="broker-a", broker_id=2,
                                                      broker_address="127.0.0.1:3")]))
            response.body = info.encode()
        elif request.code == RequestCode.CONTROLLER_ELECT_MASTER:
            response.write_custom_header(ElectMasterResponseHeader(master_broker_id=2, master_address="127.0.0.1:3",
                                                                   master_epoch=5, sync_state_set_epoch=6))
            response.body = BrokerMemberGroup(cluster="DefaultCluster", broker_name="broker-a",
                                              broker_addrs={1: "127.0.0.1:2", 2: "127.0.0.1:3"}).encode()
        elif request.code == RequestCode.GET_CONTROLLER_CONFIG:
            response.body = b"controllerType=DLedger\nnotifyBrokerRoleChanged=true\n"
        return response

    def reject_request(self) -> bool:
        return False


@pytest.fixture(scope="module")
def controller():
    server = NettyRemotingServer(NettyServerConfig(listen_port=0, bind_address="127.0.0.1"))
    processor = _Controller()
    server.register_default_processor(processor, None)
    server.start()
    processor.addr = "127.0.0.1:%d" % server.local_listen_port()
    yield processor
    server.shutdown()


def test_controller_commands_print_a_controllers_answers(cli, cluster, controller):
    """What 5.3.3's controller answers (checked against a real one by tests/interop/test_mqadmin5.py), printed as
    Java prints it."""
    meta = cli.on(cluster, "getControllerMetaData", "-a", controller.addr)
    assert (meta.code, meta.out) == (0, "\n#ControllerGroup\tgroup1\n#ControllerLeaderId\tn0\n#ControllerLeaderAddress"
                                        "\t%s\n#Peer:\tn0:%s\n#Peer:\tn1:127.0.0.1:1\n" % (controller.addr,
                                                                                           controller.addr)), meta.err
    sync = cli.on(cluster, "getSyncStateSet", "-a", controller.addr, "-c", "DefaultCluster")
    assert sync.out == (
        "\n#brokerName\tbroker-a\n#MasterBrokerId\t1\n#MasterAddr\t127.0.0.1:2\n#MasterEpoch\t3\n#SyncStateSetEpoch\t4"
        "\n#SyncStateSetNums\t1\n\nInSyncReplica:\tReplicaIdentity{brokerName='broker-a', brokerId=1, "
        "brokerAddress='127.0.0.1:2', alive=true}\n\nNotInSyncReplica:\tReplicaIdentity{brokerName='broker-a', "
        "brokerId=2, brokerAddress='127.0.0.1:3', alive=false}\n"), sync.err
    assert json.loads(controller.requests[-1].body) == ["broker-a"]
    elect = cli.on(cluster, "electMaster", "-a", controller.addr, "-b", "2", "-bn", "broker-a", "-c", "DefaultCluster")
    assert elect.lines == ["", "#ClusterName\tDefaultCluster", "#BrokerName\tbroker-a",
                           "#BrokerMasterAddr\t127.0.0.1:3", "#MasterEpoch\t5", "#SyncStateSetEpoch\t6",
                           "\t#Broker\t1\t127.0.0.1:2",
                           "\t#Broker\t2\t127.0.0.1:3"], elect.err
    header = controller.requests[-1].ext_fields
    assert (header["brokerId"], header["designateElect"], header["clusterName"]) == ("2", "true", "DefaultCluster")
    clean = cli.on(cluster, "cleanBrokerMetadata", "-a", controller.addr, "-bn", "broker-a", "-l", "-b", "1;2")
    assert clean.lines == ["clear broker broker-a metadata from controller success! "], clean.err
    header = controller.requests[-1].ext_fields
    assert (header["brokerControllerIdsToClean"], header["isCleanLivingBroker"]) == ("1;2", "true")
    config = cli.on(cluster, "getControllerConfig", "-a", controller.addr)
    assert config.lines == ["============%s============" % controller.addr, "%-50s=  DLedger" % "controllerType",
                            "%-50s=  true" % "notifyBrokerRoleChanged"], config.err
    update = cli.on(cluster, "updateControllerConfig", "-a", controller.addr, "-k", "a", "-v", "b")
    assert update.lines == ["update controller config success![%s]" % controller.addr, "a : b"]
    assert controller.requests[-1].body == b"a=b\n"


def test_the_interval_option_repeats_until_interrupted():
    """``-i`` of haStatus / getBrokerEpoch / getSyncStateSet: again and again until Ctrl-C; once without it."""
    calls: List[int] = []

    def run() -> None:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        repeat_every("0", run)
    assert len(calls) == 3
    repeat_every(None, calls.clear)
    assert calls == []
