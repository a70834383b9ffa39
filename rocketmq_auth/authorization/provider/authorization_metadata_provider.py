"""Java ``org.apache.rocketmq.auth.authorization.provider.AuthorizationMetadataProvider`` (5.3.3)."""
from __future__ import annotations

import abc
import concurrent.futures
from typing import Any, Callable, List, Optional

from rocketmq_auth.authentication.model.subject import Subject
from rocketmq_auth.authorization.model.acl import Acl
from rocketmq_auth.config.auth_config import AuthConfig

__all__ = ["AuthorizationMetadataProvider"]


class AuthorizationMetadataProvider(abc.ABC):
    """Where the ACLs are kept; each call answers with a future, as Java's."""

    @abc.abstractmethod
    def initialize(self, auth_config: AuthConfig, metadata_service: Optional[Callable[[], Any]] = None) -> None:
        """Java ``initialize``."""

    @abc.abstractmethod
    def shutdown(self) -> None:
        """Java ``shutdown``."""

    @abc.abstractmethod
    def create_acl(self, acl: Acl) -> "concurrent.futures.Future[None]":
        """Java ``createAcl``."""

    @abc.abstractmethod
    def delete_acl(self, subject: Subject) -> "concurrent.futures.Future[None]":
        """Java ``deleteAcl``."""

    @abc.abstractmethod
    def update_acl(self, acl: Acl) -> "concurrent.futures.Future[None]":
        """Java ``updateAcl``."""

    @abc.abstractmethod
    def get_acl(self, subject: Subject) -> "concurrent.futures.Future[Optional[Acl]]":
        """Java ``getAcl``: the subject's ACL, None when it has none."""

    @abc.abstractmethod
    def list_acl(self, subject_filter: Optional[str],
                 resource_filter: Optional[str]) -> "concurrent.futures.Future[List[Acl]]":
        """Java ``listAcl``."""
