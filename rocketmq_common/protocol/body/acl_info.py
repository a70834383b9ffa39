"""Java ``org.apache.rocketmq.remoting.protocol.body.AclInfo`` (5.3.3) with its nested ``PolicyInfo`` and
``PolicyEntryInfo``."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["AclInfo", "PolicyInfo", "PolicyEntryInfo"]


class PolicyEntryInfo(RemotingSerializable):
    """Java ``AclInfo.PolicyEntryInfo``: one resource (``Topic:OrderTopic``), its actions, source IPs and
    decision (``Allow`` / ``Deny``)."""

    resource = Prop(str)
    actions = Prop(ListOf(str))
    source_ips = Prop(ListOf(str))
    decision = Prop(str)

    def get_resource(self) -> str: return self.resource
    def set_resource(self, resource: Optional[str]) -> None: self.resource = resource
    def get_actions(self) -> List[str]: return self.actions
    def set_actions(self, actions: Optional[List[str]]) -> None: self.actions = actions
    def get_source_ips(self) -> List[str]: return self.source_ips
    def set_source_ips(self, source_ips: Optional[List[str]]) -> None: self.source_ips = source_ips
    def get_decision(self) -> str: return self.decision
    def set_decision(self, decision: Optional[str]) -> None: self.decision = decision

    @staticmethod
    def of(resource: Optional[str], actions: Optional[List[str]], source_ips: Optional[List[str]],
           decision: Optional[str]) -> "PolicyEntryInfo":
        """Java ``of``."""
        return PolicyEntryInfo(resource=resource, actions=actions, source_ips=source_ips, decision=decision)


class PolicyInfo(RemotingSerializable):
    """Java ``AclInfo.PolicyInfo``: the entries of one policy type (``Custom`` / ``Default``)."""

    policy_type = Prop(str)
    entries = Prop(ListOf(PolicyEntryInfo))

    def get_policy_type(self) -> str: return self.policy_type
    def set_policy_type(self, policy_type: Optional[str]) -> None: self.policy_type = policy_type
    def get_entries(self) -> List[PolicyEntryInfo]: return self.entries
    def set_entries(self, entries: Optional[List[PolicyEntryInfo]]) -> None: self.entries = entries

    @staticmethod
    def of(resources: List[str], actions: Optional[List[str]], source_ips: Optional[List[str]],
           decision: Optional[str]) -> "PolicyInfo":
        """Java ``of``: an entry per resource, each with the same actions, source IPs and decision."""
        return PolicyInfo(entries=[PolicyEntryInfo.of(resource, actions, source_ips, decision)
                                   for resource in resources])


class AclInfo(RemotingSerializable):
    """An ACL 2.0 ACL on the wire (the body of AUTH_CREATE_ACL / AUTH_UPDATE_ACL, the answer of AUTH_GET_ACL
    and, as a list, of AUTH_LIST_ACL): a subject (``User:alice``) and its policies."""

    subject = Prop(str)
    policies = Prop(ListOf(PolicyInfo))

    def get_subject(self) -> str: return self.subject
    def set_subject(self, subject: Optional[str]) -> None: self.subject = subject
    def get_policies(self) -> List[PolicyInfo]: return self.policies
    def set_policies(self, policies: Optional[List[PolicyInfo]]) -> None: self.policies = policies

    @staticmethod
    def of(subject: Optional[str], resources: List[str], actions: Optional[List[str]],
           source_ips: Optional[List[str]], decision: Optional[str]) -> "AclInfo":
        """Java ``of``: one policy of the given resources."""
        return AclInfo(subject=subject, policies=[PolicyInfo.of(resources, actions, source_ips, decision)])
