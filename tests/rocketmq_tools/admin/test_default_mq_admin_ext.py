"""DefaultMQAdminExt (the facade the commands use) directly against the embedded cluster: life cycle, the calls
our MQClientAPIImpl lacks (broker runtime info, consume-by-who, order conf, reset through the broker), and
view_message never contacting the address inside a unique message id."""
from __future__ import annotations

import pytest

from rocketmq_client.exception import MQClientException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.message.message import Message
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.support import new_admin, unique_instance_name


def _send(cluster, topic, count, keys=None):
    producer = DefaultMQProducer("AdminExtProducer")
    producer.set_namesrv_addr(cluster.namesrv_addr)
    producer.set_instance_name(unique_instance_name())
    with producer:
        return [producer.send(Message(topic, "TagA", keys, b"body %d" % i)) for i in range(count)]


def test_life_cycle(embedded_cluster):
    admin = new_admin(embedded_cluster.namesrv_addr)
    with pytest.raises(MQClientException, match="state not OK"):
        admin.fetch_all_topic_list()
    with admin:
        twin = DefaultMQAdminExt(namesrv_addr=embedded_cluster.namesrv_addr, instance_name=admin.get_instance_name())
        with pytest.raises(MQClientException, match=r"The adminExt group\[admin_ext_group\] has created already"):
            twin.start()
        with pytest.raises(MQClientException, match="maybe started once"):
            admin.start()
        assert admin.get_name_server_address_list() == [embedded_cluster.namesrv_addr]
    admin.shutdown()                                               # a second shutdown does nothing
    assert admin.get_admin_ext_group() == "admin_ext_group" and admin.get_timeout_millis() == 5000
    keyed = DefaultMQAdminExt("G", None, 300, namesrv_addr="127.0.0.1:1", mq_client_api_timeout=700)
    assert (keyed.get_admin_ext_group(), keyed.get_timeout_millis()) == ("G", 300)
    assert (keyed.get_namesrv_addr(), keyed.get_mq_client_api_timeout()) == ("127.0.0.1:1", 700)
    with pytest.raises(TypeError, match=r"DefaultMQAdminExt\(\) got an unexpected keyword argument 'namesrv' "
                                        r"\(did you mean 'namesrv_addr' or 'namespace_v2' or 'namespace'\?\)"):
        DefaultMQAdminExt(namesrv="127.0.0.1:1")


def test_runtime_stats_consumers_and_order_conf(embedded_cluster):
    with new_admin(embedded_cluster.namesrv_addr) as admin:
        config = TopicConfig("AdminTopic", 2, 2)
        admin.create_and_update_topic_config(embedded_cluster.broker_addr, config)
        _send(embedded_cluster, "AdminTopic", 3)
        table = admin.fetch_broker_runtime_stats(embedded_cluster.broker_addr).table
        assert table["brokerVersionDesc"] == "V5_3_3" and int(table["msgPutTotalTodayNow"]) >= 3
        assert admin.query_topic_consume_by_who("AdminTopic").group_list == set()
        stats = admin.examine_topic_stats("AdminTopic")
        assert sum(o.max_offset for o in stats.offset_table.values()) == 3
        with pytest.raises(MQClientException) as e:
            admin.examine_consume_stats("NoGroup")
        assert e.value.response_code == ResponseCode.TOPIC_NOT_EXIST          # no %RETRY%NoGroup route

        admin.create_or_update_order_conf("AdminTopic", "broker-a:2", False)
        admin.create_or_update_order_conf("AdminTopic", "broker-b:4", False)
        api = admin.default_mq_admin_ext_impl.mq_client_instance.get_mq_client_api_impl()
        assert sorted(api.get_kv_config_value("ORDER_TOPIC_CONFIG", "AdminTopic", 3000).split(";")) == \
            ["broker-a:2", "broker-b:4"]
        admin.create_or_update_order_conf("AdminTopic", "broker-a:8", True)
        assert api.get_kv_config_value("ORDER_TOPIC_CONFIG", "AdminTopic", 3000) == "broker-a:8"

        with pytest.raises(MQClientException) as unknown:
            admin.reset_offset_by_timestamp("AdminTopic", "NobodyGroup", 0, True)
        # a 5.3.3 broker resets offsets itself (useServerSideResetOffset): a group it does not know is refused
        assert (unknown.value.response_code, unknown.value.error_message) == \
            (ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, "Group NobodyGroup does not exist")


