"""The ``rocketmq`` command line (Java ``org.apache.rocketmq.tools.command.MQAdminStartup`` and the example
programs): ``rocketmq <command> [options]``, also ``python -m rocketmq_tools``.

``rocketmq quickstart`` runs Java's quickstart on an embedded NameServer and Broker; ``namesrv`` / ``broker`` run
those servers in the foreground; ``send`` / ``consume`` are a producer and a consumer; ``benchmark`` is Java's
benchmark; the admin commands keep mqadmin's names, options and table layouts (``updateTopic``, ``topicList``...).
Every command that talks to a cluster takes ``-n host:port[;host:port]`` (default ``$NAMESRV_ADDR``); all 57
subcommands of mqadmin 4.9.7 and the new ones of 5.3.3 are here (``docs/mqadmin.md``). ``rocketmq --version``
prints the installed version.

Errors end the command with one line on stderr: exit code 2 for bad arguments and unreachable servers, 1 for
other failures (``--debug`` adds the traceback and the client logs).
"""
from __future__ import annotations

import argparse
import importlib.metadata
import logging
import os
import sys
import traceback
from typing import Dict, List, NoReturn, Optional, Sequence

from rocketmq_tools.command.acl.cluster_acl_config_version_list_sub_command import \
    ClusterAclConfigVersionListSubCommand
from rocketmq_tools.command.acl.delete_access_config_sub_command import DeleteAccessConfigSubCommand
from rocketmq_tools.command.acl.get_access_config_sub_command import GetAccessConfigSubCommand
from rocketmq_tools.command.acl.update_access_config_sub_command import UpdateAccessConfigSubCommand
from rocketmq_tools.command.acl.update_global_white_addr_sub_command import UpdateGlobalWhiteAddrSubCommand
from rocketmq_tools.command.auth.create_user_sub_command import CreateUserSubCommand
from rocketmq_tools.command.auth.update_user_sub_command import UpdateUserSubCommand
from rocketmq_tools.command.auth.delete_user_sub_command import DeleteUserSubCommand
from rocketmq_tools.command.auth.get_user_sub_command import GetUserSubCommand
from rocketmq_tools.command.auth.list_user_sub_command import ListUserSubCommand
from rocketmq_tools.command.auth.copy_users_sub_command import CopyUsersSubCommand
from rocketmq_tools.command.auth.create_acl_sub_command import CreateAclSubCommand
from rocketmq_tools.command.auth.update_acl_sub_command import UpdateAclSubCommand
from rocketmq_tools.command.auth.delete_acl_sub_command import DeleteAclSubCommand
from rocketmq_tools.command.auth.get_acl_sub_command import GetAclSubCommand
from rocketmq_tools.command.auth.list_acl_sub_command import ListAclSubCommand
from rocketmq_tools.command.auth.copy_acls_sub_command import CopyAclsSubCommand
from rocketmq_tools.command.benchmark.benchmark_command import BenchmarkCommand
from rocketmq_tools.command.broker.broker_consume_stats_sub_commad import BrokerConsumeStatsSubCommad
from rocketmq_tools.command.broker.broker_status_sub_command import BrokerStatusSubCommand
from rocketmq_tools.command.broker.clean_expired_cq_sub_command import CleanExpiredCQSubCommand
from rocketmq_tools.command.broker.clean_unused_topic_command import CleanUnusedTopicCommand
from rocketmq_tools.command.broker.delete_expired_commit_log_sub_command import DeleteExpiredCommitLogSubCommand
from rocketmq_tools.command.broker.get_broker_config_command import GetBrokerConfigCommand
from rocketmq_tools.command.broker.send_msg_status_command import SendMsgStatusCommand
from rocketmq_tools.command.broker.reset_master_flush_offset_sub_command import ResetMasterFlushOffsetSubCommand
from rocketmq_tools.command.broker.commit_log_set_read_ahead_sub_command import CommitLogSetReadAheadSubCommand
from rocketmq_tools.command.broker.get_broker_epoch_sub_command import GetBrokerEpochSubCommand
from rocketmq_tools.command.broker.get_cold_data_flow_ctr_info_sub_command import GetColdDataFlowCtrInfoSubCommand
from rocketmq_tools.command.broker.remove_cold_data_flow_ctr_group_config_sub_command import \
    RemoveColdDataFlowCtrGroupConfigSubCommand
from rocketmq_tools.command.broker.update_cold_data_flow_ctr_group_config_sub_command import \
    UpdateColdDataFlowCtrGroupConfigSubCommand
