"""Java ``org.apache.rocketmq.auth.authentication.provider.LocalAuthenticationMetadataProvider`` (5.3.3)."""
from __future__ import annotations

import concurrent.futures
import os
from typing import Any, Callable, List, Optional

from rocketmq_auth.authentication.exception.authentication_exception import AuthenticationException
from rocketmq_auth.authentication.model.user import User
from rocketmq_auth.authentication.provider.authentication_metadata_provider import AuthenticationMetadataProvider
from rocketmq_auth.config.auth_config import AuthConfig
from rocketmq_common.config.config_json_storage import ConfigJsonStorage
from rocketmq_common.utils.future_utils import FutureUtils

__all__ = ["LocalAuthenticationMetadataProvider"]


class LocalAuthenticationMetadataProvider(AuthenticationMetadataProvider):
    """The users in ``<authConfigPath>/users.json`` (Java: the RocksDB ``<authConfigPath>/users``), each under its
    name. Java's user cache in front of RocksDB is left out: every read is of the store, which is in memory."""

    def __init__(self) -> None:
        self.storage: Optional[ConfigJsonStorage] = None

    def initialize(self, auth_config: AuthConfig, metadata_service: Optional[Callable[[], Any]] = None) -> None:
        self.storage = ConfigJsonStorage.open(os.path.join(auth_config.auth_config_path or "", "users"), "auth_user")

    def _storage(self) -> ConfigJsonStorage:
        assert self.storage is not None, "initialize() first"
        return self.storage

    def create_user(self, user: User) -> "concurrent.futures.Future[None]":
        return self._put(user, "create user to")

    def delete_user(self, username: str) -> "concurrent.futures.Future[None]":
        try:
            self._storage().delete(username)
        except OSError as e:
            raise AuthenticationException("delete user from the store failed: %s" % e) from e
        return FutureUtils.completed_future(None)

    def update_user(self, user: User) -> "concurrent.futures.Future[None]":
        return self._put(user, "update user to")

    def _put(self, user: User, what: str) -> "concurrent.futures.Future[None]":
        try:
            self._storage().put(user.username, user.to_json_value())
        except OSError as e:
            raise AuthenticationException("%s the store failed: %s" % (what, e)) from e
        return FutureUtils.completed_future(None)

    def get_user(self, username: str) -> "concurrent.futures.Future[Optional[User]]":
        value = self._storage().get(username)
        return FutureUtils.completed_future(User.from_json_value(value) if value is not None else None)

    def list_user(self, filter: Optional[str]) -> "concurrent.futures.Future[List[User]]":
        return FutureUtils.completed_future([User.from_json_value(value) for username, value
                                             in self._storage().items()
                                             if not filter or not filter.strip() or filter in username])

    def shutdown(self) -> None:
        if self.storage is not None:
            self.storage.shutdown()
