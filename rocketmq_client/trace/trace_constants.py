"""Java ``org.apache.rocketmq.client.trace.TraceConstants``."""
from __future__ import annotations

from rocketmq_common.topic.topic_validator import TopicValidator

__all__ = ["TraceConstants"]


class TraceConstants:
    """Names and separators of the message trace."""

    GROUP_NAME_PREFIX = "_INNER_TRACE_PRODUCER"
    #: between the fields of one trace record
    CONTENT_SPLITOR = "\u0001"
    #: after each trace record
    FIELD_SPLITOR = "\u0002"
    TRACE_INSTANCE_NAME = "PID_CLIENT_INNER_TRACE_PRODUCER"
    TRACE_TOPIC_PREFIX = TopicValidator.SYSTEM_TOPIC_PREFIX + "TRACE_DATA_"
    TO_PREFIX = "To_"
    FROM_PREFIX = "From_"
    END_TRANSACTION = "EndTransaction"
    ROCKETMQ_SERVICE = "rocketmq"
    ROCKETMQ_SUCCESS = "rocketmq.success"
    ROCKETMQ_TAGS = "rocketmq.tags"
    ROCKETMQ_KEYS = "rocketmq.keys"
    ROCKETMQ_SOTRE_HOST = "rocketmq.store_host"
    ROCKETMQ_BODY_LENGTH = "rocketmq.body_length"
    ROCKETMQ_MSG_ID = "rocketmq.mgs_id"
    ROCKETMQ_MSG_TYPE = "rocketmq.mgs_type"
    ROCKETMQ_REGION_ID = "rocketmq.region_id"
    ROCKETMQ_TRANSACTION_ID = "rocketmq.transaction_id"
    ROCKETMQ_TRANSACTION_STATE = "rocketmq.transaction_state"
    ROCKETMQ_IS_FROM_TRANSACTION_CHECK = "rocketmq.is_from_transaction_check"
    ROCKETMQ_RETRY_TIMERS = "rocketmq.retry_times"
