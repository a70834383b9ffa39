"""Java ``org.apache.rocketmq.broker.longpolling.PopLongPollingService`` (5.3.3): holds POP_MESSAGE requests that
found nothing.

A request is held under ``topic@group@queueId`` (queue -1: a pop of every queue) until a message arrives for that
topic (the store's arriving listener, through :meth:`notify_message_arriving_with_retry_topic`, a revived message
of the group's retry topic included) or its poll time is over; it is then processed again on the pull executor,
and either answers with the messages, or with POLLING_TIMEOUT once expired. ``popPollingSize`` requests per key
and ``maxPopPollingSize`` in all (POLLING_FULL beyond). Java checks expiries every 20 ms; here the thread sleeps
until the next expiry (at most 1 s, at least 20 ms) and is woken when a request is added.
"""
from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING, Any, Dict, List, Optional

from rocketmq_broker.longpolling.pop_request import PopRequest
from rocketmq_common.key_builder import KeyBuilder
from rocketmq_common.service_thread import ServiceThread
from rocketmq_remoting.common.thread_pool import executor_submitter

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
    from rocketmq_common.protocol.header.pop_message_request_header import PopMessageRequestHeader
    from rocketmq_remoting.netty.channel_handler_context import ChannelHandlerContext
    from rocketmq_remoting.netty.netty_request_processor import NettyRequestProcessor
    from rocketmq_remoting.protocol.remoting_command import RemotingCommand

__all__ = ["PopLongPollingService", "PollingResult"]

log = logging.getLogger(__name__)


class PollingResult:
    """Java ``org.apache.rocketmq.broker.longpolling.PollingResult``."""

    POLLING_SUC = "POLLING_SUC"
    POLLING_FULL = "POLLING_FULL"
    POLLING_TIMEOUT = "POLLING_TIMEOUT"
    NOT_POLLING = "NOT_POLLING"


