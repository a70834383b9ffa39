"""Java ``org.apache.rocketmq.common.protocol.ResponseCode``: response codes, including the remoting ones 0..4."""
from __future__ import annotations

from typing import Dict, Optional

from rocketmq_remoting.protocol.remoting_command import RemotingSysResponseCode

__all__ = ["ResponseCode"]


class ResponseCode(RemotingSysResponseCode):
    """Response codes; ``SUCCESS``, ``SYSTEM_ERROR``, ``SYSTEM_BUSY``, ``REQUEST_CODE_NOT_SUPPORTED`` and
    ``TRANSACTION_FAILED`` are inherited from :class:`RemotingSysResponseCode` as in Java."""

    FLUSH_DISK_TIMEOUT = 10
    SLAVE_NOT_AVAILABLE = 11
    FLUSH_SLAVE_TIMEOUT = 12
    MESSAGE_ILLEGAL = 13
    SERVICE_NOT_AVAILABLE = 14
    VERSION_NOT_SUPPORTED = 15
    NO_PERMISSION = 16
    TOPIC_NOT_EXIST = 17
    TOPIC_EXIST_ALREADY = 18
    PULL_NOT_FOUND = 19
    PULL_RETRY_IMMEDIATELY = 20
    PULL_OFFSET_MOVED = 21
    QUERY_NOT_FOUND = 22
    SUBSCRIPTION_PARSE_FAILED = 23
    SUBSCRIPTION_NOT_EXIST = 24
    SUBSCRIPTION_NOT_LATEST = 25
    SUBSCRIPTION_GROUP_NOT_EXIST = 26
    FILTER_DATA_NOT_EXIST = 27
    FILTER_DATA_NOT_LATEST = 28
    TRANSACTION_SHOULD_COMMIT = 200
    TRANSACTION_SHOULD_ROLLBACK = 201
    TRANSACTION_STATE_UNKNOW = 202
    TRANSACTION_STATE_GROUP_WRONG = 203
    NO_BUYER_ID = 204
    NOT_IN_CURRENT_UNIT = 205
    CONSUMER_NOT_ONLINE = 206
    CONSUME_MSG_TIMEOUT = 207
    NO_MESSAGE = 208
    UPDATE_AND_CREATE_ACL_CONFIG_FAILED = 209
    DELETE_ACL_CONFIG_FAILED = 210
    UPDATE_GLOBAL_WHITE_ADDRS_CONFIG_FAILED = 211
    FLOW_CONTROL = 215

    _names: Optional[Dict[int, str]] = None

    @classmethod
    def name_of(cls, code: int) -> str:
        """The constant name of ``code`` (``17`` -> ``TOPIC_NOT_EXIST``), or ``str(code)`` when unknown."""
        names = cls._names
        if names is None:
            names = {}
            for klass in reversed(cls.__mro__):
                names.update({v: k for k, v in vars(klass).items() if k.isupper() and type(v) is int})
            cls._names = names
        return names.get(code, str(code))
