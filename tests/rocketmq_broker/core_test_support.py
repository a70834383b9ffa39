"""Helpers of the broker core tests (imported by module name; the test directory is on sys.path)."""
from __future__ import annotations

import queue
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterable, List, Optional

from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.protocol.header.namesrv.get_route_info_request_header import GetRouteInfoRequestHeader
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.consumer_data import ConsumerData
from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.producer_data import ProducerData
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.remoting_client import RemotingClient

GOLDEN = Path(__file__).resolve().parents[1] / "golden_data"
TIMEOUT_MILLIS = 5000


def wait_for(predicate: Callable[[], Any], timeout: float = 10.0, interval: float = 0.02,
             what: str = "condition") -> Any:
    """Re-check ``predicate`` until it returns a truthy value (returned) or ``timeout`` seconds pass (fail)."""
    deadline = time.monotonic() + timeout
    pause = threading.Event()
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise AssertionError("timed out after %.1f s waiting for %s" % (timeout, what))
        pause.wait(interval)


def invoke(client: RemotingClient, addr: str, code: int, header: Optional[CommandCustomHeader] = None,
           body: Optional[bytes] = None) -> RemotingCommand:
    return client.invoke_sync(addr, RemotingCommand.create_request_command(code, header, body), TIMEOUT_MILLIS)


def get_route(client: RemotingClient, namesrv_addr: str, topic: str) -> Optional[TopicRouteData]:
    """The NameServer's route of ``topic``, None when it answers TOPIC_NOT_EXIST."""
    response = invoke(client, namesrv_addr, RequestCode.GET_ROUTEINFO_BY_TOPIC, GetRouteInfoRequestHeader(topic=topic))
    if response.code != 0:
        return None
    return TopicRouteData.decode(response.body)


def heartbeat_body(client_id: str, consumer_groups: Iterable[str] = (), producer_groups: Iterable[str] = (),
                   topics: Iterable[str] = ("TopicTest",)) -> bytes:
    """A HeartbeatData body as the Java push consumer / producer sends it."""
    consumers = set()
    for group in consumer_groups:
        subs = set(SubscriptionData(topic=t, sub_string="*") for t in topics)
        consumers.add(ConsumerData(group_name=group, consume_type=ConsumeType.CONSUME_PASSIVELY,
                                   message_model=MessageModel.CLUSTERING,
                                   consume_from_where=ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET,
                                   subscription_data_set=subs, unit_mode=False))
    producers = set(ProducerData(group_name=g) for g in producer_groups)
    return HeartbeatData(client_id=client_id, consumer_data_set=consumers, producer_data_set=producers).encode()


class NotifyRecorder(NettyRequestProcessor):
    """A client-side processor that records the broker's NOTIFY_CONSUMER_IDS_CHANGED requests."""

    def __init__(self) -> None:
        self.requests: "queue.Queue[RemotingCommand]" = queue.Queue()

    def process_request(self, ctx: Any, request: RemotingCommand) -> Optional[RemotingCommand]:
        self.requests.put(request)
        return None

    def next(self, timeout: float = 5.0) -> RemotingCommand:
        return self.requests.get(timeout=timeout)

    def drain(self) -> List[RemotingCommand]:
        items = []
        while True:
            try:
                items.append(self.requests.get_nowait())
            except queue.Empty:
                return items


class ConsumerClient:
    """One client connection acting as a consumer: a RemotingClient with a NotifyRecorder for code 40."""

    def __init__(self, broker_addr: str, client_id: str) -> None:
        self.broker_addr = broker_addr
        self.client_id = client_id
        self.recorder = NotifyRecorder()
        self.client = RemotingClient()
        self.client.register_processor(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED, self.recorder)
        self.client.start()

    def heartbeat(self, *groups: str, topics: Iterable[str] = ("TopicTest",),
                  producer_groups: Iterable[str] = ()) -> RemotingCommand:
        return invoke(self.client, self.broker_addr, RequestCode.HEART_BEAT,
                      body=heartbeat_body(self.client_id, groups, producer_groups, topics))

    def invoke(self, code: int, header: Optional[CommandCustomHeader] = None,
               body: Optional[bytes] = None) -> RemotingCommand:
        return invoke(self.client, self.broker_addr, code, header, body)

    def close(self) -> None:
        self.client.shutdown()



def put_messages(controller: Any, topic: str, queue_id: int, count: int, tags: str = "TagA") -> List[Any]:
    """Append ``count`` messages straight into the broker's store (as the send processor would); the
    PutMessageResults."""
    results = []
    for n in range(count):
        msg = MessageExtBrokerInner()
        msg.topic = topic
        msg.body = b"body-%d" % n
        msg.queue_id = queue_id
        msg.flag = 0
        msg.sys_flag = 0
        msg.born_host = ("127.0.0.1", 50000)
        msg.store_host = controller.get_store_host()
        msg.born_timestamp = int(time.time() * 1000)
        msg.properties = {}
        msg.set_tags(tags)
        msg.tags_code = MessageExtBrokerInner.tags_string2tags_code(tags)
        msg.properties_string = MessageDecoder.message_properties2string(msg.properties)
        result = controller.get_message_store().put_message(msg)
        assert result.is_ok(), result
        results.append(result)
    return results