from rocketmq_tools.command.container.add_broker_sub_command import AddBrokerSubCommand
from rocketmq_tools.command.container.remove_broker_sub_command import RemoveBrokerSubCommand
from rocketmq_tools.command.controller.clean_controller_broker_meta_sub_command import \
    CleanControllerBrokerMetaSubCommand
from rocketmq_tools.command.controller.get_controller_config_sub_command import GetControllerConfigSubCommand
from rocketmq_tools.command.controller.get_controller_meta_data_sub_command import GetControllerMetaDataSubCommand
from rocketmq_tools.command.controller.re_elect_master_sub_command import ReElectMasterSubCommand
from rocketmq_tools.command.controller.update_controller_config_sub_command import UpdateControllerConfigSubCommand
from rocketmq_tools.command.export.export_metadata_in_rocks_db_command import ExportMetadataInRocksDBCommand
from rocketmq_tools.command.export.export_pop_record_command import ExportPopRecordCommand
from rocketmq_tools.command.ha.get_sync_state_set_sub_command import GetSyncStateSetSubCommand
from rocketmq_tools.command.ha.ha_status_sub_command import HAStatusSubCommand
from rocketmq_tools.command.message.dump_compaction_log_command import DumpCompactionLogCommand
from rocketmq_tools.command.metadata.rocks_db_config_to_json_command import RocksDBConfigToJsonCommand
from rocketmq_tools.command.queue.check_rocksdb_cq_write_progress_command import CheckRocksdbCqWriteProgressCommand
from rocketmq_tools.command.broker.update_broker_config_sub_command import UpdateBrokerConfigSubCommand
from rocketmq_tools.command.client.consume_command import ConsumeCommand
from rocketmq_tools.command.client.send_command import SendCommand
from rocketmq_tools.command.cluster.c_luster_send_msg_rt_command import CLusterSendMsgRTCommand
from rocketmq_tools.command.cluster.cluster_list_sub_command import ClusterListSubCommand
from rocketmq_tools.command.connection.consumer_connection_sub_command import ConsumerConnectionSubCommand
from rocketmq_tools.command.connection.producer_connection_sub_command import ProducerConnectionSubCommand
from rocketmq_tools.command.consumer.consumer_progress_sub_command import ConsumerProgressSubCommand
from rocketmq_tools.command.consumer.consumer_status_sub_command import ConsumerStatusSubCommand
from rocketmq_tools.command.consumer.delete_subscription_group_command import DeleteSubscriptionGroupCommand
from rocketmq_tools.command.consumer.get_consumer_config_sub_command import GetConsumerConfigSubCommand
from rocketmq_tools.command.consumer.start_monitoring_sub_command import StartMonitoringSubCommand
from rocketmq_tools.command.consumer.set_consume_mode_sub_command import SetConsumeModeSubCommand
from rocketmq_tools.command.consumer.update_sub_group_sub_command import UpdateSubGroupSubCommand
from rocketmq_tools.command.consumer.update_sub_group_list_sub_command import UpdateSubGroupListSubCommand
from rocketmq_tools.command.export.export_configs_command import ExportConfigsCommand
from rocketmq_tools.command.export.export_metadata_command import ExportMetadataCommand
from rocketmq_tools.command.export.export_metrics_command import ExportMetricsCommand
from rocketmq_tools.command.message.check_msg_send_rt_command import CheckMsgSendRTCommand
from rocketmq_tools.command.message.consume_message_command import ConsumeMessageCommand
from rocketmq_tools.command.message.query_msg_by_id_sub_command import QueryMsgByIdSubCommand
from rocketmq_tools.command.message.print_message_by_queue_command import PrintMessageByQueueCommand
from rocketmq_tools.command.message.print_message_sub_command import PrintMessageSubCommand
from rocketmq_tools.command.message.query_msg_by_key_sub_command import QueryMsgByKeySubCommand
from rocketmq_tools.command.message.query_msg_by_offset_sub_command import QueryMsgByOffsetSubCommand
from rocketmq_tools.command.message.query_msg_by_unique_key_sub_command import QueryMsgByUniqueKeySubCommand
from rocketmq_tools.command.message.query_msg_trace_by_id_sub_command import QueryMsgTraceByIdSubCommand
from rocketmq_tools.command.message.send_message_command import SendMessageCommand
from rocketmq_tools.command.namesrv.add_write_perm_sub_command import AddWritePermSubCommand
from rocketmq_tools.command.namesrv.delete_kv_config_command import DeleteKvConfigCommand
from rocketmq_tools.command.namesrv.get_namesrv_config_command import GetNamesrvConfigCommand
from rocketmq_tools.command.namesrv.update_kv_config_command import UpdateKvConfigCommand
from rocketmq_tools.command.namesrv.update_namesrv_config_command import UpdateNamesrvConfigCommand
from rocketmq_tools.command.namesrv.wipe_write_perm_sub_command import WipeWritePermSubCommand
from rocketmq_tools.command.offset.clone_group_offset_command import CloneGroupOffsetCommand
from rocketmq_tools.command.offset.reset_offset_by_time_command import ResetOffsetByTimeCommand
from rocketmq_tools.command.offset.skip_accumulation_sub_command import SkipAccumulationSubCommand
from rocketmq_tools.command.producer.producer_sub_command import ProducerSubCommand
from rocketmq_tools.command.queue.query_consume_queue_command import QueryConsumeQueueCommand
from rocketmq_tools.command.quickstart.quickstart_command import QuickstartCommand
from rocketmq_tools.command.server.broker_command import BrokerCommand
from rocketmq_tools.command.server.namesrv_command import NamesrvCommand
from rocketmq_tools.command.sub_command import (NAMESRV_LOCAL, NAMESRV_NONE, NAMESRV_OPTIONAL, NAMESRV_REQUIRED,
                                                 SubCommand)
