"""What the subcommands share: name-server checks, admin/client set-up, one-line error texts, progress display
and Java's ``toString`` forms of maps and booleans."""
from __future__ import annotations

import codecs
import itertools
import json
import os
import socket
import sys
import threading
import time
from typing import IO, TYPE_CHECKING, Any, Callable, Iterator, List, Mapping, Optional, Tuple

from rocketmq_acl.common.acl_utils import AclUtils
from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_common.java_hash_map import java_hash_map_order, java_hash_set_order
from rocketmq_common.mix_all import MixAll
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.exception import (RemotingConnectException, RemotingSendRequestException,
                                         RemotingTimeoutException)
from rocketmq_remoting.netty.netty_system_config import get_system_property
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.protocol.remoting_serializable import from_json_value
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.command_util import CommandUtil
from rocketmq_tools.command.sub_command_exception import SubCommandException

if TYPE_CHECKING:
    from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["acl_rpc_hook", "parse_namesrv_addr", "check_namesrv_reachable", "unique_instance_name", "new_admin",
           "describe", "is_unreachable", "parse_bool", "parse_timestamp", "java_map", "java_bool", "java_value",
           "java_bean", "Progress", "split_list", "check_charset", "java_message_properties", "read_json_list",
           "java_json_object", "pretty_json", "repeat_every", "each_broker_of", "on_broker_or_masters", "submit_batch"]

#: how long the reachability check waits for a name server's TCP handshake
NAMESRV_CONNECT_TIMEOUT = 3.0

#: the initial capacity of the map Java 5.3.3 decodes message properties into (4.9.7: 16)
MESSAGE_PROPERTIES_CAPACITY = 128

_instance_counter = itertools.count(1)


def parse_namesrv_addr(value: Optional[str]) -> str:
    """The ``-n`` value (else ``NAMESRV_ADDR``), checked to be ``host:port[;host:port...]``; exit code 2
    otherwise. There is no default: the command line never looks a name server up on the network."""
    value = value if value is not None else os.environ.get(MixAll.NAMESRV_ADDR_ENV)
    if not value or not value.strip():
        raise SubCommandException("no name server address: give -n host:port or set %s" % MixAll.NAMESRV_ADDR_ENV,
                                  2)
    addrs = [addr.strip() for addr in value.split(";") if addr.strip()]
    for addr in addrs:
        host, _, port = addr.rpartition(":")
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise SubCommandException("bad name server address %r: expected host:port" % addr, 2)
    return ";".join(addrs)


def check_namesrv_reachable(namesrv_addr: str) -> None:
    """Open (and close) a TCP connection to each name server; exit code 2 when none answers."""
    errors = []
    for addr in namesrv_addr.split(";"):
        host, _, port = addr.rpartition(":")
        try:
            with socket.create_connection((host.strip("[]"), int(port)), timeout=NAMESRV_CONNECT_TIMEOUT):
                return
        except OSError as e:
            errors.append("%s (%s)" % (addr, e.strerror or e))
    raise SubCommandException("cannot connect to the name server: %s" % ", ".join(errors), 2)


def unique_instance_name() -> str:
    """A client instance name of its own for each client the command line creates (Java: the current millis)."""
    return "%d-%d-%d" % (os.getpid(), int(time.time() * 1000), next(_instance_counter))


def acl_rpc_hook() -> Optional["RPCHook"]:
    """Java ``MQAdminStartup``'s RPC hook: the ACL credentials (``accessKey`` / ``secretKey``) of
    ``<rocketmq home>/conf/tools.yml`` (home: ``rocketmq.home.dir`` / ``$ROCKETMQ_HOME``) when that file exists,
    else None."""
    home = get_system_property(MixAll.ROCKETMQ_HOME_PROPERTY, MixAll.ROCKETMQ_HOME_ENV, None)
    if not home or not os.path.isfile(home + MixAll.ACL_CONF_TOOLS_FILE):
        return None
    return AclUtils.get_acl_rpc_hook(home + MixAll.ACL_CONF_TOOLS_FILE)


def new_admin(namesrv_addr: str) -> DefaultMQAdminExt:
    """A DefaultMQAdminExt for ``namesrv_addr`` with its own instance name and the tools' ACL credentials
    (:func:`acl_rpc_hook`), not started."""
    admin = DefaultMQAdminExt(rpc_hook=acl_rpc_hook())
    admin.set_namesrv_addr(namesrv_addr)
    admin.set_instance_name(unique_instance_name())
    return admin


def _chain(e: BaseException) -> Iterator[BaseException]:
    seen = set()
    current: Optional[BaseException] = e
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def is_unreachable(e: BaseException) -> bool:
    """Whether ``e`` (or its cause) is a connection failure or a timeout."""
    return any(isinstance(x, (RemotingConnectException, RemotingTimeoutException, RemotingSendRequestException,
                              ConnectionError, socket.timeout)) for x in _chain(e))


