"""Java ``org.apache.rocketmq.acl.AccessValidator``."""
from __future__ import annotations

from typing import Optional

from rocketmq_acl.access_resource import AccessResource
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

__all__ = ["AccessValidator"]


class AccessValidator:
    """Parses a request into an :class:`AccessResource` and validates it (raising ``AclException``)."""

    def parse(self, request: RemotingCommand, remote_addr: Optional[str]) -> AccessResource:
        """Java ``parse``: the user, the resources and the permissions ``request`` needs."""
        raise NotImplementedError

    def validate(self, access_resource: AccessResource) -> None:
        """Java ``validate``: raise ``AclException`` when the access is not allowed."""
        raise NotImplementedError

    def shutdown(self) -> None:
        """Release what the validator runs (Python addition: the broker calls it at shutdown)."""
