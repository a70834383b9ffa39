"""Java ``org.apache.rocketmq.tools.command.message.QueryMsgByIdSubCommand``: ``queryMsgById``."""
from __future__ import annotations

import argparse
import logging
import os
import string
import sys
import tempfile
from typing import List, Optional, Tuple

from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_common.message.message_client_ext import MessageClientExt
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.common.remoting_util import RemotingUtil
from rocketmq_remoting.exception import RemotingException
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import check_charset, describe, java_message_properties, java_value, \
    new_admin, parse_bool, split_list, unique_instance_name

__all__ = ["QueryMsgByIdSubCommand", "body_dir", "message_rows", "print_tracks", "check_offset_msg_id",
           "print_body"]

log = logging.getLogger(__name__)

_FORMAT = "%-20s %s"


def body_dir() -> str:
    """Java: ``/tmp/rocketmq/msgbodys``; here under the temporary directory of the platform."""
    return os.path.join(tempfile.gettempdir(), "rocketmq", "msgbodys")


def message_rows(msg: MessageExt, body_path: str) -> List[Tuple[str, str]]:
    """The ``%-20s %s`` rows Java's printMsg / showMessage print for a message (after the OffsetID)."""
    return [
        ("Topic:", msg.get_topic()),
        ("Tags:", "[%s]" % java_value(msg.get_tags())),
        ("Keys:", "[%s]" % java_value(msg.get_keys())),
        ("Queue ID:", "%d" % msg.get_queue_id()),
        ("Queue Offset:", "%d" % msg.get_queue_offset()),
        ("CommitLog Offset:", "%d" % msg.get_commit_log_offset()),
        ("Reconsume Times:", "%d" % msg.get_reconsume_times()),
        ("Born Timestamp:", UtilAll.time_millis_to_human_string2(msg.get_born_timestamp())),
        ("Store Timestamp:", UtilAll.time_millis_to_human_string2(msg.get_store_timestamp())),
        ("Born Host:", RemotingHelper.parse_socket_address_addr(msg.get_born_host())),
        ("Store Host:", RemotingHelper.parse_socket_address_addr(msg.get_store_host())),
        ("System Flag:", "%d" % msg.get_sys_flag()),
        ("Properties:", java_message_properties(msg.properties) if msg.properties is not None else ""),
        ("Message Body Path:", body_path),
    ]


def print_body(msg: MessageExt, charset: Optional[str]) -> None:
    """5.3.3's ``Message Body:`` row, in ``charset`` (``-f``), when one is given."""
    if charset is not None:
        print(_FORMAT % ("Message Body:", (msg.get_body() or b"").decode(charset, errors="replace")))


def print_tracks(admin: DefaultMQAdminExt, msg: MessageExt, line_breaks: bool = True) -> None:
    """The message's track per consumer group after two line breaks, as Java prints them: each on its line
    (queryMsgById 5.3.3), or all on one line without a line break (``line_breaks`` False: queryMsgByUniqueKey);
    ``WARN: No Consumer`` (no line break after it) when no group consumes the topic. A failure is one line on
    stderr (Java: its stack trace)."""
    try:
        tracks = admin.message_track_detail(msg)
    except (MQClientException, MQBrokerException, RemotingException) as e:
        print("WARN: message track failed: %s" % describe(e), file=sys.stderr)
        return
    print("\n")
    if not tracks:
        print("WARN: No Consumer", end="")
    for track in tracks:
        print(track, end="\n" if line_breaks else "")


def check_offset_msg_id(msg_id: str) -> None:
    """Exit code 2 for an id that is no offset msgId at all: 32 hex digits (an IPv4 store host) or 56 (IPv6)."""
    if len(msg_id) not in (32, 56) or any(c not in string.hexdigits for c in msg_id):
        raise SubCommandException("malformed message id %r: an offset msgId is 32 hex digits (56 for a broker on "
                                  "IPv6), as queryMsgByKey or a SendResult's offsetMsgId print it" % msg_id, 2)


