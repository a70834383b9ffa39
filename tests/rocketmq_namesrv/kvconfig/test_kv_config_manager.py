"""PUT/GET/DELETE_KV_CONFIG, GET_KVLIST_BY_NAMESPACE (persisted in kvConfig.json across restarts) and
UPDATE/GET_NAMESRV_CONFIG."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from namesrv_support import addr_of, client, invoke, make_controller, namesrv, request

from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.kv_table import KVTable
from rocketmq_common.protocol.header.namesrv import (
    DeleteKVConfigRequestHeader, GetKVConfigRequestHeader, GetKVConfigResponseHeader,
    GetKVListByNamespaceRequestHeader, PutKVConfigRequestHeader,
)
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient

__all__ = ["namesrv", "client"]  # fixtures


def _put(client: NettyRemotingClient, addr: str, namespace: str, key: str, value: str) -> None:
    response = invoke(client, addr, request(RequestCode.PUT_KV_CONFIG,
                                            PutKVConfigRequestHeader(namespace=namespace, key=key, value=value)))
    assert response.code == ResponseCode.SUCCESS and response.remark is None


def _get(client: NettyRemotingClient, addr: str, namespace: str, key: str):
    return invoke(client, addr, request(RequestCode.GET_KV_CONFIG,
                                        GetKVConfigRequestHeader(namespace=namespace, key=key)))


def _list(client: NettyRemotingClient, addr: str, namespace: str):
    return invoke(client, addr, request(RequestCode.GET_KVLIST_BY_NAMESPACE,
                                        GetKVListByNamespaceRequestHeader(namespace=namespace)))


def test_kv_config_round_trip_and_persistence_across_restart(tmp_path, client):
    with make_controller(tmp_path) as controller:
        addr = addr_of(controller)
        _put(client, addr, "ORDER_TOPIC_CONFIG", "TopicA", "broker-a:4;broker-b:4")
        _put(client, addr, "ORDER_TOPIC_CONFIG", "TopicB", "broker-a:8")
        _put(client, addr, "NS2", "k", "v")
        _put(client, addr, "NS2", "k", "v2")
        response = _get(client, addr, "ORDER_TOPIC_CONFIG", "TopicA")
        assert response.code == ResponseCode.SUCCESS and response.remark is None
        assert response.decode_command_custom_header(GetKVConfigResponseHeader).value == "broker-a:4;broker-b:4"
        delete = DeleteKVConfigRequestHeader(namespace="ORDER_TOPIC_CONFIG", key="TopicB")
        assert invoke(client, addr, request(RequestCode.DELETE_KV_CONFIG, delete)).code == ResponseCode.SUCCESS

    kv_file = tmp_path / "namesrv" / "kvConfig.json"
    assert json.loads(kv_file.read_text("utf-8")) == {
        "configTable": {"ORDER_TOPIC_CONFIG": {"TopicA": "broker-a:4;broker-b:4"}, "NS2": {"k": "v2"}}}

    with make_controller(tmp_path) as restarted, NettyRemotingClient() as client2:
        addr = addr_of(restarted)
        listed = _list(client2, addr, "ORDER_TOPIC_CONFIG")
        assert listed.code == ResponseCode.SUCCESS
        assert KVTable.decode(listed.body).table == {"TopicA": "broker-a:4;broker-b:4"}
        assert _get(client2, addr, "NS2", "k").ext_fields == {"value": "v2"}


def test_missing_kv_items_are_query_not_found_with_java_remarks(namesrv, client):
    addr = addr_of(namesrv)
    missing = _get(client, addr, "NS", "nokey")
    assert missing.code == ResponseCode.QUERY_NOT_FOUND
    assert missing.remark == "No config item, Namespace: NS Key: nokey"
    missing_ns = _list(client, addr, "NoNamespace")
    assert missing_ns.code == ResponseCode.QUERY_NOT_FOUND
    assert missing_ns.remark == "No config item, Namespace: NoNamespace"


def test_a_corrupt_kv_file_stops_the_start(tmp_path):
    kv_file = tmp_path / "namesrv" / "kvConfig.json"
    kv_file.parent.mkdir(parents=True)
    kv_file.write_text("{not json", "utf-8")
    controller = make_controller(tmp_path)
    with pytest.raises(ValueError, match="kvConfig.json"), controller:
        pass


def test_update_and_get_namesrv_config(namesrv, client):
    addr = addr_of(namesrv)
    response = invoke(client, addr, request(RequestCode.GET_NAMESRV_CONFIG))
    assert response.code == ResponseCode.SUCCESS
    config = MixAll.string2properties(response.body.decode("utf-8"))
    assert config["orderMessageEnable"] == "false" and config["productEnvName"] == "center"
    assert config["listenPort"] == "0" and config["serverWorkerThreads"] == "8"

    update = invoke(client, addr, request(RequestCode.UPDATE_NAMESRV_CONFIG,
                                          body=b"orderMessageEnable=true\nproductEnvName=test\n"))
    assert update.code == ResponseCode.SUCCESS and update.remark is None
    assert namesrv.get_namesrv_config().order_message_enable is True
    config = MixAll.string2properties(invoke(client, addr, request(RequestCode.GET_NAMESRV_CONFIG)).body.decode())
    assert config["orderMessageEnable"] == "true" and config["productEnvName"] == "test"
    stored = MixAll.string2properties(Path(namesrv.get_namesrv_config().config_store_path).read_text("utf-8"))
    assert stored["orderMessageEnable"] == "true"


def test_config_paths_cannot_be_updated(namesrv, client):
    for body in (b"kvConfigPath=/tmp/x", b"configStorePath=/tmp/y"):
        response = invoke(client, addr_of(namesrv), request(RequestCode.UPDATE_NAMESRV_CONFIG, body=body))
        assert response.code == ResponseCode.NO_PERMISSION and response.remark == "Can not update config path"
    assert namesrv.get_namesrv_config().kv_config_path.endswith("kvConfig.json")
