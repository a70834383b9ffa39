"""TLS end to end: DefaultMQProducer / DefaultMQPushConsumer with ``use_tls`` against an EmbeddedCluster whose
NameServer and broker serve TLS in each ``tls.server.mode``, with a CA made at test time (``tests/tls_certs.py``).

The client-side TLS options are process-wide, like Java's ``tls.client.*`` system properties: the tests set them
on :class:`TlsSystemConfig` (with ``monkeypatch``), which every new remoting client copies. The brokers' own
connections to the NameServer use the same settings."""
from __future__ import annotations

import itertools
from typing import Any, Callable, Iterator, List

import pytest
from consuming import BodyCollector

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.exception import IllegalStateException, MQClientException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_remoting.common.tls_mode import TlsMode
from rocketmq_remoting.netty.tls_system_config import TlsSystemConfig
from tls_certs import make_pki, requires_openssl

pytestmark = requires_openssl

_names = itertools.count()
TOPIC = "TlsTopic"
#: a refused name-server connection fails the route lookup with IllegalStateException (as in Java)
REFUSED = (MQClientException, IllegalStateException)


@pytest.fixture(scope="module")
def pki(tmp_path_factory):
    return make_pki(tmp_path_factory.mktemp("pki"))


@pytest.fixture
def client_tls(monkeypatch, pki) -> Callable[..., None]:
    """``client_tls(**settings)``: set process-wide client TLS settings (Java: ``-Dtls.client.*``). By default
    clients verify servers against the test CA and present no certificate."""

    def apply(**settings: Any) -> None:
        values = dict(tls_config_file=None, tls_test_mode_enable=False, tls_client_auth_server=True,
                      tls_client_trust_cert_path=str(pki / "ca.pem"))
        values.update(settings)
        for name, value in values.items():
            monkeypatch.setattr(TlsSystemConfig, name, value)

    apply()
    return apply


def _server_tls(pki, mode: TlsMode, **extra: Any) -> TlsSystemConfig:
    return TlsSystemConfig(tls_mode=mode, tls_config_file=None, tls_test_mode_enable=False,
                           tls_server_cert_path=str(pki / "server.pem"), tls_server_key_path=str(pki / "server.key"),
                           **extra)


@pytest.fixture
def tls_cluster(tmp_path, pki, client_tls) -> Iterator[Callable[..., EmbeddedCluster]]:
    """``tls_cluster(mode, **server_tls)``: a started cluster serving TLS in ``mode``, with topic TlsTopic."""
    made: List[EmbeddedCluster] = []

    def start(mode: TlsMode, **extra: Any) -> EmbeddedCluster:
        cluster = EmbeddedCluster(str(tmp_path / ("cluster%d" % len(made))), tls_config=_server_tls(pki, mode, **extra))
        made.append(cluster)
        cluster.start()
        cluster.create_topic(TOPIC)
        return cluster

    yield start
    for cluster in made:
        cluster.shutdown()


@pytest.fixture
def clients() -> Iterator[List[Any]]:
    made: List[Any] = []
    yield made
    for client in made:
        client.shutdown()


def _producer(clients: List[Any], cluster: EmbeddedCluster, use_tls: bool) -> DefaultMQProducer:
    producer = DefaultMQProducer("TlsPG_%d" % next(_names))
    producer.set_namesrv_addr(cluster.namesrv_addr)
    producer.set_use_tls(use_tls)
    producer.set_send_msg_timeout(5000)
    clients.append(producer)
    producer.start()
    return producer


def _consumer(clients: List[Any], cluster: EmbeddedCluster, use_tls: bool,
              listener: BodyCollector) -> DefaultMQPushConsumer:
    consumer = DefaultMQPushConsumer("TlsCG_%d" % next(_names))
    consumer.set_namesrv_addr(cluster.namesrv_addr)
    consumer.set_use_tls(use_tls)
    consumer.set_consume_from_where(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET)
    consumer.set_heartbeat_broker_interval(1000)
    consumer.set_poll_name_server_interval(1000)
    consumer.subscribe(TOPIC, "*")
    consumer.register_message_listener(listener)
    clients.append(consumer)
    consumer.start()
    return consumer


def _channels(client: Any) -> list:
    impl = client.get_default_mq_producer_impl() if isinstance(client, DefaultMQProducer) \
        else client.get_default_mq_push_consumer_impl()
    remoting = impl.get_mq_client_factory().get_mq_client_api_impl().get_remoting_client()
    return [cw.get_channel() for cw in list(remoting.channel_tables.values()) if cw.is_ok()]


