"""Java ``org.apache.rocketmq.auth.config.AuthConfig`` (5.3.3)."""
from __future__ import annotations

import copy
from typing import Optional

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

    def get_config_name(self) -> str: return self.config_name
    def set_config_name(self, config_name: Optional[str]) -> None: self.config_name = config_name
    def get_cluster_name(self) -> str: return self.cluster_name
    def set_cluster_name(self, cluster_name: Optional[str]) -> None: self.cluster_name = cluster_name
    def get_auth_config_path(self) -> str: return self.auth_config_path
    def set_auth_config_path(self, auth_config_path: Optional[str]) -> None: self.auth_config_path = auth_config_path
    def get_authentication_enabled(self) -> bool: return self.authentication_enabled
    def is_authentication_enabled(self) -> bool: return self.authentication_enabled
    def set_authentication_enabled(self, authentication_enabled: bool) -> None:
        self.authentication_enabled = authentication_enabled
    def get_authentication_provider(self) -> str: return self.authentication_provider
    def set_authentication_provider(self, authentication_provider: Optional[str]) -> None:
        self.authentication_provider = authentication_provider
    def get_authentication_metadata_provider(self) -> str: return self.authentication_metadata_provider
    def set_authentication_metadata_provider(self, authentication_metadata_provider: Optional[str]) -> None:
        self.authentication_metadata_provider = authentication_metadata_provider
    def get_authentication_strategy(self) -> str: return self.authentication_strategy
    def set_authentication_strategy(self, authentication_strategy: Optional[str]) -> None:
        self.authentication_strategy = authentication_strategy
    def get_authentication_whitelist(self) -> str: return self.authentication_whitelist
    def set_authentication_whitelist(self, authentication_whitelist: Optional[str]) -> None:
        self.authentication_whitelist = authentication_whitelist
    def get_init_authentication_user(self) -> str: return self.init_authentication_user
    def set_init_authentication_user(self, init_authentication_user: Optional[str]) -> None:
        self.init_authentication_user = init_authentication_user
    def get_inner_client_authentication_credentials(self) -> str: return self.inner_client_authentication_credentials
    def set_inner_client_authentication_credentials(
            self, inner_client_authentication_credentials: Optional[str]) -> None:
        self.inner_client_authentication_credentials = inner_client_authentication_credentials
    def get_authorization_enabled(self) -> bool: return self.authorization_enabled
    def is_authorization_enabled(self) -> bool: return self.authorization_enabled
    def set_authorization_enabled(self, authorization_enabled: bool) -> None:
        self.authorization_enabled = authorization_enabled
    def get_authorization_provider(self) -> str: return self.authorization_provider
    def set_authorization_provider(self, authorization_provider: Optional[str]) -> None:
        self.authorization_provider = authorization_provider
    def get_authorization_metadata_provider(self) -> str: return self.authorization_metadata_provider
    def set_authorization_metadata_provider(self, authorization_metadata_provider: Optional[str]) -> None:
        self.authorization_metadata_provider = authorization_metadata_provider
    def get_authorization_strategy(self) -> str: return self.authorization_strategy
    def set_authorization_strategy(self, authorization_strategy: Optional[str]) -> None:
        self.authorization_strategy = authorization_strategy
    def get_authorization_whitelist(self) -> str: return self.authorization_whitelist
    def set_authorization_whitelist(self, authorization_whitelist: Optional[str]) -> None:
        self.authorization_whitelist = authorization_whitelist
    def get_migrate_auth_from_v1_enabled(self) -> bool: return self.migrate_auth_from_v1_enabled
    def is_migrate_auth_from_v1_enabled(self) -> bool: return self.migrate_auth_from_v1_enabled
    def set_migrate_auth_from_v1_enabled(self, migrate_auth_from_v1_enabled: bool) -> None:
        self.migrate_auth_from_v1_enabled = migrate_auth_from_v1_enabled
    def get_user_cache_max_num(self) -> int: return self.user_cache_max_num
    def set_user_cache_max_num(self, user_cache_max_num: int) -> None: self.user_cache_max_num = user_cache_max_num
    def get_user_cache_expired_second(self) -> int: return self.user_cache_expired_second
    def set_user_cache_expired_second(self, user_cache_expired_second: int) -> None:
        self.user_cache_expired_second = user_cache_expired_second
    def get_user_cache_refresh_second(self) -> int: return self.user_cache_refresh_second
    def set_user_cache_refresh_second(self, user_cache_refresh_second: int) -> None:
        self.user_cache_refresh_second = user_cache_refresh_second
    def get_acl_cache_max_num(self) -> int: return self.acl_cache_max_num
    def set_acl_cache_max_num(self, acl_cache_max_num: int) -> None: self.acl_cache_max_num = acl_cache_max_num
    def get_acl_cache_expired_second(self) -> int: return self.acl_cache_expired_second
    def set_acl_cache_expired_second(self, acl_cache_expired_second: int) -> None:
        self.acl_cache_expired_second = acl_cache_expired_second
    def get_acl_cache_refresh_second(self) -> int: return self.acl_cache_refresh_second
    def set_acl_cache_refresh_second(self, acl_cache_refresh_second: int) -> None:
        self.acl_cache_refresh_second = acl_cache_refresh_second
    def get_stateful_authentication_cache_max_num(self) -> int: return self.stateful_authentication_cache_max_num
    def set_stateful_authentication_cache_max_num(self, stateful_authentication_cache_max_num: int) -> None:
        self.stateful_authentication_cache_max_num = stateful_authentication_cache_max_num
    def get_stateful_authentication_cache_expired_second(self) -> int:
        return self.stateful_authentication_cache_expired_second
    def set_stateful_authentication_cache_expired_second(
            self, stateful_authentication_cache_expired_second: int) -> None:
        self.stateful_authentication_cache_expired_second = stateful_authentication_cache_expired_second
    def get_stateful_authorization_cache_max_num(self) -> int: return self.stateful_authorization_cache_max_num
    def set_stateful_authorization_cache_max_num(self, stateful_authorization_cache_max_num: int) -> None:
        self.stateful_authorization_cache_max_num = stateful_authorization_cache_max_num
    def get_stateful_authorization_cache_expired_second(self) -> int:
        return self.stateful_authorization_cache_expired_second
    def set_stateful_authorization_cache_expired_second(self, stateful_authorization_cache_expired_second: int) -> None:
        self.stateful_authorization_cache_expired_second = stateful_authorization_cache_expired_second

    def clone(self) -> "AuthConfig":
        """Java ``clone``."""
        return copy.copy(self)
