"""NamespaceRpcHook and ClientConfig.namespace_v2 (Java 5.3.3): every request of a client with a namespace v2
carries ``nsd=true`` and ``ns=<namespace_v2>``; without one, neither."""
from __future__ import annotations

from client_support import BrokerInterceptor, create_topic
from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.client_config import ClientConfig
from rocketmq_client.rpchook.namespace_rpc_hook import NamespaceRpcHook
from rocketmq_common.message.message import Message
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_remoting.protocol.remoting_command import RemotingCommand


def test_the_hook_adds_the_fields_only_with_a_namespace_v2() -> None:
    config = ClientConfig()
    hook = NamespaceRpcHook(config)
    plain = RemotingCommand.create_request_command(RequestCode.GET_ROUTEINFO_BY_TOPIC, None)
    hook.do_before_request("127.0.0.1:9876", plain)
    assert not (plain.get_ext_fields() or {})
    config.set_namespace_v2("ns-v2")
    request = RemotingCommand.create_request_command(RequestCode.GET_ROUTEINFO_BY_TOPIC, None)
    hook.do_before_request("127.0.0.1:9876", request)
    assert request.get_ext_fields() == {"nsd": "true", "ns": "ns-v2"}


def test_a_producer_with_a_namespace_v2_sends_it_with_every_request(new_producer,
                                                                   embedded_cluster: EmbeddedCluster) -> None:
    create_topic(embedded_cluster.broker_controller, "NsV2Topic", 1)
    producer = new_producer(namespace_v2="ns-v2")
    plain = new_producer()
    with BrokerInterceptor(embedded_cluster.broker_controller, RequestCode.SEND_MESSAGE_V2) as sends:
        producer.send(Message("NsV2Topic", b"in ns v2"))
        plain.send(Message("NsV2Topic", b"plain"))
        first, second = sends.wait_requests(2)
    assert first.get_ext_fields()["nsd"] == "true" and first.get_ext_fields()["ns"] == "ns-v2"
    assert "ns" not in second.get_ext_fields() and "nsd" not in second.get_ext_fields()
    # the topic itself is not wrapped (unlike ``namespace``): the broker stores it as sent
    assert first.get_ext_fields()["b"] == "NsV2Topic"
