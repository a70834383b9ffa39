"""The ACL 2.0 user and ACL subcommands of 5.3.3's mqadmin (createUser ... copyAcl): ours and Java's on a real
5.3.3 cluster with its default config (no metadata provider: the broker refuses each with the same code and
remark for both), and Java's on our embedded cluster with the local providers (what Java prints of our broker's
users and ACLs is what ours prints). Skipped without the 5.3.3 anchors build. (A real 5.3.3 broker with the local
providers needs RocksDB's native library, which the anchors build has not; tests/rocketmq_tools checks our broker
with them.)"""
from __future__ import annotations

import re
from typing import List, Tuple

import pytest
from interop_support import Anchors, JavaProcess, RealCluster

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_tools.cli import main as mqadmin

pytestmark = pytest.mark.timeout(600)

MQADMIN = "org.apache.rocketmq.tools.command.MQAdminStartup"
JAVA_TIMEOUT = 120
LOCAL_PROVIDERS = {
    "authentication_metadata_provider":
        "org.apache.rocketmq.auth.authentication.provider.LocalAuthenticationMetadataProvider",
    "authorization_metadata_provider":
        "org.apache.rocketmq.auth.authorization.provider.LocalAuthorizationMetadataProvider",
}
#: Java's MQBrokerException text in the stack trace it prints
_JAVA_ERROR = re.compile(r"MQBrokerException: CODE: (\d+)  DESC: (.*)")
#: a line of Java's logs (``11:28:31.123 ...``, ``2026-12-03 11:28:31,123 ...``)
_JAVA_LOG_LINE = re.compile(r"^(\d{4}-\d{2}-\d{2} )?\d{2}:\d{2}:\d{2}[.,]\d{3} ")
#: ours, one line on stderr
_OUR_ERROR = re.compile(r"rocketmq \w+: (.*) \(code (\d+)\)$")
#: each subcommand with the options after -b/-f (BROKER: the broker's address)
REFUSED = [
    ("createUser", "-u", "alice", "-p", "alice-pw"),
    ("createUser", "-u", "alice", "-p", "alice-pw", "-t", "Super"),
    ("updateUser", "-u", "alice", "-s", "disable"),
    ("deleteUser", "-u", "alice"),
    ("getUser", "-u", "alice"),
    ("getUser",),
    ("listUser",),
    ("copyUser", "-t", "BROKER"),
    ("createAcl", "-s", "User:alice", "-r", "Topic:t1", "-a", "Pub", "-d", "Allow"),
    ("updateAcl", "-s", "User:alice", "-r", "Topic:t1", "-a", "Sub", "-d", "Deny"),
    ("deleteAcl", "-s", "User:alice"),
    ("getAcl", "-s", "User:alice"),
    ("getAcl",),
    ("listAcl",),
    ("copyAcl", "-t", "BROKER"),
]


def run_java(anchors5: Anchors, work: str, namesrv_addr: str, argv: List[str]) -> Tuple[int, List[str]]:
    """Java's mqadmin ``argv``: its exit code and output lines (logback's start-up lines and log lines, which a
    loaded machine may bring, left out)."""
    run = JavaProcess(anchors5, work, "mqadmin-%s" % argv[0], MQADMIN, [*argv, "-n", namesrv_addr])
    try:
        code = run.process.wait(JAVA_TIMEOUT)
        lines = [line for line in run.output().splitlines()
                 if line.strip() and " |-" not in line and not _JAVA_LOG_LINE.match(line)]
        return code, lines
    finally:
        run.stop()


def run_ours(capsys: pytest.CaptureFixture, namesrv_addr: str, argv: List[str]) -> Tuple[int, List[str], str]:
    capsys.readouterr()
    code = mqadmin([*argv, "-n", namesrv_addr])
    out, err = capsys.readouterr()
    return code, out.splitlines(), err.strip()


def masked(lines: List[str], *addrs: str) -> List[str]:
    """``lines`` with the broker address of a ``get user from <addr> success.`` line masked."""
    return ["get user from <broker> success." if line in ["get user from %s success." % addr for addr in addrs]
            else line for line in lines]


def with_broker(argv: Tuple[str, ...], addr: str) -> List[str]:
    target = "-f" if argv[0].startswith("copy") else "-b"
    return [argv[0], target, addr, *(addr if arg == "BROKER" else arg for arg in argv[1:])]


