"""Java 5.3.3 ``org.apache.rocketmq.remoting.rpc.RequestBuilder``."""
from __future__ import annotations

from typing import Dict, Optional, Type

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.header.pull_message_request_header import PullMessageRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader

__all__ = ["RequestBuilder"]


class RequestBuilder:
    """Builds the header of a request code with its routing fields set (Java knows PULL_MESSAGE only)."""

    request_code_map: Dict[int, Type[RpcRequestHeader]] = {RequestCode.PULL_MESSAGE: PullMessageRequestHeader}

    @staticmethod
    def _new_header(request_code: int) -> RpcRequestHeader:
        header_class = RequestBuilder.request_code_map.get(request_code)
        if header_class is None:
            raise NotImplementedError("unknown %d" % request_code)  # Java UnsupportedOperationException
        return header_class()

    @staticmethod
    def build_common_rpc_header(request_code: int, dest_broker_name: Optional[str],
                                oneway: Optional[bool] = None) -> RpcRequestHeader:
        """Java ``buildCommonRpcHeader``: a header of the code's class addressed to ``dest_broker_name``;
        NotImplementedError for a code it does not know (Java's UnsupportedOperationException)."""
        header = RequestBuilder._new_header(request_code)
        header.oway = oneway
        header.bname = dest_broker_name
        return header

    @staticmethod
    def build_topic_queue_request_header(request_code: int, mq: MessageQueue, logic: Optional[bool] = None,
                                         oneway: Optional[bool] = None) -> TopicQueueRequestHeader:
        """Java ``buildTopicQueueRequestHeader``: a header of the code's class for queue ``mq`` (its broker
        name, topic and queue id) with ``lo`` = ``logic``."""
        header = RequestBuilder._new_header(request_code)
        assert isinstance(header, TopicQueueRequestHeader)
        header.oway = oneway
        header.bname = mq.broker_name
        header.topic = mq.topic
        header.queue_id = mq.queue_id
        header.lo = logic
        return header
