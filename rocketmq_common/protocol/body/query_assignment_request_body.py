"""Java ``org.apache.rocketmq.remoting.protocol.body.QueryAssignmentRequestBody`` (5.3.3)."""
from __future__ import annotations

from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["QueryAssignmentRequestBody"]


class QueryAssignmentRequestBody(RemotingSerializable):
    """Body of QUERY_ASSIGNMENT (400): which queues of ``topic`` the broker assigns to client ``client_id`` of a
    group, allocated with ``strategy_name`` (an ``AllocateMessageQueueStrategy`` name, e.g. ``AVG``)."""

    topic = Prop(str)
    consumer_group = Prop(str)
    client_id = Prop(str)
    strategy_name = Prop(str)
    message_model = Prop(MessageModel)
