"""Java ``org.apache.rocketmq.auth.authentication.manager.AuthenticationMetadataManagerImpl`` (5.3.3)."""
from __future__ import annotations

import concurrent.futures
import json
from typing import List, Optional

from rocketmq_auth.authentication.enums.user_status import UserStatus
from rocketmq_auth.authentication.enums.user_type import UserType
from rocketmq_auth.authentication.exception.authentication_exception import AuthenticationException
from rocketmq_auth.authentication.factory.authentication_factory import AuthenticationFactory
from rocketmq_auth.authentication.manager.authentication_metadata_manager import AuthenticationMetadataManager
from rocketmq_auth.authentication.model.user import User
from rocketmq_auth.authentication.provider.authentication_metadata_provider import AuthenticationMetadataProvider
from rocketmq_auth.authorization.factory.authorization_factory import AuthorizationFactory
from rocketmq_auth.authorization.provider.authorization_metadata_provider import AuthorizationMetadataProvider
from rocketmq_auth.config.auth_config import AuthConfig
from rocketmq_client.exception import IllegalStateException
from rocketmq_common.utils.future_utils import FutureUtils

__all__ = ["AuthenticationMetadataManagerImpl"]


class AuthenticationMetadataManagerImpl(AuthenticationMetadataManager):
    """Checks a user request and passes it to the configured providers. Without a provider (5.3.3's default)
    every request fails with IllegalStateException "The authenticationMetadataProvider is not configured",
    which the broker answers as a system error. ``initAuthenticationUser`` (a user's JSON) and
    ``innerClientAuthenticationCredentials`` (``{"accessKey":..,"secretKey":..}``) are created as super users at
    start when absent."""

    def __init__(self, auth_config: AuthConfig) -> None:
        self.authentication_metadata_provider = AuthenticationFactory.get_metadata_provider(auth_config)
        self.authorization_metadata_provider = AuthorizationFactory.get_metadata_provider(auth_config)
        self.init_user(auth_config)

    def shutdown(self) -> None:
        if self.authentication_metadata_provider is not None:
            self.authentication_metadata_provider.shutdown()
        if self.authorization_metadata_provider is not None:
            self.authorization_metadata_provider.shutdown()

    def init_user(self, auth_config: AuthConfig) -> None:
        if auth_config is None:
            return
        try:
            if auth_config.init_authentication_user and auth_config.init_authentication_user.strip():
                init_user = User.from_json(auth_config.init_authentication_user)
                init_user.user_type = UserType.SUPER
                self._create_if_absent(init_user)
        except Exception as e:
            raise AuthenticationException("Init authentication user error: %s" % e) from e
        try:
            credentials = auth_config.inner_client_authentication_credentials
            if credentials and credentials.strip():
                values = json.loads(credentials)
                self._create_if_absent(User.of(values.get("accessKey"), values.get("secretKey"), UserType.SUPER))
        except Exception as e:
            raise AuthenticationException("Init inner client authentication credentials error: %s" % e) from e

    def _create_if_absent(self, user: User) -> None:
        if self.get_user(user.username).result() is None:
            self.create_user(user).result()

    def create_user(self, user: User) -> "concurrent.futures.Future[None]":
        try:
            self._validate(user, True)
            if user.user_type is None:
                user.user_type = UserType.NORMAL
            if user.user_status is None:
                user.user_status = UserStatus.ENABLE
            provider = self._get_authentication_metadata_provider()
            if provider.get_user(user.username).result() is not None:
                raise AuthenticationException("The user is existed")
            return provider.create_user(user)
        except Exception as e:
            return FutureUtils.complete_exceptionally(e)

    def update_user(self, user: User) -> "concurrent.futures.Future[None]":
        try:
            self._validate(user, False)
            provider = self._get_authentication_metadata_provider()
            old = provider.get_user(user.username).result()
            if old is None:
                raise AuthenticationException("The user is not exist")
            if user.password and user.password.strip():
                old.password = user.password
            if user.user_type is not None:
                old.user_type = user.user_type
            if user.user_status is not None:
                old.user_status = user.user_status
            return provider.update_user(old)
        except Exception as e:
            return FutureUtils.complete_exceptionally(e)

    def delete_user(self, username: Optional[str]) -> "concurrent.futures.Future[None]":
        """Java ``deleteUser``: the user and its ACL."""
        try:
            if not username or not username.strip():
                raise AuthenticationException("username can not be blank")
            delete_user = self._get_authentication_metadata_provider().delete_user(username)
            delete_acl = self._get_authorization_metadata_provider().delete_acl(User.of(username))
            delete_user.result()
            return delete_acl
        except Exception as e:
            return FutureUtils.complete_exceptionally(e)

    def get_user(self, username: Optional[str]) -> "concurrent.futures.Future[Optional[User]]":
        try:
            if not username or not username.strip():
                raise AuthenticationException("username can not be blank")
            return self._get_authentication_metadata_provider().get_user(username)
        except Exception as e:
            return FutureUtils.complete_exceptionally(e)

    def list_user(self, filter: Optional[str]) -> "concurrent.futures.Future[List[User]]":
        try:
            return self._get_authentication_metadata_provider().list_user(filter)
        except Exception as e:
            return FutureUtils.complete_exceptionally(e)

    def is_super_user(self, username: Optional[str]) -> "concurrent.futures.Future[bool]":
        try:
            user = self.get_user(username).result()
            if user is None:
                raise AuthenticationException("User:{} is not found", username)
            return FutureUtils.completed_future(user.user_type is UserType.SUPER)
        except Exception as e:
            return FutureUtils.complete_exceptionally(e)

    @staticmethod
    def _validate(user: Optional[User], is_create: bool) -> None:
        if user is None:
            raise AuthenticationException("user can not be null")
        if not user.username or not user.username.strip():
            raise AuthenticationException("username can not be blank")
        if is_create and (not user.password or not user.password.strip()):
            raise AuthenticationException("password can not be blank")

    def _get_authentication_metadata_provider(self) -> AuthenticationMetadataProvider:
        if self.authentication_metadata_provider is None:
            raise IllegalStateException("The authenticationMetadataProvider is not configured")
        return self.authentication_metadata_provider

    def _get_authorization_metadata_provider(self) -> AuthorizationMetadataProvider:
        if self.authorization_metadata_provider is None:
            raise IllegalStateException("The authorizationMetadataProvider is not configured")
        return self.authorization_metadata_provider
