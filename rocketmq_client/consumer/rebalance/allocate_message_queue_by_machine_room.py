"""Java ``org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueByMachineRoom``."""
from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional, Set

from rocketmq_client.consumer.rebalance.abstract_allocate_message_queue_strategy import (
    AbstractAllocateMessageQueueStrategy,
)
from rocketmq_remoting.common.bean import Bean, Prop, SetOf

if TYPE_CHECKING:
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["AllocateMessageQueueByMachineRoom"]


def _java_split(s: str, sep: str) -> List[str]:
    """Java ``String.split`` with a literal one-char separator: trailing empty strings are removed."""
    parts = s.split(sep)
    if len(parts) == 1:
        return parts
    while parts and parts[-1] == "":
        parts.pop()
    return parts


class AllocateMessageQueueByMachineRoom(AbstractAllocateMessageQueueStrategy, Bean):
    """Only queues of brokers named ``<idc>@<name>`` with ``<idc>`` in ``consumeridcs``, split into blocks of
    ``len // c`` plus one of the ``len % c`` remaining ones for the first consumers (``MACHINE_ROOM``)."""

    # (a SetOf Prop is a Prop[Any]: the annotation gives its reads their type)
    consumeridcs: Prop[Optional[Set[str]]] = Prop(SetOf(str))

    def get_consumeridcs(self) -> Optional[Set[str]]: return self.consumeridcs
    def set_consumeridcs(self, consumeridcs: Optional[Set[str]]) -> None: self.consumeridcs = consumeridcs

    def __init__(self, consumeridcs: Optional[Set[str]] = None) -> None:
        self.consumeridcs = consumeridcs

    def allocate(self, consumer_group: str, current_cid: str, mq_all: List["MessageQueue"],
                 cid_all: List[str]) -> List["MessageQueue"]:
        result: List["MessageQueue"] = []
        if not self.check(consumer_group, current_cid, mq_all, cid_all):
            return result
        if self.consumeridcs is None:
            raise ValueError("consumeridcs is not set")
        current_index = cid_all.index(current_cid)
        premq_all = []
        for mq in mq_all:
            temp = _java_split(mq.get_broker_name(), "@")
            if len(temp) == 2 and temp[0] in self.consumeridcs:
                premq_all.append(mq)
        c = len(cid_all)
        mod = len(premq_all) // c
        rem = len(premq_all) % c
        start_index = mod * current_index
        result.extend(premq_all[start_index:start_index + mod])
        if rem > current_index:
            result.append(premq_all[current_index + mod * c])
        return result

    def get_name(self) -> str:
        return "MACHINE_ROOM"
