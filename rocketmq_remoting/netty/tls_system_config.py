"""TLS settings (Java ``org.apache.rocketmq.remoting.netty.TlsSystemConfig``).

Java keeps these in static fields read from JVM system properties. Here the class attributes hold the process-wide
values, read from the environment at import (property name such as ``tls.enable`` first, then the Java constant
name such as ``TLS_ENABLE``), and an instance is a per-client/per-server copy that can be changed freely::

    config = TlsSystemConfig(tls_test_mode_enable=False, tls_client_auth_server=True,
                             tls_client_trust_cert_path="/path/ca.pem")
"""
from __future__ import annotations

import logging
from typing import Any, Dict, Optional

from rocketmq_remoting.common.tls_mode import TlsMode
from rocketmq_remoting.netty.netty_system_config import get_system_property, parse_bool

__all__ = ["TlsSystemConfig"]

log = logging.getLogger(__name__)


def _prop(name: str, env_name: str, default: Optional[str]) -> Optional[str]:
    return get_system_property(name, env_name, default)


class TlsSystemConfig:
    """TLS configuration; every attribute is the snake_case of Java's field."""

    TLS_SERVER_MODE = "tls.server.mode"
    TLS_ENABLE = "tls.enable"
    TLS_CONFIG_FILE = "tls.config.file"
    TLS_TEST_MODE_ENABLE = "tls.test.mode.enable"
    TLS_SERVER_NEED_CLIENT_AUTH = "tls.server.need.client.auth"
    TLS_SERVER_KEYPATH = "tls.server.keyPath"
    TLS_SERVER_KEYPASSWORD = "tls.server.keyPassword"
    TLS_SERVER_CERTPATH = "tls.server.certPath"
    TLS_SERVER_AUTHCLIENT = "tls.server.authClient"
    TLS_SERVER_TRUSTCERTPATH = "tls.server.trustCertPath"
    TLS_CLIENT_KEYPATH = "tls.client.keyPath"
    TLS_CLIENT_KEYPASSWORD = "tls.client.keyPassword"
    TLS_CLIENT_CERTPATH = "tls.client.certPath"
    TLS_CLIENT_AUTHSERVER = "tls.client.authServer"
    TLS_CLIENT_TRUSTCERTPATH = "tls.client.trustCertPath"

    #: whether clients use TLS (Java: the SDK client and BrokerOuterAPI read it into ``useTLS``)
    tls_enable: bool = parse_bool(_prop(TLS_ENABLE, "TLS_ENABLE", "false"))
    #: test mode: clients trust any server; servers do not ask for client certificates
    tls_test_mode_enable: bool = parse_bool(_prop(TLS_TEST_MODE_ENABLE, "TLS_TEST_MODE_ENABLE", "true"))
    #: server-side client authentication: ``none``, ``optional`` or ``require``
    tls_server_need_client_auth: str = _prop(TLS_SERVER_NEED_CLIENT_AUTH, "TLS_SERVER_NEED_CLIENT_AUTH", "none") \
        or "none"
    tls_server_key_path: Optional[str] = _prop(TLS_SERVER_KEYPATH, "TLS_SERVER_KEYPATH", None)
    tls_server_key_password: Optional[str] = _prop(TLS_SERVER_KEYPASSWORD, "TLS_SERVER_KEYPASSWORD", None)
    tls_server_cert_path: Optional[str] = _prop(TLS_SERVER_CERTPATH, "TLS_SERVER_CERTPATH", None)
    #: whether the server verifies client certificates against ``tls_server_trust_cert_path``
    tls_server_auth_client: bool = parse_bool(_prop(TLS_SERVER_AUTHCLIENT, "TLS_SERVER_AUTHCLIENT", "false"))
    tls_server_trust_cert_path: Optional[str] = _prop(TLS_SERVER_TRUSTCERTPATH, "TLS_SERVER_TRUSTCERTPATH", None)
    tls_client_key_path: Optional[str] = _prop(TLS_CLIENT_KEYPATH, "TLS_CLIENT_KEYPATH", None)
    tls_client_key_password: Optional[str] = _prop(TLS_CLIENT_KEYPASSWORD, "TLS_CLIENT_KEYPASSWORD", None)
    tls_client_cert_path: Optional[str] = _prop(TLS_CLIENT_CERTPATH, "TLS_CLIENT_CERTPATH", None)
    #: whether the client verifies the server certificate against ``tls_client_trust_cert_path``
    tls_client_auth_server: bool = parse_bool(_prop(TLS_CLIENT_AUTHSERVER, "TLS_CLIENT_AUTHSERVER", "false"))
    tls_client_trust_cert_path: Optional[str] = _prop(TLS_CLIENT_TRUSTCERTPATH, "TLS_CLIENT_TRUSTCERTPATH", None)
    #: server mode: disabled, permissive (default) or enforcing
    tls_mode: TlsMode = TlsMode.parse(_prop(TLS_SERVER_MODE, "TLS_SERVER_MODE", "permissive") or "permissive")
    #: properties file overriding every setting above except ``tls_mode`` and ``tls_enable``
    tls_config_file: Optional[str] = _prop(TLS_CONFIG_FILE, "TLS_CONFIG_FILE", "/etc/rocketmq/tls.properties")

    _FIELDS = ("tls_enable", "tls_test_mode_enable", "tls_server_need_client_auth", "tls_server_key_path",
               "tls_server_key_password", "tls_server_cert_path", "tls_server_auth_client",
               "tls_server_trust_cert_path", "tls_client_key_path", "tls_client_key_password",
               "tls_client_cert_path", "tls_client_auth_server", "tls_client_trust_cert_path", "tls_mode",
               "tls_config_file")

    def __init__(self, **overrides: Any) -> None:
        for name in self._FIELDS:
            setattr(self, name, getattr(type(self), name))
        for name, value in overrides.items():
            if name not in self._FIELDS:
                raise TypeError("TlsSystemConfig has no setting %r" % name)
            setattr(self, name, value)

    def extract_tls_config_from_file(self) -> None:
        """Java ``TlsHelper.extractTlsConfigFromFile``: apply ``tls_config_file`` when it exists and is readable."""
        path = self.tls_config_file
        if not path:
            return
        try:
            with open(path, "r", encoding="utf-8") as f:
                props = _parse_properties(f.read())
        except FileNotFoundError:
            log.debug("Tls config file %s doesn't exist, skip it", path)
            return
        except OSError as e:
            log.warning("Tls config file %s cannot be read, skip it: %s", path, e)
            return
        get = props.get
        self.tls_test_mode_enable = parse_bool(get(self.TLS_TEST_MODE_ENABLE, str(self.tls_test_mode_enable)))
        self.tls_server_need_client_auth = get(self.TLS_SERVER_NEED_CLIENT_AUTH, self.tls_server_need_client_auth)
        self.tls_server_key_path = get(self.TLS_SERVER_KEYPATH, self.tls_server_key_path)
        self.tls_server_key_password = get(self.TLS_SERVER_KEYPASSWORD, self.tls_server_key_password)
        self.tls_server_cert_path = get(self.TLS_SERVER_CERTPATH, self.tls_server_cert_path)
        self.tls_server_auth_client = parse_bool(get(self.TLS_SERVER_AUTHCLIENT, str(self.tls_server_auth_client)))
        self.tls_server_trust_cert_path = get(self.TLS_SERVER_TRUSTCERTPATH, self.tls_server_trust_cert_path)
        self.tls_client_key_path = get(self.TLS_CLIENT_KEYPATH, self.tls_client_key_path)
        self.tls_client_key_password = get(self.TLS_CLIENT_KEYPASSWORD, self.tls_client_key_password)
        self.tls_client_cert_path = get(self.TLS_CLIENT_CERTPATH, self.tls_client_cert_path)
        self.tls_client_auth_server = parse_bool(get(self.TLS_CLIENT_AUTHSERVER, str(self.tls_client_auth_server)))
        self.tls_client_trust_cert_path = get(self.TLS_CLIENT_TRUSTCERTPATH, self.tls_client_trust_cert_path)

    def __repr__(self) -> str:
        shown = ", ".join("%s=%s" % (n, "***" if n.endswith("password") and getattr(self, n) else getattr(self, n))
                          for n in self._FIELDS)
        return "TlsSystemConfig [%s]" % shown


def _parse_properties(text: str) -> Dict[str, str]:
    """A Java ``.properties`` subset: ``key=value`` / ``key: value`` lines, ``#``/``!`` comments."""
    props: Dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line[0] in "#!":
            continue
        cut = [i for i in (line.find("="), line.find(":")) if i >= 0]
        if not cut:
            props[line] = ""
            continue
        i = min(cut)
        props[line[:i].strip()] = line[i + 1:].strip()
    return props
