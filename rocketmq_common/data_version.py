"""Java ``org.apache.rocketmq.common.DataVersion``."""
from __future__ import annotations

import threading
import time
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["DataVersion"]


class DataVersion(RemotingSerializable):
    """Version of a broker's topic/subscription configuration: a timestamp (creation time by default) and a
    counter. Java keeps the counter in an ``AtomicLong``; here :meth:`next_version` is guarded by a lock and the
    counter is a plain int. Equal and hashed by both fields, as in Java."""

    timestamp = Prop(int, factory=lambda: int(time.time() * 1000))
    counter = Prop(int, 0)

    def get_timestamp(self) -> int: return self.timestamp
    def set_timestamp(self, timestamp: int) -> None: self.timestamp = timestamp
    def get_counter(self) -> int: return self.counter
    def set_counter(self, counter: int) -> None: self.counter = counter

    _lock = threading.Lock()

    def assign_new_one(self, data_version: "DataVersion") -> None:
        """Java ``assignNewOne``: copy the other version's timestamp and counter."""
        self.timestamp = data_version.timestamp
        self.counter = data_version.counter

    def next_version(self) -> None:
        """Java ``nextVersion``: now as the timestamp, counter + 1."""
        with self._lock:
            self.timestamp = int(time.time() * 1000)
            self.counter += 1

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        return self.timestamp == other.timestamp and self.counter == other.counter  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.timestamp, self.counter))

    def __repr__(self) -> str:
        return "DataVersion[timestamp=%s, counter=%s]" % (self.timestamp, self.counter)
