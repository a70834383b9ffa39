"""mqadmin's ACL 2.0 subcommands (5.3.3) in this process on two embedded clusters: one whose brokers keep users
and ACLs (the local metadata providers, JSON files under the store), where each command's effect and output are
checked, and one with 5.3.3's default (no provider), which refuses every command as a real 5.3.3 broker does."""
from __future__ import annotations

import json
import os

import pytest

from rocketmq_broker.embedded_cluster import EmbeddedCluster

pytestmark = pytest.mark.timeout(60)

#: the auth settings of a 5.3.3 broker that keeps users and ACLs (Java's class names)
LOCAL_PROVIDERS = {
    "authentication_metadata_provider":
        "org.apache.rocketmq.auth.authentication.provider.LocalAuthenticationMetadataProvider",
    "authorization_metadata_provider":
        "org.apache.rocketmq.auth.authorization.provider.LocalAuthorizationMetadataProvider",
}
USER_FORMAT = "%-16s  %-22s  %-22s  %-22s"
ACL_FORMAT = "%-16s  %-10s  %-22s  %-20s  %-24s  %-10s"
USER_HEADER = USER_FORMAT % ("#UserName", "#Password", "#UserType", "#UserStatus")
ACL_HEADER = ACL_FORMAT % ("#Subject", "#PolicyType", "#Resource", "#Actions", "#SourceIp", "#Decision")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """broker-a and broker-b keeping users and ACLs; ``root`` is the initial super user of both."""
    cluster = EmbeddedCluster(str(tmp_path_factory.mktemp("auth-cluster")), brokers=2,
                              auth_config=dict(LOCAL_PROVIDERS, init_authentication_user=json.dumps(
                                  {"username": "root", "password": "root-pw"})))
    cluster.start()
    yield cluster
    cluster.shutdown()


@pytest.fixture(scope="module")
def default_cluster(tmp_path_factory):
    cluster = EmbeddedCluster(str(tmp_path_factory.mktemp("auth-default-cluster")))
    cluster.start()
    yield cluster
    cluster.shutdown()


def user_line(*values: str) -> str:
    return USER_FORMAT % values


def acl_line(*values: str) -> str:
    return ACL_FORMAT % values


def test_users_are_created_read_updated_and_deleted(cli, cluster) -> None:
    a, b = cluster.broker_addrs
    run = cli.on(cluster, "createUser", "-c", "DefaultCluster", "-u", "alice", "-p", "alice-pw")
    assert (run.code, run.lines) == (0, ["create user to %s success." % addr for addr in sorted([a, b])])
    assert cli.on(cluster, "createUser", "-b", a, "-u", "bob", "-p", "bob-pw", "-t", "Super").lines == [
        "create user to %s success." % a]
    again = cli.on(cluster, "createUser", "-b", a, "-u", "alice", "-p", "other")
    assert (again.code, again.out, again.err) == (1, "", "rocketmq createUser: The user is existed (code 16)\n")

    assert cli.on(cluster, "getUser", "-b", a, "-u", "alice").lines == [
        USER_HEADER, user_line("alice", "alice-pw", "Normal", "enable")]
    assert cli.on(cluster, "getUser", "-b", a, "-u", "nobody").out == ""
    assert cli.on(cluster, "listUser", "-b", a).lines == [
        USER_HEADER, user_line("alice", "alice-pw", "Normal", "enable"), user_line("bob", "bob-pw", "Super", "enable"),
        user_line("root", "root-pw", "Super", "enable")]
    assert cli.on(cluster, "listUser", "-b", a, "-f", "li").lines == [
        USER_HEADER, user_line("alice", "alice-pw", "Normal", "enable")]
    first = min(a, b)
    assert cli.on(cluster, "listUser", "-c", "DefaultCluster", "-f", "oo").lines == [
        USER_HEADER, user_line("root", "root-pw", "Super", "enable"), "get user from %s success." % first]

    assert cli.on(cluster, "updateUser", "-b", a, "-u", "alice", "-s", "disable").lines == [
        "update user to %s success." % a]
    assert cli.on(cluster, "updateUser", "-b", a, "-u", "alice", "-p", "new-pw").code == 0
    assert cli.on(cluster, "getUser", "-c", "DefaultCluster", "-u", "alice").lines[1:] == (
        [user_line("alice", "new-pw", "Normal", "disable")] if first == a
        else [user_line("alice", "alice-pw", "Normal", "enable")])
    missing = cli.on(cluster, "updateUser", "-b", a, "-u", "nobody", "-p", "x")
    assert (missing.code, missing.err) == (1, "rocketmq updateUser: The user is not exist (code 16)\n")
    both = cli.on(cluster, "updateUser", "-b", a, "-u", "alice", "-p", "x", "-s", "enable")
    assert both.code == 2 and "not allowed with argument" in both.err

    assert cli.on(cluster, "deleteUser", "-c", "DefaultCluster", "-u", "alice").code == 0
    assert cli.on(cluster, "deleteUser", "-b", a, "-u", "alice").lines == ["delete user to %s success." % a]
    assert [row[0] for row in cli.on(cluster, "listUser", "-b", b).rows()] == ["#UserName", "root"]


