"""Java ``org.apache.rocketmq.remoting.common.RemotingUtil``: local addresses and ``host:port`` strings.

Socket addresses are ``(host, port)`` tuples (what Python sockets use). IPv6 hosts are written in the
compressed form of ``ipaddress`` (``::1``) and inside brackets in ``host:port`` strings (``[::1]:10911``).

Interfaces and their addresses come from ``netifaces`` (the ``netifaces-plus`` distribution, which has wheels for
every supported Python). Where it cannot be imported, :class:`StdlibInterfaces` probes with the standard library
only: on Linux every interface with its primary IPv4 address (``SIOCGIFADDR``) and its IPv6 addresses
(``/proc/net/if_inet6``); elsewhere the address of the default route (a UDP socket connected to a TEST-NET address
sends nothing) and the host name's addresses, as one interface.
"""
from __future__ import annotations

import ipaddress
import logging
import os
import platform
import socket
import struct
from typing import Any, Dict, List, Optional, Tuple, Union

try:
    import netifaces
except ImportError:  # no wheel for this platform and no C compiler: the standard-library probe below
    netifaces = None  # type: ignore[assignment]  # tested for None where it is used

__all__ = ["RemotingUtil", "StdlibInterfaces"]

log = logging.getLogger(__name__)

IPAddress = Union[ipaddress.IPv4Address, ipaddress.IPv6Address]

_SIOCGIFADDR = 0x8915  # Linux <linux/sockios.h>


class StdlibInterfaces:
    """The part of the ``netifaces`` API :meth:`RemotingUtil.get_java_ordered_addresses` uses, from the standard
    library (see the module docstring)."""

    AF_INET = socket.AF_INET
    AF_INET6 = socket.AF_INET6
    #: the interface name used where interfaces cannot be listed
    DEFAULT_INTERFACE = "default"

    def interfaces(self) -> List[str]:
        if RemotingUtil.is_linux_platform() and hasattr(socket, "if_nameindex"):
            try:
                return [name for _, name in socket.if_nameindex()]
            except OSError:
                log.warning("listing network interfaces failed", exc_info=True)
        return [self.DEFAULT_INTERFACE]

    def ifaddresses(self, name: str) -> Dict[int, List[Dict[str, Any]]]:
        if name == self.DEFAULT_INTERFACE:
            return self._default_addresses()
        result: Dict[int, List[Dict[str, Any]]] = {}
        ipv4 = self._linux_ipv4(name)
        if ipv4:
            result[self.AF_INET] = [{"addr": ipv4}]
        ipv6 = self._linux_ipv6().get(name)
        if ipv6:
            result[self.AF_INET6] = [{"addr": addr} for addr in ipv6]
        return result

    @staticmethod
    def _linux_ipv4(name: str) -> Optional[str]:
        import fcntl

        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            try:
                packed = fcntl.ioctl(sock.fileno(), _SIOCGIFADDR, struct.pack("256s", name.encode()[:15]))
            except OSError:  # no IPv4 address on this interface
                return None
        return socket.inet_ntoa(packed[20:24])

    @staticmethod
    def _linux_ipv6() -> Dict[str, List[str]]:
        by_name: Dict[str, List[str]] = {}
        try:
            with open("/proc/net/if_inet6", encoding="ascii") as lines:
                for line in lines:
                    fields = line.split()
                    if len(fields) == 6 and len(fields[0]) == 32:
                        by_name.setdefault(fields[5], []).append(str(ipaddress.IPv6Address(int(fields[0], 16))))
        except (OSError, ValueError):
            log.debug("no IPv6 address list", exc_info=True)
        return by_name

    def _default_addresses(self) -> Dict[int, List[Dict[str, Any]]]:
        found: Dict[int, List[str]] = {self.AF_INET: [], self.AF_INET6: []}
        for family, target in ((self.AF_INET, "192.0.2.1"), (self.AF_INET6, "2001:db8::1")):
            try:
                with socket.socket(family, socket.SOCK_DGRAM) as sock:
                    sock.connect((target, 9))  # selects the route, sends nothing
                    found[family].append(str(sock.getsockname()[0]))
            except OSError:
                pass
        try:
            for family, _, _, _, sockaddr in socket.getaddrinfo(socket.gethostname(), None):
                host = str(sockaddr[0])
                if family in found and host not in found[family]:
                    found[family].append(host)
        except OSError:
            log.debug("the host name has no address", exc_info=True)
        return {family: [{"addr": a} for a in addrs] for family, addrs in found.items() if addrs}


def _interfaces() -> Any:
    return netifaces if netifaces is not None else StdlibInterfaces()


def _parse_address(text: str) -> Optional[IPAddress]:
    try:
        return ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        log.warning("ignoring unparsable interface address %r", text)
        return None