def describe(e: BaseException) -> str:
    """One line for ``e``: the first line of its text (client exceptions carry a FAQ line after it), the
    exception class when it has no text."""
    if isinstance(e, (MQClientException, MQBrokerException)) and e.response_code not in (-1, None) \
            and e.error_message:
        text = "%s (code %d)" % (e.error_message, e.response_code)
    else:
        text = str(e).strip()
    first = text.splitlines()[0] if text else type(e).__name__
    return first


def parse_bool(value: str) -> bool:
    """Java ``Boolean.parseBoolean``: true only for ``true`` in any case."""
    return value.strip().lower() == "true"


def parse_timestamp(value: str) -> int:
    """Java's ``[currentTimeMillis|yyyy-MM-dd#HH:mm:ss:SSS]`` timestamp argument; exit code 2 when neither."""
    value = value.strip()
    try:
        return int(value)
    except ValueError:
        parsed = UtilAll.parse_date(value, UtilAll.YYYY_MM_DD_HH_MM_SS_SSS)
        if parsed is None:
            raise SubCommandException("bad timestamp %r: expected milliseconds or yyyy-MM-dd#HH:mm:ss:SSS" % value,
                                      2)
        return parsed


def reset_offset_order(offset_table: Mapping[Any, int]) -> List[Any]:
    """The message queues of ``resetOffsetByTimestamp``'s answer in the order Java's mqadmin prints them: its
    ``HashMap`` into which each broker's decoded table was put (``putAll``, sized for the first broker's table),
    the queues in the order the brokers sent them."""
    mqs = list(offset_table)
    first = sum(1 for mq in mqs if mq.broker_name == mqs[0].broker_name) if mqs else 0
    return java_hash_set_order(mqs, lambda mq: mq.hash_code(), int(first / 0.75 + 1))


def java_bool(value: Any) -> str:
    """Java's ``String.valueOf(boolean)``."""
    return "true" if value else "false"


def java_value(value: Any) -> str:
    """Java's ``String.valueOf`` of a bean property (booleans lower-case, enums by name, null)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return java_bool(value)
    name = getattr(value, "name", None)
    return name if isinstance(name, str) and hasattr(type(value), "__members__") else str(value)


def java_bean(bean: Any) -> str:
    """Java's generated ``toString`` of a bean: ``Class [field=value, ...]`` in declaration order."""
    return "%s [%s]" % (type(bean).__name__, ", ".join("%s=%s" % (p.wire, java_value(getattr(bean, p.name)))
                                                      for p in type(bean)._props))


def java_map(table: Optional[Mapping[Any, Any]]) -> str:
    """Java ``HashMap.toString``: ``{k1=v1, k2=v2}`` (keys sorted)."""
    if table is None:
        return "null"
    return "{%s}" % ", ".join("%s=%s" % (k, v) for k, v in sorted(table.items(), key=lambda kv: str(kv[0])))