from rocketmq_tools.command.sub_command_exception import SubCommandException
from rocketmq_tools.command.support import check_namesrv_reachable, describe, is_unreachable, parse_namesrv_addr
from rocketmq_tools.command.stats.stats_all_sub_command import StatsAllSubCommand
from rocketmq_tools.command.topic.allocate_mq_sub_command import AllocateMQSubCommand
from rocketmq_tools.command.topic.delete_topic_sub_command import DeleteTopicSubCommand
from rocketmq_tools.command.topic.remapping_static_topic_sub_command import RemappingStaticTopicSubCommand
from rocketmq_tools.command.topic.topic_cluster_sub_command import TopicClusterSubCommand
from rocketmq_tools.command.topic.topic_list_sub_command import TopicListSubCommand
from rocketmq_tools.command.topic.topic_route_sub_command import TopicRouteSubCommand
from rocketmq_tools.command.topic.topic_status_sub_command import TopicStatusSubCommand
from rocketmq_tools.command.topic.update_order_conf_command import UpdateOrderConfCommand
from rocketmq_tools.command.topic.update_topic_perm_sub_command import UpdateTopicPermSubCommand
from rocketmq_tools.command.topic.update_static_topic_sub_command import UpdateStaticTopicSubCommand
from rocketmq_tools.command.topic.update_topic_sub_command import UpdateTopicSubCommand
from rocketmq_tools.command.topic.update_topic_list_sub_command import UpdateTopicListSubCommand

__all__ = ["main", "build_parser", "sub_commands"]

PROG = "rocketmq"
_LOG_FORMAT = "%(asctime)s %(levelname)s %(threadName)s %(name)s - %(message)s"


