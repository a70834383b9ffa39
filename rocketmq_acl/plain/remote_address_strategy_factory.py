"""Java ``org.apache.rocketmq.acl.plain.RemoteAddressStrategyFactory`` and its strategies.

Address patterns (``whiteRemoteAddress``, ``globalWhiteRemoteAddresses``): blank (matches nothing), ``*`` /
``*.*.*.*`` / ``*:*:*:*:*:*:*:*`` (everything), one address (``192.168.0.1``, ``::1``), a list
(``192.168.0.1,192.168.0.2``), a set in the last part (``192.168.0.{1,2}``, ``1:2::{a,b}``) and ranges
(``192.168.*.*``, ``192.168.1-10.*``, ``192.168.0.1-20``, ``1:2:3:4:5:6:7:1-ff``, ``1:2:3:4:5:6:7:*``).
"""
from __future__ import annotations

import ipaddress
import logging
import re
from typing import Iterable, Optional

from rocketmq_acl.common.acl_exception import AclException
from rocketmq_acl.common.acl_utils import AclUtils
from rocketmq_acl.plain.plain_access_resource import PlainAccessResource
from rocketmq_acl.plain.remote_address_strategy import RemoteAddressStrategy

__all__ = ["RemoteAddressStrategyFactory", "is_valid_inet4_address", "is_valid_inet6_address"]

log = logging.getLogger(__name__)

_IPV4_RE = re.compile(r"^(0|[1-9][0-9]{0,2})\.(0|[1-9][0-9]{0,2})\.(0|[1-9][0-9]{0,2})\.(0|[1-9][0-9]{0,2})$")


def is_valid_inet4_address(address: Optional[str]) -> bool:
    """Commons-validator ``isValidInet4Address``: four decimal parts 0..255."""
    match = _IPV4_RE.match(address or "")
    return match is not None and all(int(part) <= 255 for part in match.groups())


def is_valid_inet6_address(address: Optional[str]) -> bool:
    """Commons-validator ``isValidInet6Address``."""
    if not address or "%" in address:
        return False
    try:
        ipaddress.IPv6Address(address)
    except ValueError:
        return False
    return True


class NullRemoteAddressStrategy(RemoteAddressStrategy):
    """Every address matches."""

    def match(self, plain_access_resource: PlainAccessResource) -> bool:
        return True


class BlankRemoteAddressStrategy(RemoteAddressStrategy):
    """No address matches."""

    def match(self, plain_access_resource: PlainAccessResource) -> bool:
        return False


class MultipleRemoteAddressStrategy(RemoteAddressStrategy):
    """One of a set of addresses."""

    def __init__(self, addresses: Iterable[str]) -> None:
        self.multiple_set = set()
        for netaddress in addresses:
            if is_valid_inet4_address(netaddress):
                self.multiple_set.add(netaddress)
            elif is_valid_inet6_address(netaddress):
                self.multiple_set.add(AclUtils.expand_ip(netaddress, 8))
            else:
                raise AclException("Netaddress examine Exception netaddress is %s" % netaddress)

    def match(self, plain_access_resource: PlainAccessResource) -> bool:
        address = plain_access_resource.white_remote_address
        if is_valid_inet6_address(address):
            address = AclUtils.expand_ip(address, 8)  # type: ignore[arg-type]
        return address in self.multiple_set


class OneRemoteAddressStrategy(RemoteAddressStrategy):
    """Exactly one address."""

    def __init__(self, netaddress: str) -> None:
        if not (is_valid_inet4_address(netaddress) or is_valid_inet6_address(netaddress)):
            raise AclException("Netaddress examine Exception netaddress is %s" % netaddress)
        self.netaddress = netaddress
        self._expanded = AclUtils.expand_ip(netaddress, 8).upper()

    def match(self, plain_access_resource: PlainAccessResource) -> bool:
        address = plain_access_resource.white_remote_address
        return address is not None and AclUtils.expand_ip(address, 8).upper() == self._expanded


