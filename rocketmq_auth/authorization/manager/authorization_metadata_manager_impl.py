"""Java ``org.apache.rocketmq.auth.authorization.manager.AuthorizationMetadataManagerImpl`` (5.3.3)."""
from __future__ import annotations

import concurrent.futures
from typing import List, Optional

from rocketmq_auth.authentication.enums.subject_type import SubjectType
from rocketmq_auth.authentication.factory.authentication_factory import AuthenticationFactory
from rocketmq_auth.authentication.model.subject import Subject
from rocketmq_auth.authentication.model.user import User
from rocketmq_auth.authentication.provider.authentication_metadata_provider import AuthenticationMetadataProvider
from rocketmq_auth.authorization.enums.policy_type import PolicyType
from rocketmq_auth.authorization.exception.authorization_exception import AuthorizationException
from rocketmq_auth.authorization.factory.authorization_factory import AuthorizationFactory
from rocketmq_auth.authorization.manager.authorization_metadata_manager import AuthorizationMetadataManager
from rocketmq_auth.authorization.model.acl import Acl
from rocketmq_auth.authorization.model.policy import Policy
from rocketmq_auth.authorization.model.policy_entry import PolicyEntry
from rocketmq_auth.authorization.model.resource import Resource
from rocketmq_auth.authorization.provider.authorization_metadata_provider import AuthorizationMetadataProvider
from rocketmq_auth.config.auth_config import AuthConfig
from rocketmq_client.exception import IllegalStateException
from rocketmq_common.action.action import Action
from rocketmq_common.utils.future_utils import FutureUtils
from rocketmq_common.utils.ip_address_utils import IPAddressUtils

__all__ = ["AuthorizationMetadataManagerImpl"]

#: Java's message when a provider is missing (both of its getters say authentication, with a full stop)
NOT_CONFIGURED = "The authenticationMetadataProvider is not configured."


