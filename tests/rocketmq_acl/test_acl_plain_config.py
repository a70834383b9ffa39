"""The plain ACL pieces without a broker: the YAML subset, permissions, address strategies, the permission
manager (loading, validation, the file watcher) and the validator's parsing of each request code."""
from __future__ import annotations

import logging

import pytest

from acl_test_support import ACL_YAML, ADMIN_SECRET, SECRET
from rocketmq_acl.common.acl_client_rpc_hook import AclClientRPCHook
from rocketmq_acl.common.acl_exception import AclException
from rocketmq_acl.common.acl_utils import AclUtils
from rocketmq_acl.common.permission import Permission
from rocketmq_acl.common.plain_yaml import PlainYaml
from rocketmq_acl.common.session_credentials import SessionCredentials
from rocketmq_acl.plain.plain_access_config import PlainAccessConfig
from rocketmq_acl.plain.plain_access_resource import PlainAccessResource
from rocketmq_acl.plain.plain_access_validator import PlainAccessValidator
from rocketmq_acl.plain.plain_permission_manager import PlainPermissionManager
from rocketmq_acl.plain.remote_address_strategy_factory import RemoteAddressStrategyFactory
from rocketmq_common.protocol.header.pull_message_request_header import PullMessageRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_remoting.protocol.remoting_command import RemotingCommand


def test_yaml_subset_of_plain_acl_files() -> None:
    data = PlainYaml.load(ACL_YAML)
    assert data["globalWhiteRemoteAddresses"] == ["10.10.103.*"]
    first, admin, white = data["accounts"]
    assert first == {"accessKey": "RocketMQ", "secretKey": SECRET, "whiteRemoteAddress": None, "admin": False,
                     "defaultTopicPerm": "DENY", "defaultGroupPerm": "SUB",
                     "topicPerms": ["AclTopic=PUB|SUB", "SubOnlyTopic=SUB"], "groupPerms": ["DeniedGroup=DENY"]}
    assert admin == {"accessKey": "AdminUser", "secretKey": ADMIN_SECRET, "admin": True}
    assert white["whiteRemoteAddress"] == "127.0.0.1"


def test_yaml_as_snakeyaml_writes_it_and_scalar_types() -> None:
    text = ("---\naccounts:\n- accessKey: RocketMQ\n  secretKey: 12345678\n  admin: 'true'\n  topicPerms: []\n"
            "dataVersion:\n- {}\n- counter: 3\n  timestamp: 1_700\nquoted: \"a # not a comment \\u00e9\\\"\"\n"
            "single: 'it''s'  # comment\nflow: [a, 'b', 3]\nnulls: [~, null]\nflags: [yes, No, ON, off, True]\n"
            "text: 0123\nnested:\n    - - x\n      - y\n")
    data = PlainYaml.load(text)
    assert data["accounts"] == [{"accessKey": "RocketMQ", "secretKey": 12345678, "admin": "true", "topicPerms": []}]
    assert data["dataVersion"] == [{}, {"counter": 3, "timestamp": 1700}]
    assert data["quoted"] == 'a # not a comment \u00e9"' and data["single"] == "it's"
    assert data["flow"] == ["a", "b", 3] and data["nulls"] == [None, None]
    assert data["flags"] == [True, False, True, False, True]
    assert data["text"] == "0123" and data["nested"] == [["x", "y"]]
    assert PlainYaml.load("# only a comment\n") is None


@pytest.mark.parametrize("text, line", [
    ("a: 1\n  b: 2\n", 2), ("a:\n\t- x\n", 2), ("- a\nb: 1\n", 2), ("a: 1\na: 2\n", 2), ("a: |\n  x\n", 1),
    ("a: \"open\n", 1), ("a: 1\n---\nb: 2\n", 2),
])
def test_yaml_errors_name_the_line_only(text, line) -> None:
    with pytest.raises(ValueError, match=r"^line %d: " % line) as info:
        PlainYaml.load(text)
    assert "open" not in str(info.value)


def test_permissions() -> None:
    parse = Permission.parse_perm_from_string
    assert [parse(p) for p in ("PUB", " SUB ", "PUB|SUB", "SUB|PUB", "DENY", "bogus", None)] == [4, 8, 12, 12, 1, 1, 1]
    check = Permission.check_permission
    assert check(Permission.PUB, Permission.PUB | Permission.SUB) and not check(Permission.PUB, Permission.SUB)
    assert not check(Permission.SUB, Permission.DENY | Permission.SUB)
    assert check(Permission.ANY, Permission.SUB) and not check(Permission.ANY, Permission.DENY)
    resource = PlainAccessResource()
    Permission.parse_resource_perms(resource, False, ["G1=SUB"])
    Permission.parse_resource_perms(resource, True, ["T1 = PUB"])
    assert resource.resource_perm_map == {"%RETRY%G1": Permission.SUB, "T1": Permission.PUB}
    with pytest.raises(AclException, match="Parse resource permission failed for topic:T1"):
        Permission.parse_resource_perms(resource, True, ["T1"])
    with pytest.raises(AclException, match="The expected permissions are"):
        Permission.check_resource_perms(["T1=ALL"])
    assert Permission.need_admin_perm(RequestCode.UPDATE_AND_CREATE_TOPIC)
    assert not Permission.need_admin_perm(RequestCode.SEND_MESSAGE_V2)


