"""Local addresses (UtilAll.get_ip for message ids, RemotingUtil.get_local_address) and host:port strings."""
from __future__ import annotations

import ipaddress
import sys
from typing import List, Tuple

import pytest

from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common import remoting_util
from rocketmq_remoting.common.remoting_util import RemotingUtil


class FakeNetifaces:
    """netifaces stand-in: interfaces in OS order with their IPv4 / IPv6 addresses."""

    AF_INET = 2
    AF_INET6 = 10

    def __init__(self, interfaces: List[Tuple[str, List[str], List[str]]]) -> None:
        self._interfaces = interfaces

    def interfaces(self) -> List[str]:
        return [name for name, _, _ in self._interfaces]

    def ifaddresses(self, name: str):
        for n, v4, v6 in self._interfaces:
            if n == name:
                result = {}
                if v4:
                    result[self.AF_INET] = [{"addr": a} for a in v4]
                if v6:
                    result[self.AF_INET6] = [{"addr": a} for a in v6]
                return result
        raise ValueError("no interface " + name)


def _use(monkeypatch: pytest.MonkeyPatch, *interfaces: Tuple[str, List[str], List[str]]) -> None:
    monkeypatch.setattr(remoting_util, "netifaces", FakeNetifaces(list(interfaces)))
    monkeypatch.setattr(RemotingUtil, "_is_bridge", staticmethod(lambda name: name.startswith("br")))


def test_java_interface_order(monkeypatch: pytest.MonkeyPatch) -> None:
    _use(monkeypatch, ("lo", ["127.0.0.1"], ["::1"]),
         ("eth0", ["192.0.2.2", "192.0.2.3"], ["fd00::2", "fe80::fc:ff:fe00:1%eth0"]),
         ("v6only", [], ["2001:db8::9"]))
    order = [(n, str(a)) for n, a in RemotingUtil.get_java_ordered_addresses()]
    assert order == [("v6only", "2001:db8::9"), ("eth0", "fe80::fc:ff:fe00:1"), ("eth0", "fd00::2"),
                     ("eth0", "192.0.2.3"), ("eth0", "192.0.2.2"), ("lo", "::1"), ("lo", "127.0.0.1")]


@pytest.mark.parametrize("interfaces, expected", [
    # the capture machine: a global IPv6 (fd00::/8 is not Java "site local") wins over IPv4
    ([("lo", ["127.0.0.1"], ["::1"]), ("eth0", ["192.0.2.2"], ["fd00::2", "fe80::1%eth0"])], "fd00::2"),
    ([("lo", ["127.0.0.1"], ["::1"]), ("eth0", ["192.0.2.2"], ["fe80::1%eth0"])], "192.0.2.2"),
    ([("lo", ["127.0.0.1"], []), ("eth0", ["10.0.0.5"], [])], "127.0.0.1"),
    ([("eth1", ["172.16.0.9"], []), ("eth0", ["10.0.0.5"], [])], "10.0.0.5"),
    ([("eth0", ["10.0.0.5"], ["fec0::1", "::"])], "10.0.0.5"),
])
def test_get_ip(monkeypatch: pytest.MonkeyPatch, interfaces, expected: str) -> None:
    _use(monkeypatch, *interfaces)
    assert UtilAll.get_ip() == ipaddress.ip_address(expected).packed


def test_get_ip_without_address(monkeypatch: pytest.MonkeyPatch) -> None:
    _use(monkeypatch, ("lo", [], ["::1"]))
    with pytest.raises(RuntimeError, match="Can not get local ip"):
        UtilAll.get_ip()


@pytest.mark.parametrize("interfaces, expected", [
    ([("lo", ["127.0.0.1"], ["::1"]), ("eth0", ["192.0.2.2"], ["fd00::2"])], "192.0.2.2"),
    ([("eth0", ["192.168.1.2"], []), ("eth1", ["192.168.1.3"], [])], "192.168.1.2"),
    ([("eth0", ["192.168.1.2"], []), ("br0", ["10.1.1.1"], [])], "192.168.1.2"),
    ([("lo", ["127.0.0.1"], ["::1"]), ("eth0", [], ["fd00::2"])], "[fd00::2]"),
])
def test_get_local_address(monkeypatch: pytest.MonkeyPatch, interfaces, expected: str) -> None:
    _use(monkeypatch, *interfaces)
    assert RemotingUtil.get_local_address() == expected


def test_real_machine_addresses() -> None:
    addresses = RemotingUtil.get_java_ordered_addresses()
    assert any(a.is_loopback for _, a in addresses)
    assert len(UtilAll.get_ip()) in (4, 16)
    assert RemotingUtil.get_local_address()


def test_socket_address_strings() -> None:
    assert RemotingUtil.string2socket_address("127.0.0.1:10911") == ("127.0.0.1", 10911)
    assert RemotingUtil.string2socket_address("[::1]:10911") == ("::1", 10911)
    assert RemotingUtil.string2socket_address("localhost:9876") == ("localhost", 9876)
    with pytest.raises(ValueError):
        RemotingUtil.string2socket_address("nohost")
    with pytest.raises(ValueError):
        RemotingUtil.string2socket_address("h:port")
    assert RemotingUtil.socket_address2string(("127.0.0.1", 10911)) == "127.0.0.1:10911"
    assert RemotingUtil.socket_address2string(("::1", 10911, 0, 0)) == "[::1]:10911"
    assert RemotingUtil.convert2ip_string("127.0.0.1:9876") == "127.0.0.1:9876"
    assert RemotingUtil.normalize_host_address("::1") == "[::1]"
    assert RemotingUtil.normalize_host_address(ipaddress.ip_address("10.0.0.1")) == "10.0.0.1"
    assert RemotingUtil.is_ipv6("[::1]") and RemotingUtil.is_ipv6("fe80::1%eth0")
    assert not RemotingUtil.is_ipv6("127.0.0.1") and not RemotingUtil.is_ipv6("example.org")
    assert RemotingUtil.is_linux_platform() == sys.platform.startswith("linux")
    assert RemotingUtil.is_windows_platform() == (sys.platform == "win32")