@pytest.mark.parametrize("argv", REFUSED, ids=[" ".join(argv) for argv in REFUSED])
def test_a_default_5_3_3_broker_refuses_ours_as_javas(argv, anchors5: Anchors, real5_cluster: RealCluster,
                                                      tmp_path, capsys, monkeypatch) -> None:
    """Both mqadmins get the same answer (code and remark) from the real broker; Java prints it in a stack trace
    and exits 0, ours in one line and exits 1. Ours signs with the anchors' tools.yml as Java's does (a super
    user's creation then asks the broker who signed)."""
    monkeypatch.setenv("ROCKETMQ_HOME", anchors5.home)
    full = with_broker(argv, real5_cluster.broker_addr)
    java_code, java_lines = run_java(anchors5, str(tmp_path), real5_cluster.namesrv_addr, full)
    java_errors = [m.groups() for m in map(_JAVA_ERROR.search, java_lines) if m]
    assert java_code == 0 and len(java_errors) == 1, java_lines
    code, lines, err = run_ours(capsys, real5_cluster.namesrv_addr, full)
    match = _OUR_ERROR.match(err)
    assert (code, lines) == (1, []) and match is not None, err
    assert (match.group(2), match.group(1)) == java_errors[0]


def test_java_mqadmin_prints_our_users_and_acls_as_ours(anchors5: Anchors, tmp_path, capsys) -> None:
    """Java's mqadmin changes and reads the users and ACLs of our embedded brokers (the local providers): each
    command prints the same lines as ours, run right after it on the same state."""
    with EmbeddedCluster(str(tmp_path / "cluster"), brokers=2, auth_config=LOCAL_PROVIDERS) as cluster:
        a, b = cluster.broker_addrs
        # each step by Java, then by ours where doing it again changes nothing (True)
        steps = [
            (["createUser", "-b", a, "-u", "alice", "-p", "alice-pw"], False),
            (["createUser", "-c", "DefaultCluster", "-u", "bob", "-p", "bob-pw", "-t", "Normal"], False),
            (["updateUser", "-b", a, "-u", "alice", "-s", "disable"], True),
            (["createAcl", "-b", a, "-s", "User:alice", "-r", "Topic:t1,Group:g*", "-a", "Pub,Sub", "-d", "Allow",
              "-i", "10.0.0.0/8"], True),
            (["updateAcl", "-b", a, "-s", "User:bob", "-r", "Topic:*,Topic:t2", "-a", "Sub", "-d", "Deny"], True),
            (["copyUser", "-f", a, "-t", b, "-u", "alice"], True),
            (["copyAcl", "-f", a, "-t", b], True),
            (["deleteAcl", "-b", b, "-s", "User:bob", "-r", "Topic:*"], False),
        ]
        reads = [["getUser", "-b", a, "-u", "alice"], ["getUser", "-c", "DefaultCluster", "-u", "bob"],
                 ["listUser", "-b", b], ["listUser", "-c", "DefaultCluster", "-f", "o"],
                 ["getAcl", "-b", b, "-s", "User:alice"], ["listAcl", "-b", a], ["listAcl", "-c", "DefaultCluster",
                                                                                    "-r", "Topic"]]
        for argv, again in steps:
            java_code, java_lines = run_java(anchors5, str(tmp_path), cluster.namesrv_addr, argv)
            assert java_code == 0 and java_lines and all(line.endswith("success.") for line in java_lines), (
                argv, java_lines)
            if again:
                assert run_ours(capsys, cluster.namesrv_addr, argv) == (0, java_lines, ""), argv
        for argv in reads:
            java_code, java_lines = run_java(anchors5, str(tmp_path), cluster.namesrv_addr, argv)
            assert java_code == 0, java_lines
            code, lines, err = run_ours(capsys, cluster.namesrv_addr, argv)
            # with -c the masters are read in Java's HashSet order, in address order here (and listUser names
            # the one it printed): the same lines, maybe in another order
            if "-c" in argv:
                lines, java_lines = sorted(masked(lines, a, b)), sorted(masked(java_lines, a, b))
            assert (code, lines, err) == (0, java_lines, ""), argv
        java_code, java_lines = run_java(anchors5, str(tmp_path), cluster.namesrv_addr,
                                         ["deleteUser", "-c", "DefaultCluster", "-u", "alice"])
        assert (java_code, sorted(java_lines)) == (0, ["delete user to %s success." % addr for addr in sorted((a, b))])
        code, lines, _ = run_ours(capsys, cluster.namesrv_addr, ["listAcl", "-b", b, "-s", "alice"])
        assert (code, lines) == (0, [])  # the user's ACL went with it
