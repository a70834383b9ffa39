"""Java's anonymous ``PopCallback`` of ``DefaultMQPushConsumerImpl.popMessage`` (5.3.3): what a push consumer in POP
mode does with each pop answer (messages to the pop consume service, the next pop scheduled), beside
:mod:`push_pull_callback` for the pull mode."""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from rocketmq_client.consumer.pop_callback import PopCallback
from rocketmq_client.consumer.pop_status import PopStatus
from rocketmq_client.exception import MQBrokerException
from rocketmq_client.impl.consumer.push_pull_callback import PULL_TIME_DELAY_MILLS_WHEN_BROKER_FLOW_CONTROL
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.response_code import ResponseCode

if TYPE_CHECKING:
    from rocketmq_client.consumer.pop_result import PopResult
    from rocketmq_client.impl.consumer.default_mq_push_consumer_impl import DefaultMQPushConsumerImpl
    from rocketmq_client.impl.consumer.pop_request import PopRequest
    from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData

__all__ = ["PushPopCallback"]

log = logging.getLogger(__name__)

_time = time.time


class PushPopCallback(PopCallback):
    """See the module docstring."""

    __slots__ = ("impl", "pop_request", "subscription_data", "begin_timestamp")

    def __init__(self, impl: "DefaultMQPushConsumerImpl", pop_request: "PopRequest",
                 subscription_data: "SubscriptionData", begin_timestamp: float) -> None:
        self.impl = impl
        self.pop_request = pop_request
        self.subscription_data = subscription_data
        self.begin_timestamp = begin_timestamp

    def on_success(self, pop_result: "PopResult") -> None:
        """Java ``onSuccess``: FOUND filters the messages again, submits them and pops again (after
        ``pullInterval``); NO_NEW_MSG / POLLING_NOT_FOUND pop again at once; POLLING_FULL after
        ``pullTimeDelayMillsWhenException``."""
        impl = self.impl
        pop_request = self.pop_request
        if pop_result is None:
            log.error("pop callback popResult is null")
            impl.execute_pop_pull_request_immediately(pop_request)
            return
        impl.process_pop_result(pop_result, self.subscription_data)
        status = pop_result.get_pop_status()
        if status is PopStatus.FOUND:
            mq = pop_request.message_queue
            stats = impl.get_consumer_stats_manager()
            stats.inc_pull_rt(pop_request.consumer_group, mq.get_topic(),
                              int((_time() - self.begin_timestamp) * 1000))
            msg_found_list = pop_result.get_msg_found_list()
            if not msg_found_list:
                impl.execute_pop_pull_request_immediately(pop_request)
                return
            stats.inc_pull_tps(pop_request.consumer_group, mq.get_topic(), len(msg_found_list))
            process_queue = pop_request.pop_process_queue
            process_queue.inc_found_msg(len(msg_found_list))
            impl.consume_message_pop_service.submit_pop_consume_request(  # type: ignore[union-attr]
                msg_found_list, process_queue, mq)
            pull_interval = impl.get_default_mq_push_consumer().get_pull_interval()
            if pull_interval > 0:
                impl.execute_pop_pull_request_later(pop_request, pull_interval)
            else:
                impl.execute_pop_pull_request_immediately(pop_request)
        elif status is PopStatus.NO_NEW_MSG or status is PopStatus.POLLING_NOT_FOUND:
            impl.execute_pop_pull_request_immediately(pop_request)
        else:
            impl.execute_pop_pull_request_later(pop_request, impl.get_pull_time_delay_mills_when_exception())

    def on_exception(self, e: BaseException) -> None:
        """Java ``onException``: pop again after 20 ms (broker FLOW_CONTROL) or ``pullTimeDelayMillsWhenException``;
        nothing while the client shuts down."""
        impl = self.impl
        pop_request = self.pop_request
        if impl.mq_client_factory.get_pull_message_service().is_stopped():  # type: ignore[union-attr]
            log.debug("pop request failed while the client shuts down, not retried: %s", e)
            return
        if not pop_request.message_queue.get_topic().startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX):
            log.warning("execute the pull request exception: %s", e)
        if isinstance(e, MQBrokerException) and e.get_response_code() == ResponseCode.FLOW_CONTROL:
            impl.execute_pop_pull_request_later(pop_request, PULL_TIME_DELAY_MILLS_WHEN_BROKER_FLOW_CONTROL)
        else:
            impl.execute_pop_pull_request_later(pop_request, impl.get_pull_time_delay_mills_when_exception())
