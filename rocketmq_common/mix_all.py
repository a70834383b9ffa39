"""Java ``org.apache.rocketmq.common.MixAll``: well-known names, retry/DLQ topics, config-file helpers.

Java ``Properties`` are plain ``Dict[str, str]`` here. ``LOCAL_INET_ADDRESS`` and ``LOCALHOST`` (static fields
computed at class load in Java) are the functions :meth:`MixAll.get_local_inet_address` and
:meth:`MixAll.localhost`, so importing this module does not enumerate interfaces.
"""
from __future__ import annotations

import enum
import logging
import math
import os
import socket
from typing import Any, Dict, Iterator, List, Optional, Tuple

from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_remoting.common.remoting_util import RemotingUtil

__all__ = ["MixAll"]

log = logging.getLogger(__name__)

_PROPERTIES_ESCAPES = {"t": "\t", "n": "\n", "r": "\r", "f": "\f"}


def _unescape_properties(text: str) -> str:
    out = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch == "\\" and i + 1 < n:
            nxt = text[i + 1]
            if nxt == "u" and i + 6 <= n:
                out.append(chr(int(text[i + 2:i + 6], 16)))
                i += 6
                continue
            out.append(_PROPERTIES_ESCAPES.get(nxt, nxt))
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def _split_properties_line(line: str) -> Tuple[str, str]:
    i = 0
    n = len(line)
    while i < n:
        ch = line[i]
        if ch == "\\":
            i += 2
            continue
        if ch in "=: \t\f":
            break
        i += 1
    key = line[:i]
    rest = line[i:]
    if rest[:1] in ("=", ":"):
        rest = rest[1:].lstrip(" \t\f")
    else:
        rest = rest.lstrip(" \t\f")
        if rest[:1] in ("=", ":"):
            rest = rest[1:].lstrip(" \t\f")
    return _unescape_properties(key), _unescape_properties(rest)


def _logical_lines(text: str) -> Iterator[str]:
    pending = ""
    for raw in text.splitlines():
        line = raw.lstrip(" \t\f")
        if not pending and (not line or line[0] in "#!"):
            continue
        trailing = len(line) - len(line.rstrip("\\"))
        if trailing % 2 == 1:
            pending += line[:-1]
            continue
        yield pending + line
        pending = ""
    if pending:
        yield pending


