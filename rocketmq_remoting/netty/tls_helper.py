"""SSL contexts for the remoting client and server (Java ``org.apache.rocketmq.remoting.netty.TlsHelper``).

Differences from Java, forced by Python's :mod:`ssl`:

* Java's server test mode builds a throw-away self-signed certificate. Python cannot create certificates, so a
  server needs ``tls_server_cert_path`` / ``tls_server_key_path`` in every mode; without them no server context
  is built, and TLS handshakes are refused (plain clients are still served in permissive mode).
* Java trusts any peer certificate when authentication is off (an "insecure trust manager"). Here the peer is
  then simply not asked for / not checked against a certificate (``CERT_NONE``).
* Hostnames are never checked, as in Java (Netty's client context does no endpoint identification).
* Encrypted private keys are opened with ``tls_*_key_password`` (Java's ``DecryptionStrategy`` hook is not
  provided).
"""
from __future__ import annotations

import logging
import ssl
from typing import Optional

from rocketmq_remoting.netty.tls_system_config import TlsSystemConfig

__all__ = ["TlsHelper"]

log = logging.getLogger(__name__)

_CLIENT_AUTH = {"none": ssl.CERT_NONE, "optional": ssl.CERT_OPTIONAL, "require": ssl.CERT_REQUIRED}


class TlsHelper:
    """Builds :class:`ssl.SSLContext` objects from a :class:`TlsSystemConfig`."""

    @staticmethod
    def build_ssl_context(for_client: bool, config: Optional[TlsSystemConfig] = None) -> Optional[ssl.SSLContext]:
        """Java ``buildSslContext``. ``config`` defaults to the process-wide settings; the config file named by
        ``tls_config_file`` is applied first. Returns None for a server without certificate (see the module
        docstring); raises :class:`ssl.SSLError` / :class:`OSError` for unreadable or invalid files."""
        config = TlsSystemConfig() if config is None else config
        config.extract_tls_config_from_file()
        log.info("Log the final used tls related configuration: %r", config)
        if for_client:
            return TlsHelper._client_context(config)
        return TlsHelper._server_context(config)

    @staticmethod
    def _client_context(config: TlsSystemConfig) -> ssl.SSLContext:
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        ctx.check_hostname = False
        if config.tls_test_mode_enable or not config.tls_client_auth_server:
            ctx.verify_mode = ssl.CERT_NONE
        else:
            ctx.verify_mode = ssl.CERT_REQUIRED
            if config.tls_client_trust_cert_path:
                ctx.load_verify_locations(cafile=config.tls_client_trust_cert_path)
            else:
                ctx.load_default_certs(ssl.Purpose.SERVER_AUTH)
        if not config.tls_test_mode_enable and config.tls_client_cert_path:
            ctx.load_cert_chain(config.tls_client_cert_path, config.tls_client_key_path or None,
                                config.tls_client_key_password or None)
        return ctx

    @staticmethod
    def _server_context(config: TlsSystemConfig) -> Optional[ssl.SSLContext]:
        if not config.tls_server_cert_path:
            log.info("No server certificate configured (%s): TLS connections will be refused",
                     TlsSystemConfig.TLS_SERVER_CERTPATH)
            return None
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(config.tls_server_cert_path, config.tls_server_key_path or None,
                            config.tls_server_key_password or None)
        if config.tls_test_mode_enable or not config.tls_server_auth_client:
            ctx.verify_mode = ssl.CERT_NONE
        else:
            mode = (config.tls_server_need_client_auth or "none").strip().lower()
            ctx.verify_mode = _CLIENT_AUTH.get(mode, ssl.CERT_NONE)
            if config.tls_server_trust_cert_path:
                ctx.load_verify_locations(cafile=config.tls_server_trust_cert_path)
            else:
                ctx.load_default_certs(ssl.Purpose.CLIENT_AUTH)
        return ctx
