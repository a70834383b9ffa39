"""Java ``org.apache.rocketmq.client.impl.consumer.AssignedMessageQueue``: the queues a lite pull consumer reads,
with the pull / consume / seek offsets and the pause flag of each."""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Collection, Dict, Optional, Set, Union

from rocketmq_client.impl.consumer.process_queue import ProcessQueue

if TYPE_CHECKING:
    from rocketmq_client.impl.consumer.rebalance_impl import RebalanceImpl
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["AssignedMessageQueue", "MessageQueueState"]


class MessageQueueState:
    """Java ``AssignedMessageQueue.MessageQueueState``: one assigned queue (offsets -1 when unknown)."""

    __slots__ = ("message_queue", "process_queue", "paused", "pull_offset", "consume_offset", "seek_offset")

    def __init__(self, message_queue: "MessageQueue", process_queue: ProcessQueue) -> None:
        self.message_queue = message_queue
        self.process_queue = process_queue
        self.paused = False
        self.pull_offset = -1
        self.consume_offset = -1
        self.seek_offset = -1

    def __repr__(self) -> str:
        return ("MessageQueueState [messageQueue=%s, paused=%s, pullOffset=%d, consumeOffset=%d, seekOffset=%d]"
                % (self.message_queue, self.paused, self.pull_offset, self.consume_offset, self.seek_offset))


class AssignedMessageQueue:
    """See the module docstring. Reads are lock-free (a dict lookup); changes of the queue set are serialised like
    Java's ``synchronized (assignedMessageQueueState)``."""

    def __init__(self) -> None:
        self._assigned_message_queue_state: Dict["MessageQueue", MessageQueueState] = {}
        self._lock = threading.Lock()
        self._rebalance_impl: Optional["RebalanceImpl"] = None

    def set_rebalance_impl(self, rebalance_impl: "RebalanceImpl") -> None:
        """Java ``setRebalanceImpl``: new queues then share the rebalance's process queue when it has one."""
        self._rebalance_impl = rebalance_impl

    def message_queues(self) -> Set["MessageQueue"]:
        """Java ``messageQueues``: a snapshot of the assigned queues."""
        return set(self._assigned_message_queue_state)

    def is_paused(self, message_queue: "MessageQueue") -> bool:
        """Java ``isPaused``: True also for a queue that is not assigned."""
        state = self._assigned_message_queue_state.get(message_queue)
        return state.paused if state is not None else True

    def pause(self, message_queues: Collection["MessageQueue"]) -> None:
        """Java ``pause``: assigned queues among ``message_queues`` stop being pulled."""
        for message_queue in message_queues:
            state = self._assigned_message_queue_state.get(message_queue)
            if state is not None:
                state.paused = True

    def resume(self, message_queues: Collection["MessageQueue"]) -> None:
        """Java ``resume``."""
        for message_queue in message_queues:
            state = self._assigned_message_queue_state.get(message_queue)
            if state is not None:
                state.paused = False

    def get_process_queue(self, message_queue: "MessageQueue") -> Optional[ProcessQueue]:
        """Java ``getProcessQueue``."""
        state = self._assigned_message_queue_state.get(message_queue)
        return state.process_queue if state is not None else None

    def get_pull_offset(self, message_queue: "MessageQueue") -> int:
        """Java ``getPullOffset``: -1 when unknown."""
        state = self._assigned_message_queue_state.get(message_queue)
        return state.pull_offset if state is not None else -1

    def update_pull_offset(self, message_queue: "MessageQueue", offset: int, process_queue: ProcessQueue) -> None:
        """Java ``updatePullOffset``: only while ``process_queue`` is still the queue's (not replaced by a
        reassignment)."""
        state = self._assigned_message_queue_state.get(message_queue)
        if state is not None and state.process_queue is process_queue:
            state.pull_offset = offset

    def get_consumer_offset(self, message_queue: "MessageQueue") -> int:
        """Java ``getConsumerOffset``: -1 when unknown."""
        state = self._assigned_message_queue_state.get(message_queue)
        return state.consume_offset if state is not None else -1

    def update_consume_offset(self, message_queue: "MessageQueue", offset: int) -> None:
        """Java ``updateConsumeOffset``."""
        state = self._assigned_message_queue_state.get(message_queue)
        if state is not None:
            state.consume_offset = offset

    def set_seek_offset(self, message_queue: "MessageQueue", offset: int) -> None:
        """Java ``setSeekOffset``."""
        state = self._assigned_message_queue_state.get(message_queue)
        if state is not None:
            state.seek_offset = offset

    def get_seek_offset(self, message_queue: "MessageQueue") -> int:
        """Java ``getSeekOffset``: -1 when no seek is pending."""
        state = self._assigned_message_queue_state.get(message_queue)
        return state.seek_offset if state is not None else -1

    def update_assigned_message_queue(self, topic_or_assigned: Union[str, Collection["MessageQueue"]],
                                      assigned: Optional[Collection["MessageQueue"]] = None) -> None:
        """Java ``updateAssignedMessageQueue(topic, assigned)`` (queues of ``topic`` only) and
        ``updateAssignedMessageQueue(assigned)`` (all queues): queues not in ``assigned`` are dropped (their
        process queue marked dropped), new ones added."""
        topic: Optional[str]
        if assigned is None:
            topic, assigned = None, topic_or_assigned  # type: ignore[assignment]
        else:
            topic = topic_or_assigned  # type: ignore[assignment]
        assigned = assigned if isinstance(assigned, (set, frozenset)) else set(assigned)  # type: ignore[arg-type]
        with self._lock:
            table = self._assigned_message_queue_state
            for mq in list(table):
                if (topic is None or mq.get_topic() == topic) and mq not in assigned:
                    state = table.pop(mq)
                    state.process_queue.set_dropped(True)
            self._add_assigned_message_queue(assigned)

    def _add_assigned_message_queue(self, assigned: Collection["MessageQueue"]) -> None:
        table = self._assigned_message_queue_state
        for message_queue in assigned:
            if message_queue not in table:
                process_queue = None
                if self._rebalance_impl is not None:
                    process_queue = self._rebalance_impl.get_process_queue_table().get(message_queue)
                if process_queue is None:
                    process_queue = ProcessQueue()
                table[message_queue] = MessageQueueState(message_queue, process_queue)

    def remove_assigned_message_queue(self, topic: str) -> None:
        """Java ``removeAssignedMessageQueue``: forget every queue of ``topic``."""
        with self._lock:
            table = self._assigned_message_queue_state
            for mq in list(table):
                if mq.get_topic() == topic:
                    del table[mq]

    def get_assigned_message_queues(self) -> Set["MessageQueue"]:
        """Java ``getAssignedMessageQueues``: a snapshot of the assigned queues."""
        return set(self._assigned_message_queue_state)

    def __repr__(self) -> str:
        return "AssignedMessageQueue %s" % (list(self._assigned_message_queue_state.values()),)
