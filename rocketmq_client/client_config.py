"""Java ``org.apache.rocketmq.client.ClientConfig`` (and ``AccessChannel``): settings shared by producers and
consumers, plus Java ``NameServerAddressUtils`` rules for name-server endpoints.

Unlike the other beans, a configuration class guards its attributes (Pythonic additions, not in Java): every
property is a keyword argument of the constructor, applied through its Java setter, and an unknown keyword raises
TypeError naming the close matches; a property set to a value of the wrong type raises TypeError (setter, keyword
or attribute); assigning an attribute the object does not have (``producer.send_msgtimeout = 1``) raises
AttributeError naming the close matches; a malformed name server address raises MQClientException.
"""
from __future__ import annotations

import difflib
import enum
import os
import re
import time
from typing import Any, Dict, Iterable, Optional, cast

from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.namespace_util import NamespaceUtil
from rocketmq_common.util_all import UtilAll
from rocketmq_client.exception import MQClientException
from rocketmq_remoting.common.bean import Bean, Prop, check_prop_value, java_string
from rocketmq_remoting.common.remoting_util import RemotingUtil
from rocketmq_remoting.netty.netty_system_config import get_system_property, parse_bool
from rocketmq_remoting.netty.tls_system_config import TlsSystemConfig
from rocketmq_remoting.protocol.remoting_command import LanguageCode

__all__ = ["ClientConfig", "AccessChannel", "NameServerAddressUtils"]

class AccessChannel(enum.Enum):
    """Java ``AccessChannel``: LOCAL (private cluster) or CLOUD (changes trace topic handling only)."""

    LOCAL = 0
    CLOUD = 1


class NameServerAddressUtils:
    """Java ``org.apache.rocketmq.common.utils.NameServerAddressUtils``."""

    INSTANCE_PREFIX = "MQ_INST_"
    INSTANCE_REGEX = INSTANCE_PREFIX + r"\w+_\w+"
    ENDPOINT_PREFIX = r"(\w+://|)"
    NAMESRV_ENDPOINT_PATTERN = re.compile(r"^http://.*", re.ASCII)
    INST_ENDPOINT_PATTERN = re.compile("^" + ENDPOINT_PREFIX + INSTANCE_REGEX + r"\..*", re.ASCII)

    @staticmethod
    def get_name_server_addresses() -> Optional[str]:
        """Java ``getNameServerAddresses``: property ``rocketmq.namesrv.addr`` (read from the environment),
        else env ``NAMESRV_ADDR``."""
        return get_system_property(MixAll.NAMESRV_ADDR_PROPERTY, MixAll.NAMESRV_ADDR_ENV, None)

    @staticmethod
    def validate_instance_endpoint(endpoint: str) -> bool:
        """Java ``validateInstanceEndpoint``: ``[scheme://]MQ_INST_<a>_<b>.<rest>``."""
        return NameServerAddressUtils.INST_ENDPOINT_PATTERN.fullmatch(endpoint) is not None

    @staticmethod
    def parse_instance_id_from_endpoint(endpoint: Optional[str]) -> Optional[str]:
        """Java ``parseInstanceIdFromEndpoint``: the text between the last ``/`` and the first ``.``."""
        if not endpoint:
            return None
        return endpoint[endpoint.rfind("/") + 1:endpoint.find(".")]

    @staticmethod
    def get_name_srv_addr_from_namesrv_endpoint(name_srv_endpoint: Optional[str]) -> Optional[str]:
        """Java ``getNameSrvAddrFromNamesrvEndpoint``: the text after the last ``/``."""
        if not name_srv_endpoint:
            return None
        return name_srv_endpoint[name_srv_endpoint.rfind("/") + 1:]


def _instance_name_default() -> str:
    # Java: System.getProperty("rocketmq.client.name", "DEFAULT")
    return get_system_property("rocketmq.client.name", "ROCKETMQ_CLIENT_NAME", "DEFAULT") or "DEFAULT"


def _vip_channel_default() -> bool:
    return parse_bool(get_system_property(ClientConfig.SEND_MESSAGE_WITH_VIP_CHANNEL_PROPERTY,
                                          "COM_ROCKETMQ_SEND_MESSAGE_WITH_VIP_CHANNEL", "false"))