def _matches(pattern: str, address: str) -> bool:
    strategy = RemoteAddressStrategyFactory().get_remote_address_strategy(pattern)
    return strategy.match(PlainAccessResource(white_remote_address=address))


@pytest.mark.parametrize("pattern, yes, no", [
    ("", [], ["127.0.0.1"]),
    ("*", ["1.2.3.4", "::1"], []),
    ("192.168.0.1", ["192.168.0.1"], ["192.168.0.2"]),
    ("192.168.0.1,192.168.0.3", ["192.168.0.3"], ["192.168.0.2"]),
    ("192.168.0.{1,2}", ["192.168.0.2"], ["192.168.0.3"]),
    ("192.168.*.*", ["192.168.200.9"], ["192.169.0.1"]),
    ("192.168.1-10.*", ["192.168.10.1"], ["192.168.11.1"]),
    ("192.168.0.1-20", ["192.168.0.20"], ["192.168.0.21"]),
    ("::1", ["0:0:0:0:0:0:0:1"], ["::2"]),
    ("1:2:3:4:5:6:7:1-ff", ["1:2:3:4:5:6:7:fe"], ["1:2:3:4:5:6:7:100"]),
    ("1:2:3:4:5:6:7:*", ["1:2:3:4:5:6:7:abcd"], ["1:2:3:4:5:6:8:1"]),
    ("1:2::{a,b}", ["1:2::b"], ["1:2::c"]),
])
def test_remote_address_strategies(pattern, yes, no) -> None:
    assert all(_matches(pattern, address) for address in yes)
    assert not any(_matches(pattern, address) for address in no)


@pytest.mark.parametrize("pattern", ["192.168.0", "300.1.1.1", "192.168.0.-1", "192.168.0.20-1", "1.2.3.{4,x}"])
def test_bad_address_patterns(pattern) -> None:
    with pytest.raises(AclException):
        RemoteAddressStrategyFactory().get_remote_address_strategy(pattern)


def test_expand_ip() -> None:
    assert AclUtils.expand_ip("::1", 8) == "0000:0000:0000:0000:0000:0000:0000:0001"
    assert AclUtils.expand_ip("fe80::a:B", 8) == "FE80:0000:0000:0000:0000:0000:000A:000B"


def test_account_from_yaml_hides_its_secret() -> None:
    config = PlainAccessConfig.from_yaml({"accessKey": "RocketMQ", "secretKey": 12345678, "admin": "true",
                                          "topicPerms": "T=PUB", "unknown": 1})
    assert (config.secret_key, config.admin, config.topic_perms) == ("12345678", True, ["T=PUB"])
    assert "12345678" not in repr(config) and "12345678" not in repr(
        PlainPermissionManager(watch=False, file_home="").build_plain_access_resource(config))


def _manager(tmp_path, text: str = ACL_YAML, **kwargs) -> PlainPermissionManager:
    path = tmp_path / "plain_acl.yml"
    path.write_text(text)
    return PlainPermissionManager(default_acl_file=str(path), watch=False, **kwargs)


def _signed(code: int, header=None, body=None, access_key: str = "RocketMQ", secret: str = SECRET,
            ext=None) -> RemotingCommand:
    request = RemotingCommand.create_request_command(code, header, body)
    for key, value in (ext or {}).items():
        request.add_ext_field(key, value)
    AclClientRPCHook(SessionCredentials(access_key, secret)).do_before_request(None, request)
    return RemotingCommand.decode(request.encode()[4:])


def test_validator_resources_per_request_code(tmp_path) -> None:
    validator = PlainAccessValidator(_manager(tmp_path))
    parse = validator.parse
    pull = PullMessageRequestHeader(consumer_group="G", topic="AclTopic", queue_id=0, queue_offset=0, max_msg_nums=1,
                                    sys_flag=0, commit_offset=0, suspend_timeout_millis=0, sub_version=0)
    assert parse(_signed(RequestCode.PULL_MESSAGE, pull), "127.0.0.1:1").resource_perm_map == \
        {"AclTopic": Permission.SUB, "%RETRY%G": Permission.SUB}
    send_back = _signed(RequestCode.CONSUMER_SEND_MSG_BACK, ext={"group": "G", "offset": "1"})
    assert parse(send_back, None).resource_perm_map == {"%RETRY%G": Permission.SUB}
    retry = _signed(RequestCode.SEND_MESSAGE_V2, ext={"a": "G", "b": "%RETRY%G"})
    assert parse(retry, None).resource_perm_map == {"%RETRY%G": Permission.SUB}
    old_send = _signed(RequestCode.SEND_MESSAGE, ext={"producerGroup": "P", "topic": "AclTopic"})
    assert parse(old_send, None).resource_perm_map == {"AclTopic": Permission.PUB}
    unregister = _signed(RequestCode.UNREGISTER_CLIENT, ext={"clientID": "c", "consumerGroup": "G"})
    assert parse(unregister, None).resource_perm_map == {"%RETRY%G": Permission.SUB}
    consumers = _signed(RequestCode.GET_CONSUMER_LIST_BY_GROUP, ext={"consumerGroup": "G"})
    assert parse(consumers, None).resource_perm_map == {"%RETRY%G": Permission.SUB}
    routes = _signed(RequestCode.GET_ROUTEINFO_BY_TOPIC, ext={"topic": "AclTopic"})
    resource = parse(routes, "10.0.0.9:7")
    assert resource.resource_perm_map is None and resource.white_remote_address == "10.0.0.9"
    validator.validate(resource)
    with pytest.raises(AclException, match="the custom field <clientID> is null"):
        parse(_signed(RequestCode.UNREGISTER_CLIENT, ext={"consumerGroup": "G"}), None)
    with pytest.raises(AclException):
        parse(_signed(RequestCode.HEART_BEAT, body=b"not json"), None)


