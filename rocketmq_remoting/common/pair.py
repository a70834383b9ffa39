"""Java ``org.apache.rocketmq.remoting.common.Pair`` (4.9.7): two objects, e.g. a request processor and its
executor in the remoting processor tables.

5.3.3 moved the class to ``org.apache.rocketmq.common.Pair`` in rocketmq-common, a module below remoting there;
here rocketmq_common sits above rocketmq_remoting (tests/test_package_graph.py), so the remoting classes that use
it (NettyRemotingAbstract, the Netty client and server, the RemotingServer interface) take it from 4.9.7's
package, the lowest one."""
from __future__ import annotations

from typing import Generic, TypeVar

__all__ = ["Pair"]

T1 = TypeVar("T1")
T2 = TypeVar("T2")


class Pair(Generic[T1, T2]):
    """Java ``Pair<T1, T2>``."""

    __slots__ = ("object1", "object2")

    def __init__(self, object1: T1, object2: T2) -> None:
        self.object1 = object1
        self.object2 = object2

    def get_object1(self) -> T1:
        """Java ``getObject1``."""
        return self.object1

    def set_object1(self, object1: T1) -> None:
        """Java ``setObject1``."""
        self.object1 = object1

    def get_object2(self) -> T2:
        """Java ``getObject2``."""
        return self.object2

    def set_object2(self, object2: T2) -> None:
        """Java ``setObject2``."""
        self.object2 = object2

    def __repr__(self) -> str:
        return "Pair(%r, %r)" % (self.object1, self.object2)
