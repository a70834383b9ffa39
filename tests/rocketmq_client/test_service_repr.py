"""The services' reprs are short forms naming the service (not the bean repr of every field: BrokerController's
was about 10 KB)."""
from __future__ import annotations

from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance


def test_service_reprs_are_short(embedded_cluster, client_instance, client_config):
    broker = embedded_cluster.broker_controller
    assert repr(broker) == "BrokerController[broker-a, brokerId=0, %s]" % broker.get_broker_addr()
    assert repr(embedded_cluster.namesrv_controller) == "NamesrvController[port=%d]" % (
        embedded_cluster.namesrv_controller.get_listen_port())
    assert repr(broker.pull_request_hold_service) == "PullRequestHoldService[PullRequestHoldService]"
    instance = client_instance(client_config)
    assert isinstance(instance, MQClientInstance)
    assert repr(instance) == "MQClientInstance[%s]" % instance.get_client_id()