def test_acls_are_created_merged_filtered_and_deleted(cli, cluster) -> None:
    a = cluster.broker_addrs[0]
    assert cli.on(cluster, "createUser", "-b", a, "-u", "carol", "-p", "carol-pw").code == 0
    assert cli.on(cluster, "createAcl", "-b", a, "-s", "User:carol", "-r", "Topic:t1, Group:g1", "-a", "Pub,Sub",
                  "-d", "Allow").lines == ["create acl to %s success." % a]
    # a second createAcl merges: a new resource is added
    assert cli.on(cluster, "createAcl", "-b", a, "-s", "User:carol", "-r", "Topic:orders*", "-a", "Pub", "-d", "Deny",
                  "-i", "10.0.0.0/8,192.168.1.1").code == 0
    assert cli.on(cluster, "getAcl", "-b", a, "-s", "User:carol").lines == [
        ACL_HEADER,
        acl_line("User:carol", "Custom", "Topic:t1", "[Pub, Sub]", "null", "Allow"),
        acl_line("User:carol", "Custom", "Group:g1", "[Pub, Sub]", "null", "Allow"),
        acl_line("User:carol", "Custom", "Topic:orders*", "[Pub]", "[10.0.0.0/8, 192.168.1.1]", "Deny")]
    # updateAcl replaces the entry of a resource
    assert cli.on(cluster, "updateAcl", "-b", a, "-s", "User:carol", "-r", "Topic:t1", "-a", "Sub", "-d",
                  "Deny").lines == ["update acl to %s success." % a]
    assert cli.on(cluster, "listAcl", "-b", a, "-r", "Topic:t").lines == [
        ACL_HEADER, acl_line("User:carol", "Custom", "Topic:t1", "[Sub]", "null", "Deny")]
    assert cli.on(cluster, "listAcl", "-b", a, "-s", "nobody").out == ""

    refused = {
        ("-s", "User:nobody", "-r", "Topic:t1", "-a", "Pub", "-d", "Allow"): "The subject of User:nobody is not exist.",
        ("-s", "User:carol", "-r", "Topic:t1", "-a", "Pub", "-d", "Maybe"): "The decision is null or illegal.",
        ("-s", "User:carol", "-r", "Topic:t1", "-a", "Any", "-d", "Allow"): "The actions can not be Any.",
        ("-s", "User:carol", "-r", "Queue:t1", "-a", "Pub", "-d", "Allow"): "The resource is null.",
        ("-s", "User:carol", "-r", "Topic:t1", "-a", "Pub", "-d", "Allow", "-i", "10.0.0.300"):
            "The source ip is invalid.",
    }
    for argv, message in refused.items():
        run = cli.on(cluster, "createAcl", "-b", a, *argv)
        assert (run.code, run.err) == (1, "rocketmq createAcl: %s (code 16)\n" % message), argv
    untyped = cli.on(cluster, "createAcl", "-b", a, "-s", "carol", "-r", "Topic:t1", "-a", "Pub", "-d", "Allow")
    assert untyped.err == "rocketmq createAcl: An system error occurred, please try again later. (code 1)\n"

    assert cli.on(cluster, "deleteAcl", "-b", a, "-s", "User:carol", "-r", "Group:g1").lines == [
        "delete acl to %s success." % a]
    assert [row[2] for row in cli.on(cluster, "getAcl", "-b", a, "-s", "User:carol").rows()] == [
        "#Resource", "Topic:t1", "Topic:orders*"]
    assert cli.on(cluster, "deleteAcl", "-b", a, "-s", "User:carol").code == 0
    assert cli.on(cluster, "getAcl", "-b", a, "-s", "User:carol").out == ""
    gone = cli.on(cluster, "deleteAcl", "-b", a, "-s", "User:carol")
    assert gone.err == "rocketmq deleteAcl: The acl is not exist. (code 16)\n"
    nobody = cli.on(cluster, "getAcl", "-b", a, "-s", "User:nobody")
    assert nobody.err == "rocketmq getAcl: The subject is not exist. (code 16)\n"


