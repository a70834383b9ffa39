"""Java ``org.apache.rocketmq.broker.client.ClientHousekeepingService``: the remoting server's channel event
listener (a closed, failed or idle connection leaves every producer and consumer group at once) and the periodic
scan for connections without heartbeats (every ``scanNotActiveChannelInterval`` ms, Java 10 s)."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from rocketmq_remoting.channel_event_listener import ChannelEventListener
from rocketmq_remoting.common.scheduled_executor import ScheduledExecutor

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController
    from rocketmq_remoting.netty.channel import Channel

__all__ = ["ClientHousekeepingService"]

log = logging.getLogger(__name__)


class ClientHousekeepingService(ChannelEventListener):
    """See the module docstring."""

    def __init__(self, broker_controller: "BrokerController") -> None:
        self.broker_controller = broker_controller
        self.scheduled_executor_service = ScheduledExecutor("ClientHousekeepingScheduledThread")

    def start(self) -> None:
        interval = self.broker_controller.get_broker_config().scan_not_active_channel_interval
        self.scheduled_executor_service.schedule_at_fixed_rate(self._scan_exception_channel, interval, interval)

    def _scan_exception_channel(self) -> None:
        try:
            self.broker_controller.get_producer_manager().scan_not_active_channel()
            self.broker_controller.get_consumer_manager().scan_not_active_channel()
        except Exception:
            log.error("Error occurred when scan not active client channels.", exc_info=True)

    def shutdown(self) -> None:
        self.scheduled_executor_service.shutdown()

    def _channel_gone(self, remote_addr: str, channel: "Channel") -> None:
        self.broker_controller.get_producer_manager().do_channel_close_event(remote_addr, channel)
        self.broker_controller.get_consumer_manager().do_channel_close_event(remote_addr, channel)

    def on_channel_connect(self, remote_addr: str, channel: "Channel") -> None:
        """Nothing to do (Java neither)."""

    def on_channel_close(self, remote_addr: str, channel: "Channel") -> None:
        self._channel_gone(remote_addr, channel)

    def on_channel_exception(self, remote_addr: str, channel: "Channel") -> None:
        self._channel_gone(remote_addr, channel)

    def on_channel_idle(self, remote_addr: str, channel: "Channel") -> None:
        self._channel_gone(remote_addr, channel)

    def on_channel_active(self, remote_addr: str, channel: "Channel") -> None:
        """Nothing to do (Java 5.3.3 neither; a server never fires it)."""
