"""The message queue selectors: SelectMessageQueueByHash as Java computes it (String/Integer/Long/Boolean hashCode),
SelectMessageQueueByRandom and SelectMessageQueueByMachineRoom."""
from __future__ import annotations

import pytest

from rocketmq_client.producer.selector.select_message_queue_by_hash import SelectMessageQueueByHash, java_hash_code
from rocketmq_client.producer.selector.select_message_queue_by_machine_room import SelectMessageQueueByMachineRoom
from rocketmq_client.producer.selector.select_message_queue_by_random import SelectMessageQueueByRandom
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_queue import MessageQueue


@pytest.mark.parametrize("arg, expected", [
    ("order-1", 6), ("", 0), ("TagA", 2598919 % 8), (0, 0), (13, 5), (-13, 5), (True, 1231 % 8),
    (2 ** 31 - 1, (2 ** 31 - 1) % 8), (-(2 ** 31), 0),
    # Long.hashCode: (int)(value ^ (value >>> 32))
    (2 ** 40 + 7, (7 ^ 256) % 8),
])
def test_select_by_hash_matches_java(arg: object, expected: int) -> None:
    mqs = [MessageQueue("T", "b", i) for i in range(8)]
    assert SelectMessageQueueByHash().select(mqs, Message("T", b"x"), arg).queue_id == expected


def test_java_hash_code_values() -> None:
    assert java_hash_code("order-1") == -1207111310
    assert java_hash_code("日本") == 835047
    assert java_hash_code(-1) == -1
    assert java_hash_code(-(2 ** 40)) == -256  # Long.hashCode(-(1L << 40))
    assert java_hash_code(2 ** 31) == -(2 ** 31)  # Long.hashCode(2147483648L)

    class JavaLike:
        def hash_code(self) -> int:
            return -7

    assert java_hash_code(JavaLike()) == -7
    # negative hash: abs of Java's truncating remainder
    mqs = [MessageQueue("T", "b", i) for i in range(4)]
    assert SelectMessageQueueByHash().select(mqs, Message("T", b"x"), JavaLike()).queue_id == 3


def test_random_and_machine_room_selectors() -> None:
    mqs = [MessageQueue("T", "b", i) for i in range(4)]
    seen = {SelectMessageQueueByRandom().select(mqs, Message("T", b"x"), None).queue_id for _ in range(200)}
    assert seen == {0, 1, 2, 3}
    room = SelectMessageQueueByMachineRoom()
    room.set_consumeridcs({"idc1"})
    assert room.get_consumeridcs() == {"idc1"}
    assert room.select(mqs, Message("T", b"x"), None) is None
