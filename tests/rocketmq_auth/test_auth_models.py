"""The ACL 2.0 models (5.3.3) without a broker: subject and resource keys, merging and deleting policies, source-IP
checks, and the local providers' JSON store read back by a new provider."""
from __future__ import annotations

import pytest

from rocketmq_auth.authentication.enums.user_type import UserType
from rocketmq_auth.authentication.model.subject import Subject
from rocketmq_auth.authentication.model.user import User
from rocketmq_auth.authorization.enums.decision import Decision
from rocketmq_auth.authorization.enums.policy_type import PolicyType
from rocketmq_auth.authorization.model.acl import Acl
from rocketmq_auth.authorization.model.policy import Policy
from rocketmq_auth.authorization.model.resource import Resource
from rocketmq_auth.authorization.provider.local_authorization_metadata_provider import \
    LocalAuthorizationMetadataProvider
from rocketmq_auth.config.auth_config import AuthConfig
from rocketmq_common.action.action import Action
from rocketmq_common.resource.resource_pattern import ResourcePattern
from rocketmq_common.resource.resource_type import ResourceType
from rocketmq_common.utils.ip_address_utils import IPAddressUtils

pytestmark = pytest.mark.timeout(10)


@pytest.mark.parametrize("key, resource_type, name, pattern", [
    ("*", ResourceType.ANY, None, ResourcePattern.ANY),
    ("Topic:*", ResourceType.TOPIC, None, ResourcePattern.ANY),
    ("topic:orders", ResourceType.TOPIC, "orders", ResourcePattern.LITERAL),
    ("Group:g*", ResourceType.GROUP, "g", ResourcePattern.PREFIXED),
])
def test_resource_keys(key, resource_type, name, pattern) -> None:
    resource = Resource.of(key)
    assert resource is not None
    assert (resource.resource_type, resource.resource_name, resource.resource_pattern) == (resource_type, name, pattern)
    assert Resource.of(resource.get_resource_key()) == resource
    assert Resource.of("Queue:q") is None and Resource.of(" ") is None


def test_subject_keys_and_resource_matching() -> None:
    user = Subject.of("user:alice")
    assert isinstance(user, User) and user.get_subject_key() == "User:alice"
    assert Subject.of("alice") is None and Subject.of(None) is None
    prefixed, any_topic = Resource.of("Topic:ord*"), Resource.of("Topic:*")
    assert prefixed is not None and any_topic is not None
    orders = Resource.of("Topic:orders")
    assert orders is not None and prefixed.is_match(orders) and any_topic.is_match(orders)
    group = Resource.of("Group:orders")
    assert group is not None and not prefixed.is_match(group)
    assert UserType.get_by_name("super") is UserType.SUPER and UserType.get_by_name(None) is None


def test_policies_merge_and_delete_as_java() -> None:
    t1, t2 = Resource.of("Topic:t1"), Resource.of("Topic:t2")
    assert t1 is not None and t2 is not None
    acl = Acl.of(User.of("alice"), [Policy.of(PolicyType.CUSTOM, [t1], [Action.PUB], None, Decision.ALLOW)])
    acl.update_policy([Policy.of(PolicyType.CUSTOM, [t1, t2], [Action.SUB], None, Decision.DENY)])
    policy = acl.get_policy(PolicyType.CUSTOM)
    assert policy is not None and policy.entries is not None
    assert [(e.to_resource_str(), e.to_actions_str(), e.decision) for e in policy.entries] == [
        ("Topic:t1", ["Sub"], Decision.DENY), ("Topic:t2", ["Sub"], Decision.DENY)]
    acl.delete_policy(PolicyType.CUSTOM, t1)
    acl.delete_policy(PolicyType.CUSTOM, t2)
    assert acl.policies == []


def test_source_ips() -> None:
    assert IPAddressUtils.is_valid_ip_or_cidr("10.0.0.0/8") and IPAddressUtils.is_valid_ip_or_cidr("::1")
    assert not IPAddressUtils.is_valid_ip_or_cidr("10.0.0.300") and not IPAddressUtils.is_valid_ip_or_cidr("a/b")
    assert IPAddressUtils.is_ip_in_range("10.1.2.3", "10.0.0.0/8")
    assert not IPAddressUtils.is_ip_in_range("11.1.2.3", "10.0.0.0/8")


def test_the_local_acl_store_is_read_back(tmp_path) -> None:
    config = AuthConfig(auth_config_path=str(tmp_path))
    first = LocalAuthorizationMetadataProvider()
    first.initialize(config)
    t1 = Resource.of("Topic:t1")
    assert t1 is not None
    first.create_acl(Acl.of(User.of("bob"), [Policy.of(PolicyType.CUSTOM, [t1], [Action.PUB], None,
                                                       Decision.ALLOW)])).result()
    second = LocalAuthorizationMetadataProvider()
    second.initialize(config)
    acls = second.list_acl(None, "t1").result()
    assert [(acl.get_subject().get_subject_key(), acl.policies_to_json()) for acl in acls] == [  # type: ignore
        ("User:bob", first.get_acl(User.of("bob")).result().policies_to_json())]  # type: ignore
    assert second.list_acl("alice", None).result() == []
    assert (tmp_path / "acls.json").is_file()


def test_a_broker_reads_the_java_names_of_its_auth_settings(tmp_path) -> None:
    """As BrokerStartup: the properties' Java names set the AuthConfig; the controller keeps the metadata under
    <storePathRootDir>/config and its managers share the providers."""
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_broker.store.config.message_store_config import MessageStoreConfig
    from rocketmq_common.mix_all import MixAll

    config = AuthConfig()
    MixAll.properties2object({
        "authenticationMetadataProvider":
            "org.apache.rocketmq.auth.authentication.provider.LocalAuthenticationMetadataProvider",
        "authorizationMetadataProvider":
            "org.apache.rocketmq.auth.authorization.provider.LocalAuthorizationMetadataProvider"}, config)
    controller = BrokerController(message_store_config=MessageStoreConfig(store_path_root_dir=str(tmp_path)),
                                  auth_config=config)
    try:
        assert config.auth_config_path == str(tmp_path / "config") and config.config_name == "broker-a"
        controller.get_authentication_metadata_manager().create_user(User.of("u", "pw")).result()
        t1 = Resource.of("Topic:t1")
        assert t1 is not None
        acl = Acl.of(User.of("u"), [Policy.of(PolicyType.CUSTOM, [t1], [Action.SUB], None, Decision.DENY)])
        controller.get_authorization_metadata_manager().create_acl(acl).result()
        controller.get_authentication_metadata_manager().delete_user("u").result()
        assert controller.get_authorization_metadata_manager().list_acl(None, None).result() == []
        assert (tmp_path / "config" / "users.json").is_file()
    finally:
        controller.shutdown()
