"""Java ``org.apache.rocketmq.broker.auth.converter.AclConverter`` (5.3.3)."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_auth.authentication.model.subject import Subject
from rocketmq_auth.authorization.enums.decision import Decision
from rocketmq_auth.authorization.enums.policy_type import PolicyType
from rocketmq_auth.authorization.model.acl import Acl
from rocketmq_auth.authorization.model.environment import Environment
from rocketmq_auth.authorization.model.policy import Policy
from rocketmq_auth.authorization.model.policy_entry import PolicyEntry
from rocketmq_auth.authorization.model.resource import Resource
from rocketmq_common.action.action import Action
from rocketmq_common.protocol.body.acl_info import AclInfo, PolicyEntryInfo, PolicyInfo

__all__ = ["AclConverter"]


class AclConverter:
    """:class:`AclInfo` (names: ``User:alice``, ``Topic:t1``, ``Pub``, ``Allow``) to :class:`Acl` and back.
    Unknown action names are dropped; an unknown subject, resource, policy type or decision becomes None (the
    manager then refuses the ACL)."""

    @staticmethod
    def convert_acl_info(acl_info: AclInfo) -> Acl:
        """Java ``convertAcl(AclInfo)``."""
        policies: List[Policy] = []
        for policy_info in acl_info.policies or ():
            if not policy_info.entries:
                continue
            entries = []
            for entry_info in policy_info.entries:
                actions = [action for action in (Action.get_by_name(name) for name in entry_info.actions or ())
                           if action is not None]
                environment = Environment()
                if entry_info.source_ips:
                    environment.source_ips = entry_info.source_ips
                entries.append(PolicyEntry.of(Resource.of(entry_info.resource), actions, environment,
                                              Decision.get_by_name(entry_info.decision)))
            policies.append(Policy.of_entries(PolicyType.get_by_name(policy_info.policy_type), entries))
        return Acl.of(Subject.of(acl_info.subject), policies)

    @staticmethod
    def convert_acls(acls: List[Acl]) -> Optional[List[AclInfo]]:
        """Java ``convertAcls``: None for none."""
        return [AclConverter.convert_acl(acl) for acl in acls] if acls else None

    @staticmethod
    def convert_acl(acl: Acl) -> AclInfo:
        """Java ``convertAcl(Acl)``."""
        subject = acl.get_subject()
        acl_info = AclInfo(subject=subject.get_subject_key() if subject is not None else None)
        if acl.policies:
            acl_info.policies = [AclConverter._convert_policy(policy) for policy in acl.policies]
        return acl_info

    @staticmethod
    def _convert_policy(policy: Policy) -> PolicyInfo:
        policy_info = PolicyInfo(policy_type=policy.policy_type.get_name() if policy.policy_type is not None
                                 else None)
        if policy.entries:
            policy_info.entries = [AclConverter._convert_policy_entry(entry) for entry in policy.entries]
        return policy_info

    @staticmethod
    def _convert_policy_entry(entry: PolicyEntry) -> PolicyEntryInfo:
        return PolicyEntryInfo(resource=entry.to_resource_str(), actions=entry.to_actions_str(),
                               source_ips=entry.environment.source_ips if entry.environment is not None else None,
                               decision=entry.decision.get_name() if entry.decision is not None else None)
