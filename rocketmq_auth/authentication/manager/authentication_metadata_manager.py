"""Java ``org.apache.rocketmq.auth.authentication.manager.AuthenticationMetadataManager`` (5.3.3)."""
from __future__ import annotations

import abc
import concurrent.futures
from typing import List, Optional

from rocketmq_auth.authentication.model.user import User
from rocketmq_auth.config.auth_config import AuthConfig

__all__ = ["AuthenticationMetadataManager"]


class AuthenticationMetadataManager(abc.ABC):
    """The users of a broker (the admin requests AUTH_*_USER). A call answers with a future that fails with the
    reason a request is refused; a call may also raise at once, as Java's do outside their futures."""

    @abc.abstractmethod
    def shutdown(self) -> None:
        """Java ``shutdown``."""

    @abc.abstractmethod
    def init_user(self, auth_config: AuthConfig) -> None:
        """Java ``initUser``."""

    @abc.abstractmethod
    def create_user(self, user: User) -> "concurrent.futures.Future[None]":
        """Java ``createUser``."""

    @abc.abstractmethod
    def update_user(self, user: User) -> "concurrent.futures.Future[None]":
        """Java ``updateUser``."""

    @abc.abstractmethod
    def delete_user(self, username: Optional[str]) -> "concurrent.futures.Future[None]":
        """Java ``deleteUser``."""

    @abc.abstractmethod
    def get_user(self, username: Optional[str]) -> "concurrent.futures.Future[Optional[User]]":
        """Java ``getUser``."""

    @abc.abstractmethod
    def list_user(self, filter: Optional[str]) -> "concurrent.futures.Future[List[User]]":
        """Java ``listUser``."""

    @abc.abstractmethod
    def is_super_user(self, username: Optional[str]) -> "concurrent.futures.Future[bool]":
        """Java ``isSuperUser``."""
