"""Java ``org.apache.rocketmq.common.protocol.body.CheckClientRequestBody``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["CheckClientRequestBody"]


class CheckClientRequestBody(RemotingSerializable):
    """Body of ``CHECK_CLIENT_CONFIG``: a non-TAG subscription for the broker to validate."""

    client_id = Prop(str)
    group = Prop(str)
    subscription_data = Prop(SubscriptionData)

    def get_client_id(self) -> str: return self.client_id
    def set_client_id(self, client_id: Optional[str]) -> None: self.client_id = client_id
    def get_group(self) -> str: return self.group
    def set_group(self, group: Optional[str]) -> None: self.group = group
    def get_subscription_data(self) -> SubscriptionData: return self.subscription_data
    def set_subscription_data(self, subscription_data: Optional[SubscriptionData]) -> None:
        self.subscription_data = subscription_data
