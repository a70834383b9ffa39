"""Java ``org.apache.rocketmq.remoting.protocol.body.SubscriptionGroupList`` (5.3.3)."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_common.subscription.subscription_group_config import SubscriptionGroupConfig
from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["SubscriptionGroupList"]


class SubscriptionGroupList(RemotingSerializable):
    """Body of UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST (225): the group configurations to create or update at
    once."""

    group_config_list = Prop(ListOf(SubscriptionGroupConfig), required=True)

    def get_group_config_list(self) -> List[SubscriptionGroupConfig]: return self.group_config_list
    def set_group_config_list(self, group_config_list: Optional[List[SubscriptionGroupConfig]]) -> None:
        self.group_config_list = group_config_list