class PopLongPollingService(ServiceThread):
    """See the module docstring."""

    def __init__(self, broker_controller: "BrokerController", processor: "NettyRequestProcessor",
                 notify_last: bool = False) -> None:
        super().__init__()
        self.broker_controller = broker_controller
        self.processor = processor
        self.notify_last = notify_last
        #: topic -> the groups polling it
        self.topic_cid_map: Dict[str, Dict[str, bool]] = {}
        #: polling key -> the held requests, sorted by expiry
        self.polling_map: Dict[str, List[PopRequest]] = {}
        self.total_polling_num = 0
        self._lock = threading.Lock()

    def get_service_name(self) -> str:
        return "PopLongPollingService"

    def get_polling_map(self) -> Dict[str, List[PopRequest]]:
        return self.polling_map

    def run(self) -> None:
        log.info("%s service started", self.get_service_name())
        while not self.is_stopped():
            try:
                self.wait_for_running(self._wait_millis())
                for request in self._take_expired():
                    self.wake_up(request)
            except Exception:
                log.error("checkPolling error", exc_info=True)
        with self._lock:  # clean all: answer every held request
            held = [request for queue in self.polling_map.values() for request in queue]
            self.polling_map.clear()
            self.total_polling_num = 0
        for request in held:
            self.wake_up(request)
        log.info("%s service end", self.get_service_name())

    def _wait_millis(self) -> int:
        with self._lock:
            firsts = [queue[0].expired for queue in self.polling_map.values() if queue]
        if not firsts:
            return 1000
        return max(20, min(1000, min(firsts) - 50 - int(time.time() * 1000)))

    def _take_expired(self) -> List[PopRequest]:
        expired: List[PopRequest] = []
        with self._lock:
            for key in list(self.polling_map):
                queue = self.polling_map[key]
                while queue and queue[0].is_timeout():
                    expired.append(queue.pop(0))
                    self.total_polling_num -= 1
                if not queue:
                    del self.polling_map[key]
        return expired

    def notify_message_arriving_with_retry_topic(self, topic: str, queue_id: int, offset: int = -1,
                                                 tags_code: Optional[int] = None, msg_store_time: int = 0,
                                                 filter_bit_map: Optional[bytes] = None,
                                                 properties: Optional[Dict[str, str]] = None) -> None:
        """Java ``notifyMessageArrivingWithRetryTopic``: a message of a V2 retry topic wakes the pops of its
        normal topic (a V1 retry topic is polled under its own name)."""
        notify_topic = KeyBuilder.parse_normal_topic(topic) if KeyBuilder.is_pop_retry_topic_v2(topic) else topic
        self.notify_message_arriving_topic(notify_topic, queue_id, offset, tags_code, msg_store_time,
                                           filter_bit_map, properties)

    def notify_message_arriving_topic(self, topic: str, queue_id: int, offset: int, tags_code: Optional[int],
                                      msg_store_time: int, filter_bit_map: Optional[bytes],
                                      properties: Optional[Dict[str, str]]) -> None:
        """Java ``notifyMessageArriving(topic, queueId, offset, ...)``: for every group polling the topic, wake one
        pop of every queue and one of this queue (every ``popLongPollingForceNotifyInterval``-th offset without
        filtering)."""
        cids = self.topic_cid_map.get(topic)
        if not cids:
            return
        interval = self.broker_controller.get_broker_config().pop_long_polling_force_notify_interval
        force = interval > 0 and offset % interval == 0
        for cid in list(cids):
            if queue_id >= 0:
                self.notify_message_arriving(topic, -1, cid, force, tags_code, msg_store_time, filter_bit_map,
                                             properties)
            self.notify_message_arriving(topic, queue_id, cid, force, tags_code, msg_store_time, filter_bit_map,
                                         properties)

    def notify_message_arriving(self, topic: str, queue_id: int, cid: str, force: bool = False,
                                tags_code: Optional[int] = None, msg_store_time: int = 0,
                                filter_bit_map: Optional[bytes] = None,
                                properties: Optional[Dict[str, str]] = None) -> bool:
        """Java ``notifyMessageArriving(topic, queueId, cid, force, ...)``: wake the first held pop of
        ``topic@cid@queueId`` whose filter accepts the message (put back when it does not)."""
        key = KeyBuilder.build_polling_key(topic, cid, queue_id)
        if not self.polling_map.get(key):
            return False
        request = self._poll_remoting_commands(key)
        if request is None:
            return False
        message_filter = request.message_filter
        if not force and message_filter is not None and request.subscription_data is not None:
            match = message_filter.is_matched_by_consume_queue(tags_code, None)
            if match and properties is not None:
                match = message_filter.is_matched_by_commit_log(None, properties)
            if not match:
                self._add(key, request)
                return False
        return self.wake_up(request)

    def _poll_remoting_commands(self, key: str) -> Optional[PopRequest]:
        with self._lock:
            queue = self.polling_map.get(key)
            while queue:
                request = queue.pop() if self.notify_last else queue.pop(0)
                self.total_polling_num -= 1
                if request.get_channel().is_active():
                    return request
        return None

    def _add(self, key: str, request: PopRequest) -> None:
        with self._lock:
            queue = self.polling_map.setdefault(key, [])
            queue.append(request)
            queue.sort(key=PopRequest.sort_key)
            self.total_polling_num += 1

    def wake_up(self, request: PopRequest) -> bool:
        """Java ``wakeUp``: process the request again on the pull executor and write its response (when it is
        not held again)."""
        if not request.complete() or not request.get_channel().is_active():
            return False
        try:
            executor_submitter(self.broker_controller.get_pull_message_executor())(self._run_wake_up, request)
        except RuntimeError:
            log.warning("the pull executor refused a woken pop (broker shutting down): %s", request)
            return False
        return True

    def _run_wake_up(self, request: PopRequest) -> None:
        try:
            response = self.processor.process_request(request.ctx, request.remoting_command)
            if response is not None:
                request.ctx.write_response(response)
        except Exception:
            log.error("ExecuteRequestWhenWakeup run", exc_info=True)

    def polling(self, ctx: "ChannelHandlerContext", remoting_command: "RemotingCommand",
                request_header: "PopMessageRequestHeader", subscription_data: Optional["SubscriptionData"] = None,
                message_filter: Any = None) -> str:
        """Java ``polling``: hold the request (POLLING_SUC), or say why not (NOT_POLLING without poll time,
        POLLING_TIMEOUT when its poll time is already over, POLLING_FULL)."""
        if request_header.poll_time <= 0 or self.is_stopped():
            return PollingResult.NOT_POLLING
        config = self.broker_controller.get_broker_config()
        with self._lock:
            self.topic_cid_map.setdefault(request_header.topic, {})[request_header.consumer_group] = True
        expired = request_header.born_time + request_header.poll_time
        request = PopRequest(remoting_command, ctx, expired, subscription_data, message_filter)
        if self.total_polling_num >= config.max_pop_polling_size:
            return PollingResult.POLLING_FULL
        if request.is_timeout():
            return PollingResult.POLLING_TIMEOUT
        key = KeyBuilder.build_polling_key(request_header.topic, request_header.consumer_group,
                                           request_header.get_queue_id())
        queue = self.polling_map.get(key)
        if queue is not None and len(queue) > config.pop_polling_size:
            return PollingResult.POLLING_FULL
        self._add(key, request)
        self.wakeup()
        return PollingResult.POLLING_SUC