class RemotingUtil:
    """Static helpers of Java ``RemotingUtil``."""

    OS_NAME = platform.system()

    @staticmethod
    def is_linux_platform() -> bool:
        """Java ``isLinuxPlatform``."""
        return "linux" in RemotingUtil.OS_NAME.lower()

    @staticmethod
    def is_windows_platform() -> bool:
        """Java ``isWindowsPlatform``."""
        return "windows" in RemotingUtil.OS_NAME.lower()

    @staticmethod
    def get_java_ordered_addresses() -> List[Tuple[str, IPAddress]]:
        """Every ``(interface name, address)`` in the order Java's ``NetworkInterface`` enumeration gives on Linux.

        OpenJDK builds its interface list by prepending, so interfaces come in reverse order of first
        appearance (IPv4 enumeration first, interfaces with only IPv6 addresses in front), and inside an
        interface IPv6 addresses precede IPv4 ones, each group reversed. The Java address pickers
        (``UtilAll.getIP``, ``RemotingUtil.getLocalAddress``) depend on this order; it keeps loopback last.
        """
        v4: List[Tuple[str, List[IPAddress]]] = []
        v6: List[Tuple[str, List[IPAddress]]] = []
        source = _interfaces()
        for name in source.interfaces():
            try:
                info = source.ifaddresses(name)
            except ValueError:
                log.warning("network interface %s vanished while listing addresses", name)
                continue
            for family, target in ((source.AF_INET, v4), (source.AF_INET6, v6)):
                addrs = [a for a in (_parse_address(e.get("addr", "")) for e in info.get(family, ())) if a]
                if addrs:
                    target.append((name, addrs))
        order: List[str] = []
        for name, _ in v4:
            order.insert(0, name)
        for name, _ in v6:
            if name not in order:
                order.insert(0, name)
        by_v4 = dict(v4)
        by_v6 = dict(v6)
        result: List[Tuple[str, IPAddress]] = []
        for name in order:
            for addr in reversed(by_v6.get(name, [])):
                result.append((name, addr))
            for addr in reversed(by_v4.get(name, [])):
                result.append((name, addr))
        return result

    @staticmethod
    def _is_bridge(name: str) -> bool:
        return RemotingUtil.is_linux_platform() and os.path.exists("/sys/class/net/%s/bridge" % name)

    @staticmethod
    def get_local_address() -> Optional[str]:
        """Java ``getLocalAddress``: the first non-loopback IPv4 not starting with ``127.0``/``192.168``, else the
        last non-loopback IPv4 seen, else the first non-loopback IPv6 (in brackets), else the host name's
        address. Bridge interfaces are skipped. ``None`` (logged) on failure."""
        try:
            ipv4: List[str] = []
            ipv6: List[str] = []
            for name, addr in RemotingUtil.get_java_ordered_addresses():
                if addr.is_loopback or RemotingUtil._is_bridge(name):
                    continue
                (ipv6 if addr.version == 6 else ipv4).append(RemotingUtil.normalize_host_address(addr))
            if ipv4:
                for ip in ipv4:
                    if not (ip.startswith("127.0") or ip.startswith("192.168")):
                        return ip
                return ipv4[-1]
            if ipv6:
                return ipv6[0]
            return RemotingUtil.normalize_host_address(socket.gethostbyname(socket.gethostname()))
        except (OSError, ValueError):
            log.error("Failed to obtain local address", exc_info=True)
        return None

    @staticmethod
    def normalize_host_address(address: Union[str, IPAddress]) -> str:
        """Java ``normalizeHostAddress``: IPv6 in brackets, IPv4 as is."""
        addr = ipaddress.ip_address(address) if isinstance(address, str) else address
        if addr.version == 6:
            return "[%s]" % addr
        return str(addr)

    @staticmethod
    def is_ipv6(host: str) -> bool:
        """True when ``host`` (optionally in brackets) is an IPv6 literal."""
        if host.startswith("[") and host.endswith("]"):
            host = host[1:-1]
        try:
            return ipaddress.ip_address(host.split("%", 1)[0]).version == 6
        except ValueError:
            return False

    @staticmethod
    def string2socket_address(addr: str) -> Tuple[str, int]:
        """Java ``string2SocketAddress``: ``"host:port"`` or ``"[v6]:port"`` to ``(host, port)``.

        Split at the last colon like Java; brackets around an IPv6 host are removed.
        """
        split = addr.rfind(":")
        if split < 0:
            raise ValueError("address %r has no port" % addr)
        host = addr[:split]
        if host.startswith("[") and host.endswith("]"):
            host = host[1:-1]
        try:
            port = int(addr[split + 1:])
        except ValueError:
            raise ValueError("address %r has no valid port" % addr) from None
        return host, port

    @staticmethod
    def socket_address2string(addr: Tuple) -> str:
        """Java ``socketAddress2String``: ``"ip:port"``, IPv6 in brackets (Java writes no brackets)."""
        host, port = addr[0], addr[1]
        if RemotingUtil.is_ipv6(host) and not host.startswith("["):
            return "[%s]:%d" % (host, port)
        return "%s:%d" % (host, port)

    @staticmethod
    def convert2ip_string(addr: str) -> str:
        """Java ``convert2IpString``: resolve the host of ``"host:port"`` to its IP."""
        host, port = RemotingUtil.string2socket_address(addr)
        info = socket.getaddrinfo(host, port, 0, socket.SOCK_STREAM)
        return RemotingUtil.socket_address2string(info[0][4])