class MixAll:
    """Static constants and helpers of Java ``MixAll``."""

    ROCKETMQ_HOME_ENV = "ROCKETMQ_HOME"
    ROCKETMQ_HOME_PROPERTY = "rocketmq.home.dir"
    NAMESRV_ADDR_ENV = "NAMESRV_ADDR"
    NAMESRV_ADDR_PROPERTY = "rocketmq.namesrv.addr"
    MESSAGE_COMPRESS_TYPE = "rocketmq.message.compressType"
    MESSAGE_COMPRESS_LEVEL = "rocketmq.message.compressLevel"
    DEFAULT_NAMESRV_ADDR_LOOKUP = "jmenv.tbsite.net"
    WS_DOMAIN_NAME = DEFAULT_NAMESRV_ADDR_LOOKUP
    WS_DOMAIN_SUBGROUP = "nsaddr"
    DEFAULT_PRODUCER_GROUP = "DEFAULT_PRODUCER"
    DEFAULT_CONSUMER_GROUP = "DEFAULT_CONSUMER"
    TOOLS_CONSUMER_GROUP = "TOOLS_CONSUMER"
    SCHEDULE_CONSUMER_GROUP = "SCHEDULE_CONSUMER"
    FILTERSRV_CONSUMER_GROUP = "FILTERSRV_CONSUMER"
    MONITOR_CONSUMER_GROUP = "__MONITOR_CONSUMER"
    CLIENT_INNER_PRODUCER_GROUP = "CLIENT_INNER_PRODUCER"
    SELF_TEST_PRODUCER_GROUP = "SELF_TEST_P_GROUP"
    SELF_TEST_CONSUMER_GROUP = "SELF_TEST_C_GROUP"
    ONS_HTTP_PROXY_GROUP = "CID_ONS-HTTP-PROXY"
    CID_ONSAPI_PERMISSION_GROUP = "CID_ONSAPI_PERMISSION"
    CID_ONSAPI_OWNER_GROUP = "CID_ONSAPI_OWNER"
    CID_ONSAPI_PULL_GROUP = "CID_ONSAPI_PULL"
    CID_RMQ_SYS_PREFIX = "CID_RMQ_SYS_"
    DEFAULT_CHARSET = "UTF-8"
    MASTER_ID = 0
    CURRENT_JVM_PID = os.getpid()
    RETRY_GROUP_TOPIC_PREFIX = "%RETRY%"
    DLQ_GROUP_TOPIC_PREFIX = "%DLQ%"
    REPLY_TOPIC_POSTFIX = "REPLY_TOPIC"
    UNIQUE_MSG_QUERY_FLAG = "_UNIQUE_KEY_QUERY"
    DEFAULT_TRACE_REGION_ID = "DefaultRegion"
    CONSUME_CONTEXT_TYPE = "ConsumeContextType"
    CID_SYS_RMQ_TRANS = "CID_RMQ_SYS_TRANS"
    ACL_CONF_TOOLS_FILE = "/conf/tools.yml"
    REPLY_MESSAGE_FLAG = "reply"
    LMQ_PREFIX = "%LMQ%"
    #: 5.3.3 static topics: the mock broker name of logical queues, the default mapping scope, the name of a
    #: logical queue no broker holds
    LOGICAL_QUEUE_MOCK_BROKER_PREFIX = "__syslo__"
    METADATA_SCOPE_GLOBAL = "__global__"
    LOGICAL_QUEUE_MOCK_BROKER_NAME_NOT_EXIST = "__syslo__none__"
    MULTI_DISPATCH_QUEUE_SPLITTER = ","
    REQ_T = "ReqT"
    #: 5.3.3's NamespaceRpcHook: the extFields of a request in a namespace v2
    RPC_REQUEST_HEADER_NAMESPACED_FIELD = "nsd"
    RPC_REQUEST_HEADER_NAMESPACE_FIELD = "ns"
    #: heartbeat v2 (5.3.3): the extFields of a 5.x broker's heartbeat answer
    IS_SUPPORT_HEART_BEAT_V2 = "IS_SUPPORT_HEART_BEAT_V2"
    IS_SUB_CHANGE = "IS_SUB_CHANGE"

    # ------------------------------------------------------------------ names

    @staticmethod
    def get_ws_addr() -> str:
        """Java ``getWSAddr``: the HTTP name-server lookup address."""
        domain = MixAll.WS_DOMAIN_NAME
        if domain.find(":") > 0:
            return "http://%s/rocketmq/%s" % (domain, MixAll.WS_DOMAIN_SUBGROUP)
        return "http://%s:8080/rocketmq/%s" % (domain, MixAll.WS_DOMAIN_SUBGROUP)

    @staticmethod
    def get_retry_topic(consumer_group: str) -> str:
        """Java ``getRetryTopic``: ``%RETRY%<group>``."""
        return MixAll.RETRY_GROUP_TOPIC_PREFIX + consumer_group

    @staticmethod
    def get_reply_topic(cluster_name: str) -> str:
        """Java ``getReplyTopic``: ``<cluster>_REPLY_TOPIC``."""
        return cluster_name + "_" + MixAll.REPLY_TOPIC_POSTFIX

    @staticmethod
    def is_sys_consumer_group(consumer_group: str) -> bool:
        """Java ``isSysConsumerGroup``: starts with ``CID_RMQ_SYS_``."""
        return consumer_group.startswith(MixAll.CID_RMQ_SYS_PREFIX)

    @staticmethod
    def is_sys_consumer_group_and_enable_create(consumer_group: str, is_enable_create_sys_group: bool) -> bool:
        """Java 5.3.3 ``isSysConsumerGroupAndEnableCreate``."""
        return is_enable_create_sys_group and MixAll.is_sys_consumer_group(consumer_group)

    @staticmethod
    def get_dlq_topic(consumer_group: str) -> str:
        """Java ``getDLQTopic``: ``%DLQ%<group>``."""
        return MixAll.DLQ_GROUP_TOPIC_PREFIX + consumer_group

    @staticmethod
    def broker_vip_channel(is_change: bool, broker_addr: str) -> str:
        """Java ``brokerVIPChannel``: the same host with port - 2 when ``is_change``."""
        if not is_change:
            return broker_addr
        split = broker_addr.rfind(":")
        return "%s:%d" % (broker_addr[:split], int(broker_addr[split + 1:]) - 2)

    @staticmethod
    def get_pid() -> int:
        """Java ``getPID``."""
        return os.getpid()

    @staticmethod
    def is_lmq(lmq_meta_data: Optional[str]) -> bool:
        """Java ``isLmq``: starts with ``%LMQ%``."""
        return lmq_meta_data is not None and lmq_meta_data.startswith(MixAll.LMQ_PREFIX)

    @staticmethod
    def human_readable_byte_count(num_bytes: int, si: bool) -> str:
        """Java ``humanReadableByteCount``: ``"1.0 KiB"`` / ``"1.0 kB"``."""
        unit = 1000 if si else 1024
        if num_bytes < unit:
            return "%d B" % num_bytes
        exp = int(math.log(num_bytes) / math.log(unit))
        pre = ("kMGTPE" if si else "KMGTPE")[exp - 1] + ("" if si else "i")
        return "%.1f %sB" % (num_bytes / math.pow(unit, exp), pre)

    @staticmethod
    def deal_file_path(acl_file_path: str) -> str:
        """Java ``dealFilePath``: normalise a path."""
        return os.path.normpath(acl_file_path)

    # ------------------------------------------------------------------ files

    @staticmethod
    def string2file(s: str, file_name: str) -> None:
        """Java ``string2File``: write ``<file>.tmp``, copy the previous content to ``<file>.bak``, then move
        the temporary file into place (atomically, with ``os.replace``)."""
        tmp_file = file_name + ".tmp"
        MixAll.string2file_not_safe(s, tmp_file)
        prev_content = MixAll.file2string(file_name)
        if prev_content is not None:
            MixAll.string2file_not_safe(prev_content, file_name + ".bak")
        os.replace(tmp_file, file_name)

    @staticmethod
    def string2file_not_safe(s: str, file_name: str) -> None:
        """Java ``string2FileNotSafe``: create parent directories and write the text (UTF-8)."""
        parent = os.path.dirname(file_name)
        if parent:
            os.makedirs(parent, exist_ok=True)
        with open(file_name, "w", encoding="utf-8", newline="") as f:
            f.write(s)

    @staticmethod
    def file2string(file_name: str) -> Optional[str]:
        """Java ``file2String``: the file's text, ``None`` when it does not exist."""
        if not os.path.exists(file_name):
            return None
        with open(file_name, "r", encoding="utf-8", newline="") as f:
            return f.read()

    # ------------------------------------------------------------------ properties

    @staticmethod
    def properties2string(properties: Dict[str, Any]) -> str:
        """Java ``properties2String``: ``key=value`` lines, null values skipped."""
        return "".join("%s=%s\n" % (k, _java_str(v)) for k, v in properties.items() if v is not None)

    @staticmethod
    def file2properties(path: str) -> Dict[str, str]:
        """A ``java.util.Properties`` file (what the server start-ups load with ``-c``); raises OSError, or
        ValueError naming the file when it cannot be parsed."""
        with open(path, "r", encoding="utf-8") as f:
            properties = MixAll.string2properties(f.read())
        if properties is None:
            raise ValueError("cannot parse the properties file %s" % path)
        return properties

    @staticmethod
    def string2properties(s: str) -> Optional[Dict[str, str]]:
        """Java ``string2Properties``: parse ``java.util.Properties`` text (``=``/``:``/space separators,
        ``#``/``!`` comments, backslash continuations and escapes); ``None`` (logged) when it cannot."""
        try:
            return dict(_split_properties_line(line) for line in _logical_lines(s))
        except ValueError:
            log.error("Failed to handle properties", exc_info=True)
            return None

    @staticmethod
    def object2properties(obj: Any) -> Dict[str, str]:
        """Java ``object2Properties``: the non-null bean properties of ``obj`` by Java field name."""
        props = {}
        for prop in type(obj)._props:
            value = getattr(obj, prop.name)
            if value is not None:
                props[prop.wire] = _java_str(value)
        return props

    @staticmethod
    def properties2object(p: Dict[str, str], obj: Any) -> None:
        """Java ``properties2Object``: set each bean property of ``obj`` whose Java name is in ``p`` and whose
        type is int, float, bool or str; unparsable values are logged and skipped."""
        for prop in type(obj)._props:
            value = p.get(prop.wire)
            if value is None:
                continue
            try:
                if prop.type is bool:
                    arg: Any = value.strip().lower() == "true"
                elif prop.type is int:
                    arg = int(value.strip())
                elif prop.type is float:
                    arg = float(value.strip())
                elif prop.type is str:
                    arg = value
                elif isinstance(prop.type, type) and issubclass(prop.type, enum.Enum):
                    arg = prop.type[value.strip()]
                else:
                    continue
            except (ValueError, KeyError):
                log.warning("ignoring property %s=%r: not a %s", prop.wire, value, prop.type)
                continue
            setattr(obj, prop.name, arg)

    @staticmethod
    def is_properties_equal(p1: Dict[str, str], p2: Dict[str, str]) -> bool:
        """Java ``isPropertiesEqual``."""
        return p1 == p2

    # ------------------------------------------------------------------ local addresses

    @staticmethod
    def get_local_inet_address() -> List[str]:
        """Java ``getLocalInetAddress`` (``LOCAL_INET_ADDRESS``): every address of every interface."""
        return [str(addr) for _, addr in RemotingUtil.get_java_ordered_addresses()]

    @staticmethod
    def localhost() -> str:
        """Java ``localhost()`` (``LOCALHOST``): the address of this host's name, else the first non-loopback
        interface address (IPv4 preferred)."""
        try:
            return socket.gethostbyname(socket.gethostname())
        except OSError as e:
            try:
                candidate = MixAll.get_localhost_by_network_interface()
            except OSError:
                log.warning("listing network interfaces failed", exc_info=True)
                candidate = None
            if candidate is not None:
                return candidate
            raise RuntimeError("InetAddress java.net.InetAddress.getLocalHost() throws UnknownHostException"
                               + FAQUrl.suggest_todo(FAQUrl.UNKNOWN_HOST_EXCEPTION)) from e

    @staticmethod
    def get_localhost_by_network_interface() -> Optional[str]:
        """Java ``getLocalhostByNetworkInterface``: the first non-loopback IPv4 (``docker0`` skipped), else the
        first non-loopback IPv6."""
        candidates = []
        for name, addr in RemotingUtil.get_java_ordered_addresses():
            if name == "docker0" or addr.is_loopback:
                continue
            if addr.version == 6:
                candidates.append(str(addr))
                continue
            return str(addr)
        return candidates[0] if candidates else None


def _java_str(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, enum.Enum):
        return value.name
    return str(value)
