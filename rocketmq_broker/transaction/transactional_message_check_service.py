"""Java ``org.apache.rocketmq.broker.transaction.TransactionalMessageCheckService``: runs a check of the half
messages every ``transactionCheckInterval`` ms."""
from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING

from rocketmq_common.service_thread import ServiceThread

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController

__all__ = ["TransactionalMessageCheckService"]

log = logging.getLogger(__name__)


class TransactionalMessageCheckService(ServiceThread):
    """Each wait of ``transactionCheckInterval`` ms (read at start) ends with a check (``transactionTimeOut``,
    ``transactionCheckMax`` read at every round). Unlike Java, the wake-up of a shutdown
    does not run one more check."""

    def __init__(self, broker_controller: "BrokerController") -> None:
        super().__init__()
        self.broker_controller = broker_controller

    def get_service_name(self) -> str:
        return "TransactionalMessageCheckService"

    def run(self) -> None:
        log.info("Start transaction check service thread!")
        check_interval = self.broker_controller.get_broker_config().transaction_check_interval
        while not self.is_stopped():
            self.wait_for_running(check_interval)
        log.info("End transaction check service thread!")

    def on_wait_end(self) -> None:
        if self.is_stopped():
            return
        broker_config = self.broker_controller.get_broker_config()
        begin = int(time.time() * 1000)
        log.info("Begin to check prepare message, begin time:%d", begin)
        self.broker_controller.get_transactional_message_service().check(
            broker_config.transaction_time_out, broker_config.transaction_check_max,
            self.broker_controller.get_transactional_message_check_listener())
        log.info("End to check prepare message, consumed time:%d", int(time.time() * 1000) - begin)