class AuthorizationMetadataManagerImpl(AuthorizationMetadataManager):
    """Checks an ACL request (its subject must be a user that exists; every entry needs a resource, actions
    other than Any, valid source IPs and a decision) and passes it to the configured providers. Creating the ACL
    of a subject that has one merges the policies, as updating does. As in Java, ``get_acl`` and ``list_acl``
    raise at once when a provider is missing (the broker then answers with the exception's description)."""

    def __init__(self, auth_config: AuthConfig) -> None:
        self.authorization_metadata_provider = AuthorizationFactory.get_metadata_provider(auth_config)
        self.authentication_metadata_provider = AuthenticationFactory.get_metadata_provider(auth_config)

    def shutdown(self) -> None:
        if self.authentication_metadata_provider is not None:
            self.authentication_metadata_provider.shutdown()
        if self.authorization_metadata_provider is not None:
            self.authorization_metadata_provider.shutdown()

    def create_acl(self, acl: Acl) -> "concurrent.futures.Future[None]":
        return self._create_or_update(acl)

    def update_acl(self, acl: Acl) -> "concurrent.futures.Future[None]":
        return self._create_or_update(acl)

    def _create_or_update(self, acl: Acl) -> "concurrent.futures.Future[None]":
        try:
            self._validate(acl)
            for policy in acl.policies or ():
                if policy.policy_type is None:
                    policy.policy_type = PolicyType.CUSTOM
            subject = acl.get_subject()
            assert subject is not None
            self._check_subject(subject, "The subject of %s is not exist." % subject.get_subject_key())
            provider = self._get_authorization_metadata_provider()
            old_acl = provider.get_acl(subject).result()
            if old_acl is None:
                return provider.create_acl(acl)
            old_acl.update_policy(acl.policies or [])
            return provider.update_acl(old_acl)
        except Exception as e:
            return FutureUtils.complete_exceptionally(e)

    def _check_subject(self, subject: Subject, message: str) -> None:
        # a user subject must exist (Java reads it through the authentication provider)
        found: Optional[Subject] = subject
        if subject.is_subject(SubjectType.USER):
            assert isinstance(subject, User)
            found = self._get_authentication_metadata_provider().get_user(subject.username).result()
        if found is None:
            raise AuthorizationException(message)

    def delete_acl(self, subject: Optional[Subject], policy_type: Optional[PolicyType] = None,
                   resource: Optional[Resource] = None) -> "concurrent.futures.Future[None]":
        """Java ``deleteAcl``: the subject's whole ACL, or with ``resource`` its entry of that resource in the
        policy of ``policy_type`` (Custom when None); an ACL left without policies goes."""
        try:
            if subject is None:
                raise AuthorizationException("The subject is null.")
            if policy_type is None:
                policy_type = PolicyType.CUSTOM
            provider = self._get_authorization_metadata_provider()
            self._check_subject(subject, "The subject is not exist.")
            old_acl = provider.get_acl(subject).result()
            if old_acl is None:
                raise AuthorizationException("The acl is not exist.")
            if resource is not None:
                old_acl.delete_policy(policy_type, resource)
            if resource is None or not old_acl.policies:
                return provider.delete_acl(subject)
            return provider.update_acl(old_acl)
        except Exception as e:
            return FutureUtils.complete_exceptionally(e)

    def get_acl(self, subject: Subject) -> "concurrent.futures.Future[Optional[Acl]]":
        found: Optional[Subject] = subject
        if subject.is_subject(SubjectType.USER):
            assert isinstance(subject, User)
            found = self._get_authentication_metadata_provider().get_user(subject.username).result()
        if found is None:
            return FutureUtils.complete_exceptionally(AuthorizationException("The subject is not exist."))
        try:
            return self._get_authorization_metadata_provider().get_acl(subject)
        except Exception as e:
            return FutureUtils.complete_exceptionally(e)

    def list_acl(self, subject_filter: Optional[str],
                 resource_filter: Optional[str]) -> "concurrent.futures.Future[List[Acl]]":
        return self._get_authorization_metadata_provider().list_acl(subject_filter, resource_filter)

    def _validate(self, acl: Acl) -> None:
        subject = acl.get_subject()
        if subject is None:  # Java: a NullPointerException, which the broker answers as a system error
            raise TypeError("the ACL has no subject")
        if subject.get_subject_type() is None:
            raise AuthorizationException("The subject type is null.")
        if not acl.policies:
            raise AuthorizationException("The policies is empty.")
        for policy in acl.policies:
            self._validate_policy(policy)

    def _validate_policy(self, policy: Policy) -> None:
        if not policy.entries:
            raise AuthorizationException("The policy entries is empty.")
        for entry in policy.entries:
            self._validate_entry(entry)

    @staticmethod
    def _validate_entry(entry: PolicyEntry) -> None:
        resource = entry.resource
        if resource is None:
            raise AuthorizationException("The resource is null.")
        if resource.resource_type is None:
            raise AuthorizationException("The resource type is null.")
        if resource.resource_pattern is None:
            raise AuthorizationException("The resource pattern is null.")
        if not entry.actions:
            raise AuthorizationException("The actions is empty.")
        if Action.ANY in entry.actions:
            raise AuthorizationException("The actions can not be Any.")
        environment = entry.environment
        if environment is not None and environment.source_ips:
            for source_ip in environment.source_ips:
                if not source_ip or not source_ip.strip():
                    raise AuthorizationException("The source ip is empty.")
                if not IPAddressUtils.is_valid_ip_or_cidr(source_ip):
                    raise AuthorizationException("The source ip is invalid.")
        if entry.decision is None:
            raise AuthorizationException("The decision is null or illegal.")

    def _get_authentication_metadata_provider(self) -> AuthenticationMetadataProvider:
        if self.authorization_metadata_provider is None or self.authentication_metadata_provider is None:
            raise IllegalStateException(NOT_CONFIGURED)
        return self.authentication_metadata_provider

    def _get_authorization_metadata_provider(self) -> AuthorizationMetadataProvider:
        if self.authentication_metadata_provider is None or self.authorization_metadata_provider is None:
            raise IllegalStateException(NOT_CONFIGURED)
        return self.authorization_metadata_provider
