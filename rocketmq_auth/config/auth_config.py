"""Java ``org.apache.rocketmq.auth.config.AuthConfig`` (5.3.3)."""
from __future__ import annotations

import copy

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["AuthConfig"]


class AuthConfig(Bean):
    """The broker's ACL 2.0 settings, read from the broker's properties as Java reads them (``BrokerStartup``
    sets ``config_name`` to the broker name, ``cluster_name`` and ``auth_config_path`` to
    ``<storePathRootDir>/config``). With the defaults, authentication and authorization are off and no metadata
    provider is configured: the broker refuses every user and ACL request. ``authenticationMetadataProvider`` /
    ``authorizationMetadataProvider`` name the providers by class, Java's names included
    (``org.apache.rocketmq.auth.authentication.provider.LocalAuthenticationMetadataProvider``)."""

    config_name = Prop(str)
    cluster_name = Prop(str)
    auth_config_path = Prop(str)
    authentication_enabled = Prop(bool, False)
    authentication_provider = Prop(str)
    authentication_metadata_provider = Prop(str)
    authentication_strategy = Prop(str)
    authentication_whitelist = Prop(str)
    init_authentication_user = Prop(str)
    inner_client_authentication_credentials = Prop(str)
    authorization_enabled = Prop(bool, False)
    authorization_provider = Prop(str)
    authorization_metadata_provider = Prop(str)
    authorization_strategy = Prop(str)
    authorization_whitelist = Prop(str)
    migrate_auth_from_v1_enabled = Prop(bool, False)
    user_cache_max_num = Prop(int, 1000)
    user_cache_expired_second = Prop(int, 600)
    user_cache_refresh_second = Prop(int, 60)
    acl_cache_max_num = Prop(int, 1000)
    acl_cache_expired_second = Prop(int, 600)
    acl_cache_refresh_second = Prop(int, 60)
    stateful_authentication_cache_max_num = Prop(int, 10000)
    stateful_authentication_cache_expired_second = Prop(int, 60)
    stateful_authorization_cache_max_num = Prop(int, 10000)
    stateful_authorization_cache_expired_second = Prop(int, 60)

    def clone(self) -> "AuthConfig":
        """Java ``clone``."""
        return copy.copy(self)
