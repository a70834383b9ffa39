"""Java ``org.apache.rocketmq.broker.transaction.queue.DefaultTransactionalMessageCheckListener``: a half message
checked too often is moved to ``TRANS_CHECK_MAX_TIME_TOPIC``."""
from __future__ import annotations

import logging
import random

from rocketmq_broker.store.put_message_status import PutMessageStatus
from rocketmq_broker.transaction.abstract_transactional_message_check_listener import \
    AbstractTransactionalMessageCheckListener
from rocketmq_broker.transaction.queue.transactional_message_bridge import hash_ordered_properties_string
from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.topic.topic_validator import TopicValidator

__all__ = ["DefaultTransactionalMessageCheckListener"]

log = logging.getLogger(__name__)


class DefaultTransactionalMessageCheckListener(AbstractTransactionalMessageCheckListener):
    """See the module docstring."""

    def resolve_discard_msg(self, msg_ext: MessageExt) -> None:
        """Java ``resolveDiscardMsg``: store the half message (as it is, ``REAL_TOPIC`` kept) in
        ``TRANS_CHECK_MAX_TIME_TOPIC``; failures are logged."""
        log.error("MsgExt:%s has been checked too many times, so discard it by moving it to system topic "
                  "TRANS_CHECK_MAXTIME_TOPIC", msg_ext)
        try:
            broker_inner = self._to_message_ext_broker_inner(msg_ext)
            put_message_result = self.get_broker_controller().get_message_store().put_message(broker_inner)
            if put_message_result is not None and \
                    put_message_result.put_message_status is PutMessageStatus.PUT_OK:
                log.info("Put checked-too-many-time half message to TRANS_CHECK_MAXTIME_TOPIC OK. Restored in "
                         "queueOffset=%d, commitLogOffset=%d, real topic=%s", msg_ext.queue_offset,
                         msg_ext.commit_log_offset, msg_ext.get_user_property(MessageConst.PROPERTY_REAL_TOPIC))
            else:
                log.error("Put checked-too-many-time half message to TRANS_CHECK_MAXTIME_TOPIC failed, real "
                          "topic=%s, msgId=%s", msg_ext.topic, msg_ext.msg_id)
        except Exception:
            log.warning("Put checked-too-many-time message to TRANS_CHECK_MAXTIME_TOPIC error.", exc_info=True)

    def _to_message_ext_broker_inner(self, msg_ext: MessageExt) -> MessageExtBrokerInner:
        topic_config = self.get_broker_controller().get_topic_config_manager().create_topic_of_tran_check_max_time(
            self.TCMT_QUEUE_NUMS, PermName.PERM_READ | PermName.PERM_WRITE)
        if topic_config is None:  # Java dereferences it: the caller logs the failure
            raise RuntimeError("no topic config for %s" % TopicValidator.RMQ_SYS_TRANS_CHECK_MAX_TIME_TOPIC)
        queue_id = random.randrange(99999999) % self.TCMT_QUEUE_NUMS
        inner = MessageExtBrokerInner()
        inner.topic = topic_config.topic_name
        inner.body = msg_ext.body
        inner.flag = msg_ext.flag
        MessageAccessor.set_properties(inner, msg_ext.properties)
        inner.properties_string = hash_ordered_properties_string(msg_ext.properties)
        inner.tags_code = MessageExtBrokerInner.tags_string2tags_code(msg_ext.get_tags())
        inner.queue_id = queue_id
        inner.sys_flag = msg_ext.sys_flag
        inner.born_host = msg_ext.born_host
        inner.born_timestamp = msg_ext.born_timestamp
        inner.store_host = msg_ext.store_host
        inner.reconsume_times = msg_ext.reconsume_times
        inner.msg_id = msg_ext.msg_id
        inner.set_wait_store_msg_ok(False)
        return inner
