"""Java ``org.apache.rocketmq.auth.authorization.model.PolicyEntry`` (5.3.3)."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_auth.authorization.enums.decision import Decision
from rocketmq_auth.authorization.model.environment import Environment
from rocketmq_auth.authorization.model.resource import Resource
from rocketmq_common.action.action import Action
from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["PolicyEntry"]


class PolicyEntry(RemotingSerializable):
    """One resource of a policy with its actions, environment (source IPs) and decision."""

    resource = Prop(Resource)
    actions = Prop(ListOf(Action))
    environment = Prop(Environment)
    decision = Prop(Decision)

    def get_resource(self) -> Resource: return self.resource
    def set_resource(self, resource: Optional[Resource]) -> None: self.resource = resource
    def get_actions(self) -> List[Action]: return self.actions
    def set_actions(self, actions: Optional[List[Action]]) -> None: self.actions = actions
    def get_environment(self) -> Environment: return self.environment
    def set_environment(self, environment: Optional[Environment]) -> None: self.environment = environment
    def get_decision(self) -> Decision: return self.decision
    def set_decision(self, decision: Optional[Decision]) -> None: self.decision = decision

    @staticmethod
    def of(resource: Optional[Resource], actions: Optional[List[Action]], environment: Optional[Environment],
           decision: Optional[Decision]) -> "PolicyEntry":
        """Java ``of``."""
        return PolicyEntry(resource=resource, actions=actions, environment=environment, decision=decision)

    def update_entry(self, actions: Optional[List[Action]], environment: Optional[Environment],
                     decision: Optional[Decision]) -> None:
        """Java ``updateEntry``: the new actions, environment and decision replace the old."""
        self.actions = actions
        self.environment = environment
        self.decision = decision

    def is_match_resource(self, resource: Resource) -> bool:
        """Java ``isMatchResource``."""
        return self.resource is not None and self.resource.is_match(resource)

    def is_match_action(self, actions: List[Action]) -> bool:
        """Java ``isMatchAction``."""
        if not self.actions:
            return False
        if Action.ANY in actions:
            return True
        return any(action in self.actions or Action.ALL in self.actions for action in actions)

    def is_match_environment(self, environment: Environment) -> bool:
        """Java ``isMatchEnvironment``."""
        return self.environment is None or self.environment.is_match(environment)

    def to_resource_str(self) -> Optional[str]:
        """Java ``toResourceStr``: the resource's key."""
        return self.resource.get_resource_key() if self.resource is not None else None

    def to_actions_str(self) -> Optional[List[str]]:
        """Java ``toActionsStr``: the actions' names (None for none)."""
        return [action.get_name() for action in self.actions] if self.actions else None
