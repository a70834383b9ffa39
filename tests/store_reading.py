"""Reading what an embedded broker stored, for tests of every package (``tests/`` is on ``sys.path`` through
``tests/conftest.py``)."""
from __future__ import annotations

from typing import List

from rocketmq_broker.broker_controller import BrokerController
from rocketmq_common.message.message_ext import MessageExt

__all__ = ["stored_messages"]


def stored_messages(controller: BrokerController, topic: str) -> List[MessageExt]:
    """Every message of ``topic`` in the broker's store, as stored (compressed bodies stay compressed), in queue
    then offset order."""
    store = controller.get_message_store()
    found: List[MessageExt] = []
    for queue_id in range(64):
        if store.get_consume_queue(topic, queue_id) is None:
            continue
        for offset in range(store.get_min_offset_in_queue(topic, queue_id),
                            store.get_max_offset_in_queue(topic, queue_id)):
            msg = store.look_message_by_offset(store.get_commit_log_offset_in_queue(topic, queue_id, offset))
            assert msg is not None
            found.append(msg)
    return found
