"""Java ``org.apache.rocketmq.broker.client.DefaultConsumerIdsChangeListener``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rocketmq_broker.client.consumer_group_event import ConsumerGroupEvent
from rocketmq_broker.client.consumer_ids_change_listener import ConsumerIdsChangeListener

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController

__all__ = ["DefaultConsumerIdsChangeListener"]


class DefaultConsumerIdsChangeListener(ConsumerIdsChangeListener):
    """CHANGE: send NOTIFY_CONSUMER_IDS_CHANGED to every given channel (when ``notifyConsumerIdsChangedEnable``);
    REGISTER / UNREGISTER: (un)register the group's subscriptions with the broker's consumer filter manager."""

    def __init__(self, broker_controller: "BrokerController") -> None:
        self.broker_controller = broker_controller

    def handle(self, event: ConsumerGroupEvent, group: str, *args: Any) -> None:
        if event is None:
            return
        controller = self.broker_controller
        if event is ConsumerGroupEvent.CHANGE:
            if not args:
                return
            channels = args[0]
            if channels is not None and controller.get_broker_config().notify_consumer_ids_changed_enable:
                broker2_client = controller.get_broker2_client()
                for channel in channels:
                    broker2_client.notify_consumer_ids_changed(channel, group)
        elif event is ConsumerGroupEvent.UNREGISTER:
            controller.get_consumer_filter_manager().un_register(group)
        elif event is ConsumerGroupEvent.REGISTER:
            if not args:
                return
            controller.get_consumer_filter_manager().register(group, args[0])
        else:
            raise RuntimeError("Unknown event %s" % (event,))
