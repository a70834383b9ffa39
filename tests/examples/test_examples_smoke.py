"""Every script of examples/ runs on its own embedded cluster (as a user runs it: ``python examples/<path>``, from
the repository root) and ends with exit code 0 and the line saying what it achieved."""
from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
#: seconds an example may run (its own --timeout), and the limit of the subprocess
EXAMPLE_TIMEOUT = 30
PROCESS_TIMEOUT = EXAMPLE_TIMEOUT + 30

#: the line of each example's output (a regular expression, matched against whole lines) that shows it worked
KEY_LINES = {
    "asyncio/async_producer.py": r"Sent 100 of 100 messages asynchronously",
    "asyncio/async_push_consumer.py": r"Received 100 of 100 messages",
    "batch/simple_batch_producer.py": r"SendResult \[sendStatus=SEND_OK, msgId=\w+,\w+,\w+, .*",
    "batch/split_batch_producer.py": r"Sent 20000 of 20000 messages in \d+ batches",
    "broadcast/push_consumer.py": r"Received 128 of 128 messages",
    "filter/sql_filter_consumer.py": r"Received a = 0, 1, 3 \(expected 0, 1, 3\)",
    "filter/sql_filter_producer.py": r"Sent 10 of 10 messages",
    "filter/tag_filter_consumer.py": r"Received 40 of 40 messages tagged TagA \|\| TagC, 0 with another tag",
    "filter/tag_filter_producer.py": r"Sent 60 of 60 messages",
    "namespace/producer_with_namespace.py": r"Sent 100 of 100 messages",
    "namespace/pull_consumer_with_namespace.py": r"Pulled 100 of 100 messages",
    "namespace/push_consumer_with_namespace.py": r"Received 100 of 100 messages",
    "opentelemetry/otel_producer_consumer.py":
        r"Consumed 10 of 10 messages, 1\d process spans in their send span's trace",
    "ordermessage/consumer.py": r"Consumed 60 of 60 messages, each order in sequence: True",
    "ordermessage/producer.py": r"Sent 100 of 100 messages",
    "quickstart/consumer.py": r"Received 1000 of 1000 messages",
    "quickstart/producer.py": r"Sent 1000 of 1000 messages",
    "rpc/async_request_producer.py": r"request to <RequestTopic> cost: \d+ replyMessage: MessageExt .*",
    "rpc/request_producer.py": r"request to <RequestTopic> cost: \d+ replyMessage: MessageExt .*",
    "rpc/response_consumer.py": r"Replied to 1 of 1 requests",
    "schedule/scheduled_message_consumer.py": r"Received 100 of 100 scheduled messages, 0 delivered before their delay",
    "schedule/scheduled_message_producer.py": r"Sent 100 of 100 scheduled messages",
    "simple/acl_client.py": r"The pull consumer pulled 128 of 128 messages",
    "simple/async_producer.py": r"100 of 100 asynchronous sends succeeded",
    "simple/lite_pull_consumer_assign.py":
        r"Polled [1-9]\d* messages from 2 assigned queues, 0 outside the assignment or before the seek offset",
    "simple/lite_pull_consumer_subscribe.py": r"Polled 128 of 128 messages",
    "simple/oneway_producer.py": r"Sent 100 one-way messages, 100 stored",
    "simple/producer.py": r"Sent 128 of 128 messages",
    "simple/pull_consumer.py": r"Pulled 128 of 128 messages",
    "simple/push_consumer.py": r"Received 128 of 128 messages",
    "tracemessage/trace_producer.py": r"Sent 128 of 128 messages, 128 with a trace record",
    "tracemessage/trace_push_consumer.py": r"Received 128 of 128 messages, 128 with a consume trace record",
    "transaction/transaction_producer.py":
        r"Sent 10 of 10 transactional messages; 6 of 6 committed or rolled back by a check",
}


def example_scripts() -> list:
    """The runnable examples: every file of examples/ with a ``__main__`` block."""
    return sorted(path.relative_to(EXAMPLES).as_posix() for path in EXAMPLES.rglob("*.py")
                  if 'if __name__ == "__main__":' in path.read_text(encoding="utf-8"))


def test_every_example_has_a_key_line() -> None:
    assert example_scripts() == sorted(KEY_LINES)


def run_example(script: str, offsets_dir: pathlib.Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "NAMESRV_ADDR"}
    env["ROCKETMQ_CLIENT_LOCAL_OFFSET_STORE_DIR"] = str(offsets_dir)
    # warnings on stderr, to show in the failure report
    command = [sys.executable, str(EXAMPLES / script), "--timeout", str(EXAMPLE_TIMEOUT), "--log-level", "WARNING"]
    return subprocess.run(command, cwd=str(ROOT), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=PROCESS_TIMEOUT, universal_newlines=True)


@pytest.mark.timeout(PROCESS_TIMEOUT + 10)
@pytest.mark.parametrize("script", sorted(KEY_LINES))
def test_example_runs_on_the_embedded_cluster(script: str, tmp_path: pathlib.Path) -> None:
    completed = run_example(script, tmp_path / "offsets")
    tail = "\n".join(completed.stdout.splitlines()[-5:]) + "\n--- stderr ---\n" + completed.stderr[-3000:]
    assert completed.returncode == 0, tail
    assert re.search("^%s$" % KEY_LINES[script], completed.stdout, re.MULTILINE), tail
