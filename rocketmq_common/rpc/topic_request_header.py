"""Java 5.3.3 ``org.apache.rocketmq.remoting.rpc.TopicRequestHeader``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Dict, Mapping, Optional

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop

__all__ = ["TopicRequestHeader"]


class TopicRequestHeader(RpcRequestHeader):
    """Base of the request headers about a topic (abstract in Java; subclasses declare ``topic``). ``lo``
    ("logical"): None or True, the queue ids and offsets are a static topic's logical ones; False, a broker
    forwarding a request has resolved them to its physical ones already. Not sent while None."""

    lo = Prop(bool)

    def get_lo(self) -> bool: return self.lo
    def is_lo(self) -> bool: return self.lo
    def set_lo(self, lo: Optional[bool]) -> None: self.lo = lo

    def _encode_base_fields(self, out: Dict[str, str]) -> None:
        """The written-out ``encode`` of a FastCodesHeader subclass, for the base fields: ``lo ns nsd bname
        oway``, in the order Java's ``PullMessageRequestHeader.encode`` writes them after its own fields."""
        if self.lo is not None:
            out["lo"] = "true" if self.lo else "false"
        if self.ns is not None:
            out["ns"] = self.ns
        if self.nsd is not None:
            out["nsd"] = "true" if self.nsd else "false"
        if self.bname is not None:
            out["bname"] = self.bname
        if self.oway is not None:
            out["oway"] = "true" if self.oway else "false"

    def _decode_base_fields(self, fields: Mapping[str, str]) -> None:
        """The written-out ``decode`` of a FastCodesHeader subclass, for the fields :meth:`_encode_base_fields`
        writes (``Boolean.parseBoolean`` for the flags)."""
        get = fields.get
        s = get("lo")
        if s is not None:
            self.lo = s.lower() == "true"
        s = get("ns")
        if s is not None:
            self.ns = s
        s = get("nsd")
        if s is not None:
            self.nsd = s.lower() == "true"
        s = get("bname")
        if s is not None:
            self.bname = s
        s = get("oway")
        if s is not None:
            self.oway = s.lower() == "true"

    if TYPE_CHECKING:  # Java's abstract getTopic / setTopic: every subclass declares the property
        topic: Optional[str]
