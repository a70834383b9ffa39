"""Java ``org.apache.rocketmq.common.protocol.body.ConsumerRunningInfo``."""
from __future__ import annotations

import time
from typing import Any, Dict, List, Optional, Set

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.body.consume_status import ConsumeStatus
from rocketmq_common.protocol.body.pop_process_queue_info import PopProcessQueueInfo
from rocketmq_common.protocol.body.process_queue_info import ProcessQueueInfo
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_remoting.common.bean import MapOf, Prop, SetOf
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["ConsumerRunningInfo"]


def _now_ms() -> int:
    return int(time.time() * 1000)


def _consume_type(info: "ConsumerRunningInfo") -> ConsumeType:
    value: Any = info.properties.get(ConsumerRunningInfo.PROP_CONSUME_TYPE)
    return value if isinstance(value, ConsumeType) else ConsumeType[value]


def _java_bool(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


class ConsumerRunningInfo(RemotingSerializable):
    """Body of the ``GET_CONSUMER_RUNNING_INFO`` response a consumer sends (relayed by the broker to admin tools):
    consumer properties, subscriptions, process-queue snapshots (MessageQueue object keys on the wire), per-topic
    RT/TPS and an optional thread dump."""

    PROP_NAMESERVER_ADDR = "PROP_NAMESERVER_ADDR"
    PROP_THREADPOOL_CORE_SIZE = "PROP_THREADPOOL_CORE_SIZE"
    PROP_CONSUME_ORDERLY = "PROP_CONSUMEORDERLY"
    PROP_CONSUME_TYPE = "PROP_CONSUME_TYPE"
    PROP_CLIENT_VERSION = "PROP_CLIENT_VERSION"
    PROP_CONSUMER_START_TIMESTAMP = "PROP_CONSUMER_START_TIMESTAMP"

    properties = Prop(MapOf(str, str), {})
    subscription_set = Prop(SetOf(SubscriptionData), set())
    mq_table = Prop(MapOf(MessageQueue, ProcessQueueInfo), {})
    #: 5.3.3: the POP process queues (None, left out of the body as by 4.9.7, for a consumer without any)
    mq_pop_table = Prop(MapOf(MessageQueue, PopProcessQueueInfo))
    status_table = Prop(MapOf(str, ConsumeStatus), {})
    jstack = Prop(str)

    def get_properties(self) -> Dict[str, str]: return self.properties
    def set_properties(self, properties: Dict[str, str]) -> None: self.properties = properties
    def get_subscription_set(self) -> Set[SubscriptionData]: return self.subscription_set
    def set_subscription_set(self, subscription_set: Set[SubscriptionData]) -> None:
        self.subscription_set = subscription_set
    def get_mq_table(self) -> Dict[MessageQueue, ProcessQueueInfo]: return self.mq_table
    def set_mq_table(self, mq_table: Dict[MessageQueue, ProcessQueueInfo]) -> None: self.mq_table = mq_table
    def get_mq_pop_table(self) -> Dict[MessageQueue, PopProcessQueueInfo]: return self.mq_pop_table
    def set_mq_pop_table(self, mq_pop_table: Optional[Dict[MessageQueue, PopProcessQueueInfo]]) -> None:
        self.mq_pop_table = mq_pop_table
    def get_status_table(self) -> Dict[str, ConsumeStatus]: return self.status_table
    def set_status_table(self, status_table: Dict[str, ConsumeStatus]) -> None: self.status_table = status_table
    def get_jstack(self) -> str: return self.jstack
    def set_jstack(self, jstack: Optional[str]) -> None: self.jstack = jstack

    @staticmethod
    def analyze_subscription(cri_table: Dict[str, "ConsumerRunningInfo"]) -> bool:
        """Java ``analyzeSubscription``: False when push consumers running for over 2 minutes disagree on their
        subscriptions or have none. ``cri_table`` maps client id to running info (Java iterates a TreeMap, so
        entries are taken in client-id order)."""
        client_ids = sorted(cri_table)
        prev = cri_table[client_ids[0]]
        push = _consume_type(prev) == ConsumeType.CONSUME_PASSIVELY
        start = int(prev.properties.get(ConsumerRunningInfo.PROP_CONSUMER_START_TIMESTAMP))
        start_for_a_while = _now_ms() - start > 1000 * 60 * 2
        if push and start_for_a_while:
            for client_id in client_ids:
                current = cri_table[client_id]
                if current.subscription_set != prev.subscription_set:
                    return False
                prev = current
            if not prev.subscription_set:
                return False
        return True

    @staticmethod
    def analyze_rebalance(cri_table: Dict[str, "ConsumerRunningInfo"]) -> bool:
        """Java ``analyzeRebalance`` (always True in 4.9.7)."""
        return True

    @staticmethod
    def analyze_process_queue(client_id: str, info: "ConsumerRunningInfo") -> str:
        """Java ``analyzeProcessQueue``: lines describing blocked or unlockable queues of a push consumer."""
        lines: List[str] = []
        push = _consume_type(info) == ConsumeType.CONSUME_PASSIVELY
        order_msg = str(info.properties.get(ConsumerRunningInfo.PROP_CONSUME_ORDERLY)).lower() == "true"
        if push:
            now = _now_ms()
            for mq, pq in info.mq_table.items():
                if order_msg:
                    if not pq.locked:
                        lines.append("%s %s can't lock for a while, %dms\n" % (
                            client_id, mq, now - pq.last_lock_timestamp))
                    elif pq.droped and pq.try_unlock_times > 0:
                        lines.append("%s %s unlock %d times, still failed\n" % (client_id, mq, pq.try_unlock_times))
                else:
                    diff = now - pq.last_consume_timestamp
                    if diff > 1000 * 60 and pq.cached_msg_count > 0:
                        lines.append("%s %s can't consume for a while, maybe blocked, %dms\n" % (client_id, mq, diff))
        return "".join(lines)

    def format_string(self) -> str:
        """Java ``formatString``: the human-readable report printed by ``mqadmin consumerStatus``."""
        out: List[str] = ["#Consumer Properties#\n"]
        for key, value in self.properties.items():
            out.append("%-40s: %s\n" % (key, value))
        out.append("\n\n#Consumer Subscription#\n")
        for i, sub in enumerate(sorted(self.subscription_set), 1):
            out.append("%03d Topic: %-40s ClassFilter: %-8s SubExpression: %s\n" % (
                i, sub.topic, _java_bool(sub.class_filter_mode), sub.sub_string))
        out.append("\n\n#Consumer Offset#\n")
        out.append("%-64s  %-32s  %-4s  %-20s\n" % ("#Topic", "#Broker Name", "#QID", "#Consumer Offset"))
        mq_entries = sorted(self.mq_table.items())
        for mq, pq in mq_entries:
            out.append("%-32s  %-32s  %-4d  %-20d\n" % (mq.topic, mq.broker_name, mq.queue_id, pq.commit_offset))
        out.append("\n\n#Consumer MQ Detail#\n")
        out.append("%-64s  %-32s  %-4s  %-20s\n" % ("#Topic", "#Broker Name", "#QID", "#ProcessQueueInfo"))
        for mq, pq in mq_entries:
            out.append("%-64s  %-32s  %-4d  %s\n" % (mq.topic, mq.broker_name, mq.queue_id, pq))
        out.append("\n\n#Consumer Pop Detail#\n")  # 5.3.3
        out.append("%-32s  %-32s  %-4s  %-20s\n" % ("#Topic", "#Broker Name", "#QID", "#ProcessQueueInfo"))
        for mq, pop_pq in sorted((self.mq_pop_table or {}).items()):
            out.append("%-32s  %-32s  %-4d  %s\n" % (mq.topic, mq.broker_name, mq.queue_id, pop_pq))
        out.append("\n\n#Consumer RT&TPS#\n")
        out.append("%-64s  %14s %14s %14s %14s %18s %25s\n" % (
            "#Topic", "#Pull RT", "#Pull TPS", "#Consume RT", "#ConsumeOK TPS", "#ConsumeFailed TPS",
            "#ConsumeFailedMsgsInHour"))
        for topic in sorted(self.status_table):
            cs = self.status_table[topic]
            out.append("%-32s  %14.2f %14.2f %14.2f %14.2f %18.2f %25d\n" % (
                topic, cs.pull_rt, cs.pull_tps, cs.consume_rt, cs.consume_ok_tps, cs.consume_failed_tps,
                cs.consume_failed_msgs))
        if self.jstack is not None:
            out.append("\n\n#Consumer jstack#\n")
            out.append(self.jstack)
        return "".join(out)
