"""Java ``org.apache.rocketmq.auth.authorization.model.Policy`` (5.3.3)."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_auth.authorization.enums.decision import Decision
from rocketmq_auth.authorization.enums.policy_type import PolicyType
from rocketmq_auth.authorization.model.environment import Environment
from rocketmq_auth.authorization.model.policy_entry import PolicyEntry
from rocketmq_auth.authorization.model.resource import Resource
from rocketmq_common.action.action import Action
from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["Policy"]


class Policy(RemotingSerializable):
    """The entries of one policy type of an ACL, one per resource."""

    policy_type = Prop(PolicyType)
    entries = Prop(ListOf(PolicyEntry))

    def get_policy_type(self) -> PolicyType: return self.policy_type
    def set_policy_type(self, policy_type: Optional[PolicyType]) -> None: self.policy_type = policy_type
    def get_entries(self) -> List[PolicyEntry]: return self.entries
    def set_entries(self, entries: Optional[List[PolicyEntry]]) -> None: self.entries = entries

    @staticmethod
    def of(policy_type: Optional[PolicyType], resources: List[Resource], actions: Optional[List[Action]],
           environment: Optional[Environment], decision: Optional[Decision]) -> "Policy":
        """Java ``of(PolicyType, List<Resource>, ...)``: an entry per resource (Java's overload without a type
        makes a Custom policy)."""
        return Policy.of_entries(policy_type, [PolicyEntry.of(resource, actions, environment, decision)
                                               for resource in resources])

    @staticmethod
    def of_entries(policy_type: Optional[PolicyType], entries: List[PolicyEntry]) -> "Policy":
        """Java ``of(PolicyType, List<PolicyEntry>)``."""
        return Policy(policy_type=policy_type, entries=entries)

    def update_entry(self, new_entries: List[PolicyEntry]) -> None:
        """Java ``updateEntry``: an entry of a resource already here takes the new actions, environment and
        decision; the others are added."""
        if self.entries is None:
            self.entries = []
        for new_entry in new_entries:
            entry = self._get_entry(new_entry.resource)
            if entry is None:
                self.entries.append(new_entry)
            else:
                entry.update_entry(new_entry.actions, new_entry.environment, new_entry.decision)

    def delete_entry(self, resource: Optional[Resource]) -> None:
        """Java ``deleteEntry``: the entry of ``resource``, if there is one."""
        entry = self._get_entry(resource)
        if entry is not None and self.entries is not None:
            self.entries.remove(entry)

    def _get_entry(self, resource: Optional[Resource]) -> Optional[PolicyEntry]:
        return next((entry for entry in self.entries or () if entry.resource == resource), None)