def sub_commands() -> List[SubCommand]:
    """Java ``MQAdminStartup.initCommand``: every subcommand, in the order of the help."""
    return [
        QuickstartCommand(), NamesrvCommand(), BrokerCommand(), SendCommand(), ConsumeCommand(), BenchmarkCommand(),
        # mqadmin (Java MQAdminStartup.initCommand order)
        UpdateTopicSubCommand(),
        UpdateTopicListSubCommand(),
        DeleteTopicSubCommand(),
        UpdateSubGroupSubCommand(),
        UpdateSubGroupListSubCommand(),
        SetConsumeModeSubCommand(),
        DeleteSubscriptionGroupCommand(),
        UpdateBrokerConfigSubCommand(),
        UpdateTopicPermSubCommand(),
        TopicRouteSubCommand(),
        TopicStatusSubCommand(),
        TopicClusterSubCommand(),
        AddBrokerSubCommand(),
        RemoveBrokerSubCommand(),
        ResetMasterFlushOffsetSubCommand(),
        BrokerStatusSubCommand(),
        QueryMsgByIdSubCommand(),
        QueryMsgByKeySubCommand(),
        QueryMsgByUniqueKeySubCommand(),
        QueryMsgByOffsetSubCommand(),
        QueryMsgTraceByIdSubCommand(),
        PrintMessageSubCommand(),
        PrintMessageByQueueCommand(),
        SendMsgStatusCommand(),
        BrokerConsumeStatsSubCommad(),
        ProducerConnectionSubCommand(),
        ConsumerConnectionSubCommand(),
        ConsumerProgressSubCommand(),
        ConsumerStatusSubCommand(),
        CloneGroupOffsetCommand(),
        ProducerSubCommand(),
        ClusterListSubCommand(),
        TopicListSubCommand(),
        UpdateKvConfigCommand(),
        DeleteKvConfigCommand(),
        WipeWritePermSubCommand(),
        AddWritePermSubCommand(),
        ResetOffsetByTimeCommand(),
        SkipAccumulationSubCommand(),
        UpdateOrderConfCommand(),
        CleanExpiredCQSubCommand(),
        DeleteExpiredCommitLogSubCommand(),
        CleanUnusedTopicCommand(),
        StartMonitoringSubCommand(),
        StatsAllSubCommand(),
        AllocateMQSubCommand(),
        CheckMsgSendRTCommand(),
        CLusterSendMsgRTCommand(),
        GetNamesrvConfigCommand(),
        UpdateNamesrvConfigCommand(),
        GetBrokerConfigCommand(),
        GetConsumerConfigSubCommand(),
        QueryConsumeQueueCommand(),
        SendMessageCommand(),
        ConsumeMessageCommand(),
        UpdateStaticTopicSubCommand(),
        RemappingStaticTopicSubCommand(),
        UpdateAccessConfigSubCommand(),
        DeleteAccessConfigSubCommand(),
        ClusterAclConfigVersionListSubCommand(),
        UpdateGlobalWhiteAddrSubCommand(),
        GetAccessConfigSubCommand(),
        ExportMetadataCommand(),
        ExportConfigsCommand(),
        ExportMetricsCommand(),
        ExportMetadataInRocksDBCommand(),
        ExportPopRecordCommand(),
        HAStatusSubCommand(),
        GetSyncStateSetSubCommand(),
        GetBrokerEpochSubCommand(),
        GetControllerMetaDataSubCommand(),
        GetControllerConfigSubCommand(),
        UpdateControllerConfigSubCommand(),
        ReElectMasterSubCommand(),
        CleanControllerBrokerMetaSubCommand(),
        DumpCompactionLogCommand(),
        GetColdDataFlowCtrInfoSubCommand(),
        UpdateColdDataFlowCtrGroupConfigSubCommand(),
        RemoveColdDataFlowCtrGroupConfigSubCommand(),
        CommitLogSetReadAheadSubCommand(),
        CreateUserSubCommand(),
        UpdateUserSubCommand(),
        DeleteUserSubCommand(),
        GetUserSubCommand(),
        ListUserSubCommand(),
        CopyUsersSubCommand(),
        CreateAclSubCommand(),
        UpdateAclSubCommand(),
        DeleteAclSubCommand(),
        GetAclSubCommand(),
        ListAclSubCommand(),
        CopyAclsSubCommand(),
        RocksDBConfigToJsonCommand(),
        CheckRocksdbCqWriteProgressCommand(),
    ]


class _Parser(argparse.ArgumentParser):
    """An argument error is one line (``rocketmq updateTopic: error: ...``) and exit code 2."""

    def error(self, message: str) -> NoReturn:
        raise SubCommandException("%s: error: %s (see %s -h)" % (self.prog, message, self.prog), 2)


def _version() -> str:
    """The installed distribution's version (``importlib.metadata``)."""
    try:
        return importlib.metadata.version("rocketmq-py")
    except importlib.metadata.PackageNotFoundError:  # run from a source tree that is not installed
        return "unknown"


def build_parser(commands: Sequence[SubCommand]) -> argparse.ArgumentParser:
    """The parser of the command line: one subparser per subcommand, with ``-n`` where it applies."""
    parser = _Parser(prog=PROG, description="RocketMQ command line (Python): quickstart, servers, producer and "
                                            "consumer, benchmark and mqadmin commands.",
                     epilog="See '%s <command> -h' for the options of a command." % PROG)
    parser.add_argument("--debug", action="store_true", help="show tracebacks and client logs on stderr")
    parser.add_argument("-V", "--version", action="version", version="%s %s" % (PROG, _version()),
                        help="print the version of rocketmq-py and exit")
    subparsers = parser.add_subparsers(dest="command", metavar="<command>", parser_class=_Parser)
    for command in commands:
        passthrough = command.namesrv_option == NAMESRV_NONE
        sub = subparsers.add_parser(command.command_name(), help=command.command_desc(),
                                    description=command.command_desc(), add_help=not passthrough)
        sub.set_defaults(sub_command=command)
        if passthrough:
            continue
        sub.add_argument("--debug", action="store_true", default=argparse.SUPPRESS,
                         help="show tracebacks and client logs on stderr")
        if command.namesrv_option == NAMESRV_OPTIONAL:
            sub.add_argument("-n", "--namesrvAddr", help="Name server address list, eg: 127.0.0.1:9876 "
                                                         "(default: an embedded NameServer and Broker)")
        elif command.namesrv_option == NAMESRV_LOCAL:
            sub.add_argument("-n", "--namesrvAddr", help="Name server address list, eg: 127.0.0.1:9876 "
                                                         "(optional: $NAMESRV_ADDR is not read)")
        else:
            sub.add_argument("-n", "--namesrvAddr", help="Name server address list, eg: "
                                                         "192.168.0.1:9876;192.168.0.2:9876 (default: $NAMESRV_ADDR)")
        command.build_commandline_options(sub)
    return parser


