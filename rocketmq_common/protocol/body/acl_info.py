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

    @staticmethod
    def of(resource: Optional[str], actions: Optional[List[str]], source_ips: Optional[List[str]],
           decision: Optional[str]) -> "PolicyEntryInfo":
        """Java ``of``."""
        return PolicyEntryInfo(resource=resource, actions=actions, source_ips=source_ips, decision=decision)


class PolicyInfo(RemotingSerializable):
    """Java ``AclInfo.PolicyInfo``: the entries of one policy type (``Custom`` / ``Default``)."""

    policy_type = Prop(str)
    entries = Prop(ListOf(PolicyEntryInfo))

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

    @staticmethod
    def of(subject: Optional[str], resources: List[str], actions: Optional[List[str]],
           source_ips: Optional[List[str]], decision: Optional[str]) -> "AclInfo":
        """Java ``of``: one policy of the given resources."""
        return AclInfo(subject=subject, policies=[PolicyInfo.of(resources, actions, source_ips, decision)])
