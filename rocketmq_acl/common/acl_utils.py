"""Java ``org.apache.rocketmq.acl.common.AclUtils``: signature content, address helpers, YAML files."""
from __future__ import annotations

import logging
from typing import Any, Iterable, List, Optional, Tuple

from rocketmq_acl.common.acl_constants import AclConstants
from rocketmq_acl.common.acl_exception import AclException
from rocketmq_acl.common.acl_signer import AclSigner
from rocketmq_acl.common.plain_yaml import PlainYaml
from rocketmq_acl.common.session_credentials import SessionCredentials
from rocketmq_common.mix_all import MixAll
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["AclUtils"]

log = logging.getLogger(__name__)


def java_string_order(key: str) -> bytes:
    """Sort key giving Java ``String.compareTo`` order (UTF-16 code units), as a ``TreeMap`` sorts."""
    return key.encode("utf-16-be", "surrogatepass")


class AclUtils:
    """Static helpers of the ACL module."""

    @staticmethod
    def sorted_fields(fields: Iterable[Tuple[str, Optional[str]]]) -> List[Tuple[str, Optional[str]]]:
        """The ``(key, value)`` pairs in Java ``TreeMap`` order (what Java's ``SortedMap`` arguments hold)."""
        return sorted(fields, key=lambda item: java_string_order(item[0]))

    @staticmethod
    def combine_request_content(request: RemotingCommand,
                                fields_map: Iterable[Tuple[str, Optional[str]]]) -> bytes:
        """Java ``combineRequestContent``: the values of the sorted ``fields_map`` (except ``Signature``)
        concatenated, UTF-8 encoded, followed by the request body. ``fields_map`` must already be sorted."""
        text = "".join("null" if value is None else value for key, value in fields_map
                       if key != SessionCredentials.SIGNATURE)
        return AclUtils.combine_bytes(text.encode("utf-8"), request.body)

    @staticmethod
    def combine_bytes(b1: Optional[bytes], b2: Optional[bytes]) -> bytes:
        """Java ``combineBytes``."""
        return (b1 or b"") + (b2 or b"")

    @staticmethod
    def cal_signature(data: bytes, secret_key: str) -> str:
        """Java ``calSignature``: HmacSHA1, Base64."""
        return AclSigner.cal_signature(data, secret_key)

    # ------------------------------------------------------------------ addresses

    @staticmethod
    def ipv6_address_check(netaddress: str) -> None:
        """Java ``IPv6AddressCheck``: ``*`` only last, a range ``a-b`` only in the last (or next to last) part."""
        if AclUtils.is_asterisk(netaddress) or AclUtils.is_minus(netaddress):
            asterisk = netaddress.find("*")
            minus = netaddress.find("-")
            if asterisk > -1 and asterisk != len(netaddress) - 1:
                raise AclException("Netaddress examine scope Exception netaddress is %s" % netaddress)
            if minus > -1:
                if asterisk == -1:
                    if minus <= netaddress.rfind(":"):
                        raise AclException("Netaddress examine scope Exception netaddress is %s" % netaddress)
                elif minus <= netaddress.rfind(":", 0, netaddress.rfind(":")):
                    raise AclException("Netaddress examine scope Exception netaddress is %s" % netaddress)

    @staticmethod
    def v6ip_process(netaddress: str) -> str:
        """Java ``v6ipProcess``: the expanded fixed prefix of an IPv6 pattern."""
        is_asterisk = AclUtils.is_asterisk(netaddress)
        is_minus = AclUtils.is_minus(netaddress)
        if is_asterisk and is_minus:
            part = 6
            last_colon = netaddress.rfind(":")
            sub_address = netaddress[:netaddress[:last_colon].rfind(":")]
        elif not is_asterisk and not is_minus:
            part = 8
            sub_address = netaddress
        else:
            part = 7
            sub_address = netaddress[:netaddress.rfind(":")]
        return AclUtils.expand_ip(sub_address, part)

    @staticmethod
    def verify(netaddress: str, index: int) -> None:
        """Java ``verify``."""
        if not AclUtils.is_scope(netaddress, index):
            raise AclException("Netaddress examine scope Exception netaddress is %s" % netaddress)

    @staticmethod
    def get_addresses(netaddress: str, partial_address: str) -> List[str]:
        """Java ``getAddresses``: ``1.2.3.{4,5}`` -> ``["1.2.3.4", "1.2.3.5"]``."""
        parts = [p for p in partial_address[1:-1].split(",") if p]
        address = netaddress[:netaddress.find("{")]
        return [address + p for p in parts]

    @staticmethod
    def is_scope(netaddress: str, index: int) -> bool:
        """Java ``isScope(String, int)``: the first ``index`` parts are valid numbers."""
        if AclUtils.is_colon(netaddress):
            parts = [p for p in AclUtils.expand_ip(netaddress, 8).split(":") if p]
            return AclUtils._is_ipv6_scope_parts(parts, index)
        parts = [p for p in netaddress.split(".") if p]
        if len(parts) != 4:
            return False
        for i in range(index):
            try:
                if not AclUtils.is_scope_num(int(parts[i].strip())):
                    return False
            except ValueError:
                raise AclException("Netaddress examine scope Exception netaddress is %s" % netaddress) from None
        return True

    @staticmethod
    def is_scope_num(num: int) -> bool:
        return 0 <= num <= 255

    @staticmethod
    def is_colon(netaddress: str) -> bool:
        return ":" in netaddress

    @staticmethod
    def is_asterisk(asterisk: str) -> bool:
        return "*" in asterisk

    @staticmethod
    def is_comma(colon: str) -> bool:
        return "," in colon

    @staticmethod
    def is_minus(minus: str) -> bool:
        return "-" in minus

    @staticmethod
    def _is_ipv6_scope_parts(parts: List[str], index: int) -> bool:
        for i in range(index):
            try:
                value = int(parts[i], 16)
            except (ValueError, IndexError):
                return False
            if not AclUtils.is_ipv6_scope(value):
                return False
        return True

    @staticmethod
    def is_ipv6_scope(num: int) -> bool:
        return 0 <= num <= 0xFFFF

    @staticmethod
    def expand_ip(netaddress: str, part: int) -> str:
        """Java ``expandIP``: upper-case, ``::`` expanded to ``part`` groups, each group padded to 4 digits."""
        netaddress = netaddress.upper()
        pad_count = part - netaddress.count(":")
        if pad_count > 0:
            netaddress = netaddress.replace("::", ":" * (pad_count + 1))
        return ":".join(group.rjust(4, "0") for group in netaddress.split(":"))

    # ------------------------------------------------------------------ YAML files

    @staticmethod
    def get_yaml_data_object(path: str) -> Any:
        """Java ``getYamlDataObject``: the parsed YAML file, None when it does not exist. Raises
        :class:`AclException` when it cannot be read or parsed."""
        try:
            with open(path, "r", encoding="utf-8") as f:
                text = f.read()
        except FileNotFoundError:
            return None
        except OSError as e:
            raise AclException("cannot read %s: %s" % (path, e.strerror)) from None
        try:
            return PlainYaml.load(text)
        except ValueError as e:
            raise AclException("%s: %s" % (path, e)) from None

    @staticmethod
    def write_data_object(path: str, data: Any) -> bool:
        """Java ``writeDataObject``: write ``data`` (mappings, lists and scalars) as a YAML block document
        :meth:`get_yaml_data_object` reads back (strings double-quoted); False (logged) when it cannot be
        written. The file is replaced atomically."""
        try:
            MixAll.string2file(PlainYaml.dump(data), path)
        except OSError as e:
            log.error("Failed to write %s: %s", path, e)
            return False
        return True

    @staticmethod
    def get_acl_rpc_hook(file_name: str) -> Optional[RPCHook]:
        """Java ``getAclRPCHook``: an :class:`AclClientRPCHook` from a YAML file with ``accessKey`` and
        ``secretKey`` (the tools' ``conf/tools.yml``); None when missing or blank."""
        from rocketmq_acl.common.acl_client_rpc_hook import AclClientRPCHook
        try:
            data = AclUtils.get_yaml_data_object(file_name)
        except AclException as e:
            log.error("Convert yaml file to data object error, %s", e)
            return None
        if not isinstance(data, dict) or not data:
            log.warning("Cannot find conf file :%s, acl isn't be enabled.", file_name)
            return None
        access_key = data.get(AclConstants.CONFIG_ACCESS_KEY)
        secret_key = data.get(AclConstants.CONFIG_SECRET_KEY)
        if access_key is None or secret_key is None or not str(access_key).strip() or not str(secret_key).strip():
            log.warning("AccessKey or secretKey is blank, the acl is not enabled.")
            return None
        return AclClientRPCHook(SessionCredentials(str(access_key), str(secret_key)))
