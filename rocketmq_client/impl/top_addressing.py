"""Java ``org.apache.rocketmq.common.namesrv.TopAddressing`` (with ``HttpTinyClient.httpGet``): fetch the name
server list from the address server over HTTP.

Java always has an address server URL (``MixAll.getWSAddr()``, default ``http://jmenv.tbsite.net:8080/...``). Here
the URL exists only when ``rocketmq.namesrv.domain`` (env ``ROCKETMQ_NAMESRV_DOMAIN``) is set, so a client never
contacts a host nobody configured.
"""
from __future__ import annotations

import logging
import time
import urllib.error
import urllib.request
from typing import Optional

from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.mix_all import MixAll
from rocketmq_common.mq_version import MQVersion
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.netty.netty_system_config import get_system_property

__all__ = ["TopAddressing"]

log = logging.getLogger(__name__)


def _clear_new_line(text: str) -> str:
    new_string = text.strip()
    index = new_string.find("\r")
    if index != -1:
        return new_string[:index]
    index = new_string.find("\n")
    if index != -1:
        return new_string[:index]
    return new_string


class TopAddressing(Bean):
    """See the module docstring."""

    #: the last address list fetched
    ns_addr = Prop(str)

    def get_ns_addr(self) -> str: return self.ns_addr
    def set_ns_addr(self, ns_addr: Optional[str]) -> None: self.ns_addr = ns_addr

    def __init__(self, ws_addr: Optional[str], unit_name: Optional[str] = None) -> None:
        self.ws_addr = ws_addr
        self.unit_name = unit_name
        self.ns_addr = None

    @staticmethod
    def configured_ws_addr() -> Optional[str]:
        """Java ``MixAll.getWSAddr()`` built from ``rocketmq.namesrv.domain`` / ``ROCKETMQ_NAMESRV_DOMAIN`` and
        ``rocketmq.namesrv.domain.subgroup`` / ``ROCKETMQ_NAMESRV_DOMAIN_SUBGROUP`` (default ``nsaddr``); None
        when no domain is configured."""
        domain = get_system_property("rocketmq.namesrv.domain", "ROCKETMQ_NAMESRV_DOMAIN", None)
        if not domain:
            return None
        subgroup = get_system_property("rocketmq.namesrv.domain.subgroup", "ROCKETMQ_NAMESRV_DOMAIN_SUBGROUP",
                                       MixAll.WS_DOMAIN_SUBGROUP)
        if domain.find(":") > 0:
            return "http://%s/rocketmq/%s" % (domain, subgroup)
        return "http://%s:8080/rocketmq/%s" % (domain, subgroup)

    def fetch_ns_addr(self, verbose: bool = True, timeout_millis: int = 3000) -> Optional[str]:
        """Java ``fetchNSAddr``: the first line of the address server's 200 answer, else None (logged)."""
        url = self.ws_addr
        if url is None:
            log.warning("no name server address and no address server (rocketmq.namesrv.domain) configured")
            return None
        unit_name = self.unit_name
        if unit_name is not None and not UtilAll.is_blank(unit_name):
            url = url + "-" + unit_name + "?nofix=1"
        try:
            request = urllib.request.Request(url, method="GET", headers={
                "Client-Version": MQVersion.get_version_desc(MQVersion.CURRENT_VERSION),
                "Content-Type": "application/x-www-form-urlencoded;charset=UTF-8",
                "Metaq-Client-RequestTS": str(int(time.time() * 1000))})
            try:
                with urllib.request.urlopen(request, timeout=timeout_millis / 1000.0) as response:
                    code = response.status
                    content = response.read().decode("utf-8")
            except urllib.error.HTTPError as e:
                code = e.code
                content = None
                e.close()
            if code == 200:
                if content is not None:
                    return _clear_new_line(content)
                log.error("fetch nameserver address is null")
            else:
                log.error("fetch nameserver address failed. statusCode=%s", code)
        except (OSError, ValueError):
            if verbose:
                log.error("fetch name server address exception", exc_info=True)
        if verbose:
            log.warning("connect to %s failed, maybe the domain name %s not bind in /etc/hosts%s", url, self.ws_addr,
                        FAQUrl.suggest_todo(FAQUrl.NAME_SERVER_ADDR_NOT_EXIST_URL))
        return None
