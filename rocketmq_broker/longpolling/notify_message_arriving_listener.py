"""Java ``org.apache.rocketmq.broker.longpolling.NotifyMessageArrivingListener``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Dict, Optional

from rocketmq_broker.store.message_arriving_listener import MessageArrivingListener

if TYPE_CHECKING:
    from rocketmq_broker.longpolling.pull_request_hold_service import PullRequestHoldService
    from rocketmq_broker.processor.pop_message_processor import PopMessageProcessor

__all__ = ["NotifyMessageArrivingListener"]


class NotifyMessageArrivingListener(MessageArrivingListener):
    """The store's message arriving listener: hands every new consume-queue entry to the hold service and, as
    5.3.3 does, to the POP processor's long polling."""

    def __init__(self, pull_request_hold_service: "PullRequestHoldService",
                 pop_message_processor: Optional["PopMessageProcessor"] = None) -> None:
        self.pull_request_hold_service = pull_request_hold_service
        self.pop_message_processor = pop_message_processor

    def arriving(self, topic: str, queue_id: int, logic_offset: int, tags_code: int, msg_store_time: int,
                 filter_bit_map: Optional[bytes], properties: Optional[Dict[str, str]]) -> None:
        """Java ``arriving``."""
        self.pull_request_hold_service.notify_message_arriving(topic, queue_id, logic_offset, tags_code,
                                                               msg_store_time, filter_bit_map, properties)
        if self.pop_message_processor is not None:
            self.pop_message_processor.notify_message_arriving(topic, queue_id, logic_offset, tags_code,
                                                               msg_store_time, filter_bit_map, properties)
