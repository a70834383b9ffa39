"""How the command line fails: bad arguments and unreachable servers end with one line on stderr and exit code
2 (a traceback only with ``--debug``), other failures with exit code 1; every client is shut down."""
from __future__ import annotations

import os
import socket

import pytest

from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_tools import cli as cli_module
from rocketmq_tools.command.topic.topic_list_sub_command import TopicListSubCommand


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err
    return err.rstrip("\n")


def test_help_and_usage(cli):
    top = cli()
    assert top.code == 0 and "updateTopic" in top.out and "quickstart" in top.out and top.err == ""
    assert cli("-h").code == 0
    helped = cli("help", "updateTopic")
    assert helped.code == 0 and helped.out.startswith("usage: rocketmq updateTopic") and "--brokerAddr" in helped.out
    sub = cli("consume", "-h")
    assert sub.code == 0 and "--follow" in sub.out
    unknown = cli("noSuchCommand")
    assert unknown.code == 2 and "invalid choice: 'noSuchCommand'" in _one_line(unknown.err)
    extra = cli("topicList", "-n", "127.0.0.1:9876", "--bogus")
    assert extra.code == 2 and _one_line(extra.err) == \
        "rocketmq: error: unrecognized arguments: --bogus (see rocketmq -h)"


def test_name_server_address_checks(cli, monkeypatch):
    monkeypatch.delenv("NAMESRV_ADDR", raising=False)
    missing = cli("topicList")
    assert missing.code == 2 and _one_line(missing.err) == \
        "rocketmq topicList: no name server address: give -n host:port or set NAMESRV_ADDR"
    bad = cli("topicList", "-n", "localhost")
    assert bad.code == 2 and _one_line(bad.err) == \
        "rocketmq topicList: bad name server address 'localhost': expected host:port"
    assert cli("topicList", "-n", "127.0.0.1:99999").code == 2
    port = _closed_port()
    down = cli("topicList", "-n", "127.0.0.1:%d" % port)
    assert down.code == 2 and down.out == ""
    assert _one_line(down.err).startswith(
        "rocketmq topicList: cannot connect to the name server: 127.0.0.1:%d (" % port)
    monkeypatch.setenv("NAMESRV_ADDR", "127.0.0.1:%d" % port)
    from_env = cli("send", "-t", "T", "-p", "x")
    assert from_env.code == 2 and "cannot connect to the name server: 127.0.0.1:%d" % port in from_env.err
    quick = cli("quickstart", "-n", "127.0.0.1:%d" % port)
    assert quick.code == 2 and "cannot connect to the name server" in _one_line(quick.err)


def test_debug_shows_the_traceback(cli):
    result = cli("topicList", "-n", "127.0.0.1:%d" % _closed_port(), "--debug")
    assert result.code == 2
    assert result.err.startswith("Traceback (most recent call last):")
    assert result.err.splitlines()[-1].startswith("rocketmq topicList: cannot connect to the name server")
    assert cli("--debug", "topicList", "-n", "127.0.0.1:%d" % _closed_port()).err.startswith("Traceback")


def test_unreachable_broker_mid_command_is_exit_code_2(cli, embedded_cluster):
    result = cli.on(embedded_cluster, "updateTopic", "-b", "127.0.0.1:%d" % _closed_port(), "-t", "T")
    assert result.code == 2 and result.out == ""
    assert _one_line(result.err).startswith("rocketmq updateTopic: connect to 127.0.0.1:")


def test_command_names_are_case_insensitive_like_mqadmin(cli, embedded_cluster):
    result = cli.on(embedded_cluster, "TOPICLIST")
    assert result.code == 0 and "TBW102" in result.lines


def test_interrupt_is_exit_code_130(cli, embedded_cluster, monkeypatch):
    def interrupted(self, args):
        raise KeyboardInterrupt

    monkeypatch.setattr(TopicListSubCommand, "execute", interrupted)
    result = cli.on(embedded_cluster, "topicList")
    assert result.code == 130 and _one_line(result.err) == "rocketmq topicList: interrupted"


def test_every_client_is_shut_down(cli, embedded_cluster):
    marker = "@%d-" % os.getpid()
    for argv in (("topicList",), ("send", "-t", "T", "-p", "x"), ("consume", "-t", "T", "--idle", "0.2"),
                 ("topicRoute", "-t", "NoSuchTopic"), ("consumerConnection", "-g", "Nobody"),
                 ("consumeMessage", "-t", "T", "-c", "1"), ("sendMessage", "-t", "T", "-p", "y")):
        cli.on(embedded_cluster, *argv)
        assert [cid for cid in MQClientManager.get_instance().get_factory_table() if marker in cid] == []


@pytest.mark.parametrize("argv", [("-n", "127.0.0.1:1", "--debug"), ()])
def test_server_commands_pass_their_options_through(cli, argv, monkeypatch):
    seen = []
    monkeypatch.setattr("rocketmq_namesrv.namesrv_startup.main", lambda args: seen.append(args) or 7)
    assert cli("namesrv", "-p", "0", *argv).code == 7
    assert seen == [["-p", "0", *argv]]
    assert cli_module.main(["broker", "--printConfigItem", "--store", "/nonexistent"]) == 0
