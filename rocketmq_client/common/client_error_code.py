"""Java ``org.apache.rocketmq.client.common.ClientErrorCode``: client-side error codes of MQClientException."""
from __future__ import annotations

__all__ = ["ClientErrorCode"]


class ClientErrorCode:
    """Response codes the client itself sets on :class:`~rocketmq_client.exception.MQClientException`."""

    CONNECT_BROKER_EXCEPTION = 10001
    ACCESS_BROKER_TIMEOUT = 10002
    BROKER_NOT_EXIST_EXCEPTION = 10003
    NO_NAME_SERVER_EXCEPTION = 10004
    NOT_FOUND_TOPIC_EXCEPTION = 10005
    REQUEST_TIMEOUT_EXCEPTION = 10006
    CREATE_REPLY_MESSAGE_EXCEPTION = 10007
