"""Java ``org.apache.rocketmq.common.utils.IPAddressUtils`` (5.3.3): the source-IP checks of ACL 2.0 (an address
or a CIDR range, IPv4 or IPv6), on the standard library's :mod:`ipaddress`."""
from __future__ import annotations

import ipaddress

__all__ = ["IPAddressUtils"]


class IPAddressUtils:
    """See the module docstring."""

    @staticmethod
    def is_valid_ip(ip: str) -> bool:
        """Java ``isValidIp``: an IPv4 or IPv6 address."""
        try:
            ipaddress.ip_address(ip)
            return True
        except ValueError:
            return False

    @staticmethod
    def is_valid_cidr(cidr: str) -> bool:
        """Java ``isValidCidr``: ``address/prefix`` (host bits may be set, as Java's check allows)."""
        if "/" not in cidr:
            return False
        try:
            ipaddress.ip_network(cidr, strict=False)
            return True
        except ValueError:
            return False

    @staticmethod
    def is_valid_ip_or_cidr(ip_or_cidr: str) -> bool:
        """Java ``isValidIPOrCidr``."""
        return IPAddressUtils.is_valid_ip(ip_or_cidr) or IPAddressUtils.is_valid_cidr(ip_or_cidr)

    @staticmethod
    def is_ip_in_range(ip: str, cidr: str) -> bool:
        """Java ``isIPInRange``: ``ip`` is ``cidr`` (an address) or inside it (a range); False for bad input."""
        try:
            address = ipaddress.ip_address(ip)
            return address in ipaddress.ip_network(cidr, strict=False)
        except ValueError:
            return False
