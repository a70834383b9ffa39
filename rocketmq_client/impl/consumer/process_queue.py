"""Java ``org.apache.rocketmq.client.impl.consumer.ProcessQueue``: the messages pulled for one queue and not yet
consumed, with the counters, timestamps and locks the push and lite-pull consumers use."""
from __future__ import annotations

import bisect
import logging
import threading
import time
from typing import TYPE_CHECKING, Dict, List, Optional, Tuple, cast

from rocketmq_client.common.atomic_long import AtomicLong
from rocketmq_common.message.message_accessor import MessageAccessor
from rocketmq_common.message.message_const import MessageConst
from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.netty.netty_system_config import get_system_property

if TYPE_CHECKING:
    from rocketmq_common.message.message_ext import MessageExt
    from rocketmq_common.protocol.body.process_queue_info import ProcessQueueInfo

__all__ = ["ProcessQueue", "MsgTreeMap"]

log = logging.getLogger(__name__)


_time = time.time
_PROPERTY_MAX_OFFSET = MessageConst.PROPERTY_MAX_OFFSET


def _now_millis() -> int:
    return int(_time() * 1000)


def _long_property(name: str, env: str, default: str) -> int:
    return int(get_system_property(name, env, default) or default)


class MsgTreeMap:
    """The part of Java's ``TreeMap<Long, MessageExt>`` the consumers use: a dict plus the sorted key list.

    Not thread-safe by itself: ProcessQueue guards it with its tree-map lock. ``first_key`` / ``last_key`` return
    ``None`` when empty (Java throws)."""

    __slots__ = ("_map", "_keys")

    def __init__(self) -> None:
        self._map: Dict[int, "MessageExt"] = {}
        self._keys: List[int] = []

    def put(self, key: int, value: "MessageExt") -> Optional["MessageExt"]:
        """Java ``put``: the previous value, or None when the key is new."""
        old = self._map.get(key)
        self._map[key] = value
        if old is None:
            keys = self._keys
            if not keys or key > keys[-1]:
                keys.append(key)
            else:
                bisect.insort(keys, key)
        return old

    def remove(self, key: int) -> Optional["MessageExt"]:
        """Java ``remove``: the removed value or None."""
        old = self._map.pop(key, None)
        if old is not None:
            keys = self._keys
            i = bisect.bisect_left(keys, key)
            del keys[i]
        return old

    def poll_first_entry(self) -> Optional[Tuple[int, "MessageExt"]]:
        """Java ``pollFirstEntry``."""
        if not self._keys:
            return None
        key = self._keys.pop(0)
        return key, self._map.pop(key)

    def first_key(self) -> Optional[int]:
        """Java ``firstKey`` (None when empty)."""
        return self._keys[0] if self._keys else None

    def last_key(self) -> Optional[int]:
        """Java ``lastKey`` (None when empty)."""
        return self._keys[-1] if self._keys else None

    def first_value(self) -> Optional["MessageExt"]:
        """The value of Java ``firstEntry``."""
        return self._map[self._keys[0]] if self._keys else None

    def put_all(self, other: "MsgTreeMap") -> None:
        """Java ``putAll``."""
        for key in other._keys:
            self.put(key, other._map[key])

    def clear(self) -> None:
        """Java ``clear``."""
        self._map.clear()
        self._keys.clear()

    def size(self) -> int:
        """Java ``size``."""
        return len(self._keys)

    def is_empty(self) -> bool:
        """Java ``isEmpty``."""
        return not self._keys

    def keys(self) -> List[int]:
        """A copy of the keys in ascending order."""
        return list(self._keys)

    def values(self) -> List["MessageExt"]:
        """The values in ascending key order (a copy)."""
        m = self._map
        return [m[k] for k in self._keys]

    def __len__(self) -> int:
        return len(self._keys)


def _body_len(msg: "MessageExt") -> int:
    body = msg.body
    return len(body) if body is not None else 0