def _normalize(argv: List[str], names: Dict[str, str]) -> List[str]:
    """mqadmin's ``help <command>`` and case-insensitive command names."""
    if len(argv) == 2 and argv[0] == "help":
        argv = [argv[1], "-h"]
    for i, arg in enumerate(argv):
        if not arg.startswith("-"):
            argv[i] = names.get(arg.lower(), arg)
            break
    return argv


def _run(command: SubCommand, args: argparse.Namespace) -> int:
    if command.namesrv_option == NAMESRV_REQUIRED:
        args.namesrv_addr = parse_namesrv_addr(args.namesrvAddr)
        check_namesrv_reachable(args.namesrv_addr)
    elif command.namesrv_option in (NAMESRV_OPTIONAL, NAMESRV_LOCAL):
        args.namesrv_addr = parse_namesrv_addr(args.namesrvAddr) if args.namesrvAddr is not None else None
        if args.namesrv_addr is not None:
            check_namesrv_reachable(args.namesrv_addr)
    return command.execute(args)


def _closed_pipe() -> int:
    """The reader of stdout went away (``rocketmq brokerStatus ... | head -5``): end quietly, as a Unix tool that
    SIGPIPE ends, with its exit status 141 (128 + SIGPIPE); stdout goes to /dev/null so that the interpreter's
    flush at exit does not complain either."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    finally:
        os.close(devnull)
    return 128 + 13


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run one command; the process exit code (141 when stdout was closed by its reader)."""
    try:
        return _main(argv)
    except BrokenPipeError:
        return _closed_pipe()


def _main(argv: Optional[Sequence[str]]) -> int:
    commands = sub_commands()
    parser = build_parser(commands)
    argv = _normalize(list(sys.argv[1:] if argv is None else argv),
                      {c.command_name().lower(): c.command_name() for c in commands})
    if not argv:
        parser.print_help()
        return 0
    try:
        args, extras = parser.parse_known_args(argv)
        if getattr(args, "sub_command", None) is None:  # only top-level options (--debug): Java's printHelp
            if extras:
                parser.error("unrecognized arguments: %s" % " ".join(extras))
            parser.print_help()
            return 0
        command: SubCommand = args.sub_command
        if command.namesrv_option == NAMESRV_NONE:
            args.server_args = extras
        elif extras:
            parser.error("unrecognized arguments: %s" % " ".join(extras))
    except SubCommandException as e:
        print(str(e), file=sys.stderr)
        return e.exit_code
    except SystemExit as e:  # -h
        return e.code if isinstance(e.code, int) else 0
    debug = bool(getattr(args, "debug", False))
    handler: Optional[logging.Handler] = None
    if debug and command.namesrv_option != NAMESRV_NONE:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter(_LOG_FORMAT))
        logging.getLogger().addHandler(handler)
        logging.getLogger().setLevel(logging.INFO)
    elif command.namesrv_option != NAMESRV_NONE and not logging.getLogger().handlers:
        # as Java's mqadmin, whose client logs go to files: the command's own lines are its output, the client's
        # warnings (a rebalance before the route, a group without consumers) stay off the console (--debug shows
        # them); the servers' commands configure their own logging
        handler = logging.NullHandler()
        logging.getLogger().addHandler(handler)
    try:
        return _run(command, args)
    except KeyboardInterrupt:
        print("%s %s: interrupted" % (PROG, command.command_name()), file=sys.stderr)
        return 130
    except SystemExit as e:  # the server start-ups' own argument parsers
        return e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BrokenPipeError:
        raise  # main's, not a failure of the command
    except Exception as e:  # noqa: BLE001 - every failure becomes one line (the traceback with --debug)
        if debug:
            traceback.print_exc()
        if isinstance(e, SubCommandException):
            code = e.exit_code
        else:
            code = 2 if is_unreachable(e) else 1
        print("%s %s: %s" % (PROG, command.command_name(), describe(e)), file=sys.stderr)
        return code
    finally:
        sys.stdout.flush()
        if handler is not None:
            logging.getLogger().removeHandler(handler)