def _heartbeat_v2_default() -> bool:
    return parse_bool(get_system_property(ClientConfig.HEART_BEAT_V2, "COM_ROCKETMQ_HEARTBEAT_V2", "false"))


def _decode_read_body_default() -> bool:
    return parse_bool(get_system_property(ClientConfig.DECODE_READ_BODY, "COM_ROCKETMQ_READ_BODY", "true"))


def _decode_decompress_body_default() -> bool:
    return parse_bool(get_system_property(ClientConfig.DECODE_DECOMPRESS_BODY, "COM_ROCKETMQ_DECOMPRESS_BODY",
                                          "true"))


def _send_latency_enable_default() -> bool:
    return parse_bool(get_system_property(ClientConfig.SEND_LATENCY_ENABLE, "COM_ROCKETMQ_SEND_LATENCY_ENABLE",
                                          "false"))


def _start_detector_enable_default() -> bool:
    return parse_bool(get_system_property(ClientConfig.START_DETECTOR_ENABLE, "COM_ROCKETMQ_START_DETECTOR_ENABLE",
                                          "false"))


def close_matches(name: str, candidates: Iterable[str]) -> str:
    """`` (did you mean 'a' or 'b'?)`` for the names of ``candidates`` close to ``name``, else ``""``."""
    matches = difflib.get_close_matches(name, sorted(candidates), n=3, cutoff=0.6)
    if not matches:
        return ""
    return " (did you mean %s?)" % " or ".join(repr(m) for m in matches)


_PORT_RE = re.compile(r"[0-9]{1,5}")
_HOST_RE = re.compile(r"[A-Za-z0-9_.\-]+|\[[0-9A-Fa-f:.]+\]", re.ASCII)


def check_namesrv_addr(namesrv_addr: Optional[str]) -> None:
    """Raise MQClientException unless ``namesrv_addr`` is None, an ``http://`` name server endpoint (Java's
    ``NAMESRV_ENDPOINT_PATTERN``), or a ``host:port[;host:port...]`` list (a trailing ``;`` is allowed, as Java's
    ``split(";")`` drops it; an IPv6 host is written ``[::1]:9876``); the message names the bad entry."""
    if namesrv_addr is None:
        return
    if not isinstance(namesrv_addr, str):
        raise TypeError("namesrv_addr must be a str 'host:port[;host:port]', got %s %r"
                        % (type(namesrv_addr).__name__, namesrv_addr))
    if NameServerAddressUtils.NAMESRV_ENDPOINT_PATTERN.fullmatch(namesrv_addr):
        return
    entries = namesrv_addr.split(";")
    while len(entries) > 1 and entries[-1] == "":
        entries.pop()
    for entry in entries:
        problem = _namesrv_entry_problem(entry)
        if problem and "," in entry:
            problem += " (the separator of NameServer addresses is ';', not ',')"
        if problem:
            raise MQClientException("namesrv_addr %r: the entry %r %s; expected host:port[;host:port], e.g. "
                                    "127.0.0.1:9876;127.0.0.2:9876 (or an http:// name server endpoint)"
                                    % (namesrv_addr, entry, problem))


def _namesrv_entry_problem(entry: str) -> str:
    if not entry:
        return "is empty"
    if entry != entry.strip() or " " in entry:
        return "contains whitespace"
    host, sep, port = entry.rpartition(":")
    if not sep or not host or (":" in host and not host.startswith("[")):
        return "has no port"
    if not _HOST_RE.fullmatch(host):
        return "has no valid host name"
    if not _PORT_RE.fullmatch(port) or not 0 < int(port) <= 65535:
        return "has no valid port (1-65535)"
    return ""