class ProcessQueue(Bean):
    """Queue consumption snapshot (Java ``ProcessQueue``)."""

    #: Java ``rocketmq.client.rebalance.lockMaxLiveTime`` (ms)
    REBALANCE_LOCK_MAX_LIVE_TIME = _long_property("rocketmq.client.rebalance.lockMaxLiveTime",
                                                  "ROCKETMQ_CLIENT_REBALANCE_LOCK_MAX_LIVE_TIME", "30000")
    #: Java ``rocketmq.client.rebalance.lockInterval`` (ms)
    REBALANCE_LOCK_INTERVAL = _long_property("rocketmq.client.rebalance.lockInterval",
                                             "ROCKETMQ_CLIENT_REBALANCE_LOCK_INTERVAL", "20000")
    #: Java ``rocketmq.client.pull.pullMaxIdleTime`` (ms)
    PULL_MAX_IDLE_TIME = _long_property("rocketmq.client.pull.pullMaxIdleTime",
                                        "ROCKETMQ_CLIENT_PULL_PULL_MAX_IDLE_TIME", "120000")

    msg_tree_map = Prop(MsgTreeMap, factory=MsgTreeMap)
    msg_count = Prop(AtomicLong, factory=AtomicLong)
    msg_size = Prop(AtomicLong, factory=AtomicLong)
    dropped = Prop(bool, False)
    last_pull_timestamp = Prop(int, factory=_now_millis)
    last_consume_timestamp = Prop(int, factory=_now_millis)
    locked = Prop(bool, False)
    last_lock_timestamp = Prop(int, factory=_now_millis)
    #: whether a consume request is dispatched (Java keeps ``consuming`` private)
    consuming = Prop(bool, False)
    msg_acc_cnt = Prop(int, 0)

    def get_msg_tree_map(self) -> MsgTreeMap: return self.msg_tree_map
    def set_msg_tree_map(self, msg_tree_map: MsgTreeMap) -> None: self.msg_tree_map = msg_tree_map
    def get_msg_count(self) -> AtomicLong: return self.msg_count
    def set_msg_count(self, msg_count: AtomicLong) -> None: self.msg_count = msg_count
    def get_msg_size(self) -> AtomicLong: return self.msg_size
    def set_msg_size(self, msg_size: AtomicLong) -> None: self.msg_size = msg_size
    def get_dropped(self) -> bool: return self.dropped
    def is_dropped(self) -> bool: return self.dropped
    def set_dropped(self, dropped: bool) -> None: self.dropped = dropped
    def get_last_pull_timestamp(self) -> int: return self.last_pull_timestamp
    def set_last_pull_timestamp(self, last_pull_timestamp: int) -> None: self.last_pull_timestamp = last_pull_timestamp
    def get_last_consume_timestamp(self) -> int: return self.last_consume_timestamp
    def set_last_consume_timestamp(self, last_consume_timestamp: int) -> None:
        self.last_consume_timestamp = last_consume_timestamp
    def get_locked(self) -> bool: return self.locked
    def is_locked(self) -> bool: return self.locked
    def set_locked(self, locked: bool) -> None: self.locked = locked
    def get_last_lock_timestamp(self) -> int: return self.last_lock_timestamp
    def set_last_lock_timestamp(self, last_lock_timestamp: int) -> None: self.last_lock_timestamp = last_lock_timestamp
    def get_consuming(self) -> bool: return self.consuming
    def is_consuming(self) -> bool: return self.consuming
    def set_consuming(self, consuming: bool) -> None: self.consuming = consuming
    def get_msg_acc_cnt(self) -> int: return self.msg_acc_cnt
    def set_msg_acc_cnt(self, msg_acc_cnt: int) -> None: self.msg_acc_cnt = msg_acc_cnt

    def __init__(self) -> None:
        super().__init__()  # the declared defaults
        self.tree_map_lock = threading.RLock()  # Java ReentrantReadWriteLock (one lock: reads are short)
        self.consume_lock = threading.RLock()  # Java ReentrantLock
        #: a subset of msg_tree_map, only used by orderly consumption
        self.consuming_msg_orderly_tree_map = MsgTreeMap()
        self.try_unlock_times = AtomicLong(0)
        self.queue_offset_max = 0
        self.dropped = False
        self.locked = False
        self.consuming = False
        self.msg_acc_cnt = 0

    def is_lock_expired(self) -> bool:
        """Java ``isLockExpired``: no lock renewal for more than REBALANCE_LOCK_MAX_LIVE_TIME."""
        return (_now_millis() - self.last_lock_timestamp) > ProcessQueue.REBALANCE_LOCK_MAX_LIVE_TIME

    def is_pull_expired(self) -> bool:
        """Java ``isPullExpired``: no pull for more than PULL_MAX_IDLE_TIME."""
        return (_now_millis() - self.last_pull_timestamp) > ProcessQueue.PULL_MAX_IDLE_TIME

    def clean_expired_msg(self, push_consumer: object) -> None:
        """Java ``cleanExpiredMsg``: send back (delay level 3) and remove up to 16 of the oldest cached messages
        whose consumption started more than ``consumeTimeout`` minutes ago; nothing for orderly consumers.
        ``push_consumer`` is the ``DefaultMQPushConsumer``."""
        if push_consumer.get_default_mq_push_consumer_impl().is_consume_orderly():  # type: ignore[attr-defined]
            return
        loop = min(self.msg_tree_map.size(), 16)
        timeout_millis = push_consumer.get_consume_timeout() * 60 * 1000  # type: ignore[attr-defined]
        for _ in range(loop):
            with self.tree_map_lock:
                msg = self.msg_tree_map.first_value()
                if msg is None:
                    break
                start = MessageAccessor.get_consume_start_time_stamp(msg)
                if not start or _now_millis() - int(start) <= timeout_millis:
                    break
            try:
                push_consumer.send_message_back(msg, 3)  # type: ignore[attr-defined]
                log.info("send expire msg back. topic=%s, msgId=%s, storeHost=%s, queueId=%s, queueOffset=%s",
                         msg.get_topic(), msg.get_msg_id(), msg.get_store_host(), msg.get_queue_id(),
                         msg.get_queue_offset())
                with self.tree_map_lock:
                    if not self.msg_tree_map.is_empty() and msg.get_queue_offset() == self.msg_tree_map.first_key():
                        try:
                            self.remove_message([msg])
                        except Exception:
                            log.error("send expired msg exception", exc_info=True)
            except Exception:
                log.error("send expired msg exception", exc_info=True)

    def put_message(self, msgs: List["MessageExt"]) -> bool:
        """Java ``putMessage``: cache ``msgs``; True when a consume request must be dispatched (messages are
        cached and nobody is consuming yet)."""
        dispatch_to_consume = False
        with self.tree_map_lock:
            valid_msg_cnt = 0
            size = 0
            put = self.msg_tree_map.put
            for msg in msgs:
                offset = msg.queue_offset
                if put(offset, msg) is None:
                    valid_msg_cnt += 1
                    self.queue_offset_max = offset
                    body = msg.body
                    if body is not None:
                        size += len(body)
            self.msg_size.add_and_get(size)
            self.msg_count.add_and_get(valid_msg_cnt)
            if not self.consuming and not self.msg_tree_map.is_empty():
                dispatch_to_consume = True
                self.consuming = True
            if msgs:
                message_ext = msgs[-1]
                prop = message_ext.get_property(_PROPERTY_MAX_OFFSET)
                if prop is not None:
                    acc_total = int(prop) - message_ext.get_queue_offset()
                    if acc_total > 0:
                        self.msg_acc_cnt = acc_total
        return dispatch_to_consume

    def get_max_span(self) -> int:
        """Java ``getMaxSpan``: last cached offset - first cached offset (0 when empty)."""
        with self.tree_map_lock:
            tree = self.msg_tree_map
            if not tree.is_empty():
                return tree.last_key() - tree.first_key()  # type: ignore[operator]
        return 0

    def remove_message(self, msgs: List["MessageExt"]) -> int:
        """Java ``removeMessage``: drop consumed ``msgs``; returns the offset to commit: the smallest offset still
        cached, else the highest offset ever cached + 1; -1 when nothing was cached."""
        result = -1
        now = int(_time() * 1000)
        try:
            with self.tree_map_lock:
                self.last_consume_timestamp = now
                tree = self.msg_tree_map
                if not tree.is_empty():
                    result = self.queue_offset_max + 1
                    removed_cnt = 0
                    size = 0
                    remove = tree.remove
                    for msg in msgs:
                        if remove(msg.queue_offset) is not None:
                            removed_cnt -= 1
                            body = msg.body
                            if body is not None:
                                size += len(body)
                    self.msg_size.add_and_get(-size)
                    self.msg_count.add_and_get(removed_cnt)
                    if not tree.is_empty():
                        result = tree.first_key()  # type: ignore[assignment]
        except Exception:
            log.error("removeMessage exception", exc_info=True)
        return result

    def get_consume_lock(self) -> "threading.RLock":  # type: ignore[valid-type]
        """Java ``getConsumeLock`` (a reentrant lock; typeshed declares ``threading.RLock`` a function)."""
        return self.consume_lock

    def rollback(self) -> None:
        """Java ``rollback``: put the messages being consumed (orderly) back into the cache."""
        with self.tree_map_lock:
            self.msg_tree_map.put_all(self.consuming_msg_orderly_tree_map)
            self.consuming_msg_orderly_tree_map.clear()

    def commit(self) -> int:
        """Java ``commit``: forget the messages being consumed (orderly); returns the last offset + 1, or -1 when
        none were being consumed (Java throws there)."""
        with self.tree_map_lock:
            consuming = self.consuming_msg_orderly_tree_map
            offset = consuming.last_key()
            self.msg_count.add_and_get(-consuming.size())
            self.msg_size.add_and_get(-sum(_body_len(msg) for msg in consuming.values()))
            consuming.clear()
            if offset is not None:
                return offset + 1
        return -1

    def make_message_to_consume_again(self, msgs: List["MessageExt"]) -> None:
        """Java ``makeMessageToConsumeAgain``: move ``msgs`` from the consuming set back into the cache."""
        with self.tree_map_lock:
            for msg in msgs:
                self.consuming_msg_orderly_tree_map.remove(msg.get_queue_offset())
                self.msg_tree_map.put(msg.get_queue_offset(), msg)

    def take_messages(self, batch_size: int) -> List["MessageExt"]:
        """Java ``takeMessages``: move up to ``batch_size`` oldest cached messages to the consuming set (orderly);
        an empty result clears the consuming flag."""
        result: List["MessageExt"] = []
        now = _now_millis()
        with self.tree_map_lock:
            self.last_consume_timestamp = now
            tree = self.msg_tree_map
            consuming = self.consuming_msg_orderly_tree_map
            for _ in range(batch_size):
                entry = tree.poll_first_entry()
                if entry is None:
                    break
                result.append(entry[1])
                consuming.put(entry[0], entry[1])
            if not result:
                self.consuming = False
        return result

    def has_temp_message(self) -> bool:
        """Java ``hasTempMessage``: messages are cached."""
        with self.tree_map_lock:
            return not self.msg_tree_map.is_empty()

    def clear(self) -> None:
        """Java ``clear``."""
        with self.tree_map_lock:
            self.msg_tree_map.clear()
            self.consuming_msg_orderly_tree_map.clear()
            self.msg_count.set(0)
            self.msg_size.set(0)
            self.queue_offset_max = 0

    def get_try_unlock_times(self) -> int:
        """Java ``getTryUnlockTimes``."""
        return self.try_unlock_times.get()

    def inc_try_unlock_times(self) -> None:
        """Java ``incTryUnlockTimes``."""
        self.try_unlock_times.increment_and_get()

    def fill_process_queue_info(self, info: "ProcessQueueInfo") -> None:
        """Java ``fillProcessQueueInfo``."""
        try:
            with self.tree_map_lock:
                tree = self.msg_tree_map
                if not tree.is_empty():
                    info.set_cached_msg_min_offset(cast(int, tree.first_key()))
                    info.set_cached_msg_max_offset(cast(int, tree.last_key()))
                    info.set_cached_msg_count(tree.size())
                    info.set_cached_msg_size_in_mib(self.msg_size.get() // (1024 * 1024))
                consuming = self.consuming_msg_orderly_tree_map
                if not consuming.is_empty():
                    info.set_transaction_msg_min_offset(cast(int, consuming.first_key()))
                    info.set_transaction_msg_max_offset(cast(int, consuming.last_key()))
                    info.set_transaction_msg_count(consuming.size())
                info.set_locked(self.locked)
                info.set_try_unlock_times(self.try_unlock_times.get())
                info.set_last_lock_timestamp(self.last_lock_timestamp)
                info.set_droped(self.dropped)
                info.set_last_pull_timestamp(self.last_pull_timestamp)
                info.set_last_consume_timestamp(self.last_consume_timestamp)
        except Exception:
            log.error("fillProcessQueueInfo exception", exc_info=True)