def test_manager_checks_in_java_order(tmp_path) -> None:
    manager = _manager(tmp_path)
    validator = PlainAccessValidator(manager)
    unsigned = RemotingCommand.create_request_command(RequestCode.GET_ROUTEINFO_BY_TOPIC)
    with pytest.raises(AclException, match="^No accessKey is configured$"):
        validator.validate(validator.parse(unsigned, "127.0.0.1:1"))
    # a global white address needs nothing else
    validator.validate(validator.parse(RemotingCommand.decode(unsigned.encode()[4:]), "10.10.103.7:1"))
    trace = _signed(RequestCode.SEND_MESSAGE_V2, ext={"a": "P", "b": "RMQ_SYS_TRACE_TOPIC"})
    validator.validate(validator.parse(trace, "127.0.0.1:1"))  # the trace topic is always writable
    denied = _signed(RequestCode.SEND_MESSAGE_V2, ext={"a": "P", "b": "SubOnlyTopic"})
    with pytest.raises(AclException, match="^No default permission for topic:SubOnlyTopic$"):
        validator.validate(validator.parse(denied, "127.0.0.1:1"))
    admin = _signed(RequestCode.SEND_MESSAGE_V2, ext={"a": "P", "b": "Anything"}, access_key="AdminUser",
                    secret=ADMIN_SECRET)
    validator.validate(validator.parse(admin, "127.0.0.1:1"))  # an admin without resource perms may do all


def test_accounts_across_files_and_homes(tmp_path, caplog) -> None:
    caplog.set_level(logging.DEBUG)
    conf = tmp_path / "conf"
    (conf / "acl" / "more").mkdir(parents=True)
    (conf / "plain_acl.yml").write_text(ACL_YAML)
    (conf / "acl" / "more" / "extra.yaml").write_text(
        "accounts:\n  - accessKey: ExtraUser\n    secretKey: extra-secret-1\n  - accessKey: RocketMQ\n"
        "    secretKey: duplicate-secret\n")
    (conf / "acl" / "tools.yml").write_text("accessKey: x\nsecretKey: y\n")
    manager = PlainPermissionManager(file_home=str(tmp_path), watch=False)
    assert manager.default_acl_file == str(conf / "plain_acl.yml")
    assert set(manager.access_key_table) == {"RocketMQ", "AdminUser", "WhiteUser", "ExtraUser"}
    assert len(manager.get_data_version_map()) == 2
    assert SECRET not in caplog.text and "extra-secret-1" not in caplog.text
    relative = PlainPermissionManager(file_home=str(tmp_path), default_acl_file="conf/acl/more/extra.yaml",
                                      watch=False)
    assert relative.default_acl_file == str(conf / "acl" / "more" / "extra.yaml")
    nothing = PlainPermissionManager(file_home="", watch=False)
    assert nothing.default_acl_file is None and nothing.access_key_table == {}


def test_missing_default_file_is_created_empty(tmp_path) -> None:
    path = tmp_path / "plain_acl.yml"
    manager = PlainPermissionManager(default_acl_file=str(path), watch=False)
    assert path.read_text() == "" and manager.access_key_table == {}


def test_watcher_thread_reloads_changed_files(tmp_path, wait_until) -> None:
    path = tmp_path / "plain_acl.yml"
    path.write_text(ACL_YAML)
    manager = PlainPermissionManager(default_acl_file=str(path), watch_interval_millis=50)
    try:
        service = manager.acl_file_watch_service
        assert service is not None and service._thread.name == "AclFileWatchService"
        path.write_text(ACL_YAML + "  - accessKey: LateUser\n    secretKey: late-secret-1\n")
        wait_until(lambda: "LateUser" in manager.access_key_table, 10, "the reload")
        path.write_text("accounts:\n  - accessKey: OnlyUser\n    secretKey: only-secret-1\n")
        wait_until(lambda: set(manager.access_key_table) == {"OnlyUser"}, 10, "the second reload")
    finally:
        manager.shutdown()
    assert not service._thread.is_alive()
