"""The commands' files land in each test's tmp_path, not in the system temporary directory shared by every run."""
from __future__ import annotations

import os

from rocketmq_tools.command.consumer.consumer_status_sub_command import running_info_dir
from rocketmq_tools.command.message.query_msg_by_id_sub_command import body_dir as bodies
from rocketmq_tools.command.support import new_admin
from tools_support import SYSTEM_TMP


def _listing(*parts: str) -> set:
    path = os.path.join(SYSTEM_TMP, *parts)
    return set(os.listdir(path)) if os.path.isdir(path) else set()


def test_query_msg_by_id_writes_its_body_under_tmp_path(cli, embedded_cluster, tmp_path):
    before = _listing("rocketmq", "msgbodys")
    assert bodies() == os.path.join(str(tmp_path), "rocketmq", "msgbodys")
    assert running_info_dir(1).startswith(os.path.join(str(tmp_path), "rocketmq", "consumerStatus"))
    assert cli.on(embedded_cluster, "updateTopic", "-c", embedded_cluster.cluster_name, "-t", "TmpTopic").code == 0
    sent = cli.on(embedded_cluster, "send", "-t", "TmpTopic", "-p", "body")
    assert sent.code == 0, sent.err
    rows = [line.split() for line in sent.lines[1:]]
    with new_admin(embedded_cluster.namesrv_addr) as admin:
        offset_msg_id = admin.view_message("TmpTopic", rows[0][3]).get_offset_msg_id()
    by_id = cli.on(embedded_cluster, "queryMsgById", "-i", offset_msg_id)
    assert by_id.code == 0, by_id.err
    assert os.listdir(os.path.join(str(tmp_path), "rocketmq", "msgbodys"))
    assert _listing("rocketmq", "msgbodys") == before
