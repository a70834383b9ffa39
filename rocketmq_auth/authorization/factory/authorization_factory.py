"""Java ``org.apache.rocketmq.auth.authorization.factory.AuthorizationFactory`` (5.3.3): the ACL metadata manager
and provider of an :class:`~rocketmq_auth.config.auth_config.AuthConfig`, kept as
:mod:`~rocketmq_auth.authentication.factory.authentication_factory` keeps the users'."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Optional, cast

from rocketmq_auth.authentication.factory.authentication_factory import metadata_provider
from rocketmq_auth.config.auth_config import AuthConfig

if TYPE_CHECKING:
    from rocketmq_auth.authorization.manager.authorization_metadata_manager import AuthorizationMetadataManager
    from rocketmq_auth.authorization.provider.authorization_metadata_provider import AuthorizationMetadataProvider

__all__ = ["AuthorizationFactory"]


class AuthorizationFactory:
    """See the module docstring."""

    @staticmethod
    def get_metadata_manager(config: AuthConfig) -> "AuthorizationMetadataManager":
        """Java ``getMetadataManager``."""
        from rocketmq_auth.authorization.manager.authorization_metadata_manager_impl import \
            AuthorizationMetadataManagerImpl
        return AuthorizationMetadataManagerImpl(config)

    @staticmethod
    def get_metadata_provider(config: Optional[AuthConfig],
                              metadata_service: Optional[Callable[[], Any]] = None
                              ) -> Optional["AuthorizationMetadataProvider"]:
        """Java ``getMetadataProvider``: the configured provider, initialized; None when none is configured.
        RuntimeError when it cannot be loaded."""
        if config is None:
            return None
        return cast(Optional["AuthorizationMetadataProvider"], metadata_provider(
            config, "authorization", config.authorization_metadata_provider, metadata_service))
