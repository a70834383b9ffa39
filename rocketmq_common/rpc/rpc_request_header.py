"""Java 5.3.3 ``org.apache.rocketmq.remoting.rpc.RpcRequestHeader`` (4.9.7 ``org.apache.rocketmq.common.rpc``)."""
from __future__ import annotations

from typing import Any, Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["RpcRequestHeader"]

#: the base fields in the order Java 5.3.3's fast codec writes them after a header's own fields
#: (``PullMessageRequestHeader.encode``: ``... lo ns nsd bname oway``)
_TAIL = ("lo", "ns", "nsd", "bname", "oway")


class RpcRequestHeader(CommandCustomHeader):
    """Base of the request headers addressed to a broker name (abstract in Java): ``ns`` the namespace, ``nsd``
    whether names are namespaced already, ``bname`` the target broker name (for a static topic the mock
    ``__syslo__global__``, which the broker maps to its physical queues), ``oway`` a oneway request. All optional
    and not sent while None: a 4.9.x broker ignores them.

    The base fields (with :class:`~rocketmq_common.rpc.topic_request_header.TopicRequestHeader`'s ``lo``) are
    kept as the *last* properties of every subclass, in Java's order ``lo ns nsd bname oway``, the order in which
    Java 5.3.3's written-out ``PullMessageRequestHeader.encode`` writes them after a header's own fields.
    """

    ns = Prop(str)
    nsd = Prop(bool)
    bname = Prop(str)
    oway = Prop(bool)

    def get_ns(self) -> str: return self.ns
    def set_ns(self, ns: Optional[str]) -> None: self.ns = ns
    def get_nsd(self) -> bool: return self.nsd
    def is_nsd(self) -> bool: return self.nsd
    def set_nsd(self, nsd: Optional[bool]) -> None: self.nsd = nsd
    def get_bname(self) -> str: return self.bname
    def set_bname(self, bname: Optional[str]) -> None: self.bname = bname
    def get_oway(self) -> bool: return self.oway
    def is_oway(self) -> bool: return self.oway
    def set_oway(self, oway: Optional[bool]) -> None: self.oway = oway

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        tail = tuple(cls._props_by_name[name] for name in _TAIL if name in cls._props_by_name)
        cls._props = tuple(p for p in cls._props if p.name not in _TAIL) + tail
        cls._build_ext_plan()

    def get_broker_name(self) -> Optional[str]:
        """Java ``getBrokerName``: ``bname``."""
        return self.bname

    def set_broker_name(self, broker_name: Optional[str]) -> None:
        """Java ``setBrokerName``."""
        self.bname = broker_name

    def get_namespace(self) -> Optional[str]:
        """Java ``getNamespace``: ``ns``."""
        return self.ns

    def set_namespace(self, namespace: Optional[str]) -> None:
        """Java ``setNamespace``."""
        self.ns = namespace

    def get_namespaced(self) -> Optional[bool]:
        """Java ``getNamespaced``: ``nsd``."""
        return self.nsd

    def set_namespaced(self, namespaced: Optional[bool]) -> None:
        """Java ``setNamespaced``."""
        self.nsd = namespaced

    def get_oneway(self) -> Optional[bool]:
        """Java ``getOneway``: ``oway``."""
        return self.oway

    def set_oneway(self, oneway: Optional[bool]) -> None:
        """Java ``setOneway``."""
        self.oway = oneway

