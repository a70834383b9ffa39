"""Java ``org.apache.rocketmq.auth.authorization.manager.AuthorizationMetadataManager`` (5.3.3)."""
from __future__ import annotations

import abc
import concurrent.futures
from typing import List, Optional

from rocketmq_auth.authentication.model.subject import Subject
from rocketmq_auth.authorization.enums.policy_type import PolicyType
from rocketmq_auth.authorization.model.acl import Acl
from rocketmq_auth.authorization.model.resource import Resource

__all__ = ["AuthorizationMetadataManager"]


class AuthorizationMetadataManager(abc.ABC):
    """The ACLs of a broker (the admin requests AUTH_*_ACL), answered as
    :class:`~rocketmq_auth.authentication.manager.authentication_metadata_manager.AuthenticationMetadataManager`
    answers: a future, or at once an exception where Java's raises outside its future."""

    @abc.abstractmethod
    def shutdown(self) -> None:
        """Java ``shutdown``."""

    @abc.abstractmethod
    def create_acl(self, acl: Acl) -> "concurrent.futures.Future[None]":
        """Java ``createAcl``."""

    @abc.abstractmethod
    def update_acl(self, acl: Acl) -> "concurrent.futures.Future[None]":
        """Java ``updateAcl``."""

    @abc.abstractmethod
    def delete_acl(self, subject: Optional[Subject], policy_type: Optional[PolicyType] = None,
                   resource: Optional[Resource] = None) -> "concurrent.futures.Future[None]":
        """Java ``deleteAcl`` (both overloads)."""

    @abc.abstractmethod
    def get_acl(self, subject: Subject) -> "concurrent.futures.Future[Optional[Acl]]":
        """Java ``getAcl``."""

    @abc.abstractmethod
    def list_acl(self, subject_filter: Optional[str],
                 resource_filter: Optional[str]) -> "concurrent.futures.Future[List[Acl]]":
        """Java ``listAcl``."""
