"""Java ``org.apache.rocketmq.client.consumer.rebalance.AllocateMachineRoomNearby``."""
from __future__ import annotations

from typing import TYPE_CHECKING, Dict, List

from rocketmq_client.consumer.allocate_message_queue_strategy import AllocateMessageQueueStrategy
from rocketmq_client.consumer.rebalance.abstract_allocate_message_queue_strategy import (
    AbstractAllocateMessageQueueStrategy,
)

if TYPE_CHECKING:
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["AllocateMachineRoomNearby", "MachineRoomResolver"]


def _java_order(s: str) -> bytes:
    return s.encode("utf-16-be", "surrogatepass")


class MachineRoomResolver:
    """Java ``AllocateMachineRoomNearby.MachineRoomResolver``: the machine room of a queue's broker and of a
    client (never None)."""

    def broker_deploy_in(self, message_queue: "MessageQueue") -> str:
        """Java ``brokerDeployIn``."""
        raise NotImplementedError

    def consumer_deploy_in(self, client_id: str) -> str:
        """Java ``consumerDeployIn``."""
        raise NotImplementedError


#: the module-level name, for annotations inside AllocateMachineRoomNearby (whose attribute shadows it there)
_MachineRoomResolver = MachineRoomResolver


class AllocateMachineRoomNearby(AbstractAllocateMessageQueueStrategy):
    """Queues of a machine room go to that room's consumers (with the inner strategy); queues of rooms without
    consumers are shared by all consumers (``MACHINE_ROOM_NEARBY-<inner name>``)."""

    MachineRoomResolver = MachineRoomResolver

    def __init__(self, allocate_message_queue_strategy: AllocateMessageQueueStrategy,
                 machine_room_resolver: _MachineRoomResolver) -> None:
        if allocate_message_queue_strategy is None:
            raise ValueError("allocateMessageQueueStrategy is null")
        if machine_room_resolver is None:
            raise ValueError("machineRoomResolver is null")
        self.allocate_message_queue_strategy = allocate_message_queue_strategy
        self.machine_room_resolver = machine_room_resolver

    def allocate(self, consumer_group: str, current_cid: str, mq_all: List["MessageQueue"],
                 cid_all: List[str]) -> List["MessageQueue"]:
        if not self.check(consumer_group, current_cid, mq_all, cid_all):
            return []
        resolver = self.machine_room_resolver
        mr2mq: Dict[str, List["MessageQueue"]] = {}
        for mq in mq_all:
            broker_machine_room = resolver.broker_deploy_in(mq)
            if not broker_machine_room:
                raise ValueError("Machine room is null for mq " + repr(mq))
            mr2mq.setdefault(broker_machine_room, []).append(mq)
        mr2c: Dict[str, List[str]] = {}
        for cid in cid_all:
            consumer_machine_room = resolver.consumer_deploy_in(cid)
            if not consumer_machine_room:
                raise ValueError("Machine room is null for consumer id " + str(cid))
            mr2c.setdefault(consumer_machine_room, []).append(cid)

        allocate_results: List["MessageQueue"] = []
        strategy = self.allocate_message_queue_strategy
        current_machine_room = resolver.consumer_deploy_in(current_cid)
        mq_in_this_machine_room = mr2mq.pop(current_machine_room, None)
        consumer_in_this_machine_room = mr2c.get(current_machine_room)
        if mq_in_this_machine_room:
            allocate_results.extend(strategy.allocate(consumer_group, current_cid, mq_in_this_machine_room,
                                                      consumer_in_this_machine_room) or ())  # type: ignore[arg-type]
        for machine_room in sorted(mr2mq, key=_java_order):  # Java iterates a TreeMap
            if machine_room not in mr2c:
                allocate_results.extend(strategy.allocate(consumer_group, current_cid, mr2mq[machine_room],
                                                          cid_all) or ())
        return allocate_results

    def get_name(self) -> str:
        return "MACHINE_ROOM_NEARBY-" + self.allocate_message_queue_strategy.get_name()
