"""Java 5.3.3 ``org.apache.rocketmq.broker.util.HookUtils``: the timer part of the store's put-message hook.

BrokerController registers :meth:`HookUtils.handle_schedule_message` on its message store (Java's
``registerMessageStoreHook``), so every ``message_store.put_message`` of a message with ``TIMER_DELAY_SEC`` /
``TIMER_DELAY_MS`` / ``TIMER_DELIVER_MS`` (a send, a committed transaction, a recall's deletion marker) is
stored under ``rmq_sys_wheel_timer`` for the timer store. The delay-level conversion stays in CommitLog (4.9.7's
place), which sees the message after this hook, so the two run in Java's order.
"""
from __future__ import annotations

import time
from typing import TYPE_CHECKING, Dict, Optional

from rocketmq_broker.store.put_message_result import PutMessageResult
from rocketmq_broker.store.put_message_status import PutMessageStatus
from rocketmq_broker.store.timer.timer_message_store import TimerMessageStore
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_common.topic.topic_validator import TopicValidator

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController

__all__ = ["HookUtils"]

_DELAY_SEC = MessageConst.PROPERTY_TIMER_DELAY_SEC
_DELAY_MS = MessageConst.PROPERTY_TIMER_DELAY_MS
_DELIVER_MS = MessageConst.PROPERTY_TIMER_DELIVER_MS
_TIMER_TOPIC = TimerMessageStore.TIMER_TOPIC
_HALF_TOPIC = TopicValidator.RMQ_SYS_TRANS_HALF_TOPIC


def _properties(msg: MessageExtBrokerInner) -> Dict[str, str]:
    properties = msg.properties
    if properties is None:
        properties = msg.properties = MessageDecoder.string2message_properties(msg.properties_string or "")
    return properties


def _delay_level(properties: Dict[str, str]) -> int:
    level = properties.get(MessageConst.PROPERTY_DELAY_TIME_LEVEL)
    try:
        return int(level) if level is not None else 0
    except ValueError:
        return 0  # CommitLog answers MESSAGE_ILLEGAL for it


class HookUtils:
    """Java ``HookUtils`` (its timer methods)."""

    @staticmethod
    def handle_schedule_message(broker_controller: "BrokerController",
                                msg: MessageExtBrokerInner) -> Optional[PutMessageResult]:
        """Java ``handleScheduleMessage``: a non-transactional or committed message with timer properties is
        converted for the timer wheel (``WHEEL_TIMER_NOT_ENABLE`` when ``timerWheelEnable`` is off); a message
        that also has a delay level keeps the level and loses the timer properties. A transaction's half message
        keeps its timer properties until its commit (the delay counts from the commit)."""
        properties = msg.properties
        if properties is None:
            if not msg.properties_string or "TIMER_" not in msg.properties_string:
                return None
            properties = _properties(msg)
        elif _DELAY_SEC not in properties and _DELAY_MS not in properties and _DELIVER_MS not in properties:
            return None
        tran_type = MessageSysFlag.get_transaction_value(msg.sys_flag)
        if tran_type != MessageSysFlag.TRANSACTION_NOT_TYPE and tran_type != MessageSysFlag.TRANSACTION_COMMIT_TYPE:
            return None
        if msg.topic == _HALF_TOPIC:
            # not in Java 5.3.3, which converts the half message too (its REAL_TOPIC then names the half topic, so
            # the committed message never reaches its topic): kept as it is, its commit is converted instead
            return None
        if msg.topic != _TIMER_TOPIC and HookUtils.check_if_timer_message(msg):
            if not broker_controller.get_message_store_config().timer_wheel_enable:
                return PutMessageResult(PutMessageStatus.WHEEL_TIMER_NOT_ENABLE, None)
            return HookUtils._transform_timer_message(broker_controller, msg)
        return None

    @staticmethod
    def check_if_timer_message(msg: MessageExtBrokerInner) -> bool:
        """Java ``checkIfTimerMessage``: whether the message is for the timer wheel; a delay level wins (the timer
        properties are cleared), and a message already converted (``TIMER_OUT_MS``) is not again."""
        properties = _properties(msg)
        if _delay_level(properties) > 0:
            changed = False
            for name in (_DELIVER_MS, _DELAY_SEC, _DELAY_MS):
                if properties.pop(name, None) is not None:
                    changed = True
            if changed:
                msg.properties_string = MessageDecoder.message_properties2string(properties)
            return False
        if msg.topic == _TIMER_TOPIC or MessageConst.PROPERTY_TIMER_OUT_MS in properties:
            return False
        return _DELIVER_MS in properties or _DELAY_MS in properties or _DELAY_SEC in properties

    @staticmethod
    def _transform_timer_message(broker_controller: "BrokerController",
                                 msg: MessageExtBrokerInner) -> Optional[PutMessageResult]:
        """Java ``transformTimerMessage``: the deliver time (now + ``TIMER_DELAY_SEC`` s, or + ``TIMER_DELAY_MS``,
        or ``TIMER_DELIVER_MS``), floored to ``timerPrecisionMs`` (one slot earlier when on a slot: the slot is
        read once it has passed, so nothing is early) into ``TIMER_OUT_MS``, the real topic and queue into
        ``REAL_TOPIC`` / ``REAL_QID``, the message into ``rmq_sys_wheel_timer`` queue 0. A time in the past is
        delivered at once (the message is left as it is) except a deletion marker; a time beyond
        ``timerMaxDelaySec`` or not a number is ``WHEEL_TIMER_MSG_ILLEGAL``."""
        config = broker_controller.get_message_store_config()
        properties = _properties(msg)
        now = int(time.time() * 1000)
        try:
            if properties.get(_DELAY_SEC) is not None:
                deliver_ms = now + int(properties[_DELAY_SEC]) * 1000
            elif properties.get(_DELAY_MS) is not None:
                deliver_ms = now + int(properties[_DELAY_MS])
            else:
                deliver_ms = int(properties[_DELIVER_MS])
        except (KeyError, ValueError):
            return PutMessageResult(PutMessageStatus.WHEEL_TIMER_MSG_ILLEGAL, None)
        if deliver_ms > now:
            if deliver_ms - now > config.timer_max_delay_sec * 1000:
                return PutMessageResult(PutMessageStatus.WHEEL_TIMER_MSG_ILLEGAL, None)
            precision = config.timer_precision_ms
            if deliver_ms % precision == 0:
                deliver_ms -= precision
            else:
                deliver_ms = deliver_ms // precision * precision
            timer_store = broker_controller.get_timer_message_store()
            if timer_store is not None and timer_store.is_reject(deliver_ms):
                return PutMessageResult(PutMessageStatus.WHEEL_TIMER_FLOW_CONTROL, None)
            properties[MessageConst.PROPERTY_TIMER_OUT_MS] = str(deliver_ms)
            properties[MessageConst.PROPERTY_REAL_TOPIC] = msg.topic
            properties[MessageConst.PROPERTY_REAL_QUEUE_ID] = str(msg.queue_id)
            msg.properties_string = MessageDecoder.message_properties2string(properties)
            msg.topic = _TIMER_TOPIC
            msg.queue_id = 0
        elif properties.get(MessageConst.PROPERTY_TIMER_DEL_UNIQKEY) is not None:
            return PutMessageResult(PutMessageStatus.WHEEL_TIMER_MSG_ILLEGAL, None)
        return None
