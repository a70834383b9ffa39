"""NamespaceUtil: wrapping and unwrapping ``<namespace>%<resource>`` names like Java (PROTOCOL.md §6.14)."""
from __future__ import annotations

import pytest

from rocketmq_common.protocol.namespace_util import NamespaceUtil

NS = "MQ_INST_XXX"


@pytest.mark.parametrize("namespace, resource, wrapped", [
    (NS, "TOPIC_XXX", "MQ_INST_XXX%TOPIC_XXX"),
    (NS, "MQ_INST_XXX%TOPIC_XXX", "MQ_INST_XXX%TOPIC_XXX"),
    (NS, "%RETRY%GID_XXX", "%RETRY%MQ_INST_XXX%GID_XXX"),
    (NS, "%RETRY%MQ_INST_XXX%GID_XXX", "%RETRY%MQ_INST_XXX%GID_XXX"),
    (NS, "%DLQ%GID_XXX", "%DLQ%MQ_INST_XXX%GID_XXX"),
    (NS, "%DLQ%MQ_INST_XXX%GID_XXX", "%DLQ%MQ_INST_XXX%GID_XXX"),
    (NS, "OTHER%TOPIC", "MQ_INST_XXX%OTHER%TOPIC"),
    (NS, "rmq_sys_topic", "rmq_sys_topic"),
    (NS, "TBW102", "TBW102"),
    (NS, "SCHEDULE_TOPIC_XXXX", "SCHEDULE_TOPIC_XXXX"),
    (NS, "CID_RMQ_SYS_TRANS", "CID_RMQ_SYS_TRANS"),
    ("", "TOPIC", "TOPIC"),
    (None, "TOPIC", "TOPIC"),
    (NS, "", ""),
    (NS, None, None),
])
def test_wrap_namespace(namespace, resource, wrapped) -> None:
    assert NamespaceUtil.wrap_namespace(namespace, resource) == wrapped


@pytest.mark.parametrize("resource, unwrapped", [
    ("MQ_INST_XXX%TOPIC_XXX", "TOPIC_XXX"),
    ("%RETRY%MQ_INST_XXX%GID_XXX", "%RETRY%GID_XXX"),
    ("%DLQ%MQ_INST_XXX%GID_XXX", "%DLQ%GID_XXX"),
    ("TOPIC_XXX", "TOPIC_XXX"),
    ("%RETRY%GID_XXX", "%RETRY%GID_XXX"),
    ("%TOPIC", "%TOPIC"),
    ("rmq_sys_a%b", "rmq_sys_a%b"),
    ("CID_RMQ_SYS_X%Y", "CID_RMQ_SYS_X%Y"),
    ("", ""),
    (None, None),
])
def test_without_namespace_one_argument(resource, unwrapped) -> None:
    assert NamespaceUtil.without_namespace(resource) == unwrapped


@pytest.mark.parametrize("resource, namespace, unwrapped", [
    ("MQ_INST_XXX%TOPIC_XXX", NS, "TOPIC_XXX"),
    ("%RETRY%MQ_INST_XXX%GID_XXX", NS, "%RETRY%GID_XXX"),
    ("%RETRY%MQ_INST_XXX%GID_XXX", "MQ_INST_XXX1", "%RETRY%MQ_INST_XXX%GID_XXX"),
    ("%DLQ%MQ_INST_XXX%GID_XXX", NS, "%DLQ%GID_XXX"),
    ("OTHER%TOPIC", NS, "OTHER%TOPIC"),
    ("MQ_INST_XXX%TOPIC_XXX", None, "MQ_INST_XXX%TOPIC_XXX"),
    ("MQ_INST_XXX%TOPIC_XXX", "", "MQ_INST_XXX%TOPIC_XXX"),
])
def test_without_namespace_two_arguments(resource, namespace, unwrapped) -> None:
    assert NamespaceUtil.without_namespace(resource, namespace) == unwrapped


def test_namespace_queries() -> None:
    assert NamespaceUtil.get_namespace_from_resource("TOPIC_XXX") == NamespaceUtil.STRING_BLANK
    assert NamespaceUtil.get_namespace_from_resource("MQ_INST_XXX%TOPIC_XXX") == NS
    assert NamespaceUtil.get_namespace_from_resource("%RETRY%MQ_INST_XXX%GID_XXX") == NS
    assert NamespaceUtil.get_namespace_from_resource("%DLQ%MQ_INST_XXX%GID_XXX") == NS
    assert NamespaceUtil.get_namespace_from_resource("rmq_sys_x%y") == ""
    assert NamespaceUtil.wrap_namespace_and_retry(NS, "GID") == "%RETRY%MQ_INST_XXX%GID"
    assert NamespaceUtil.wrap_namespace_and_retry(None, "GID") == "%RETRY%GID"
    assert NamespaceUtil.wrap_namespace_and_retry(NS, "") is None
    assert NamespaceUtil.is_already_with_namespace("%RETRY%MQ_INST_XXX%G", NS)
    assert not NamespaceUtil.is_already_with_namespace("MQ_INST_XXX1%G", NS)
    assert NamespaceUtil.is_retry_topic("%RETRY%G") and not NamespaceUtil.is_retry_topic("  ")
    assert NamespaceUtil.is_dlq_topic("%DLQ%G") and not NamespaceUtil.is_dlq_topic(None)
    assert NamespaceUtil.is_system_resource("RMQ_SYS_TRACE_TOPIC") and not NamespaceUtil.is_system_resource("T")
