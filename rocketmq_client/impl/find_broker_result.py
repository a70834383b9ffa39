"""Java ``org.apache.rocketmq.client.impl.FindBrokerResult``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["FindBrokerResult"]


class FindBrokerResult(Bean):
    """A broker address found for a broker name, whether it is a slave, and the broker's protocol version (0 when
    not known yet)."""

    broker_addr = Prop(str, required=True)
    slave = Prop(bool, required=True)
    broker_version = Prop(int, 0)

    def get_broker_addr(self) -> str: return self.broker_addr
    def set_broker_addr(self, broker_addr: Optional[str]) -> None: self.broker_addr = broker_addr
    def get_slave(self) -> bool: return self.slave
    def is_slave(self) -> bool: return self.slave
    def set_slave(self, slave: Optional[bool]) -> None: self.slave = slave
    def get_broker_version(self) -> int: return self.broker_version
    def set_broker_version(self, broker_version: int) -> None: self.broker_version = broker_version

    def __init__(self, broker_addr: str, slave: bool, broker_version: int = 0) -> None:
        self.broker_addr = broker_addr
        self.slave = slave
        self.broker_version = broker_version

    def __repr__(self) -> str:
        return "FindBrokerResult [brokerAddr=%s, slave=%s, brokerVersion=%d]" % (
            self.broker_addr, self.slave, self.broker_version)
