"""``python -m rocketmq_broker`` decides whether the broker reaches the NameServer over TLS as Java's
BrokerStartup does: system property ``tls.enable``, by default whether ``tls.server.mode`` is enforcing."""
from __future__ import annotations

import io

import pytest

from rocketmq_broker.broker_startup import BrokerStartup
from rocketmq_remoting.common.tls_mode import TlsMode
from rocketmq_remoting.netty.tls_system_config import TlsSystemConfig


def _use_tls() -> str:
    out = io.StringIO()
    assert BrokerStartup.create_broker_controller(["--printConfigItem", "-n", "127.0.0.1:1"], out=out) is None
    items = dict(line.split("=", 1) for line in out.getvalue().splitlines() if "=" in line)
    return items["useTLS"]


@pytest.mark.parametrize("mode, tls_enable, expected", [
    (TlsMode.PERMISSIVE, None, "false"),
    (TlsMode.ENFORCING, None, "true"),
    (TlsMode.ENFORCING, "false", "false"),
    (TlsMode.DISABLED, "true", "true"),
])
def test_broker_client_tls_follows_java_startup(monkeypatch, mode, tls_enable, expected) -> None:
    monkeypatch.setattr(TlsSystemConfig, "tls_mode", mode)
    monkeypatch.delenv("TLS_ENABLE", raising=False)
    if tls_enable is None:
        monkeypatch.delenv("tls.enable", raising=False)
    else:
        monkeypatch.setenv("tls.enable", tls_enable)
    assert _use_tls() == expected
