"""Java ``org.apache.rocketmq.client.consumer.store.LocalFileOffsetStore``: consume offsets kept in a local file
(BROADCASTING)."""
from __future__ import annotations

import logging
import os
from typing import TYPE_CHECKING, Dict, Optional, Set

from rocketmq_client.consumer.store.concurrent_offset_table import ConcurrentOffsetTable
from rocketmq_client.consumer.store.offset_serialize_wrapper import OffsetSerializeWrapper
from rocketmq_client.consumer.store.offset_store import OffsetStore
from rocketmq_client.consumer.store.read_offset_type import ReadOffsetType
from rocketmq_client.exception import MQClientException
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.mix_all import MixAll
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.netty.netty_system_config import get_system_property

if TYPE_CHECKING:
    from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
    from rocketmq_common.message.message_queue import MessageQueue

__all__ = ["LocalFileOffsetStore"]

log = logging.getLogger(__name__)


def local_offset_store_dir() -> str:
    """Java ``LOCAL_OFFSET_STORE_DIR``: property ``rocketmq.client.localOffsetStoreDir`` (environment
    ``ROCKETMQ_CLIENT_LOCAL_OFFSET_STORE_DIR``), default ``~/.rocketmq_offsets``; read when a store is created."""
    return get_system_property("rocketmq.client.localOffsetStoreDir", "ROCKETMQ_CLIENT_LOCAL_OFFSET_STORE_DIR",
                               None) or os.path.join(os.path.expanduser("~"), ".rocketmq_offsets")


class LocalFileOffsetStore(OffsetStore):
    """Offsets in memory, persisted to ``<dir>/<clientId>/<group>/offsets.json`` (atomically, previous content
    kept in ``offsets.json.bak``, which is read when the file is missing, empty or corrupt)."""

    def __init__(self, mq_client_factory: "MQClientInstance", group_name: str) -> None:
        self.mq_client_factory = mq_client_factory
        self.group_name = group_name
        self.store_path = os.path.join(local_offset_store_dir(), mq_client_factory.get_client_id(), group_name,
                                       "offsets.json")
        self.offset_table = ConcurrentOffsetTable()

    def load(self) -> None:
        """Java ``load``: read the file (or its .bak) into memory; MQClientException when neither is readable."""
        wrapper = self._read_local_offset()
        if wrapper is not None and wrapper.get_offset_table() is not None:
            self.offset_table.put_all(wrapper.get_offset_table())
            for mq, offset in wrapper.get_offset_table().items():
                log.info("load consumer's offset, %s %s %s", self.group_name, mq, offset)

    def update_offset(self, mq: Optional["MessageQueue"], offset: int, increase_only: bool) -> None:
        """Java ``updateOffset`` (never waits for another consume thread: see ConcurrentOffsetTable)."""
        if mq is not None:
            self.offset_table.update(mq, offset, increase_only)

    def read_offset(self, mq: Optional["MessageQueue"], type: ReadOffsetType) -> int:
        """Java ``readOffset``: from memory and/or the file; -1 when absent or unreadable."""
        if mq is None:
            return -1
        if type in (ReadOffsetType.MEMORY_FIRST_THEN_STORE, ReadOffsetType.READ_FROM_MEMORY):
            offset = self.offset_table.get(mq)
            if offset is not None:
                return offset
            if type == ReadOffsetType.READ_FROM_MEMORY:
                return -1
        try:
            wrapper = self._read_local_offset()
        except MQClientException:
            return -1
        if wrapper is not None and wrapper.get_offset_table() is not None:
            offset = wrapper.get_offset_table().get(mq)
            if offset is not None:
                self.update_offset(mq, offset, False)
                return offset
        return -1

    def persist_all(self, mqs: Optional[Set["MessageQueue"]]) -> None:
        """Java ``persistAll``: write the offsets of ``mqs`` to the file (MixAll.string2file: tmp, .bak, rename)."""
        if not mqs:
            return
        wrapper = OffsetSerializeWrapper()
        table = wrapper.get_offset_table()
        for mq, offset in self.offset_table.items():
            if mq in mqs:
                table[mq] = offset
        json_string = wrapper.to_json()
        try:
            MixAll.string2file(json_string, self.store_path)
        except OSError:
            log.error("persistAll consumer offset Exception, %s", self.store_path, exc_info=True)

    def persist(self, mq: "MessageQueue") -> None:
        """Java ``persist``: nothing (persist_all writes the file)."""

    def remove_offset(self, mq: "MessageQueue") -> None:
        """Java ``removeOffset``: nothing."""

    def update_consume_offset_to_broker(self, mq: "MessageQueue", offset: int, is_oneway: bool = True) -> None:
        """Java ``updateConsumeOffsetToBroker``: nothing."""

    def clone_offset_table(self, topic: Optional[str]) -> Dict["MessageQueue", int]:
        """Java ``cloneOffsetTable``."""
        blank = UtilAll.is_blank(topic)
        return {mq: offset for mq, offset in self.offset_table.items() if blank or mq.get_topic() == topic}

    def _read_local_offset(self) -> Optional[OffsetSerializeWrapper]:
        content = None
        try:
            content = MixAll.file2string(self.store_path)
        except (OSError, ValueError):
            log.warning("Load local offset store file exception", exc_info=True)
        if not content:
            return self._read_local_offset_bak()
        try:
            return OffsetSerializeWrapper.from_json(content)
        except Exception:
            log.warning("readLocalOffset Exception, and try to correct", exc_info=True)
            return self._read_local_offset_bak()

    def _read_local_offset_bak(self) -> Optional[OffsetSerializeWrapper]:
        content = None
        try:
            content = MixAll.file2string(self.store_path + ".bak")
        except (OSError, ValueError):
            log.warning("Load local offset store bak file exception", exc_info=True)
        if content:
            try:
                return OffsetSerializeWrapper.from_json(content)
            except Exception as e:
                log.warning("readLocalOffset Exception", exc_info=True)
                raise MQClientException("readLocalOffset Exception, maybe fastjson version too low"
                                        + FAQUrl.suggest_todo(FAQUrl.LOAD_JSON_EXCEPTION), e) from e
        return None
