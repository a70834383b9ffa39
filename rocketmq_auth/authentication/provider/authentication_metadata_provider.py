"""Java ``org.apache.rocketmq.auth.authentication.provider.AuthenticationMetadataProvider`` (5.3.3)."""
from __future__ import annotations

import abc
import concurrent.futures
from typing import Any, Callable, List, Optional

from rocketmq_auth.authentication.model.user import User
from rocketmq_auth.config.auth_config import AuthConfig

__all__ = ["AuthenticationMetadataProvider"]


class AuthenticationMetadataProvider(abc.ABC):
    """Where the users are kept; each call answers with a future, as Java's."""

    @abc.abstractmethod
    def initialize(self, auth_config: AuthConfig, metadata_service: Optional[Callable[[], Any]] = None) -> None:
        """Java ``initialize``."""

    @abc.abstractmethod
    def shutdown(self) -> None:
        """Java ``shutdown``."""

    @abc.abstractmethod
    def create_user(self, user: User) -> "concurrent.futures.Future[None]":
        """Java ``createUser``."""

    @abc.abstractmethod
    def delete_user(self, username: str) -> "concurrent.futures.Future[None]":
        """Java ``deleteUser``."""

    @abc.abstractmethod
    def update_user(self, user: User) -> "concurrent.futures.Future[None]":
        """Java ``updateUser``."""

    @abc.abstractmethod
    def get_user(self, username: str) -> "concurrent.futures.Future[Optional[User]]":
        """Java ``getUser``: the user, None when there is none."""

    @abc.abstractmethod
    def list_user(self, filter: Optional[str]) -> "concurrent.futures.Future[List[User]]":
        """Java ``listUser``: the users whose name contains ``filter`` (all for a blank one)."""
