"""Java ``org.apache.rocketmq.tools.monitor.MonitorService``: every round, the backlog and the client running info
of each consumer group (found by its retry topic), and the offset-moved events as they come."""
from __future__ import annotations

import logging
import random
import time
from typing import Dict, List, Optional

from rocketmq_client.consumer.default_mq_pull_consumer import DefaultMQPullConsumer
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_common.admin.consume_stats import ConsumeStats
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.mix_all import MixAll
from rocketmq_common.mq_version import MQVersion
from rocketmq_common.protocol.body.consumer_running_info import ConsumerRunningInfo
from rocketmq_common.protocol.topic.offset_moved_event import OffsetMovedEvent
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_remoting.common.scheduled_executor import ScheduledExecutor
from rocketmq_remoting.rpc_hook import RPCHook
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.monitor.monitor_config import MonitorConfig
from rocketmq_tools.monitor.monitor_listener import MonitorListener
from rocketmq_tools.monitor.undone_msgs import DeleteMsgsEvent, UndoneMsgs

__all__ = ["MonitorService"]

log = logging.getLogger(__name__)

#: Java ``MQVersion.Version.V3_1_8_SNAPSHOT.ordinal()``: older clients give no running info
_V3_1_8_SNAPSHOT = MQVersion.version_ordinal("V3_1_8_SNAPSHOT")


