"""Name-server address from the address server (Java ``TopAddressing``), served by a loopback HTTP server."""
from __future__ import annotations

import http.server
import threading
from typing import Iterator, List, Tuple

import pytest

from rocketmq_client.impl.top_addressing import TopAddressing
from rocketmq_common.topic.topic_validator import TopicValidator


class _AddressServer:
    """Answers GET with ``body`` (status ``status``) and records the paths and headers asked for."""

    def __init__(self) -> None:
        self.body = ""
        self.status = 200
        self.requests: List[Tuple[str, str]] = []
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server's name)
                outer.requests.append((self.path, self.headers.get("Client-Version", "")))
                data = outer.body.encode("utf-8")
                self.send_response(outer.status)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args) -> None:
                """Quiet."""

        self.httpd = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, name="test-address-server", daemon=True)
        self.thread.start()

    @property
    def domain(self) -> str:
        return "127.0.0.1:%d" % self.httpd.server_address[1]

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(5)


@pytest.fixture
def address_server(monkeypatch) -> Iterator[_AddressServer]:
    server = _AddressServer()
    monkeypatch.setenv("ROCKETMQ_NAMESRV_DOMAIN", server.domain)
    monkeypatch.delenv("ROCKETMQ_NAMESRV_DOMAIN_SUBGROUP", raising=False)
    monkeypatch.delenv("NAMESRV_ADDR", raising=False)
    monkeypatch.delenv("rocketmq.namesrv.addr", raising=False)
    try:
        yield server
    finally:
        server.close()


def test_fetch_ns_addr_from_configured_address_server(address_server):
    address_server.body = "10.0.0.1:9876;10.0.0.2:9876\r\nignored"
    ws_addr = TopAddressing.configured_ws_addr()
    assert ws_addr == "http://%s/rocketmq/nsaddr" % address_server.domain
    assert TopAddressing(ws_addr).fetch_ns_addr() == "10.0.0.1:9876;10.0.0.2:9876"
    assert address_server.requests[-1][0] == "/rocketmq/nsaddr"
    assert address_server.requests[-1][1] == "V5_3_3"
    assert TopAddressing(ws_addr, "unitX").fetch_ns_addr() == "10.0.0.1:9876;10.0.0.2:9876"
    assert address_server.requests[-1][0] == "/rocketmq/nsaddr-unitX?nofix=1"
    address_server.status = 404
    assert TopAddressing(ws_addr).fetch_ns_addr(verbose=False) is None


def test_no_address_server_configured_means_no_fetch(monkeypatch):
    monkeypatch.delenv("ROCKETMQ_NAMESRV_DOMAIN", raising=False)
    monkeypatch.delenv("rocketmq.namesrv.domain", raising=False)
    assert TopAddressing.configured_ws_addr() is None
    assert TopAddressing(None).fetch_ns_addr() is None


def test_instance_fetches_name_servers_at_start(embedded_cluster, address_server, make_client_config,
                                                client_instance):
    address_server.body = embedded_cluster.namesrv_addr + "\n"
    config = make_client_config(None)
    assert config.get_namesrv_addr() is None
    instance = client_instance(config)
    api = instance.get_mq_client_api_impl()
    assert api.get_name_server_address_list() == [embedded_cluster.namesrv_addr]
    assert api.fetch_name_server_addr() == embedded_cluster.namesrv_addr  # unchanged: kept
    route = api.get_topic_route_info_from_name_server(TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC, 3000)
    assert route.broker_datas[0].broker_addrs == {0: embedded_cluster.broker_addr}
