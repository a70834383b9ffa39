"""MixAll: well-known names, retry/DLQ/reply topics, VIP channel, string2file with .tmp/.bak, properties helpers."""
from __future__ import annotations

import os
from pathlib import Path

from rocketmq_common.mix_all import MixAll
from rocketmq_remoting.common.bean import Bean, Prop


def test_names_and_topics() -> None:
    assert MixAll.get_retry_topic("G") == "%RETRY%G"
    assert MixAll.get_dlq_topic("G") == "%DLQ%G"
    assert MixAll.get_reply_topic("DefaultCluster") == "DefaultCluster_REPLY_TOPIC"
    assert MixAll.is_sys_consumer_group("CID_RMQ_SYS_TRANS") and not MixAll.is_sys_consumer_group("CG")
    assert MixAll.is_lmq("%LMQ%x") and not MixAll.is_lmq(None) and not MixAll.is_lmq("x")
    assert (MixAll.DEFAULT_PRODUCER_GROUP, MixAll.DEFAULT_CONSUMER_GROUP, MixAll.TOOLS_CONSUMER_GROUP,
            MixAll.CLIENT_INNER_PRODUCER_GROUP, MixAll.MASTER_ID, MixAll.UNIQUE_MSG_QUERY_FLAG) == (
        "DEFAULT_PRODUCER", "DEFAULT_CONSUMER", "TOOLS_CONSUMER", "CLIENT_INNER_PRODUCER", 0, "_UNIQUE_KEY_QUERY")
    assert MixAll.broker_vip_channel(True, "127.0.0.1:10911") == "127.0.0.1:10909"
    assert MixAll.broker_vip_channel(True, "[::1]:10911") == "[::1]:10909"
    assert MixAll.broker_vip_channel(False, "127.0.0.1:10911") == "127.0.0.1:10911"
    assert MixAll.get_ws_addr() == "http://jmenv.tbsite.net:8080/rocketmq/nsaddr"
    assert MixAll.get_pid() == os.getpid() == MixAll.CURRENT_JVM_PID
    assert MixAll.human_readable_byte_count(1023, False) == "1023 B"
    assert MixAll.human_readable_byte_count(1536, False) == "1.5 KiB"
    assert MixAll.human_readable_byte_count(1500000, True) == "1.5 MB"


def test_string2file_keeps_a_backup(tmp_path: Path) -> None:
    target = tmp_path / "config" / "consumerOffset.json"
    MixAll.string2file("first", str(target))
    assert target.read_text() == "first"
    assert not (tmp_path / "config" / "consumerOffset.json.bak").exists()
    assert not (tmp_path / "config" / "consumerOffset.json.tmp").exists()
    MixAll.string2file("second \u65e5\u672c", str(target))
    assert MixAll.file2string(str(target)) == "second \u65e5\u672c"
    assert (tmp_path / "config" / "consumerOffset.json.bak").read_text() == "first"
    MixAll.string2file("third", str(target))
    assert (tmp_path / "config" / "consumerOffset.json.bak").read_text("utf-8") == "second \u65e5\u672c"
    assert sorted(p.name for p in (tmp_path / "config").iterdir()) == ["consumerOffset.json",
                                                                        "consumerOffset.json.bak"]
    assert MixAll.file2string(str(tmp_path / "missing")) is None


def test_properties_text() -> None:
    text = ("# comment\n! other\nbrokerName = broker-a\nlistenPort:10911\n  flag true\n"
            "multi = a\\\n   b\nesc=\\u0041\\t\n")
    props = MixAll.string2properties(text)
    assert props == {"brokerName": "broker-a", "listenPort": "10911", "flag": "true", "multi": "ab", "esc": "A\t"}
    assert MixAll.string2properties(MixAll.properties2string({"a": "1", "b": None, "c": True})) == {"a": "1",
                                                                                                   "c": "true"}
    assert MixAll.is_properties_equal({"a": "1"}, {"a": "1"})


class _Config(Bean):
    broker_name = Prop(str)
    listen_port = Prop(int, 10911)
    auto_create_topic_enable = Prop(bool, True)
    ratio = Prop(float, 0.5)
    client_id = Prop(str, wire="clientID")


def test_properties_and_beans() -> None:
    config = _Config()
    MixAll.properties2object({"brokerName": "b", "listenPort": "9", "autoCreateTopicEnable": "false",
                              "ratio": "0.25", "clientID": "c", "unknown": "x"}, config)
    assert (config.broker_name, config.listen_port, config.auto_create_topic_enable, config.ratio,
            config.client_id) == ("b", 9, False, 0.25, "c")
    MixAll.properties2object({"listenPort": "not a number"}, config)
    assert config.listen_port == 9
    assert MixAll.object2properties(config) == {"brokerName": "b", "listenPort": "9",
                                                "autoCreateTopicEnable": "false", "ratio": "0.25",
                                                "clientID": "c"}


def test_local_addresses() -> None:
    addresses = MixAll.get_local_inet_address()
    assert "127.0.0.1" in addresses
    assert MixAll.localhost()
    candidate = MixAll.get_localhost_by_network_interface()
    assert candidate is None or candidate in addresses and candidate != "127.0.0.1"
