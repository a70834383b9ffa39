"""Java ``org.apache.rocketmq.remoting.protocol.subscription.GroupRetryPolicy`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.subscription.customized_retry_policy import CustomizedRetryPolicy
from rocketmq_common.subscription.exponential_retry_policy import ExponentialRetryPolicy
from rocketmq_common.subscription.group_retry_policy_type import GroupRetryPolicyType
from rocketmq_common.subscription.retry_policy import RetryPolicy
from rocketmq_remoting.common.bean import Bean, Prop, java_string

__all__ = ["GroupRetryPolicy"]

_DEFAULT_RETRY_POLICY = CustomizedRetryPolicy()


class GroupRetryPolicy(Bean):
    """A consumer group's retry policy (``groupRetryPolicy`` of its SubscriptionGroupConfig): the type, and the
    policy of each type (unset: the default customized one, the broker's delay levels)."""

    type = Prop(GroupRetryPolicyType, GroupRetryPolicyType.CUSTOMIZED)
    exponential_retry_policy = Prop(ExponentialRetryPolicy)
    customized_retry_policy = Prop(CustomizedRetryPolicy)

    def get_type(self) -> GroupRetryPolicyType: return self.type

    def set_type(self, type_: GroupRetryPolicyType) -> None: self.type = type_

    def get_exponential_retry_policy(self) -> Optional[ExponentialRetryPolicy]: return self.exponential_retry_policy

    def set_exponential_retry_policy(self, policy: Optional[ExponentialRetryPolicy]) -> None:
        self.exponential_retry_policy = policy

    def get_customized_retry_policy(self) -> Optional[CustomizedRetryPolicy]: return self.customized_retry_policy

    def set_customized_retry_policy(self, policy: Optional[CustomizedRetryPolicy]) -> None:
        self.customized_retry_policy = policy

    def get_retry_policy(self) -> RetryPolicy:
        """Java ``getRetryPolicy`` (not serialized): the policy of the type, the default one when it is unset."""
        if self.type is GroupRetryPolicyType.EXPONENTIAL:
            return self.exponential_retry_policy or _DEFAULT_RETRY_POLICY
        if self.type is GroupRetryPolicyType.CUSTOMIZED:
            return self.customized_retry_policy or _DEFAULT_RETRY_POLICY
        return _DEFAULT_RETRY_POLICY

    def __str__(self) -> str:
        """Java ``toString`` (Guava's ``toStringHelper``), as getConsumerConfig and updateSubGroup print it."""
        return "GroupRetryPolicy{type=%s, exponentialRetryPolicy=%s, customizedRetryPolicy=%s}" % (
            java_string(self.type), java_string(self.exponential_retry_policy),
            java_string(self.customized_retry_policy))