class ClientConfig(Bean):
    """Java ``ClientConfig``: every field, default and rule of the Java class.

    Defaults read per instance like Java's field initialisers: ``namesrv_addr`` from ``rocketmq.namesrv.addr`` /
    ``NAMESRV_ADDR``, ``client_ip`` from :meth:`RemotingUtil.get_local_address`, ``instance_name`` from
    ``rocketmq.client.name`` / ``ROCKETMQ_CLIENT_NAME`` (default ``DEFAULT``). ``language`` defaults to PYTHON
    (Java: JAVA); it is sent in heartbeats.
    """

    SEND_MESSAGE_WITH_VIP_CHANNEL_PROPERTY = "com.rocketmq.sendMessageWithVIPChannel"
    HEART_BEAT_V2 = "com.rocketmq.heartbeat.v2"
    DECODE_READ_BODY = "com.rocketmq.read.body"
    DECODE_DECOMPRESS_BODY = "com.rocketmq.decompress.body"
    SEND_LATENCY_ENABLE = "com.rocketmq.sendLatencyEnable"
    START_DETECTOR_ENABLE = "com.rocketmq.startDetectorEnable"

    namesrv_addr = Prop(str, factory=NameServerAddressUtils.get_name_server_addresses)
    client_ip = Prop(str, wire="clientIP", factory=RemotingUtil.get_local_address)
    instance_name = Prop(str, factory=_instance_name_default)
    client_callback_executor_threads = Prop(int, factory=lambda: os.cpu_count() or 1)
    namespace = Prop(str)
    access_channel = Prop(AccessChannel, AccessChannel.LOCAL)
    #: route refresh period (ms)
    poll_name_server_interval = Prop(int, 1000 * 30)
    #: heartbeat period (ms)
    heartbeat_broker_interval = Prop(int, 1000 * 30)
    #: consumer offset persistence period (ms)
    persist_consumer_offset_interval = Prop(int, 1000 * 5)
    pull_time_delay_mills_when_exception = Prop(int, 1000)
    unit_mode = Prop(bool, False)
    unit_name = Prop(str)
    vip_channel_enabled = Prop(bool, factory=_vip_channel_default)
    #: heartbeat v2 (5.3.3): once a broker answered that it supports it, heartbeats whose fingerprint it has
    #: already seen go without the subscriptions (``com.rocketmq.heartbeat.v2`` / ``COM_ROCKETMQ_HEARTBEAT_V2``)
    use_heartbeat_v2 = Prop(bool, factory=_heartbeat_v2_default)
    #: 5.3.3: pulled (and popped) messages carry their body; false leaves ``body`` None
    #: (``com.rocketmq.read.body`` / ``COM_ROCKETMQ_READ_BODY``)
    decode_read_body = Prop(bool, factory=_decode_read_body_default)
    #: 5.3.3: compressed bodies of pulled messages are inflated; false hands them on as stored, COMPRESSED sysFlag
    #: kept (``com.rocketmq.decompress.body`` / ``COM_ROCKETMQ_DECOMPRESS_BODY``)
    decode_decompress_body = Prop(bool, factory=_decode_decompress_body_default)
    #: 5.3.3: a connection established to a known broker gets a prompt heartbeat (the client instance's channel
    #: event listener)
    enable_heartbeat_channel_event_listener = Prop(bool, True)
    #: 5.3.3: a producer's sends avoid brokers that were slow or failed (MQFaultStrategy; not for ordered
    #: messages) (``com.rocketmq.sendLatencyEnable`` / ``COM_ROCKETMQ_SEND_LATENCY_ENABLE``)
    send_latency_enable = Prop(bool, factory=_send_latency_enable_default)
    #: 5.3.3: brokers a send could not reach are left out until a probe finds them answering
    #: (``com.rocketmq.startDetectorEnable`` / ``COM_ROCKETMQ_START_DETECTOR_ENABLE``)
    start_detector_enable = Prop(bool, factory=_start_detector_enable_default)
    #: 5.3.3: timeout (ms) of one probe of the detector
    detect_timeout = Prop(int, 200)
    #: 5.3.3: the least time (ms) between two probes of one broker
    detect_interval = Prop(int, 2 * 1000)
    #: 5.3.3: every request carries the extFields ``nsd=true`` and ``ns=<namespace_v2>`` (NamespaceRpcHook)
    namespace_v2 = Prop(str)
    use_tls = Prop(bool, wire="useTLS", factory=lambda: TlsSystemConfig.tls_enable)
    mq_client_api_timeout = Prop(int, 3 * 1000)
    language = Prop(LanguageCode, LanguageCode.PYTHON)
    #: every request carries extField ``ReqT=STREAM`` and the client id gets ``@STREAM``
    enable_stream_request_type = Prop(bool, False)
    #: message trace (5.3.3): producers and consumers started with it send trace records to ``trace_topic``
    #: (None: ``RMQ_SYS_TRACE_TOPIC``) in batches of ``trace_msg_batch_num`` (at most 20, see AsyncTraceDispatcher)
    enable_trace = Prop(bool, False)
    trace_topic = Prop(str)
    trace_msg_batch_num = Prop(int, 10)

    def get_client_ip(self) -> str: return self.client_ip
    def set_client_ip(self, client_ip: str) -> None: self.client_ip = client_ip
    def get_instance_name(self) -> str: return self.instance_name
    def set_instance_name(self, instance_name: str) -> None: self.instance_name = instance_name
    def get_client_callback_executor_threads(self) -> int: return self.client_callback_executor_threads
    def set_client_callback_executor_threads(self, client_callback_executor_threads: int) -> None:
        self.client_callback_executor_threads = client_callback_executor_threads
    def get_access_channel(self) -> AccessChannel: return self.access_channel
    def set_access_channel(self, access_channel: AccessChannel) -> None: self.access_channel = access_channel
    def get_poll_name_server_interval(self) -> int: return self.poll_name_server_interval
    def set_poll_name_server_interval(self, poll_name_server_interval: int) -> None:
        self.poll_name_server_interval = poll_name_server_interval
    def get_heartbeat_broker_interval(self) -> int: return self.heartbeat_broker_interval
    def set_heartbeat_broker_interval(self, heartbeat_broker_interval: int) -> None:
        self.heartbeat_broker_interval = heartbeat_broker_interval
    def get_persist_consumer_offset_interval(self) -> int: return self.persist_consumer_offset_interval
    def set_persist_consumer_offset_interval(self, persist_consumer_offset_interval: int) -> None:
        self.persist_consumer_offset_interval = persist_consumer_offset_interval
    def get_pull_time_delay_mills_when_exception(self) -> int: return self.pull_time_delay_mills_when_exception
    def set_pull_time_delay_mills_when_exception(self, pull_time_delay_mills_when_exception: int) -> None:
        self.pull_time_delay_mills_when_exception = pull_time_delay_mills_when_exception
    def get_unit_mode(self) -> bool: return self.unit_mode
    def is_unit_mode(self) -> bool: return self.unit_mode
    def set_unit_mode(self, unit_mode: bool) -> None: self.unit_mode = unit_mode
    def get_unit_name(self) -> str: return self.unit_name
    def set_unit_name(self, unit_name: Optional[str]) -> None: self.unit_name = unit_name
    def get_vip_channel_enabled(self) -> bool: return self.vip_channel_enabled
    def is_vip_channel_enabled(self) -> bool: return self.vip_channel_enabled
    def set_vip_channel_enabled(self, vip_channel_enabled: bool) -> None: self.vip_channel_enabled = vip_channel_enabled
    def get_use_heartbeat_v2(self) -> bool: return self.use_heartbeat_v2
    def is_use_heartbeat_v2(self) -> bool: return self.use_heartbeat_v2
    def set_use_heartbeat_v2(self, use_heartbeat_v2: bool) -> None: self.use_heartbeat_v2 = use_heartbeat_v2
    def get_decode_read_body(self) -> bool: return self.decode_read_body
    def is_decode_read_body(self) -> bool: return self.decode_read_body
    def set_decode_read_body(self, decode_read_body: bool) -> None: self.decode_read_body = decode_read_body
    def get_decode_decompress_body(self) -> bool: return self.decode_decompress_body
    def is_decode_decompress_body(self) -> bool: return self.decode_decompress_body
    def set_decode_decompress_body(self, decode_decompress_body: bool) -> None:
        self.decode_decompress_body = decode_decompress_body
    def get_enable_heartbeat_channel_event_listener(self) -> bool: return self.enable_heartbeat_channel_event_listener
    def is_enable_heartbeat_channel_event_listener(self) -> bool: return self.enable_heartbeat_channel_event_listener
    def set_enable_heartbeat_channel_event_listener(self, enable_heartbeat_channel_event_listener: bool) -> None:
        self.enable_heartbeat_channel_event_listener = enable_heartbeat_channel_event_listener
    def get_send_latency_enable(self) -> bool: return self.send_latency_enable
    def is_send_latency_enable(self) -> bool: return self.send_latency_enable
    def set_send_latency_enable(self, send_latency_enable: bool) -> None: self.send_latency_enable = send_latency_enable
    def get_start_detector_enable(self) -> bool: return self.start_detector_enable
    def is_start_detector_enable(self) -> bool: return self.start_detector_enable
    def set_start_detector_enable(self, start_detector_enable: bool) -> None:
        self.start_detector_enable = start_detector_enable
    def get_detect_timeout(self) -> int: return self.detect_timeout
    def set_detect_timeout(self, detect_timeout: int) -> None: self.detect_timeout = detect_timeout
    def get_detect_interval(self) -> int: return self.detect_interval
    def set_detect_interval(self, detect_interval: int) -> None: self.detect_interval = detect_interval
    def get_namespace_v2(self) -> str: return self.namespace_v2
    def set_namespace_v2(self, namespace_v2: Optional[str]) -> None: self.namespace_v2 = namespace_v2
    def get_use_tls(self) -> bool: return self.use_tls
    def is_use_tls(self) -> bool: return self.use_tls
    def set_use_tls(self, use_tls: bool) -> None: self.use_tls = use_tls
    def get_mq_client_api_timeout(self) -> int: return self.mq_client_api_timeout
    def set_mq_client_api_timeout(self, mq_client_api_timeout: int) -> None:
        self.mq_client_api_timeout = mq_client_api_timeout
    def get_language(self) -> LanguageCode: return self.language
    def set_language(self, language: LanguageCode) -> None: self.language = language
    def get_enable_stream_request_type(self) -> bool: return self.enable_stream_request_type
    def is_enable_stream_request_type(self) -> bool: return self.enable_stream_request_type
    def set_enable_stream_request_type(self, enable_stream_request_type: bool) -> None:
        self.enable_stream_request_type = enable_stream_request_type
    def get_enable_trace(self) -> bool: return self.enable_trace
    def is_enable_trace(self) -> bool: return self.enable_trace
    def set_enable_trace(self, enable_trace: bool) -> None: self.enable_trace = enable_trace
    def get_trace_topic(self) -> str: return self.trace_topic
    def set_trace_topic(self, trace_topic: Optional[str]) -> None: self.trace_topic = trace_topic
    def get_trace_msg_batch_num(self) -> int: return self.trace_msg_batch_num
    def set_trace_msg_batch_num(self, trace_msg_batch_num: int) -> None: self.trace_msg_batch_num = trace_msg_batch_num

    #: Java ``namespaceInitialized`` (not a bean property)
    _namespace_initialized = False
    #: True once the constructor returned: from then on unknown attributes are refused (see the module docstring)
    _sealed = False

    def __init__(self, **config: Any) -> None:
        """Every property is a keyword argument (``ClientConfig(namesrv_addr="127.0.0.1:9876")``)."""
        super().__init__()
        self._apply_config(config)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        init = cls.__dict__.get("__init__")
        if init is not None and not getattr(init, "_seals", False):
            cls.__init__ = _sealing(init)  # type: ignore[method-assign]

    def _apply_config(self, config: Dict[str, Any], parameters: Iterable[str] = ()) -> None:
        """Apply constructor keywords through the Java setters; an unknown one raises TypeError naming the close
        matches among the properties and the constructor's own ``parameters``."""
        props = self._props_by_name
        for name, value in config.items():
            if name not in props:
                raise TypeError("%s() got an unexpected keyword argument %r%s" % (
                    type(self).__name__, name, close_matches(name, list(props) + list(parameters))))
            getattr(self, "set_" + name)(value)

    def __setattr__(self, name: str, value: Any) -> None:
        prop = self._props_by_name.get(name)
        if prop is not None:
            check_prop_value(self, prop, value)
        elif self._sealed and name[0] != "_" and name not in self.__dict__ and not hasattr(type(self), name):
            raise AttributeError("%r object has no attribute %r%s" % (
                type(self).__name__, name, close_matches(name, self._props_by_name)))
        object.__setattr__(self, name, value)

    def build_mq_client_id(self) -> str:
        """Java ``buildMQClientId``: ``ip@instanceName[@unitName][@STREAM]``."""
        sb = "%s@%s" % (self.get_client_ip(), self.get_instance_name())
        if not UtilAll.is_blank(self.unit_name):
            sb += "@" + self.unit_name
        if self.enable_stream_request_type:
            sb += "@STREAM"
        return sb

    def change_instance_name_to_pid(self) -> None:
        """Java ``changeInstanceNameToPID``: ``DEFAULT`` becomes ``<pid>#<nanotime>``."""
        if self.instance_name == "DEFAULT":
            self.instance_name = "%d#%d" % (UtilAll.get_pid(), time.perf_counter_ns())

    def with_namespace(self, resource):  # type: ignore[no-untyped-def]
        """Java ``withNamespace`` (String and Set overloads)."""
        if isinstance(resource, (set, frozenset)):
            return {self.with_namespace(r) for r in resource}
        return NamespaceUtil.wrap_namespace(self.get_namespace(), resource)

    def without_namespace(self, resource):  # type: ignore[no-untyped-def]
        """Java ``withoutNamespace`` (String and Set overloads)."""
        if isinstance(resource, (set, frozenset)):
            return {self.without_namespace(r) for r in resource}
        return NamespaceUtil.without_namespace(resource, self.get_namespace())

    def queue_with_namespace(self, queue: MessageQueue) -> MessageQueue:
        """Java ``queueWithNamespace``: a new queue with the wrapped topic (the same one without namespace)."""
        if not self.get_namespace():
            return queue
        return MessageQueue(self.with_namespace(queue.get_topic()), queue.get_broker_name(), queue.get_queue_id())

    def queue_without_namespace(self, queue: MessageQueue) -> MessageQueue:
        """The counterpart of :meth:`queue_with_namespace` (no Java equivalent): a new queue whose topic lost this
        client's namespace (the same queue without namespace), for queues handed back to the application."""
        namespace = self.get_namespace()
        if not namespace:
            return queue
        topic = cast(str, NamespaceUtil.without_namespace(queue.get_topic(), namespace))  # a queue has a topic
        return MessageQueue(topic, queue.get_broker_name(), queue.get_queue_id())

    def queues_with_namespace(self, queues: Iterable[MessageQueue]) -> Iterable[MessageQueue]:
        """Java ``queuesWithNamespace``: wraps each queue's topic in place and returns the collection."""
        if not self.get_namespace():
            return queues
        for queue in queues:
            queue.set_topic(self.with_namespace(queue.get_topic()))
        return queues

    def reset_client_config(self, cc: "ClientConfig") -> None:
        """Java ``resetClientConfig``: copy the shared settings of ``cc`` (not ``access_channel``)."""
        self.namesrv_addr = cc.namesrv_addr
        self.client_ip = cc.client_ip
        self.instance_name = cc.instance_name
        self.client_callback_executor_threads = cc.client_callback_executor_threads
        self.poll_name_server_interval = cc.poll_name_server_interval
        self.heartbeat_broker_interval = cc.heartbeat_broker_interval
        self.persist_consumer_offset_interval = cc.persist_consumer_offset_interval
        self.pull_time_delay_mills_when_exception = cc.pull_time_delay_mills_when_exception
        self.unit_mode = cc.unit_mode
        self.unit_name = cc.unit_name
        self.vip_channel_enabled = cc.vip_channel_enabled
        self.use_heartbeat_v2 = cc.use_heartbeat_v2
        self.decode_read_body = cc.decode_read_body
        self.decode_decompress_body = cc.decode_decompress_body
        self.enable_heartbeat_channel_event_listener = cc.enable_heartbeat_channel_event_listener
        self.start_detector_enable = cc.start_detector_enable
        self.send_latency_enable = cc.send_latency_enable
        self.detect_interval = cc.detect_interval
        self.detect_timeout = cc.detect_timeout
        self.namespace_v2 = cc.namespace_v2
        self.use_tls = cc.use_tls
        self.namespace = cc.namespace
        self.language = cc.language
        self.mq_client_api_timeout = cc.mq_client_api_timeout
        self.enable_stream_request_type = cc.enable_stream_request_type
        self.enable_trace = cc.enable_trace
        self.trace_topic = cc.trace_topic

    def clone_client_config(self) -> "ClientConfig":
        """Java ``cloneClientConfig``: a plain ClientConfig with the same shared settings."""
        cc = ClientConfig()
        cc.reset_client_config(self)
        return cc

    def get_namesrv_addr(self) -> Optional[str]:
        """Java ``getNamesrvAddr``: an ``http://...`` endpoint is reduced to the text after its last ``/``."""
        addr = self.namesrv_addr
        if addr and NameServerAddressUtils.NAMESRV_ENDPOINT_PATTERN.fullmatch(addr.strip()):
            return NameServerAddressUtils.get_name_srv_addr_from_namesrv_endpoint(addr)
        return addr

    def set_namesrv_addr(self, namesrv_addr: Optional[str]) -> None:
        """Java ``setNamesrvAddr`` (resets the derived namespace); a malformed address raises MQClientException
        naming the bad entry (:func:`check_namesrv_addr`; Java fails later, at the first request)."""
        check_namesrv_addr(namesrv_addr)
        self.namesrv_addr = namesrv_addr
        self._namespace_initialized = False

    def get_namespace(self) -> Optional[str]:
        """Java ``getNamespace``: the configured namespace, else the instance id of an ``MQ_INST_x_y.``
        endpoint address (§6.14), computed once."""
        if self._namespace_initialized:
            return self.namespace
        if self.namespace:
            return self.namespace
        if self.namesrv_addr:
            if NameServerAddressUtils.validate_instance_endpoint(self.namesrv_addr):
                self.namespace = NameServerAddressUtils.parse_instance_id_from_endpoint(self.namesrv_addr)
        self._namespace_initialized = True
        return self.namespace

    def set_namespace(self, namespace: Optional[str]) -> None:
        """Java ``setNamespace``."""
        self.namespace = namespace
        self._namespace_initialized = True

    def __str__(self) -> str:
        """Java 5.3.3 ``toString`` (``ClientConfig{namesrvAddr='...', ...}``; Java's ``socksProxyConfig`` is
        left out: this client has no SOCKS proxy support)."""
        return ("ClientConfig{namesrvAddr='%s', clientIP='%s', instanceName='%s', clientCallbackExecutorThreads=%s, "
                "namespace='%s', namespaceInitialized=%s, namespaceV2='%s', accessChannel=%s, "
                "pollNameServerInterval=%s, heartbeatBrokerInterval=%s, persistConsumerOffsetInterval=%s, "
                "pullTimeDelayMillsWhenException=%s, unitMode=%s, unitName='%s', decodeReadBody=%s, "
                "decodeDecompressBody=%s, vipChannelEnabled=%s, useHeartbeatV2=%s, useTLS=%s, "
                "mqClientApiTimeout=%s, detectTimeout=%s, detectInterval=%s, language=%s, "
                "enableStreamRequestType=%s, sendLatencyEnable=%s, startDetectorEnable=%s, "
                "enableHeartbeatChannelEventListener=%s, enableTrace=%s, traceTopic='%s'}"
                % tuple(map(java_string, (
                    self.namesrv_addr, self.client_ip, self.instance_name, self.client_callback_executor_threads,
                    self.namespace, self._namespace_initialized, self.namespace_v2, self.access_channel,
                    self.poll_name_server_interval, self.heartbeat_broker_interval,
                    self.persist_consumer_offset_interval, self.pull_time_delay_mills_when_exception, self.unit_mode,
                    self.unit_name, self.decode_read_body, self.decode_decompress_body, self.vip_channel_enabled,
                    self.use_heartbeat_v2, self.use_tls, self.mq_client_api_timeout, self.detect_timeout,
                    self.detect_interval, self.language, self.enable_stream_request_type, self.send_latency_enable,
                    self.start_detector_enable, self.enable_heartbeat_channel_event_listener, self.enable_trace,
                    self.trace_topic))))


def _sealing(init: Any) -> Any:
    """``init`` sealing the object (see :attr:`ClientConfig._sealed`) once the outermost constructor returned."""
    def __init__(self: ClientConfig, *args: Any, **kwargs: Any) -> None:
        outermost = "_sealed" not in self.__dict__
        if outermost:
            object.__setattr__(self, "_sealed", False)
        init(self, *args, **kwargs)
        if outermost:
            object.__setattr__(self, "_sealed", True)

    __init__.__doc__ = init.__doc__
    __init__.__wrapped__ = init  # type: ignore[attr-defined]
    __init__._seals = True  # type: ignore[attr-defined]
    return __init__


ClientConfig.__init__ = _sealing(ClientConfig.__init__)  # type: ignore[method-assign]