class QueryMsgByIdSubCommand(SubCommand):
    """Print messages by offset message id (``-i id[,id...]``; ``-t`` their topic, ``-f`` a charset to print the
    bodies in, ``-c`` the cluster whose brokers are asked (for an LMQ topic: its parent topic), all 5.3.3);
    ``-g``/``-d`` have a client consume them again, ``-s true`` sends them again."""

    def command_name(self) -> str:
        return "queryMsgById"

    def command_desc(self) -> str:
        return "Query Message by Id."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-i", "--msgId", required=True, help="Message Id")
        parser.add_argument("-g", "--consumerGroup", help="consumer group name")
        parser.add_argument("-d", "--clientId", help="The consumer's client id")
        parser.add_argument("-s", "--sendMessage", help="resend message")
        parser.add_argument("-u", "--unitName", help="unit name")
        parser.add_argument("-t", "--topic", help="topic name (5.3.3, where it is required; optional here)")
        parser.add_argument("-f", "--bodyFormat", help="print message body by the specified format")
        parser.add_argument("-c", "--cluster",
                            help="Cluster name or lmq parent topic, lmq is used to find the route.")

    def execute(self, args: argparse.Namespace) -> int:
        msg_ids = split_list(args.msgId)
        for msg_id in msg_ids:
            check_offset_msg_id(msg_id)
        topic = args.topic.strip() if args.topic else None
        cluster_name = args.cluster.strip() if args.cluster is not None else None
        charset = check_charset(args.bodyFormat.strip()) if args.bodyFormat else None
        with new_admin(args.namesrv_addr) as admin:
            if args.consumerGroup and args.clientId:
                for msg_id in msg_ids:
                    if topic:  # 5.3.3: the message looked up in its topic
                        result = admin.consume_message_directly(args.consumerGroup.strip(), args.clientId.strip(),
                                                                topic, msg_id)
                    else:
                        result = admin.consume_message_directly(args.consumerGroup.strip(), args.clientId.strip(),
                                                                msg_id)
                    print(result)
            elif args.sendMessage is not None:
                if parse_bool(args.sendMessage):
                    self._resend(admin, args, msg_ids, topic, cluster_name)
            else:
                for msg_id in msg_ids:
                    self.query_by_id(admin, msg_id, topic, charset, cluster_name)
        return 0

    @staticmethod
    def _resend(admin: DefaultMQAdminExt, args: argparse.Namespace, msg_ids: list, topic: Optional[str],
                cluster_name: Optional[str]) -> None:
        producer = DefaultMQProducer("ReSendMsgById")
        producer.set_namesrv_addr(args.namesrv_addr)
        producer.set_instance_name(unique_instance_name())
        if args.unitName:
            producer.set_unit_name(args.unitName.strip())
        with producer:
            for msg_id in msg_ids:
                msg = admin.query_message_in_cluster(cluster_name, topic, msg_id) if topic else \
                    admin.view_message(msg_id)
                print("prepare resend msg. originalMsgId=%s" % msg_id)
                print(producer.send(msg))

    @staticmethod
    def query_by_id(admin: DefaultMQAdminExt, msg_id: str, topic: Optional[str] = None,
                    charset: Optional[str] = None, cluster_name: Optional[str] = None) -> None:
        """Java ``queryById``: in ``topic`` when given, on the brokers of ``cluster_name`` when given (both 5.3.3).
        A client (unique) msgId fails with one line pointing to queryMsgByUniqueKey (Java tries to connect to the
        address such an id seems to hold, the producer's, and fails with a connect error)."""
        if QueryMsgByIdSubCommand.looks_like_client_msg_id(admin, msg_id):
            raise SubCommandException("%s looks like a client (unique) msgId, not an offset msgId: use "
                                      "queryMsgByUniqueKey -t TOPIC -i %s instead" % (msg_id, msg_id))
        msg = admin.query_message_in_cluster(cluster_name, topic, msg_id) if topic else admin.view_message(msg_id)
        QueryMsgByIdSubCommand.print_msg(admin, msg, charset)

    @staticmethod
    def looks_like_client_msg_id(admin: DefaultMQAdminExt, msg_id: str) -> bool:
        """Whether ``msg_id`` cannot be an offset msgId of this cluster: it does not decode to ``ip:port`` +
        offset with a port below 65536, or the address is no broker of the cluster (both kinds of id are 32
        hex digits; a unique id holds the producer's IP and pid where an offset id holds the broker's address)."""
        try:
            address = MessageDecoder.decode_message_id(msg_id).get_address()
        except Exception:  # noqa: BLE001 - not even hex of the right length: let view_message report it
            return False
        port = address[1] if isinstance(address, tuple) else None
        if port is None or not 0 < port < 65536:
            return True
        brokers = {addr for bd in (admin.examine_broker_cluster_info().broker_addr_table or {}).values()
                   for addr in (bd.broker_addrs or {}).values()}
        return RemotingUtil.socket_address2string(address) not in brokers

    @staticmethod
    def print_msg(admin: DefaultMQAdminExt, msg: MessageExt, charset: Optional[str] = None) -> None:
        """Java ``printMsg``: the message's fields, the file its body was written to (with ``charset``, 5.3.3: the
        body too) and its track per group."""
        body_path = QueryMsgByIdSubCommand.create_body_file(msg)
        msg_id = msg.get_offset_msg_id() if isinstance(msg, MessageClientExt) else msg.get_msg_id()
        for label, value in [("OffsetID:", msg_id)] + message_rows(msg, body_path):
            print(_FORMAT % (label, value))
        print_body(msg, charset)
        print_tracks(admin, msg)

    @staticmethod
    def create_body_file(msg: MessageExt, index: int = 0) -> str:
        """Java ``createBodyFile``: the body written to ``<tmp>/rocketmq/msgbodys/<msgId>`` (``_<index>``
        appended for the later copies queryMsgByUniqueKey shows)."""
        directory = body_dir()
        os.makedirs(directory, exist_ok=True)
        path = os.path.join(directory, str(msg.get_msg_id()) + ("_%d" % index if index > 0 else ""))
        with open(path, "wb") as f:
            f.write(msg.get_body() or b"")
        return path
