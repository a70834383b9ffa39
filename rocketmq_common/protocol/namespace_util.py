"""Java ``org.apache.rocketmq.common.protocol.NamespaceUtil``: ``<namespace>%<resource>`` names.

``%RETRY%`` and ``%DLQ%`` prefixes stay in front (``%RETRY%ns%G``); system topics and system consumer groups
are never wrapped or unwrapped.
"""
from __future__ import annotations

from typing import Any, Optional, overload

from rocketmq_common.mix_all import MixAll
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_common.util_all import UtilAll

__all__ = ["NamespaceUtil"]

#: marks the one-argument ``withoutNamespace`` (a ``None`` namespace is the two-argument form)
_ANY_NAMESPACE: Any = object()


class NamespaceUtil:
    """Static helpers of Java ``NamespaceUtil``."""

    NAMESPACE_SEPARATOR = "%"
    STRING_BLANK = ""
    RETRY_PREFIX_LENGTH = len(MixAll.RETRY_GROUP_TOPIC_PREFIX)
    DLQ_PREFIX_LENGTH = len(MixAll.DLQ_GROUP_TOPIC_PREFIX)

    # a str resource gives a str, None gives None
    @overload
    @staticmethod
    def without_namespace(resource_with_namespace: str, namespace: Optional[str] = ...) -> str: ...

    @overload
    @staticmethod
    def without_namespace(resource_with_namespace: Optional[str], namespace: Optional[str] = ...) -> Optional[str]:
        ...

    @staticmethod
    def without_namespace(resource_with_namespace: Optional[str],
                          namespace: Optional[str] = _ANY_NAMESPACE) -> Optional[str]:
        """Java ``withoutNamespace`` (both overloads).

        Without ``namespace``: drop whatever precedes the first ``%`` after an optional retry/DLQ prefix
        (``MQ_INST_XX%Topic`` -> ``Topic``, ``%RETRY%MQ_INST_XX%GID`` -> ``%RETRY%GID``).
        With ``namespace``: only when the resource carries exactly that namespace; an empty or ``None``
        namespace leaves the resource as it is.
        """
        if not resource_with_namespace:
            return resource_with_namespace
        if namespace is not _ANY_NAMESPACE:
            if not namespace:
                return resource_with_namespace
            bare = NamespaceUtil._without_retry_and_dlq(resource_with_namespace)
            if not bare.startswith(namespace + NamespaceUtil.NAMESPACE_SEPARATOR):
                return resource_with_namespace
        if NamespaceUtil.is_system_resource(resource_with_namespace):
            return resource_with_namespace
        prefix = ""
        if NamespaceUtil.is_retry_topic(resource_with_namespace):
            prefix += MixAll.RETRY_GROUP_TOPIC_PREFIX
        if NamespaceUtil.is_dlq_topic(resource_with_namespace):
            prefix += MixAll.DLQ_GROUP_TOPIC_PREFIX
        bare = NamespaceUtil._without_retry_and_dlq(resource_with_namespace)
        index = bare.find(NamespaceUtil.NAMESPACE_SEPARATOR)
        if index > 0:
            return prefix + bare[index + 1:]
        return resource_with_namespace

    @overload
    @staticmethod
    def wrap_namespace(namespace: Optional[str], resource_without_namespace: str) -> str: ...

    @overload
    @staticmethod
    def wrap_namespace(namespace: Optional[str], resource_without_namespace: Optional[str]) -> Optional[str]: ...

    @staticmethod
    def wrap_namespace(namespace: Optional[str], resource_without_namespace: Optional[str]) -> Optional[str]:
        """Java ``wrapNamespace``: ``ns%X``, ``%RETRY%ns%G``, ``%DLQ%ns%G``; system resources and resources
        already in the namespace are returned unchanged."""
        if not namespace or not resource_without_namespace:
            return resource_without_namespace
        if (NamespaceUtil.is_system_resource(resource_without_namespace)
                or NamespaceUtil.is_already_with_namespace(resource_without_namespace, namespace)):
            return resource_without_namespace
        bare = NamespaceUtil._without_retry_and_dlq(resource_without_namespace)
        prefix = ""
        if NamespaceUtil.is_retry_topic(resource_without_namespace):
            prefix += MixAll.RETRY_GROUP_TOPIC_PREFIX
        if NamespaceUtil.is_dlq_topic(resource_without_namespace):
            prefix += MixAll.DLQ_GROUP_TOPIC_PREFIX
        return prefix + namespace + NamespaceUtil.NAMESPACE_SEPARATOR + bare

    @staticmethod
    def is_already_with_namespace(resource: Optional[str], namespace: Optional[str]) -> bool:
        """Java ``isAlreadyWithNamespace``."""
        if not namespace or not resource or NamespaceUtil.is_system_resource(resource):
            return False
        return NamespaceUtil._without_retry_and_dlq(resource).startswith(namespace + NamespaceUtil.NAMESPACE_SEPARATOR)

    @staticmethod
    def wrap_namespace_and_retry(namespace: Optional[str], consumer_group: Optional[str]) -> Optional[str]:
        """Java ``wrapNamespaceAndRetry``: ``%RETRY%`` + the wrapped group (``None`` for an empty group)."""
        if not consumer_group:
            return None
        return MixAll.RETRY_GROUP_TOPIC_PREFIX + NamespaceUtil.wrap_namespace(namespace, consumer_group)

    @staticmethod
    def get_namespace_from_resource(resource: Optional[str]) -> str:
        """Java ``getNamespaceFromResource``: the text before the first ``%`` (after a retry/DLQ prefix)."""
        if not resource or NamespaceUtil.is_system_resource(resource):
            return NamespaceUtil.STRING_BLANK
        bare = NamespaceUtil._without_retry_and_dlq(resource)
        index = bare.find(NamespaceUtil.NAMESPACE_SEPARATOR)
        return bare[:index] if index > 0 else NamespaceUtil.STRING_BLANK

    @staticmethod
    def _without_retry_and_dlq(original_resource: Optional[str]) -> str:
        if not original_resource:
            return NamespaceUtil.STRING_BLANK
        if NamespaceUtil.is_retry_topic(original_resource):
            return original_resource[NamespaceUtil.RETRY_PREFIX_LENGTH:]
        if NamespaceUtil.is_dlq_topic(original_resource):
            return original_resource[NamespaceUtil.DLQ_PREFIX_LENGTH:]
        return original_resource

    @staticmethod
    def is_system_resource(resource: Optional[str]) -> bool:
        """Java ``isSystemResource`` (private there): a system topic or a ``CID_RMQ_SYS_`` group."""
        if not resource:
            return False
        return TopicValidator.is_system_topic(resource) or MixAll.is_sys_consumer_group(resource)

    @staticmethod
    def is_retry_topic(resource: Optional[str]) -> bool:
        """Java ``isRetryTopic``: starts with ``%RETRY%``."""
        return not UtilAll.is_blank(resource) and resource.startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX)  # type: ignore

    @staticmethod
    def is_dlq_topic(resource: Optional[str]) -> bool:
        """Java ``isDLQTopic``: starts with ``%DLQ%``."""
        return not UtilAll.is_blank(resource) and resource.startswith(MixAll.DLQ_GROUP_TOPIC_PREFIX)  # type: ignore