class MonitorService:
    """See the module docstring: a pull consumer (the newest message of a queue, for delays), an admin client, a
    push consumer of ``OFFSET_MOVED_EVENT`` and a scheduled round (first after ``first_round_delay``, then every
    ``round_interval`` ms). ``shutdown()`` stops all of them."""

    def __init__(self, monitor_config: MonitorConfig, monitor_listener: MonitorListener,
                 rpc_hook: Optional[RPCHook] = None) -> None:
        self.monitor_config = monitor_config
        self.monitor_listener = monitor_listener
        self.scheduled_executor_service = ScheduledExecutor("MonitorService")
        self.default_mq_admin_ext = DefaultMQAdminExt(rpc_hook=rpc_hook)
        self.default_mq_pull_consumer = DefaultMQPullConsumer(MixAll.TOOLS_CONSUMER_GROUP)
        self.default_mq_push_consumer = DefaultMQPushConsumer(MixAll.MONITOR_CONSUMER_GROUP)
        for client in (self.default_mq_admin_ext, self.default_mq_pull_consumer, self.default_mq_push_consumer):
            client.set_instance_name(self._instance_name())
            client.set_namesrv_addr(monitor_config.namesrv_addr)
        self.default_mq_push_consumer.set_consume_thread_min(1)
        self.default_mq_push_consumer.set_consume_thread_max(1)
        self.default_mq_push_consumer.subscribe(TopicValidator.RMQ_SYS_OFFSET_MOVED_EVENT, "*")
        self.default_mq_push_consumer.register_message_listener(self._on_offset_moved)

    def _instance_name(self) -> str:
        return "MonitorService_%d" % abs(hash("%d%d%s" % (int(time.time() * 1000), random.getrandbits(31),
                                                           self.monitor_config.namesrv_addr)))

    def _on_offset_moved(self, msgs: List[MessageExt], context: object) -> ConsumeConcurrentlyStatus:
        try:
            event = DeleteMsgsEvent(offset_moved_event=OffsetMovedEvent.decode(msgs[0].get_body()),
                                    event_timestamp=msgs[0].get_store_timestamp())
            self.monitor_listener.report_delete_msgs_event(event)
        except Exception:  # noqa: BLE001 - Java ignores an event it cannot read
            log.debug("bad offset moved event", exc_info=True)
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS

    def start(self) -> None:
        """Java ``start``: the clients, then the scheduled rounds."""
        self.default_mq_pull_consumer.start()
        self.default_mq_admin_ext.start()
        self.default_mq_push_consumer.start()
        self.scheduled_executor_service.schedule_at_fixed_rate(self._round, self.monitor_config.first_round_delay,
                                                               self.monitor_config.round_interval)

    def shutdown(self) -> None:
        """Java ``shutdown`` (the scheduled rounds stop too)."""
        self.scheduled_executor_service.shutdown()
        self.default_mq_pull_consumer.shutdown()
        self.default_mq_admin_ext.shutdown()
        self.default_mq_push_consumer.shutdown()

    def _round(self) -> None:
        try:
            self.do_monitor_work()
        except Exception:  # noqa: BLE001 - the next round runs anyway
            log.error("doMonitorWork Exception", exc_info=True)

    def do_monitor_work(self) -> None:
        """Java ``doMonitorWork``: one round over every group that has a retry topic."""
        begin = time.time()
        self.monitor_listener.begin_round()
        for topic in sorted(self.default_mq_admin_ext.fetch_all_topic_list().topic_list or ()):
            if topic.startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX):
                group = topic[len(MixAll.RETRY_GROUP_TOPIC_PREFIX):]
                for report in (self.report_undone_msgs, self.report_consumer_running_info):
                    try:
                        report(group)
                    except Exception:  # noqa: BLE001 - a group offline or gone: nothing to report
                        log.debug("monitor report of %s failed", group, exc_info=True)
        self.monitor_listener.end_round()
        log.info("Execute one round monitor work, spent timemills: %d", int((time.time() - begin) * 1000))

    def report_undone_msgs(self, consumer_group: str) -> None:
        """Java ``reportUndoneMsgs``: the group's backlog per topic (only for a group with clients online)."""
        consume_stats = self.default_mq_admin_ext.examine_consume_stats(consumer_group)
        self.default_mq_admin_ext.examine_consumer_connection_info(consumer_group)
        by_topic: Dict[str, ConsumeStats] = {}
        for mq, wrapper in (consume_stats.offset_table or {}).items():
            by_topic.setdefault(mq.topic, ConsumeStats()).offset_table[mq] = wrapper
        for topic, stats in sorted(by_topic.items()):
            undone = UndoneMsgs(consumer_group=consumer_group, topic=topic)
            self.compute_undone_msgs(undone, stats)
            self.monitor_listener.report_undone_msgs(undone)

    def report_consumer_running_info(self, consumer_group: str) -> None:
        """Java ``reportConsumerRunningInfo``."""
        connection = self.default_mq_admin_ext.examine_consumer_connection_info(consumer_group)
        info_map: Dict[str, ConsumerRunningInfo] = {}
        for conn in sorted(connection.connection_set or (), key=lambda c: c.client_id):
            if conn.version < _V3_1_8_SNAPSHOT:
                continue
            try:
                info = self.default_mq_admin_ext.get_consumer_running_info(consumer_group, conn.client_id, False)
            except Exception:  # noqa: BLE001 - a client that does not answer is left out, as in Java
                continue
            if info is not None:
                info_map[conn.client_id] = info
        if info_map:
            self.monitor_listener.report_consumer_running_info(info_map)

    def compute_undone_msgs(self, undone_msgs: UndoneMsgs, consume_stats: ConsumeStats) -> None:
        """Java ``computeUndoneMsgs``: total and largest diff, and how far the last consumed message is behind
        the newest one."""
        total = single_max = delay_max = 0
        for mq, wrapper in (consume_stats.offset_table or {}).items():
            diff = wrapper.broker_offset - wrapper.consumer_offset
            single_max = max(single_max, diff)
            if diff > 0:
                total += diff
            if wrapper.last_timestamp > 0:
                try:
                    max_offset = self.default_mq_pull_consumer.max_offset(mq)
                    if max_offset > 0:
                        pulled = self.default_mq_pull_consumer.pull(mq, "*", max_offset - 1, 1)
                        found = pulled.get_msg_found_list()
                        if pulled.get_pull_status() is PullStatus.FOUND and found:
                            newest = found[0].get_store_timestamp()
                            delay_max = max(delay_max, newest - wrapper.last_timestamp)
                except Exception:  # noqa: BLE001 - no delay for a queue that cannot be read, as in Java
                    log.debug("delay of %s unknown", mq, exc_info=True)
        undone_msgs.undone_msgs_total = total
        undone_msgs.undone_msgs_single_mq = single_max
        undone_msgs.undone_msgs_delay_time_mills = delay_max
