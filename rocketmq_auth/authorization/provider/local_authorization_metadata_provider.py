"""Java ``org.apache.rocketmq.auth.authorization.provider.LocalAuthorizationMetadataProvider`` (5.3.3)."""
from __future__ import annotations

import concurrent.futures
import os
from typing import Any, Callable, List, Optional

from rocketmq_auth.authentication.model.subject import Subject
from rocketmq_auth.authorization.exception.authorization_exception import AuthorizationException
from rocketmq_auth.authorization.model.acl import Acl
from rocketmq_auth.authorization.provider.authorization_metadata_provider import AuthorizationMetadataProvider
from rocketmq_auth.config.auth_config import AuthConfig
from rocketmq_common.config.config_json_storage import ConfigJsonStorage
from rocketmq_common.utils.future_utils import FutureUtils

__all__ = ["LocalAuthorizationMetadataProvider"]


class LocalAuthorizationMetadataProvider(AuthorizationMetadataProvider):
    """The ACLs in ``<authConfigPath>/acls.json`` (Java: the RocksDB ``<authConfigPath>/acls``): the policies of
    each subject under its key (``User:alice``). Java's ACL cache is left out, as the users' is."""

    def __init__(self) -> None:
        self.storage: Optional[ConfigJsonStorage] = None

    def initialize(self, auth_config: AuthConfig, metadata_service: Optional[Callable[[], Any]] = None) -> None:
        self.storage = ConfigJsonStorage.open(os.path.join(auth_config.auth_config_path or "", "acls"), "auth_acl")

    def _storage(self) -> ConfigJsonStorage:
        assert self.storage is not None, "initialize() first"
        return self.storage

    def create_acl(self, acl: Acl) -> "concurrent.futures.Future[None]":
        return self._put(acl, "create Acl to")

    def delete_acl(self, subject: Subject) -> "concurrent.futures.Future[None]":
        try:
            self._storage().delete(subject.get_subject_key())
        except OSError as e:
            raise AuthorizationException("delete Acl from the store failed: %s" % e) from e
        return FutureUtils.completed_future(None)

    def update_acl(self, acl: Acl) -> "concurrent.futures.Future[None]":
        return self._put(acl, "update Acl to")

    def _put(self, acl: Acl, what: str) -> "concurrent.futures.Future[None]":
        subject = acl.get_subject()
        assert subject is not None
        try:
            self._storage().put(subject.get_subject_key(), acl.policies_to_json())
        except OSError as e:
            raise AuthorizationException("%s the store failed: %s" % (what, e)) from e
        return FutureUtils.completed_future(None)

    def get_acl(self, subject: Subject) -> "concurrent.futures.Future[Optional[Acl]]":
        value = self._storage().get(subject.get_subject_key())
        if value is None:
            return FutureUtils.completed_future(None)
        return FutureUtils.completed_future(Acl.of(Subject.of(subject.get_subject_key()),
                                                   Acl.policies_from_json(value)))

    def list_acl(self, subject_filter: Optional[str],
                 resource_filter: Optional[str]) -> "concurrent.futures.Future[List[Acl]]":
        """Java ``listAcl``: the ACLs whose subject key contains ``subject_filter``; with ``resource_filter`` (and
        a subject key that does not contain it) only their entries whose resource key contains it, an ACL left
        without any policy being left out."""
        result: List[Acl] = []
        for subject_key, value in self._storage().items():
            if subject_filter and subject_filter.strip() and subject_filter not in subject_key:
                continue
            policies = Acl.policies_from_json(value)
            if not policies:
                continue
            for policy in list(policies):
                if not policy.entries:
                    continue
                if resource_filter and resource_filter.strip() and resource_filter not in subject_key:
                    policy.entries = [entry for entry in policy.entries
                                      if resource_filter in (entry.to_resource_str() or "")]
                if not policy.entries:
                    policies.remove(policy)
            if policies:
                result.append(Acl.of(Subject.of(subject_key), policies))
        return FutureUtils.completed_future(result)

    def shutdown(self) -> None:
        if self.storage is not None:
            self.storage.shutdown()
