"""Java ``org.apache.rocketmq.common.ServiceState``."""
from __future__ import annotations

import enum

__all__ = ["ServiceState"]


class ServiceState(enum.Enum):
    """Life-cycle state of a client, producer, consumer or server."""

    #: created, not started
    CREATE_JUST = 0
    #: running
    RUNNING = 1
    #: shut down
    SHUTDOWN_ALREADY = 2
    #: start failed
    START_FAILED = 3

    def next_step(self) -> str:
        """The next step for a Python user when a client in this state refused a call (an addition to Java, appended
        after Java's "service state not OK" text): start a client before using it, once; a client that was shut
        down or failed to start is replaced by a new one."""
        return _NEXT_STEPS[self]


_NEXT_STEPS = {
    ServiceState.CREATE_JUST: "\nNext step: call start() before using the client.",
    ServiceState.RUNNING: "\nNext step: start() is called once per client; it is running already.",
    ServiceState.SHUTDOWN_ALREADY: "\nNext step: the client was shut down; create a new one and start() it.",
    ServiceState.START_FAILED: "\nNext step: start() failed before (see its error); fix the cause, then create a "
                               "new client and start() it.",
}
