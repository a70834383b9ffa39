"""The broker's statistics (BrokerStatsManager / BrokerStats) as mqadmin sees them: VIEW_BROKER_STATS_DATA through
the admin API after sends, a consume and a send-back, consume TPS, the runtime info's message totals, and
``statsAll`` / ``brokerStatus`` / ``consumerProgress`` printing non-zero figures in a subprocess.

The broker samples its items every 10 s, 10 min and hour; the tests call the sampling methods instead of waiting,
as Java's StatsItemSetTest does."""
from __future__ import annotations

import json
import threading

import pytest

from rocketmq_broker.embedded_cluster import start_embedded_cluster
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.exception import MQClientException
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.stats.stats import Stats
from rocketmq_tools.command.support import new_admin, unique_instance_name

from tools_support import OnlineConsumer, mqadmin, send_messages


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    cluster = start_embedded_cluster(str(tmp_path_factory.mktemp("mqadmin-figures")))
    yield cluster
    cluster.shutdown()


def _sample(cluster) -> None:
    """What the broker's BrokerStatsThread does every 10 s, 10 min and hour, once."""
    for stats_item_set in cluster.broker_controller.get_broker_stats_manager().stats_table.values():
        stats_item_set.sampling_in_seconds()
        stats_item_set.sampling_in_minutes()
        stats_item_set.sampling_in_hour()


def _send_and_consume(cluster, wait_until, topic, group, count):
    cluster.create_topic(topic, 2)
    sent = send_messages(cluster.namesrv_addr, topic, count)
    online = OnlineConsumer(cluster.namesrv_addr, group, topic)
    try:
        wait_until(lambda: online.count() >= count, message="%d messages consumed" % count)
        offsets = cluster.broker_controller.get_consumer_offset_manager()
        wait_until(lambda: sum(max(0, offsets.query_offset(group, topic, q)) for q in range(2)) >= count,
                   message="offsets committed")
    finally:
        online.shutdown()
    return sent


def test_view_broker_stats_data_after_sends_and_a_consume(cluster, wait_until):
    _send_and_consume(cluster, wait_until, "FigTopic", "FigGroup", 5)
    _sample(cluster)
    addr = cluster.broker_addr
    with new_admin(cluster.namesrv_addr) as admin:
        put = admin.view_broker_stats_data(addr, Stats.TOPIC_PUT_NUMS, "FigTopic")
        assert [put.stats_minute.sum, put.stats_hour.sum, put.stats_day.sum] == [5, 5, 5]
        # the first sample is a zero one 10 s before the first sampling: 5 messages in about 10 s
        assert put.stats_minute.tps == pytest.approx(0.5, rel=0.1) and put.stats_minute.avgpt == 1.0
        size = admin.view_broker_stats_data(addr, Stats.TOPIC_PUT_SIZE, "FigTopic")
        assert size.stats_minute.sum > 5 * 2 and size.stats_minute.avgpt == size.stats_minute.sum / 5
        got = admin.view_broker_stats_data(addr, Stats.GROUP_GET_NUMS, "FigTopic@FigGroup")
        assert [got.stats_minute.sum, got.stats_hour.sum, got.stats_day.sum] == [5, 5, 5]
        assert got.stats_minute.tps > 0
        got_size = admin.view_broker_stats_data(addr, Stats.GROUP_GET_SIZE, "FigTopic@FigGroup")
        assert got_size.stats_day.sum >= size.stats_day.sum
        broker_put = admin.view_broker_stats_data(addr, Stats.BROKER_PUT_NUMS, "DefaultCluster")
        assert broker_put.stats_day.sum >= 5
        assert admin.view_broker_stats_data(addr, Stats.BROKER_GET_NUMS, "DefaultCluster").stats_day.sum >= 5
        # enableDetailStat (default true): the pull latency by queueId@topic@group, one addition per pull
        latency = cluster.broker_controller.get_broker_stats_manager().stats_table[Stats.GROUP_GET_LATENCY]
        keys = [key for key in latency.stats_item_table if key.endswith("@FigTopic@FigGroup")]
        assert keys and sum(latency.get_stats_item(key).get_times() for key in keys) >= 1
        admin.view_broker_stats_data(addr, Stats.GROUP_GET_LATENCY, keys[0])
        # how far behind the last pulled message was (ms), by queueId@topic@group
        fall_time = cluster.broker_controller.get_broker_stats_manager().get_moment_stats_item_set_fall_time()
        behind = {key: item.get_value() for key, item in fall_time.get_stats_item_table().items()
                  if key.endswith("@FigTopic@FigGroup")}
        assert behind and all(0 <= value < 60000 for value in behind.values())
        assert admin.examine_consume_stats("FigGroup", "FigTopic").consume_tps > 0
        with pytest.raises(MQClientException) as refused:
            admin.view_broker_stats_data(addr, Stats.TOPIC_PUT_NUMS, "NoSuchTopic")
    assert refused.value.get_response_code() == ResponseCode.SYSTEM_ERROR
    assert "The stats <TOPIC_PUT_NUMS> <NoSuchTopic> not exist" in str(refused.value)


