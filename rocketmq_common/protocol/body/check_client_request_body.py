"""Java ``org.apache.rocketmq.common.protocol.body.CheckClientRequestBody``."""
from __future__ import annotations

from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["CheckClientRequestBody"]


class CheckClientRequestBody(RemotingSerializable):
    """Body of ``CHECK_CLIENT_CONFIG``: a non-TAG subscription for the broker to validate."""

    client_id = Prop(str)
    group = Prop(str)
    subscription_data = Prop(SubscriptionData)
