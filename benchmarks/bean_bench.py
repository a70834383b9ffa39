"""Costs of the shared pieces of every request: a bean accessor, bean and header construction, the send
headers' extFields codec and a send request's encoding.

Each figure is the minimum over ``--repeat`` runs of ``timeit`` with ``time.thread_time`` (this thread's CPU),
in nanoseconds per call.

    python benchmarks/bean_bench.py [--number 200000] [--repeat 7]
"""
from __future__ import annotations

import argparse
import os
import sys
import time
import timeit
from typing import Any, Dict

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from rocketmq_common.message.message import Message  # noqa: E402
from rocketmq_common.protocol.header.send_message_request_header import (  # noqa: E402
    SendMessageRequestHeader,
    SendMessageRequestHeaderV2,
    SendMessageResponseHeader,
)
from rocketmq_remoting.common.bean import Bean, Prop  # noqa: E402
from rocketmq_remoting.protocol.remoting_command import RemotingCommand  # noqa: E402


class Written(Bean):
    x = Prop(int, 3)

    def get_x(self) -> int: return self.x
    def set_x(self, x: int) -> None: self.x = x


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--number", type=int, default=200000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    bean = Written()
    bean.x = 5
    v1 = SendMessageRequestHeader(
        producer_group="PG", topic="TopicTest", default_topic="TBW102", default_topic_queue_nums=4, queue_id=1,
        sys_flag=0, born_timestamp=1700000000000, flag=0, properties="WAIT\x01true\x02TAGS\x01TagA",
        reconsume_times=0, unit_mode=False, batch=False, bname="broker-a")
    v2 = SendMessageRequestHeaderV2.create_send_message_request_header_v2(v1)
    response_ext = {"msgId": "7F00000100002A9F0000000000000000", "queueId": "3", "queueOffset": "123456",
                    "MSG_REGION": "DefaultRegion", "TRACE_ON": "true"}
    request = RemotingCommand.create_request_command(310, v2)
    request.body = b"x" * 1024
    names: Dict[str, Any] = dict(locals(), Message=Message, SendMessageRequestHeader=SendMessageRequestHeader,
                                 SendMessageRequestHeaderV2=SendMessageRequestHeaderV2,
                                 SendMessageResponseHeader=SendMessageResponseHeader)
    for label, statement in [
        ("getter", "bean.get_x()"),
        ("setter", "bean.set_x(4)"),
        ("SendMessageRequestHeaderV2()", "SendMessageRequestHeaderV2()"),
        ("object.__new__(SendMessageRequestHeaderV2)", "object.__new__(SendMessageRequestHeaderV2)"),
        ("SendMessageRequestHeader(6 keywords)", "SendMessageRequestHeader(producer_group='g', topic='t', "
                                                 "queue_id=1, sys_flag=0, born_timestamp=1, flag=0)"),
        ("Message(topic, body)", "Message('TopicTest', b'body')"),
        ("createSendMessageRequestHeaderV2", "SendMessageRequestHeaderV2.create_send_message_request_header_v2(v1)"),
        ("V2 encode (written out, the send path's)", "v2.encode({})"),
        ("V2 encode_ext_fields (the generic loop)", "v2.encode_ext_fields()"),
        ("SendMessageResponseHeader decode (written out)", "SendMessageResponseHeader().decode(response_ext)"),
        ("SendMessageResponseHeader decode_ext_fields (generic)",
         "SendMessageResponseHeader.decode_ext_fields(response_ext)"),
        ("send request encode (JSON, 1 KiB)", "request.ext_fields = None; request.encode()"),
    ]:
        best = min(timeit.repeat(statement, globals=names, number=args.number, repeat=args.repeat,
                                 timer=time.thread_time))
        print("%-55s %8.0f ns" % (label, best / args.number * 1e9))


if __name__ == "__main__":
    main()
