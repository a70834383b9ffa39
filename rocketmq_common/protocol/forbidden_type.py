"""Java 5.3.3 ``org.apache.rocketmq.remoting.protocol.ForbiddenType``: why a pull was answered NO_PERMISSION (the
``forbiddenType`` of the pull response header)."""
from __future__ import annotations

__all__ = ["ForbiddenType"]


class ForbiddenType:
    """The forbidden types (Java's interface constants)."""

    #: the broker is not readable
    BROKER_FORBIDDEN = 1
    #: the consumer group may not consume
    GROUP_FORBIDDEN = 2
    #: the topic is not readable
    TOPIC_FORBIDDEN = 3
    #: the group may not consume in broadcasting mode
    BROADCASTING_DISABLE_FORBIDDEN = 4
    #: the group may not read this topic (the subscription group manager's forbidden table)
    SUBSCRIPTION_FORBIDDEN = 5
