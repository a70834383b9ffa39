"""Java ``org.apache.rocketmq.client.impl.FindBrokerResult``."""
from __future__ import annotations

__all__ = ["FindBrokerResult"]


class FindBrokerResult:
    """A broker address found for a broker name, whether it is a slave, and the broker's protocol version (0 when
    not known yet)."""

    __slots__ = ("_broker_addr", "_slave", "_broker_version")

    def __init__(self, broker_addr: str, slave: bool, broker_version: int = 0) -> None:
        self._broker_addr = broker_addr
        self._slave = slave
        self._broker_version = broker_version

    def get_broker_addr(self) -> str:
        """Java ``getBrokerAddr``."""
        return self._broker_addr

    def is_slave(self) -> bool:
        """Java ``isSlave``."""
        return self._slave

    def get_broker_version(self) -> int:
        """Java ``getBrokerVersion``."""
        return self._broker_version

    def __repr__(self) -> str:
        return "FindBrokerResult [brokerAddr=%s, slave=%s, brokerVersion=%d]" % (
            self._broker_addr, self._slave, self._broker_version)
