"""Java ``org.apache.rocketmq.namesrv.routeinfo.BrokerHousekeepingService``."""
from __future__ import annotations

from typing import TYPE_CHECKING

from rocketmq_remoting.channel_event_listener import ChannelEventListener

if TYPE_CHECKING:
    from rocketmq_namesrv.namesrv_controller import NamesrvController
    from rocketmq_remoting.netty.channel import Channel

__all__ = ["BrokerHousekeepingService"]


class BrokerHousekeepingService(ChannelEventListener):
    """Drops a broker's routes as soon as its connection closes, fails or idles out."""

    def __init__(self, namesrv_controller: "NamesrvController") -> None:
        self.namesrv_controller = namesrv_controller

    def on_channel_connect(self, remote_addr: str, channel: "Channel") -> None:
        """Nothing to do: a broker becomes known when it registers."""

    def on_channel_close(self, remote_addr: str, channel: "Channel") -> None:
        self.namesrv_controller.get_route_info_manager().on_channel_destroy(remote_addr, channel)

    def on_channel_exception(self, remote_addr: str, channel: "Channel") -> None:
        self.namesrv_controller.get_route_info_manager().on_channel_destroy(remote_addr, channel)

    def on_channel_idle(self, remote_addr: str, channel: "Channel") -> None:
        self.namesrv_controller.get_route_info_manager().on_channel_destroy(remote_addr, channel)

    def on_channel_active(self, remote_addr: str, channel: "Channel") -> None:
        """Nothing to do (Java 5.3.3 neither; a server never fires it)."""
