"""Java ``org.apache.rocketmq.client.impl.consumer.RebalanceService``."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from rocketmq_common.service_thread import ServiceThread
from rocketmq_remoting.netty.netty_system_config import get_system_property

if TYPE_CHECKING:
    from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance

__all__ = ["RebalanceService"]

log = logging.getLogger(__name__)


class RebalanceService(ServiceThread):
    """Rebalances every consumer of the instance every ``wait_interval`` ms and on ``wakeup()``
    (``MQClientInstance.rebalance_immediately``)."""

    #: Java ``rocketmq.client.rebalance.waitInterval`` (ms), read from the environment like other properties
    wait_interval = int(get_system_property("rocketmq.client.rebalance.waitInterval",
                                            "ROCKETMQ_CLIENT_REBALANCE_WAIT_INTERVAL", "20000") or 20000)

    def __init__(self, mq_client_factory: "MQClientInstance") -> None:
        super().__init__()
        self.mq_client_factory = mq_client_factory

    def run(self) -> None:
        log.info("%s service started", self.get_service_name())
        while not self.is_stopped():
            self.wait_for_running(self.wait_interval)
            self.mq_client_factory.do_rebalance()
        log.info("%s service end", self.get_service_name())

    def get_service_name(self) -> str:
        return "RebalanceService"
