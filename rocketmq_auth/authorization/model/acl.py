"""Java ``org.apache.rocketmq.auth.authorization.model.Acl`` (5.3.3)."""
from __future__ import annotations

from typing import Any, Dict, List, Optional, cast

from rocketmq_auth.authentication.model.subject import Subject
from rocketmq_auth.authorization.enums.policy_type import PolicyType
from rocketmq_auth.authorization.model.policy import Policy
from rocketmq_auth.authorization.model.resource import Resource
from rocketmq_remoting.common.bean import Bean, ListOf, Prop

__all__ = ["Acl"]


class Acl(Bean):
    """The policies of a subject. (The local provider stores only the policies, under the subject's key, as Java's
    does: :meth:`policies_to_json` / :meth:`policies_from_json`.)"""

    subject = Prop(object)
    policies = Prop(ListOf(Policy))

    def set_subject(self, subject: Any) -> None: self.subject = subject
    def get_policies(self) -> List[Policy]: return self.policies
    def set_policies(self, policies: Optional[List[Policy]]) -> None: self.policies = policies

    @staticmethod
    def of(subject: Optional[Subject], policies: List[Policy]) -> "Acl":
        """Java ``of(Subject, List<Policy>)``."""
        return Acl(subject=subject, policies=policies)

    def get_subject(self) -> Optional[Subject]:
        """Java ``getSubject``."""
        return cast(Optional[Subject], self.subject)

    def update_policy(self, policies: List[Policy]) -> None:
        """Java ``updatePolicy``: a policy of a type already here merges the new entries
        (:meth:`Policy.update_entry`); the others are added."""
        if self.policies is None:
            self.policies = []
        for new_policy in policies:
            old_policy = self.get_policy(new_policy.policy_type)
            if old_policy is None:
                self.policies.append(new_policy)
            else:
                old_policy.update_entry(new_policy.entries or [])

    def delete_policy(self, policy_type: Optional[PolicyType], resource: Optional[Resource]) -> None:
        """Java ``deletePolicy``: the entry of ``resource`` in the policy of ``policy_type``; a policy left
        without entries goes too."""
        policy = self.get_policy(policy_type)
        if policy is None:
            return
        policy.delete_entry(resource)
        if not policy.entries and self.policies is not None:
            self.policies.remove(policy)

    def get_policy(self, policy_type: Optional[PolicyType]) -> Optional[Policy]:
        """Java ``getPolicy``."""
        return next((policy for policy in self.policies or () if policy.policy_type is policy_type), None)

    def policies_to_json(self) -> List[Dict[str, Any]]:
        """The policies as the JSON values the local provider stores."""
        return [policy.to_json_value() for policy in self.policies or ()]

    @staticmethod
    def policies_from_json(values: List[Dict[str, Any]]) -> List[Policy]:
        """The policies of :meth:`policies_to_json`."""
        return [Policy.from_json_value(value) for value in values]
