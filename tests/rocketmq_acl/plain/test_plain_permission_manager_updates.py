"""PlainPermissionManager's updates of the ACL files (what mqadmin's updateAclConfig / deleteAclConfig /
updateGlobalWhiteAddr do on a broker) and PlainYaml.dump: written, versioned, read back, effective at once."""
from __future__ import annotations

import pytest

from rocketmq_acl.common.acl_exception import AclException
from rocketmq_acl.common.acl_utils import AclUtils
from rocketmq_acl.common.plain_yaml import PlainYaml
from rocketmq_common.plain_access_config import PlainAccessConfig
from rocketmq_acl.plain.plain_permission_manager import PlainPermissionManager

BASE = """\
globalWhiteRemoteAddresses:
  - 10.10.103.*
accounts:
  - accessKey: FirstUser
    secretKey: first-Secret-1
    admin: false
dataVersion:
  - counter: 7
    timestamp: 1700000000000
"""
OTHER = """\
accounts:
  - accessKey: OtherUser
    secretKey: other-Secret-2
    defaultTopicPerm: SUB
"""


@pytest.fixture
def manager(tmp_path):
    (tmp_path / "conf" / "acl").mkdir(parents=True)
    (tmp_path / "conf" / "plain_acl.yml").write_text(BASE)
    (tmp_path / "conf" / "acl" / "other.yml").write_text(OTHER)
    manager = PlainPermissionManager(str(tmp_path), watch=False)
    yield manager
    manager.shutdown()


def test_dump_reads_back_verbatim():
    data = {"globalWhiteRemoteAddresses": ["*", "10.10.*.*"], "accounts": [
        {"accessKey": "A" * 8, "secretKey": "0123 \"quoted\" \\ #x", "admin": True, "topicPerms": [],
         "groupPerms": ["g=SUB"], "whiteRemoteAddress": None}], "dataVersion": [{"counter": 1, "timestamp": 2}]}
    assert PlainYaml.load(PlainYaml.dump(data)) == data


def test_a_new_account_goes_to_the_default_file_with_the_next_version(manager, tmp_path):
    config = PlainAccessConfig(access_key="SecondUser", secret_key="second-Secret-3", topic_perms=["T=PUB"],
                               default_topic_perm="DENY")
    assert manager.update_access_config(config)
    data = AclUtils.get_yaml_data_object(str(tmp_path / "conf" / "plain_acl.yml"))
    assert [a["accessKey"] for a in data["accounts"]] == ["FirstUser", "SecondUser"]
    assert data["accounts"][1] == {"accessKey": "SecondUser", "secretKey": "second-Secret-3", "admin": False,
                                   "defaultTopicPerm": "DENY", "topicPerms": ["T=PUB"]}
    assert data["dataVersion"][0]["counter"] == 8 and data["globalWhiteRemoteAddresses"] == ["10.10.103.*"]
    assert manager.access_key_table["SecondUser"] == str(tmp_path / "conf" / "plain_acl.yml")
    assert manager.data_version_map[str(tmp_path / "conf" / "plain_acl.yml")].counter == 8


def test_an_existing_account_is_updated_in_its_own_file(manager, tmp_path):
    other = str(tmp_path / "conf" / "acl" / "other.yml")
    assert manager.update_access_config(PlainAccessConfig(access_key="OtherUser", secret_key="other-Secret-2",
                                                          admin=True))
    data = AclUtils.get_yaml_data_object(other)
    assert data["accounts"] == [{"accessKey": "OtherUser", "secretKey": "other-Secret-2", "defaultTopicPerm": "SUB",
                                 "admin": True}]
    assert manager.acl_plain_access_resource_map[other]["OtherUser"].admin is True


def test_invalid_accounts_are_refused_and_nothing_is_written(manager, tmp_path):
    before = (tmp_path / "conf" / "plain_acl.yml").read_text()
    with pytest.raises(AclException, match="length should longer than 6"):
        manager.update_access_config(PlainAccessConfig(access_key="Short", secret_key="x"))
    with pytest.raises(AclException, match="Parse resource permission error"):
        manager.update_access_config(PlainAccessConfig(access_key="ThirdUser", secret_key="third-Secret",
                                                       topic_perms=["T=WRITE"]))
    assert (tmp_path / "conf" / "plain_acl.yml").read_text() == before


def test_delete_and_white_list(manager, tmp_path):
    assert manager.delete_access_config("FirstUser")
    assert "FirstUser" not in manager.access_key_table
    assert not manager.delete_access_config("FirstUser") and not manager.delete_access_config("")
    assert manager.update_global_white_addrs_config(["127.0.0.1", "192.168.*.*"])
    data = AclUtils.get_yaml_data_object(str(tmp_path / "conf" / "plain_acl.yml"))
    assert data["globalWhiteRemoteAddresses"] == ["127.0.0.1", "192.168.*.*"] and data["accounts"] == []
    assert len(manager.global_white_remote_address_strategy) == 2
    assert not manager.update_global_white_addrs_config(["1.2.3.4"], str(tmp_path / "missing.yml"))
    assert not manager.update_global_white_addrs_config(None)
    config = manager.get_all_acl_config()
    assert config.global_white_addrs == ["127.0.0.1", "192.168.*.*"]
    assert [c.access_key for c in config.plain_access_configs] == ["OtherUser"]
