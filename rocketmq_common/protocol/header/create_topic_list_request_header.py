"""Java ``org.apache.rocketmq.remoting.protocol.header.CreateTopicListRequestHeader`` (5.3.3)."""
from __future__ import annotations

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader

__all__ = ["CreateTopicListRequestHeader"]


class CreateTopicListRequestHeader(RpcRequestHeader):
    """Header of UPDATE_AND_CREATE_TOPIC_LIST (18): no fields of its own, the topics are in the body
    (:class:`~rocketmq_common.protocol.body.create_topic_list_request_body.CreateTopicListRequestBody`)."""