class RangeRemoteAddressStrategy(RemoteAddressStrategy):
    """A fixed prefix and one part in ``start..end`` (``*`` is the whole range)."""

    def __init__(self, remote_addr: str) -> None:
        self.head = ""
        self.start = 0
        self.end = 0
        self.index = 0
        if AclUtils.is_colon(remote_addr):
            AclUtils.ipv6_address_check(remote_addr)
            parts = [p for p in remote_addr.split(":") if p]
            for i in range(1, len(parts)):
                if self._analysis(parts, i, 16, 0xFFFF):
                    AclUtils.verify(remote_addr, self.index - 1)
                    pre_address = AclUtils.v6ip_process(remote_addr)
                    self.index = len([p for p in pre_address.split(":") if p])
                    self.head = pre_address
                    break
        else:
            parts = [p for p in remote_addr.split(".") if p]
            if len(parts) != 4:
                raise AclException("Netaddress examine scope Exception netaddress is %s" % remote_addr)
            if any(self._analysis(parts, i, 10, 255) for i in (1, 2, 3)):
                AclUtils.verify(remote_addr, self.index - 1)
                self.head = "".join(parts[j].strip() + "." for j in range(self.index))

    def _analysis(self, parts: list, index: int, base: int, maximum: int) -> bool:
        value = parts[index].strip()
        self.index = index
        if value == "*":
            self.start, self.end = 0, maximum
        elif AclUtils.is_minus(value):
            if value.startswith("-"):
                raise AclException("RangeRemoteAddressStrategy netaddress examine scope Exception value %s " % value)
            bounds = [b for b in value.split("-") if b]
            try:
                self.start = int(bounds[0], base)
                self.end = int(bounds[1], base)
            except (ValueError, IndexError):
                raise AclException("RangeRemoteAddressStrategy netaddress examine scope Exception value %s "
                                   % value) from None
            if not (0 <= self.start <= self.end <= maximum):
                raise AclException("RangeRemoteAddressStrategy netaddress examine scope Exception start is %s , end "
                                   "is %s" % (self.start, self.end))
        return self.end > 0

    def match(self, plain_access_resource: PlainAccessResource) -> bool:
        address = plain_access_resource.white_remote_address
        if not self.head:
            return False
        if is_valid_inet4_address(address):
            assert address is not None
            if address.startswith(self.head):
                if self.index == 3:
                    value = address[len(self.head):]
                elif self.index == 2:
                    value = address[len(self.head):address.rfind(".")]
                else:
                    value = address[len(self.head):address.rfind(".", 0, address.rfind("."))]
                return self.start <= int(value) <= self.end
        elif is_valid_inet6_address(address):
            expanded = AclUtils.expand_ip(address, 8).upper()  # type: ignore[arg-type]
            if expanded.startswith(self.head):
                value = expanded[5 * self.index:5 * self.index + 4]
                return self.start <= int(value, 16) <= self.end
        return False


class RemoteAddressStrategyFactory:
    """Java ``RemoteAddressStrategyFactory``: the strategy for an address pattern (see the module docstring)."""

    NULL_NET_ADDRESS_STRATEGY = NullRemoteAddressStrategy()
    BLANK_NET_ADDRESS_STRATEGY = BlankRemoteAddressStrategy()

    def get_remote_address_strategy(self, remote_addr: Optional[str]) -> RemoteAddressStrategy:
        """Raises :class:`AclException` for a malformed pattern."""
        if remote_addr is None or not str(remote_addr).strip():
            return self.BLANK_NET_ADDRESS_STRATEGY
        remote_addr = str(remote_addr)
        if remote_addr in ("*", "*.*.*.*", "*:*:*:*:*:*:*:*"):
            return self.NULL_NET_ADDRESS_STRATEGY
        if remote_addr.endswith("}"):
            if AclUtils.is_colon(remote_addr):
                last = [p for p in remote_addr.split(":") if p][-1]
            else:
                parts = [p for p in remote_addr.split(".") if p]
                if len(parts) < 4:
                    raise AclException("MultipleRemoteAddressStrategy has got a/some wrong format IP(s) %s"
                                       % remote_addr)
                last = parts[-1]
            if not last.startswith("{"):
                raise AclException("MultipleRemoteAddressStrategy netaddress examine scope Exception netaddress %s"
                                   % remote_addr)
            return MultipleRemoteAddressStrategy(AclUtils.get_addresses(remote_addr, last))
        if AclUtils.is_comma(remote_addr):
            return MultipleRemoteAddressStrategy([p for p in remote_addr.split(",") if p])
        if AclUtils.is_asterisk(remote_addr) or AclUtils.is_minus(remote_addr):
            return RangeRemoteAddressStrategy(remote_addr)
        return OneRemoteAddressStrategy(remote_addr)