class Progress:
    """A progress line for long operations, on stderr: redrawn in place (``\\r``) at most ten times a second on a
    terminal; elsewhere a plain line every ``interval`` seconds, so quick operations print nothing."""

    def __init__(self, label: str, total: Optional[int] = None, stream: Optional[IO[str]] = None,
                 interval: float = 5.0) -> None:
        self.label = label
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.interval = 0.1 if self.tty else interval
        self._started = time.monotonic()
        self._last = self._started
        self._drawn = False
        self._lock = threading.Lock()

    def _text(self, done: int) -> str:
        elapsed = time.monotonic() - self._started
        if self.total:
            return "%s: %d/%d (%d%%) %.1fs" % (self.label, done, self.total, done * 100 // self.total, elapsed)
        return "%s: %d %.1fs" % (self.label, done, elapsed)

    def update(self, done: int) -> None:
        """Show ``done`` if the last line is old enough."""
        now = time.monotonic()
        with self._lock:
            if now - self._last < self.interval:
                return
            self._last = now
            if self.tty:
                self.stream.write("\r\x1b[K" + self._text(done))
                self._drawn = True
            else:
                self.stream.write(self._text(done) + "\n")
            self.stream.flush()

    def finish(self) -> None:
        """End the live line (a terminal line is cleared)."""
        with self._lock:
            if self._drawn:
                self.stream.write("\r\x1b[K")
                self.stream.flush()
                self._drawn = False


def check_charset(name: str) -> str:
    """A charset option (printMsg's ``-c``, queryMsgById's ``-f``), checked (exit code 2 for an unknown one)."""
    try:
        codecs.lookup(name)
    except LookupError:
        raise SubCommandException("unknown charset %r (eg: UTF-8, GBK)" % name, 2) from None
    return name


def java_message_properties(properties: Mapping[str, str]) -> str:
    """Java's ``toString`` of a decoded message's properties: the ``HashMap(128)`` of 5.3.3's
    ``MessageDecoder.string2messageProperties`` (plus the properties the client put after decoding), in its
    iteration order."""
    return "{%s}" % ", ".join("%s=%s" % (k, properties[k])
                              for k in java_hash_set_order(properties, initial_capacity=MESSAGE_PROPERTIES_CAPACITY))


def split_list(value: Optional[str]) -> List[str]:
    """Java ``StringUtils.split(value, ",")`` without blanks."""
    return [item.strip() for item in (value or "").split(",") if item.strip()]


def read_json_list(file_name: str, item_type: type) -> Optional[List[Any]]:
    """Java ``JSON.parseArray(Files.readAllBytes(path), type)`` of the batch commands (5.3.3): the beans of the JSON
    list in ``file_name``; None after Java's line "the file path ... does not exists" when there is no such file.
    Text that is not a JSON list of such objects fails with exit code 2, naming the file."""
    if not os.path.exists(file_name):
        print("the file path %s does not exists" % file_name)
        return None
    with open(file_name, "rb") as f:
        data = f.read()
    try:
        parsed = fastjson.loads(data) if data.strip() else None
        if parsed is not None and not isinstance(parsed, list):
            raise ValueError("not a JSON list")
        return [from_json_value(item, item_type) for item in parsed or ()]
    except (ValueError, TypeError, AttributeError) as e:
        raise SubCommandException("%s: not a JSON list of %s: %s" % (file_name, item_type.__name__, e), 2) from None


def java_json_object(value: Any) -> Any:
    """A parsed JSON value with every object in the order of fastjson's ``JSONObject`` (a Java ``HashMap``)."""
    if isinstance(value, dict):
        return {key: java_json_object(value[key]) for key in java_hash_map_order(dict.fromkeys(value, ""))}
    if isinstance(value, list):
        return [java_json_object(v) for v in value]
    return value


def pretty_json(value: Any) -> str:
    """fastjson's ``JSON.toJSONString(value, true)``: tab-indented, no blank after ``:``, keys as given."""
    return json.dumps(value, indent="\t", separators=(",", ":"), ensure_ascii=False)


def repeat_every(interval: Optional[str], run: Callable[[], None]) -> None:
    """The ``-i`` option of haStatus / getBrokerEpoch / getSyncStateSet (5.3.3): ``run`` once without it, else
    every ``interval`` seconds (3 when empty) until Ctrl-C."""
    if interval is None:
        run()
        return
    seconds = int(interval) if interval.strip() else 3
    while True:
        run()
        sys.stdout.flush()
        time.sleep(seconds)


def each_broker_of(admin: DefaultMQAdminExt, broker_addr: Optional[str],
                   cluster_name: Optional[str]) -> Iterator[Tuple[str, str]]:
    """The brokers a ``-b`` / ``-c`` command of 5.3.3 prints one block for, each with its heading line: the
    broker (``============addr============``), or each master of the cluster then its slaves
    (``============Master: m============``, ``============My Master: m=====Slave: s============``)."""
    if broker_addr is not None:
        yield "============%s============" % broker_addr, broker_addr
        return
    if cluster_name is None:
        return
    for master, slaves in sorted(CommandUtil.fetch_master_and_slave_distinguish(admin, cluster_name).items()):
        yield "============Master: %s============" % master, master
        for slave in slaves:
            yield "============My Master: %s=====Slave: %s============" % (master, slave), slave


def on_broker_or_masters(admin: DefaultMQAdminExt, broker_addr: Optional[str], cluster_name: str,
                         action: Callable[[str], None], done_line: str, cluster_done_line: Optional[str] = None,
                         keep_going: bool = True) -> int:
    """Run ``action`` at ``broker_addr`` or else at every master of ``cluster_name``, printing ``done_line % addr``
    after each (``cluster_done_line`` for the masters, when it differs); the exit code. With ``keep_going``, as
    most of Java's 5.3.3 commands, a master that fails is reported on stderr and the next one asked (exit code 1
    then); else, and at a single broker, the failure is the command's."""
    if broker_addr is not None:
        action(broker_addr)
        print(done_line % broker_addr)
        return 0
    code = 0
    for addr in sorted(CommandUtil.fetch_master_addr_by_cluster_name(admin, cluster_name)):
        try:
            action(addr)
            print((cluster_done_line or done_line) % addr)
        except Exception as e:  # noqa: BLE001 - Java prints the stack and goes on with the next master
            if not keep_going:
                raise
            print("%s failed: %s" % (addr, describe(e)), file=sys.stderr)
            code = 1
    return code


def submit_batch(args: Any, item_type: type, submit: Callable[[DefaultMQAdminExt, str, List[Any]], None],
                 done_line: str, cluster_done_line: Optional[str] = None) -> int:
    """updateTopicList / updateSubGroupList (5.3.3): the ``item_type`` beans of the JSON list file ``-f``, submitted
    at once to ``-b`` or to every master of ``-c`` (the first failure ends the command, as Java's); exit code 1
    for a missing file, 0 (nothing sent) for an empty list."""
    configs = read_json_list(args.filename.strip(), item_type)
    if configs is None:
        return 1
    if not configs:
        return 0
    with new_admin(args.namesrv_addr) as admin:
        return on_broker_or_masters(
            admin, args.brokerAddr and args.brokerAddr.strip(), args.clusterName and args.clusterName.strip(),
            lambda addr: submit(admin, addr, configs), done_line, cluster_done_line, keep_going=False)