def test_send_back_counted_by_group_and_original_topic(cluster, wait_until):
    cluster.create_topic("BackTopic", 1)
    reconsumed = threading.Event()

    def later(msgs, context):
        reconsumed.set()
        return ConsumeConcurrentlyStatus.RECONSUME_LATER

    consumer = DefaultMQPushConsumer("BackGroup")
    consumer.set_namesrv_addr(cluster.namesrv_addr)
    consumer.set_instance_name(unique_instance_name())
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.subscribe("BackTopic", "*")
    consumer.register_message_listener(later)
    consumer.start()
    try:
        send_messages(cluster.namesrv_addr, "BackTopic", 1)
        stats = cluster.broker_controller.get_broker_stats_manager()
        wait_until(lambda: stats.get_stats_item(Stats.SNDBCK_PUT_NUMS, "BackTopic@BackGroup") is not None,
                   message="the message sent back")
    finally:
        consumer.shutdown()
    assert reconsumed.is_set()
    _sample(cluster)
    with new_admin(cluster.namesrv_addr) as admin:
        back = admin.view_broker_stats_data(cluster.broker_addr, Stats.SNDBCK_PUT_NUMS, "BackTopic@BackGroup")
        # the delayed retry is stored in SCHEDULE_TOPIC_XXXX, counted as a put there
        delayed = admin.view_broker_stats_data(cluster.broker_addr, Stats.TOPIC_PUT_NUMS, "SCHEDULE_TOPIC_XXXX")
    assert back.stats_day.sum >= 1 and delayed.stats_day.sum >= 1


def test_runtime_info_message_totals(cluster, wait_until):
    _send_and_consume(cluster, wait_until, "TotalsTopic", "TotalsGroup", 3)
    with new_admin(cluster.namesrv_addr) as admin:
        table = admin.fetch_broker_runtime_stats(cluster.broker_addr).table
    assert int(table["msgPutTotalTodayNow"]) >= 3 and int(table["msgGetTotalTodayNow"]) >= 3
    # before the first midnight the morning totals are 0, as in Java; the daily record moves them
    broker_stats = cluster.broker_controller.get_broker_stats()
    assert table["msgPutTotalTodayMorning"] == str(broker_stats.get_msg_put_total_today_morning())
    broker_stats.record()
    with new_admin(cluster.namesrv_addr) as admin:
        table = admin.fetch_broker_runtime_stats(cluster.broker_addr).table
    assert int(table["msgPutTotalTodayMorning"]) >= 3 and int(table["msgGetTotalTodayMorning"]) >= 3


def test_stats_all_broker_status_and_consumer_progress_show_the_figures(cluster, wait_until):
    _send_and_consume(cluster, wait_until, "CliFigTopic", "CliFigGroup", 4)
    _sample(cluster)
    done = mqadmin(cluster, "statsAll", "-t", "CliFigTopic")
    assert done.code == 0, done.err
    rows = [row for row in done.rows() if row[0] == "CliFigTopic"]
    assert len(rows) == 1, done.out
    topic, group, accumulation, in_tps, out_tps, in_24h, out_24h = rows[0]
    assert (group, accumulation, in_24h, out_24h) == ("CliFigGroup", "0", "4", "4")
    assert float(in_tps) > 0 and float(out_tps) > 0
    active = mqadmin(cluster, "statsAll", "-a", "-t", "CliFigTopic")
    assert [row[0] for row in active.rows()[1:]] == ["CliFigTopic"]
    status = mqadmin(cluster, "brokerStatus", "-b", cluster.broker_addr)
    assert status.code == 0, status.err
    table = {line.split(":", 1)[0].strip(): line.split(": ", 1)[1] for line in status.lines}
    assert int(table["msgPutTotalTodayNow"]) >= 4 and int(table["msgGetTotalTodayNow"]) >= 4
    assert int(table["putMessageTimesTotal"]) >= 4
    # the store's TPS figures, "<10 s> <1 min> <10 min>", are empty until the store sampled that long (Java's)
    assert len(table["putTps"].split(" ")) == 3 and len(table["getTransferedTps"].split(" ")) == 3
    progress = mqadmin(cluster, "consumerProgress", "-g", "CliFigGroup")
    assert progress.code == 0, progress.err
    tps_line = [line for line in progress.lines if line.startswith("Consume TPS: ")]
    assert len(tps_line) == 1 and float(tps_line[0].split(": ")[1]) > 0


def test_auto_delete_unused_stats_forgets_a_deleted_topic(cluster, wait_until):
    _send_and_consume(cluster, wait_until, "GoneTopic", "GoneGroup", 1)
    controller = cluster.broker_controller
    stats = controller.get_broker_stats_manager()
    assert stats.get_stats_item(Stats.TOPIC_PUT_NUMS, "GoneTopic") is not None
    controller.get_broker_config().auto_delete_unused_stats = True
    try:
        with new_admin(cluster.namesrv_addr) as admin:
            admin.delete_topic_in_broker({cluster.broker_addr}, "GoneTopic")
    finally:
        controller.get_broker_config().auto_delete_unused_stats = False
    assert stats.get_stats_item(Stats.TOPIC_PUT_NUMS, "GoneTopic") is None
    assert stats.get_stats_item(Stats.GROUP_GET_NUMS, "GoneTopic@GoneGroup") is None


def test_export_metrics_counts_delayed_messages(cluster, tmp_path):
    from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
    from rocketmq_common.message.message import Message

    cluster.create_topic("DelayFigTopic", 1)
    producer = DefaultMQProducer("DelayFigProducer")
    producer.set_namesrv_addr(cluster.namesrv_addr)
    producer.set_instance_name(unique_instance_name())
    producer.start()
    try:
        for i in range(2):
            msg = Message("DelayFigTopic", b"later%d" % i)
            msg.set_delay_time_level(18)                                  # 2 h: stays in SCHEDULE_TOPIC_XXXX
            producer.send(msg)
    finally:
        producer.shutdown()
    _sample(cluster)
    done = mqadmin(cluster, "exportMetrics", "-c", "DefaultCluster", "-f", str(tmp_path))
    assert done.code == 0, done.err
    quota = json.loads((tmp_path / "metrics.json").read_text())["evaluateReport"]["broker-a"]["runtimeQuota"]
    assert quota["oneDayNum"]["scheduleOneDayInNum"] >= 2 and quota["tps"]["scheduleInTps"] > 0
