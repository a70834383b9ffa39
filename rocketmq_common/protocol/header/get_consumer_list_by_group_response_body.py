"""Java ``org.apache.rocketmq.common.protocol.header.GetConsumerListByGroupResponseBody`` (a body living in Java's
header package)."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_remoting.common.bean import ListOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["GetConsumerListByGroupResponseBody"]


class GetConsumerListByGroupResponseBody(RemotingSerializable):
    """Body of the ``GET_CONSUMER_LIST_BY_GROUP`` response: the client ids of the group's live consumers."""

    consumer_id_list = Prop(ListOf(str))

    def get_consumer_id_list(self) -> List[str]: return self.consumer_id_list
    def set_consumer_id_list(self, consumer_id_list: Optional[List[str]]) -> None:
        self.consumer_id_list = consumer_id_list
