"""Java ``org.apache.rocketmq.common.protocol.body.ProducerTableInfo``."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from rocketmq_common.protocol.body.producer_info import ProducerInfo
from rocketmq_remoting.common.bean import ListOf, MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["ProducerTableInfo"]


class ProducerTableInfo(RemotingSerializable):
    """Body of the ``GET_ALL_PRODUCER_INFO`` response: producers by group."""

    data = Prop(MapOf(str, ListOf(ProducerInfo)))

    def get_data(self) -> Dict[str, List[ProducerInfo]]: return self.data
    def set_data(self, data: Optional[Dict[str, List[ProducerInfo]]]) -> None: self.data = data

    def __init__(self, data: Optional[Dict[str, List[ProducerInfo]]] = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.data = data
