"""PlainPermissionManager and PlainAccessValidator without a broker: accounts read from YAML (the secret hidden),
the resources the validator parses from each request code, Java's order of checks, accounts across files and
homes, the missing default file, the watcher thread reloading changed files."""
from __future__ import annotations

import logging

import pytest

from acl_support import ACL_YAML, ADMIN_SECRET, SECRET
from rocketmq_acl.common.acl_client_rpc_hook import AclClientRPCHook
from rocketmq_acl.common.acl_exception import AclException
from rocketmq_acl.common.permission import Permission
from rocketmq_acl.common.session_credentials import SessionCredentials
from rocketmq_acl.plain.plain_access_validator import PlainAccessValidator
from rocketmq_acl.plain.plain_permission_manager import PlainPermissionManager
from rocketmq_common.protocol.header.pull_message_request_header import PullMessageRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_remoting.protocol.remoting_command import RemotingCommand


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


def test_account_from_yaml_hides_its_secret() -> None:
    config = PlainPermissionManager.access_config_from_yaml({"accessKey": "RocketMQ", "secretKey": 12345678,
                                                             "admin": "true", "topicPerms": "T=PUB", "unknown": 1})
    assert (config.secret_key, config.admin, config.topic_perms) == ("12345678", True, ["T=PUB"])
    assert "12345678" not in repr(config) and "12345678" not in repr(
        PlainPermissionManager(watch=False, file_home="").build_plain_access_resource(config))


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
