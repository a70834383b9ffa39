"""Java ``org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueConsistentHash``."""
from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from rocketmq_client.consumer.rebalance.abstract_allocate_message_queue_strategy import (
    AbstractAllocateMessageQueueStrategy,
)
from rocketmq_common.consistenthash.consistent_hash_router import ConsistentHashRouter
from rocketmq_common.consistenthash.node import Node

if TYPE_CHECKING:
    from rocketmq_common.consistenthash.hash_function import HashFunction
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["AllocateMessageQueueConsistentHash"]


class _ClientNode(Node):
    """Java ``AllocateMessageQueueConsistentHash.ClientNode``: a consumer keyed by its client id."""

    __slots__ = ("client_id",)

    def __init__(self, client_id: str) -> None:
        self.client_id = client_id

    def get_key(self) -> str:
        return self.client_id


class AllocateMessageQueueConsistentHash(AbstractAllocateMessageQueueStrategy):
    """Each consumer gets ``virtual_node_cnt`` positions on an MD5 hash ring (keys ``"<clientId>-<k>"``); a queue
    goes to the owner of the first position at or after the hash of ``str(mq)`` (``CONSISTENT_HASH``)."""

    def __init__(self, virtual_node_cnt: int = 10, custom_hash_function: Optional["HashFunction"] = None) -> None:
        if virtual_node_cnt < 0:
            raise ValueError("illegal virtualNodeCnt :" + str(virtual_node_cnt))
        self.virtual_node_cnt = virtual_node_cnt
        self.custom_hash_function = custom_hash_function

    def allocate(self, consumer_group: str, current_cid: str, mq_all: List["MessageQueue"],
                 cid_all: List[str]) -> List["MessageQueue"]:
        if not self.check(consumer_group, current_cid, mq_all, cid_all):
            return []
        router: ConsistentHashRouter[_ClientNode] = ConsistentHashRouter(
            [_ClientNode(cid) for cid in cid_all], self.virtual_node_cnt, self.custom_hash_function)
        results: List["MessageQueue"] = []
        for mq in mq_all:
            client_node = router.route_node(repr(mq))
            if client_node is not None and current_cid == client_node.get_key():
                results.append(mq)
        return results

    def get_name(self) -> str:
        return "CONSISTENT_HASH"
