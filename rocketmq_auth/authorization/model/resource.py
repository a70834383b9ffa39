"""Java ``org.apache.rocketmq.auth.authorization.model.Resource`` (5.3.3)."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_auth.authentication.model.subject import COLON
from rocketmq_common.resource.resource_pattern import ResourcePattern
from rocketmq_common.resource.resource_type import ResourceType
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["Resource"]

#: Java ``CommonConstants.ASTERISK``
ASTERISK = "*"


class Resource(RemotingSerializable):
    """What a policy entry is about, by its key: ``Topic:OrderTopic`` (literal), ``Topic:Order*`` (prefixed),
    ``Topic:*`` (every topic), ``*`` (everything). Equal when type, name and pattern are. (Java's ``ofCluster`` /
    ``ofTopic`` / ``ofGroup`` build the resources of client requests for the authorization this package leaves
    out.)"""

    resource_type = Prop(ResourceType)
    resource_name = Prop(str)
    resource_pattern = Prop(ResourcePattern)

    def get_resource_type(self) -> ResourceType: return self.resource_type
    def set_resource_type(self, resource_type: Optional[ResourceType]) -> None: self.resource_type = resource_type
    def get_resource_name(self) -> str: return self.resource_name
    def set_resource_name(self, resource_name: Optional[str]) -> None: self.resource_name = resource_name
    def get_resource_pattern(self) -> ResourcePattern: return self.resource_pattern
    def set_resource_pattern(self, resource_pattern: Optional[ResourcePattern]) -> None:
        self.resource_pattern = resource_pattern

    @staticmethod
    def of_keys(resource_keys: Optional[List[str]]) -> Optional[List[Optional["Resource"]]]:
        """Java ``of(List<String>)``."""
        if not resource_keys:
            return None
        return [Resource.of(key) for key in resource_keys]

    @staticmethod
    def of(resource_key: Optional[str]) -> Optional["Resource"]:
        """Java ``of(String)``: the resource of a key; None for a blank key or an unknown type."""
        if resource_key is None or not resource_key.strip():
            return None
        if resource_key == ASTERISK:
            return Resource(resource_type=ResourceType.ANY, resource_name=None, resource_pattern=ResourcePattern.ANY)
        resource_type = ResourceType.get_by_name(resource_key.split(COLON, 1)[0])
        if resource_type is None:
            return None
        name: Optional[str] = resource_key.split(COLON, 1)[1] if COLON in resource_key else ""
        pattern = ResourcePattern.LITERAL
        if name == ASTERISK:
            name, pattern = None, ResourcePattern.ANY
        elif name is not None and name.endswith(ASTERISK):
            name, pattern = name.split(ASTERISK, 1)[0], ResourcePattern.PREFIXED
        return Resource(resource_type=resource_type, resource_name=name, resource_pattern=pattern)

    def get_resource_key(self) -> Optional[str]:
        """Java ``getResourceKey``: the key :meth:`of` reads."""
        if self.resource_type is ResourceType.ANY:
            return ASTERISK
        type_name = self.resource_type.get_name() if self.resource_type is not None else "null"
        if self.resource_pattern is ResourcePattern.ANY:
            return type_name + COLON + ASTERISK
        if self.resource_pattern is ResourcePattern.LITERAL:
            return "%s%s%s" % (type_name, COLON, self.resource_name)
        if self.resource_pattern is ResourcePattern.PREFIXED:
            return "%s%s%s%s" % (type_name, COLON, self.resource_name, ASTERISK)
        return None

    def is_match(self, resource: "Resource") -> bool:
        """Java ``isMatch``: whether this (an entry's resource) covers ``resource`` (a request's)."""
        if self.resource_type is ResourceType.ANY:
            return True
        if self.resource_type is not resource.resource_type:
            return False
        if self.resource_pattern is ResourcePattern.ANY:
            return True
        if self.resource_pattern is ResourcePattern.LITERAL:
            return resource.resource_name == self.resource_name
        if self.resource_pattern is ResourcePattern.PREFIXED:
            return resource.resource_name is not None and self.resource_name is not None \
                and resource.resource_name.startswith(self.resource_name)
        return False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Resource) and (self.resource_type, self.resource_name, self.resource_pattern) \
            == (other.resource_type, other.resource_name, other.resource_pattern)

    def __hash__(self) -> int:
        return hash((self.resource_type, self.resource_name, self.resource_pattern))
