"""Java ``org.apache.rocketmq.acl.plain.RemoteAddressStrategy``."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rocketmq_acl.plain.plain_access_resource import PlainAccessResource

__all__ = ["RemoteAddressStrategy"]


class RemoteAddressStrategy:
    """Whether a request's remote address (``white_remote_address`` of the parsed resource) is allowed."""

    def match(self, plain_access_resource: "PlainAccessResource") -> bool:
        raise NotImplementedError
