"""Helpers shared by the store tests (imported by name: the store conftest puts this directory on sys.path)."""
from __future__ import annotations

import threading
import time
from typing import Any, Dict, List, Optional, Tuple

from rocketmq_broker.store.config.message_store_config import MessageStoreConfig
from rocketmq_broker.store.default_message_store import DefaultMessageStore
from rocketmq_broker.store.message_arriving_listener import MessageArrivingListener
from rocketmq_broker.store.message_filter import MessageFilter
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.util_all import UtilAll

STORE_HOST = ("127.0.0.1", 10911)
BORN_HOST = ("10.0.0.1", 50000)


def make_config(root: Any, **overrides: Any) -> MessageStoreConfig:
    """A store config in ``root`` with small index files (and any Java field overridden)."""
    values: Dict[str, Any] = dict(store_path_root_dir=str(root), max_hash_slot_num=1000, max_index_num=4000)
    values.update(overrides)
    return MessageStoreConfig(**values)


def make_message(topic: str = "TopicTest", body: bytes = b"hello", queue_id: int = 0, tags: Optional[str] = "TagA",
                 keys: Optional[str] = None, uniq_key: Optional[str] = None, flag: int = 0, sys_flag: int = 0,
                 born_host: Tuple[str, int] = BORN_HOST, store_host: Tuple[str, int] = STORE_HOST,
                 properties: Optional[Dict[str, str]] = None) -> MessageExtBrokerInner:
    """A message as the send processor hands it to the store (properties string included)."""
    msg = MessageExtBrokerInner()
    msg.topic = topic
    msg.body = body
    msg.queue_id = queue_id
    msg.flag = flag
    msg.sys_flag = sys_flag
    msg.born_host = born_host
    msg.store_host = store_host
    msg.born_timestamp = int(time.time() * 1000)
    msg.properties = {}
    if tags:
        msg.set_tags(tags)
    if keys:
        msg.set_keys(keys)
    if uniq_key:
        msg.put_property("UNIQ_KEY", uniq_key)
    for name, value in (properties or {}).items():
        msg.put_property(name, value)
    msg.tags_code = MessageExtBrokerInner.tags_string2tags_code(tags)
    msg.properties_string = MessageDecoder.message_properties2string(msg.properties)
    return msg


def decode_all(buffers: List[bytes]) -> List[MessageExt]:
    """Decode stored records the way a consumer decodes a pull body."""
    return MessageDecoder.decodes(b"".join(buffers))


class RecordingListener(MessageArrivingListener):
    """Records ``arriving`` calls; :meth:`wait_for` waits (with a deadline) until a predicate holds."""

    def __init__(self) -> None:
        self.calls: List[tuple] = []
        self._cond = threading.Condition()

    def arriving(self, topic, queue_id, logic_offset, tags_code, msg_store_time, filter_bit_map, properties):
        with self._cond:
            self.calls.append((topic, queue_id, logic_offset, tags_code, msg_store_time, filter_bit_map, properties))
            self._cond.notify_all()

    def wait_for(self, predicate, timeout: float = 10.0) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: predicate(self.calls), timeout)


class TagFilter(MessageFilter):
    """A tag subscription: matches entries whose tags code is one of the tags' hash codes."""

    def __init__(self, *tags: str) -> None:
        self.codes = {UtilAll.string_hash_code(t) for t in tags}
        self.commit_log_calls = 0

    def is_matched_by_consume_queue(self, tags_code, cq_ext_unit):
        return tags_code in self.codes

    def is_matched_by_commit_log(self, msg_buffer, properties):
        self.commit_log_calls += 1
        return True


class FakeClock:
    """Replaces ``time`` in store modules: ``time()`` returns the set value (seconds)."""

    def __init__(self, start_ms: int) -> None:
        self.now_ms = start_ms

    def time(self) -> float:
        return self.now_ms / 1000.0

    def monotonic(self) -> float:
        return time.monotonic()

    def sleep(self, seconds: float) -> None:
        time.sleep(seconds)


def open_store(config: MessageStoreConfig, listener: Optional[MessageArrivingListener] = None) -> DefaultMessageStore:
    """Load and start a store (the caller shuts it down)."""
    store = DefaultMessageStore(config, None, listener, None)
    assert store.load()
    store.start()
    return store