def test_copy_users_and_acls_to_another_broker_and_keep_them_in_the_store(cli, cluster) -> None:
    a, b = cluster.broker_addrs
    assert cli.on(cluster, "createUser", "-b", a, "-u", "dave", "-p", "dave-pw").code == 0
    assert cli.on(cluster, "createUser", "-b", a, "-u", "erin", "-p", "erin-pw").code == 0
    assert cli.on(cluster, "createAcl", "-b", a, "-s", "User:dave", "-r", "Topic:*", "-a", "All", "-d",
                  "Allow").code == 0
    assert cli.on(cluster, "copyUser", "-f", a, "-t", b, "-u", "dave,nobody").lines == [
        "copy user of dave from %s to %s success." % (a, b)]
    assert cli.on(cluster, "copyAcl", "-f", a, "-t", b).lines == [
        "copy acl of User:dave from %s to %s success." % (a, b)]
    assert cli.on(cluster, "getAcl", "-b", b, "-s", "User:dave").lines[1:] == [
        acl_line("User:dave", "Custom", "Topic:*", "[All]", "null", "Allow")]
    copied = cli.on(cluster, "copyUser", "-f", a, "-t", b)  # every user: root (there already: updated) too
    assert "copy user of erin from %s to %s success." % (a, b) in copied.lines

    store = os.path.join(cluster.broker_store_dir(1), "config")
    with open(os.path.join(store, "users.json"), encoding="utf-8") as f:
        assert {"dave", "erin", "root"} <= set(json.load(f))
    with open(os.path.join(store, "acls.json"), encoding="utf-8") as f:
        assert "User:dave" in json.load(f)
    cluster.restart_broker(1)
    b = cluster.broker_addrs[1]
    assert cli.on(cluster, "getUser", "-b", b, "-u", "dave").lines[1:] == [
        user_line("dave", "dave-pw", "Normal", "enable")]
    assert cli.on(cluster, "getAcl", "-b", b, "-s", "User:dave").lines[1:] == [
        acl_line("User:dave", "Custom", "Topic:*", "[All]", "null", "Allow")]


@pytest.mark.parametrize("argv, message", [
    (("createUser", "-u", "u1", "-p", "pw"), "An system error occurred, please try again later. (code 1)"),
    (("updateUser", "-u", "u1", "-p", "pw"), "An system error occurred, please try again later. (code 1)"),
    (("deleteUser", "-u", "u1"), "An system error occurred, please try again later. (code 1)"),
    (("getUser", "-u", "u1"), "An system error occurred, please try again later. (code 1)"),
    (("getUser",), "The username is blank (code 29)"),
    (("listUser",), "An system error occurred, please try again later. (code 1)"),
    (("createAcl", "-s", "User:u1", "-r", "Topic:t", "-a", "Pub", "-d", "Allow"),
     "An system error occurred, please try again later. (code 1)"),
    (("updateAcl", "-s", "User:u1", "-r", "Topic:t", "-a", "Pub", "-d", "Allow"),
     "An system error occurred, please try again later. (code 1)"),
    (("deleteAcl", "-s", "User:u1"), "An system error occurred, please try again later. (code 1)"),
    (("getAcl", "-s", "User:u1"), "IllegalStateException: The authenticationMetadataProvider is not configured., "),
    (("listAcl",), "IllegalStateException: The authenticationMetadataProvider is not configured., "),
])
def test_a_broker_without_metadata_provider_refuses_as_5_3_3_does(cli, default_cluster, argv, message) -> None:
    run = cli.on(default_cluster, argv[0], "-b", default_cluster.broker_addr, *argv[1:])
    assert run.code == 1 and run.out == ""
    assert run.err.startswith("rocketmq %s: %s" % (argv[0], message)), run.err


def test_copy_from_a_broker_without_metadata_provider_fails(cli, default_cluster) -> None:
    addr = default_cluster.broker_addr
    run = cli.on(default_cluster, "copyUser", "-f", addr, "-t", addr)
    assert (run.code, run.err) == (1, "rocketmq copyUser: An system error occurred, please try again later. (code 1)\n")
    run = cli.on(default_cluster, "copyAcl", "-f", addr, "-t", addr)
    assert run.code == 1 and "The authenticationMetadataProvider is not configured." in run.err


def test_an_unknown_cluster_is_refused(cli, cluster) -> None:
    listed = cli.on(cluster, "listAcl", "-c", "NoSuchCluster")
    assert (listed.code, listed.err) == (
        1, "rocketmq listAcl: ListAclSubCommand command failed, there is no broker in cluster.\n")
    created = cli.on(cluster, "createUser", "-c", "NoSuchCluster", "-u", "x", "-p", "y")
    assert created.code == 1 and "Make sure the specified clusterName exists" in created.err
