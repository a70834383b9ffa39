"""Java's anonymous ``PullCallback`` of ``DefaultMQPushConsumerImpl.pullMessage``: what a push consumer does with
each pull answer (messages into the process queue and to the consume service, offsets fixed, the next pull
scheduled)."""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from rocketmq_client.consumer.pull_callback import PullCallback
from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_client.exception import MQBrokerException
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.response_code import ResponseCode

if TYPE_CHECKING:
    from rocketmq_client.consumer.pull_result import PullResult
    from rocketmq_client.impl.consumer.default_mq_push_consumer_impl import DefaultMQPushConsumerImpl
    from rocketmq_client.impl.consumer.pull_request import PullRequest
    from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData

__all__ = ["PushPullCallback", "PULL_TIME_DELAY_MILLS_WHEN_BROKER_FLOW_CONTROL"]

log = logging.getLogger(__name__)

#: pull delay after the broker answered FLOW_CONTROL (ms)
PULL_TIME_DELAY_MILLS_WHEN_BROKER_FLOW_CONTROL = 20

_FOUND = PullStatus.FOUND
_NO_NEW_MSG = PullStatus.NO_NEW_MSG
_NO_MATCHED_MSG = PullStatus.NO_MATCHED_MSG
_OFFSET_ILLEGAL = PullStatus.OFFSET_ILLEGAL
#: answers meaning the broker does not know the consumer's group or subscription (version) yet: after a restart,
#: or before the heartbeat of a rebalance arrived
_SUBSCRIPTION_UNKNOWN = frozenset((ResponseCode.SUBSCRIPTION_NOT_EXIST, ResponseCode.SUBSCRIPTION_NOT_LATEST,
                                   ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST))
_time = time.time


class PushPullCallback(PullCallback):
    """Java's anonymous ``PullCallback`` of ``DefaultMQPushConsumerImpl.pullMessage``: handles each pull status and
    schedules the next pull of the queue."""

    __slots__ = ("impl", "pull_request", "subscription_data", "begin_timestamp")

    def __init__(self, impl: "DefaultMQPushConsumerImpl", pull_request: "PullRequest",
                 subscription_data: "SubscriptionData", begin_timestamp: float) -> None:
        self.impl = impl
        self.pull_request = pull_request
        self.subscription_data = subscription_data
        self.begin_timestamp = begin_timestamp

    def on_success(self, pull_result: "PullResult") -> None:
        """Java ``onSuccess``: FOUND caches the messages, submits them and pulls again (after ``pullInterval``);
        NO_NEW_MSG / NO_MATCHED_MSG move the offset and pull again; OFFSET_ILLEGAL drops the process queue and
        fixes the offset 10 s later."""
        if pull_result is None:
            return
        impl = self.impl
        pull_request = self.pull_request
        mq = pull_request.message_queue
        pull_result = impl.pull_api_wrapper.process_pull_result(mq, pull_result, self.subscription_data)
        status = pull_result.get_pull_status()
        if status is _FOUND:
            prev_request_offset = pull_request.next_offset
            pull_request.next_offset = pull_result.get_next_begin_offset()
            stats = impl.get_consumer_stats_manager()
            stats.inc_pull_rt(pull_request.consumer_group, mq.topic, int((_time() - self.begin_timestamp) * 1000))
            first_msg_offset = None
            msg_found_list = pull_result.get_msg_found_list()
            if not msg_found_list:
                impl.execute_pull_request_immediately(pull_request)
            else:
                first_msg_offset = msg_found_list[0].queue_offset
                stats.inc_pull_tps(pull_request.consumer_group, mq.topic, len(msg_found_list))
                process_queue = pull_request.process_queue
                dispatch_to_consume = process_queue.put_message(msg_found_list)
                impl.consume_message_service.submit_consume_request(msg_found_list, process_queue, mq,
                                                                    dispatch_to_consume)
                pull_interval = impl.default_mq_push_consumer.pull_interval
                if pull_interval > 0:
                    impl.execute_pull_request_later(pull_request, pull_interval)
                else:
                    impl.execute_pull_request_immediately(pull_request)
            if (pull_result.get_next_begin_offset() < prev_request_offset
                    or (first_msg_offset is not None and first_msg_offset < prev_request_offset)):
                log.warning("[BUG] pull message result maybe data wrong, nextBeginOffset: %s firstMsgOffset: %s "
                            "prevRequestOffset: %s", pull_result.get_next_begin_offset(), first_msg_offset,
                            prev_request_offset)
        elif status is _NO_NEW_MSG or status is _NO_MATCHED_MSG:
            pull_request.next_offset = pull_result.get_next_begin_offset()
            impl.correct_tags_offset(pull_request)
            impl.execute_pull_request_immediately(pull_request)
        elif status is _OFFSET_ILLEGAL:
            log.warning("the pull request offset illegal, %s %s", pull_request, pull_result)
            pull_request.next_offset = pull_result.get_next_begin_offset()
            pull_request.process_queue.set_dropped(True)
            impl.execute_task_later(lambda: impl.fix_offset_illegal(pull_request), 10000)

    def on_exception(self, e: BaseException) -> None:
        """Java ``onException``: pull again after 20 ms (broker FLOW_CONTROL) or
        ``pullTimeDelayMillsWhenException``; nothing while the client shuts down.

        Beyond Java, an answer that the broker does not know the group or the subscription version (24, 25, 26)
        gets that broker a prompt heartbeat and the pull again as soon as it is answered (Java waits for the
        penalty delay, and after a broker restart for the next 30 s heartbeat)."""
        impl = self.impl
        pull_request = self.pull_request
        if impl.mq_client_factory.get_pull_message_service().is_stopped():  # type: ignore[union-attr]
            log.debug("pull request failed while the client shuts down, not retried: %s", e)
            return
        if (isinstance(e, MQBrokerException) and e.get_response_code() in _SUBSCRIPTION_UNKNOWN
                and self._heartbeat_and_pull_again(e)):
            return
        if not pull_request.message_queue.topic.startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX):
            log.warning("execute the pull request exception: %s", e)
        if isinstance(e, MQBrokerException) and e.get_response_code() == ResponseCode.FLOW_CONTROL:
            impl.execute_pull_request_later(pull_request, PULL_TIME_DELAY_MILLS_WHEN_BROKER_FLOW_CONTROL)
        else:
            impl.execute_pull_request_later(pull_request, impl.pull_time_delay_mills_when_exception)

    def _heartbeat_and_pull_again(self, e: MQBrokerException) -> bool:
        """The prompt heartbeat and pull of :meth:`on_exception`; False when the answer names no broker."""
        broker_addr = e.get_broker_addr()
        if broker_addr is None:
            return False
        if not self._registered():  # unregistered on the way out: a heartbeat would register it again
            log.debug("pull request refused after the consumer was unregistered, not retried: %s", e)
            return True
        log.info("the broker does not know the subscription yet, heartbeat and pull again: %s %s",
                 self.pull_request, e.get_error_message())
        self.impl.mq_client_factory.send_heartbeat_to_broker_promptly(  # type: ignore[union-attr]
            broker_addr, self.begin_timestamp, self._pull_again_if_registered)
        return True

    def _registered(self) -> bool:
        impl = self.impl
        return impl.mq_client_factory.select_consumer(self.pull_request.consumer_group) is impl  # type: ignore

    def _pull_again_if_registered(self) -> None:
        if self._registered():
            self.impl.execute_pull_request_immediately(self.pull_request)
