"""Topic attributes (5.3.3) across implementations: our ``mqadmin updateTopic -a +message.type=FIFO`` on the real
5.3.3 broker is stored there (its ``topics.json``) and read back through GET_ALL_TOPIC_CONFIG; the real broker and
the embedded one refuse the same changes with the same codes and messages."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Iterator, Tuple

import pytest
from interop_support import RealCluster, unique

from rocketmq_broker.embedded_cluster import start_embedded_cluster
from rocketmq_tools.command.support import new_admin

pytestmark = pytest.mark.timeout(180)


def our_mqadmin(namesrv_addr: str, *argv: str) -> Tuple[int, str]:
    """Exit code and stdout + stderr of our command line."""
    done = subprocess.run([sys.executable, "-m", "rocketmq_tools", *argv, "-n", namesrv_addr], capture_output=True,
                          text=True, timeout=60)
    return done.returncode, done.stdout + done.stderr


@pytest.fixture
def embedded(tmp_path: Path, anchors5) -> Iterator[str]:
    cluster = start_embedded_cluster(str(tmp_path / "cluster"))
    try:
        yield cluster.broker_addr + "|" + cluster.namesrv_addr
    finally:
        cluster.shutdown()


def test_our_update_topic_a_on_the_real_5_broker(real5_cluster: RealCluster) -> None:
    topic = unique("FifoTopic")
    code, out = our_mqadmin(real5_cluster.namesrv_addr, "updateTopic", "-b", real5_cluster.broker_addr, "-t", topic,
                            "-a", "+message.type=FIFO")
    assert code == 0, out
    with new_admin(real5_cluster.namesrv_addr) as admin:
        table = admin.get_all_topic_config(real5_cluster.broker_addr, 5000).get_topic_config_table()
    assert table[topic].get_attributes() == {"message.type": "FIFO"}
    # what the Java broker persisted (storePathRootDir/config/topics.json)
    assert real5_cluster.broker is not None
    topics_json = Path(os.path.dirname(real5_cluster.broker.out_path), "store", "config", "topics.json")
    persisted = json.loads(topics_json.read_text(encoding="utf-8"))["topicConfigTable"][topic]
    assert persisted["attributes"] == {"message.type": "FIFO"}


@pytest.mark.parametrize("attributes", ["+foo=bar", "+message.type=BAD", "+message.type=MIXED", "+reserve.time=-5"])
def test_the_real_and_the_embedded_broker_refuse_alike(real5_cluster: RealCluster, embedded: str,
                                                       attributes: str) -> None:
    broker_addr, namesrv_addr = embedded.split("|")
    topic = unique("RefusedTopic")
    real = our_mqadmin(real5_cluster.namesrv_addr, "updateTopic", "-b", real5_cluster.broker_addr, "-t", topic,
                       "-a", attributes)
    ours = our_mqadmin(namesrv_addr, "updateTopic", "-b", broker_addr, "-t", topic, "-a", attributes)
    assert real[0] == ours[0] == 1, (real, ours)
    assert real[1].replace(real5_cluster.broker_addr, "B") == ours[1].replace(broker_addr, "B")