def _send_and_receive(clients: List[Any], cluster: EmbeddedCluster, use_tls: bool) -> None:
    producer = _producer(clients, cluster, use_tls)
    bodies = {b"tls %d" % i for i in range(5)}
    for body in sorted(bodies):
        assert producer.send(Message(TOPIC, "TagA", body)).get_send_status() is SendStatus.SEND_OK
    listener = BodyCollector()
    consumer = _consumer(clients, cluster, use_tls, listener)
    listener.wait_for(bodies)
    for client in (producer, consumer):
        channels = _channels(client)
        # the name server and the broker connections
        assert len(channels) >= 2 and all(c.is_tls() is use_tls for c in channels)


@pytest.mark.parametrize("mode", [TlsMode.PERMISSIVE, TlsMode.ENFORCING], ids=lambda m: m.value)
def test_tls_clients_send_and_consume(tls_cluster, clients, mode) -> None:
    cluster = tls_cluster(mode)
    _send_and_receive(clients, cluster, True)


def test_broker_registers_over_tls_when_enforcing(tls_cluster) -> None:
    cluster = tls_cluster(TlsMode.ENFORCING)
    controller = cluster.broker_controller
    assert controller.get_netty_client_config().use_tls
    route = cluster.namesrv_controller.get_route_info_manager().pickup_topic_route_data(TOPIC)
    assert route is not None and route.get_broker_datas()[0].get_broker_name() == "broker-a"


def test_permissive_servers_accept_plain_clients(tls_cluster, clients) -> None:
    cluster = tls_cluster(TlsMode.PERMISSIVE)
    _send_and_receive(clients, cluster, False)


def test_disabled_servers_serve_plain_and_refuse_tls(tls_cluster, clients) -> None:
    cluster = tls_cluster(TlsMode.DISABLED)
    _send_and_receive(clients, cluster, False)
    producer = _producer(clients, cluster, True)
    producer.set_retry_times_when_send_failed(0)
    with pytest.raises(REFUSED):
        producer.send(Message(TOPIC, "TagA", b"refused"))
    assert _channels(producer) == []


def test_enforcing_servers_refuse_plain_clients(tls_cluster, clients) -> None:
    cluster = tls_cluster(TlsMode.ENFORCING)
    producer = _producer(clients, cluster, False)
    producer.set_retry_times_when_send_failed(0)
    with pytest.raises(REFUSED):
        producer.send(Message(TOPIC, "TagA", b"refused"))
    assert _channels(producer) == []


def test_tls_enable_property_is_the_default_of_use_tls(tls_cluster, clients, monkeypatch) -> None:
    cluster = tls_cluster(TlsMode.ENFORCING)
    monkeypatch.setattr(TlsSystemConfig, "tls_enable", True)  # Java: -Dtls.enable=true
    producer = DefaultMQProducer("TlsPG_%d" % next(_names))
    assert producer.is_use_tls()
    producer.set_namesrv_addr(cluster.namesrv_addr)
    clients.append(producer)
    producer.start()
    assert producer.send(Message(TOPIC, "TagA", b"by property")).get_send_status() is SendStatus.SEND_OK
    assert all(c.is_tls() for c in _channels(producer))


def test_client_refuses_a_server_it_does_not_trust(tls_cluster, clients, client_tls, pki) -> None:
    cluster = tls_cluster(TlsMode.ENFORCING)
    client_tls(tls_client_trust_cert_path=str(pki / "other.pem"))
    producer = _producer(clients, cluster, True)
    producer.set_retry_times_when_send_failed(0)
    with pytest.raises(REFUSED):
        producer.send(Message(TOPIC, "TagA", b"untrusted"))


def test_mutual_tls_with_client_certificates(tls_cluster, clients, client_tls, pki) -> None:
    client_tls(tls_client_cert_path=str(pki / "client.pem"), tls_client_key_path=str(pki / "client.key"))
    cluster = tls_cluster(TlsMode.ENFORCING, tls_server_auth_client=True, tls_server_need_client_auth="require",
                          tls_server_trust_cert_path=str(pki / "ca.pem"))
    _send_and_receive(clients, cluster, True)
    client_tls(tls_client_cert_path=None, tls_client_key_path=None)  # a client without certificate
    anonymous = _producer(clients, cluster, True)
    anonymous.set_retry_times_when_send_failed(0)
    with pytest.raises(REFUSED):
        anonymous.send(Message(TOPIC, "TagA", b"anonymous"))