def test_view_message_by_unique_id_does_not_contact_the_producer_address(embedded_cluster, monkeypatch):
    results = _send(embedded_cluster, "ViewTopic", 2, "ViewKey")
    contacted = []
    real = NettyRemotingClient.invoke_sync

    def recording(self, addr, request, timeout_millis):
        contacted.append(addr)
        return real(self, addr, request, timeout_millis)

    monkeypatch.setattr(NettyRemotingClient, "invoke_sync", recording)
    with new_admin(embedded_cluster.namesrv_addr) as admin:
        msg = admin.view_message("ViewTopic", results[0].get_msg_id())
        assert msg.get_body() == b"body 0" and msg.get_keys() == "ViewKey"
        by_offset_id = admin.view_message(results[1].get_offset_msg_id())
        assert by_offset_id.get_body() == b"body 1"
        with pytest.raises(MQClientException):
            admin.view_message("ViewTopic", "0" * 32)
        assert admin.query_message_by_uniq_key("ViewTopic", results[1].get_msg_id(), 4, 0,
                                               (1 << 63) - 1).get_message_list()[0].get_body() == b"body 1"
        # 5.3.3's queryMessage(clusterName, topic, msgId): only the brokers of that cluster are asked (none: as
        # Java, the topic has no route there)
        in_cluster = admin.query_message_in_cluster("DefaultCluster", "ViewTopic", results[0].get_msg_id())
        assert in_cluster.get_body() == b"body 0"
        with pytest.raises(MQClientException) as elsewhere:
            admin.query_message_in_cluster("OtherCluster", "ViewTopic", results[0].get_msg_id())
        assert elsewhere.value.response_code == ResponseCode.TOPIC_NOT_EXIST
    assert set(addr for addr in contacted if addr is not None) <= \
        {embedded_cluster.namesrv_addr, embedded_cluster.broker_addr}


def test_consume_stats_carry_the_offset_the_group_pulled_up_to(embedded_cluster):
    """5.3.3's pullOffsetTable: a pull remembers the next offset it returned; GET_CONSUME_STATS sends it as
    pullOffset (at least the consumer offset), consumerProgress's #Inflight."""
    from rocketmq_client.consumer.default_mq_pull_consumer import DefaultMQPullConsumer
    from rocketmq_common.message.message_queue import MessageQueue
    with new_admin(embedded_cluster.namesrv_addr) as admin:
        admin.create_and_update_topic_config(embedded_cluster.broker_addr, TopicConfig("PulledTopic", 1, 1))
        _send(embedded_cluster, "PulledTopic", 3)
        mq = MessageQueue("PulledTopic", "broker-a", 0)
        before = admin.examine_consume_stats("PullGroup", "PulledTopic").offset_table[mq]
        assert (before.consumer_offset, before.pull_offset) == (0, 0)  # nothing pulled: the consumer offset
        consumer = DefaultMQPullConsumer("PullGroup")
        consumer.set_namesrv_addr(embedded_cluster.namesrv_addr)
        consumer.set_instance_name(unique_instance_name())
        with consumer:
            assert consumer.pull(mq, "*", 0, 2).next_begin_offset == 2
        wrapper = admin.examine_consume_stats("PullGroup", "PulledTopic").offset_table[mq]
        assert (wrapper.broker_offset, wrapper.consumer_offset, wrapper.pull_offset) == (3, 0, 2)
        manager = embedded_cluster.broker_controller.get_consumer_offset_manager()
        manager.remove_offset("PullGroup")
        assert manager.query_pull_offset("PullGroup", "PulledTopic", 0) == -1
