"""Java ``org.apache.rocketmq.store.ConsumeQueue``: the per topic/queue index into the commit log.

Files ``consumequeue/<topic>/<queueId>/<20-digit offset>`` hold 20-byte entries (big-endian): commit-log
offset (long), record size (int), tags hash code (long; for ``SCHEDULE_TOPIC_XXXX`` the delivery time).
Entry ``n`` (the message's queue offset) is at byte ``n * 20`` of the queue.
"""
from __future__ import annotations

import logging
import os
import struct
from typing import TYPE_CHECKING, Optional

from rocketmq_broker.store.config.broker_role import BrokerRole
from rocketmq_broker.store.dispatch_request import DispatchRequest
from rocketmq_broker.store.mapped_file import MappedFile
from rocketmq_broker.store.mapped_file_queue import MappedFileQueue
from rocketmq_broker.store.select_mapped_buffer_result import SelectMappedBufferResult
from rocketmq_remoting.common.bean import Bean, Prop

if TYPE_CHECKING:
    from rocketmq_broker.store.default_message_store import DefaultMessageStore

__all__ = ["ConsumeQueue", "CQ_STORE_UNIT_SIZE"]

log = logging.getLogger(__name__)

#: Java ``ConsumeQueue.CQ_STORE_UNIT_SIZE``
CQ_STORE_UNIT_SIZE = 20

_ENTRY = struct.Struct(">qiq")
_INT_MAX = 0x7FFFFFFF
_SLAVE = BrokerRole.SLAVE


class ConsumeQueue(Bean):
    """One consume queue: append entries in queue-offset order, read them by queue offset."""

    CQ_STORE_UNIT_SIZE = CQ_STORE_UNIT_SIZE

    topic = Prop(str)
    queue_id = Prop(int, 0)
    store_path = Prop(str)
    mapped_file_size = Prop(int, 0)
    mapped_file_queue = Prop(MappedFileQueue)
    #: commit-log end of the last entry written or recovered
    max_physic_offset = Prop(int, -1)
    #: byte offset of the first valid entry
    min_logic_offset = Prop(int, 0)

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: int) -> None: self.queue_id = queue_id
    def get_store_path(self) -> str: return self.store_path
    def set_store_path(self, store_path: Optional[str]) -> None: self.store_path = store_path
    def get_mapped_file_size(self) -> int: return self.mapped_file_size
    def set_mapped_file_size(self, mapped_file_size: int) -> None: self.mapped_file_size = mapped_file_size
    def get_mapped_file_queue(self) -> MappedFileQueue: return self.mapped_file_queue
    def set_mapped_file_queue(self, mapped_file_queue: Optional[MappedFileQueue]) -> None:
        self.mapped_file_queue = mapped_file_queue
    def get_max_physic_offset(self) -> int: return self.max_physic_offset
    def set_max_physic_offset(self, max_physic_offset: int) -> None: self.max_physic_offset = max_physic_offset
    def get_min_logic_offset(self) -> int: return self.min_logic_offset
    def set_min_logic_offset(self, min_logic_offset: int) -> None: self.min_logic_offset = min_logic_offset

    def __init__(self, topic: str, queue_id: int, store_path: str, mapped_file_size: int,
                 default_message_store: "DefaultMessageStore") -> None:
        self.store_path = store_path
        self.mapped_file_size = mapped_file_size
        self.default_message_store = default_message_store
        self.topic = topic
        self.queue_id = queue_id
        queue_dir = os.path.join(store_path, topic, str(queue_id))
        self.mapped_file_queue = MappedFileQueue(queue_dir, mapped_file_size, buffered=True)
        self.max_physic_offset = -1
        self.min_logic_offset = 0

    # ------------------------------------------------------------------ load and recovery

    def load(self) -> bool:
        """Java ``load``."""
        result = self.mapped_file_queue.load()
        log.info("load consume queue %s-%d %s", self.topic, self.queue_id, "OK" if result else "Failed")
        return result

    def recover(self) -> None:
        """Java ``recover``: keep the leading valid entries of the last three segments, drop the rest
        (including a partly written entry)."""
        files = self.mapped_file_queue.get_mapped_files()
        if not files:
            return
        index = max(0, len(files) - 3)
        mapped_file = files[index]
        process_offset = mapped_file.file_from_offset
        while True:
            valid = self._count_valid_bytes(mapped_file)
            if valid == self.mapped_file_size and index + 1 < len(files):
                index += 1
                mapped_file = files[index]
                process_offset = mapped_file.file_from_offset
                continue
            process_offset += valid
            break
        self.mapped_file_queue.set_flushed_where(process_offset)
        self.mapped_file_queue.set_committed_where(process_offset)
        self.mapped_file_queue.truncate_dirty_files(process_offset)

    def _count_valid_bytes(self, mapped_file: MappedFile) -> int:
        data = mapped_file.read(0, mapped_file.wrote_position)
        usable = len(data) - len(data) % CQ_STORE_UNIT_SIZE
        valid = 0
        for offset, size, _tags in _ENTRY.iter_unpack(memoryview(data)[:usable]):
            if offset >= 0 and size > 0:
                valid += CQ_STORE_UNIT_SIZE
                self.max_physic_offset = offset + size
            else:
                log.info("recover current consume queue file over, %s %d %d", mapped_file.file_name, offset, size)
                break
        return valid

    def truncate_dirty_logic_files(self, phy_offset: int) -> None:
        """Java ``truncateDirtyLogicFiles``: drop the entries that point at or beyond commit-log ``phy_offset``."""
        self.max_physic_offset = phy_offset
        while True:
            mapped_file = self.mapped_file_queue.get_last_mapped_file()
            if mapped_file is None:
                return
            data = mapped_file.read(0, mapped_file.wrote_position)
            usable = len(data) - len(data) % CQ_STORE_UNIT_SIZE
            keep = 0
            for offset, size, _tags in _ENTRY.iter_unpack(memoryview(data)[:usable]):
                if offset < 0 or size <= 0 or offset >= phy_offset:
                    break
                keep += CQ_STORE_UNIT_SIZE
                self.max_physic_offset = offset + size
            if keep == 0:
                self.mapped_file_queue.delete_last_mapped_file()
                continue
            if keep < mapped_file.wrote_position:
                mapped_file.truncate(keep)
            return

    # ------------------------------------------------------------------ offsets

    def get_last_offset(self) -> int:
        """Java ``getLastOffset``: commit-log end of the last entry (-1 when empty)."""
        mapped_file = self.mapped_file_queue.get_last_mapped_file()
        if mapped_file is None or mapped_file.wrote_position < CQ_STORE_UNIT_SIZE:
            return -1
        data = mapped_file.select_mapped_buffer(mapped_file.wrote_position - CQ_STORE_UNIT_SIZE, CQ_STORE_UNIT_SIZE)
        if data is None:
            return -1
        offset, size, _tags = _ENTRY.unpack(data)
        return offset + size if offset >= 0 and size > 0 else -1

    def get_min_offset_in_queue(self) -> int:
        """Java ``getMinOffsetInQueue``."""
        return self.min_logic_offset // CQ_STORE_UNIT_SIZE

    def get_max_offset_in_queue(self) -> int:
        """Java ``getMaxOffsetInQueue``: the next queue offset."""
        return self.mapped_file_queue.get_max_offset() // CQ_STORE_UNIT_SIZE

    def get_message_total_in_queue(self) -> int:
        """Java ``getMessageTotalInQueue``."""
        return self.get_max_offset_in_queue() - self.get_min_offset_in_queue()

    def correct_min_offset(self, phy_min_offset: int) -> None:
        """Java ``correctMinOffset``: the first entry pointing at or after commit-log ``phy_min_offset``."""
        mapped_file = self.mapped_file_queue.get_first_mapped_file()
        if mapped_file is None:
            return
        data = mapped_file.select_mapped_buffer(0)
        if data is None:
            return
        usable = len(data) - len(data) % CQ_STORE_UNIT_SIZE
        for i, (offset, _size, _tags) in enumerate(_ENTRY.iter_unpack(memoryview(data)[:usable])):
            if offset >= phy_min_offset:
                self.min_logic_offset = mapped_file.file_from_offset + i * CQ_STORE_UNIT_SIZE
                log.info("Compute logical min offset: %d, topic: %s, queueId: %d",
                         self.get_min_offset_in_queue(), self.topic, self.queue_id)
                break

    def roll_next_file(self, index: int) -> int:
        """Java ``rollNextFile``: the first queue offset of the next segment."""
        total_units = self.mapped_file_size // CQ_STORE_UNIT_SIZE
        return index + total_units - index % total_units

    # ------------------------------------------------------------------ write

    def put_message_position_info_wrapper(self, request: DispatchRequest) -> None:
        """Java ``putMessagePositionInfoWrapper``: append the entry of a dispatched record."""
        store = self.default_message_store
        if store.running_flags.flag_bits and not store.running_flags.is_cq_writeable():
            log.error("[BUG]consume queue can not write, %s %d", self.topic, self.queue_id)
            return
        if self.put_message_position_info(request.commit_log_offset, request.msg_size, request.tags_code,
                                          request.consume_queue_offset):
            checkpoint = store.store_checkpoint
            if store.message_store_config.broker_role is _SLAVE:
                checkpoint.physic_msg_timestamp = request.store_timestamp
            checkpoint.logics_msg_timestamp = request.store_timestamp
            return
        log.error("[BUG]consume queue can not write, %s %d", self.topic, self.queue_id)
        store.running_flags.make_logics_queue_error()

    def put_message_position_info(self, offset: int, size: int, tags_code: int, cq_offset: int) -> bool:
        """Java ``putMessagePositionInfo``: write entry ``cq_offset`` (a repeated dispatch is ignored)."""
        if offset + size <= self.max_physic_offset:
            log.debug("Maybe try to build consume queue repeatedly maxPhysicOffset=%d phyOffset=%d",
                      self.max_physic_offset, offset)
            return True
        expect_logic_offset = cq_offset * CQ_STORE_UNIT_SIZE
        files = self.mapped_file_queue.mapped_files
        mapped_file = files[-1] if files else None
        # segments hold whole entries (their size is rounded up to CQ_STORE_UNIT_SIZE): one not full has room
        if mapped_file is None or mapped_file.wrote_position == mapped_file.file_size:
            mapped_file = self._new_mapped_file(expect_logic_offset, cq_offset)
            if mapped_file is None:
                return False
        pos = mapped_file.wrote_position
        if cq_offset != 0:
            current_logic_offset = pos + mapped_file.file_from_offset
            if expect_logic_offset < current_logic_offset:
                log.warning("Build  consume queue repeatedly, expectLogicOffset: %d currentLogicOffset: %d "
                            "Topic: %s QID: %d", expect_logic_offset, current_logic_offset, self.topic, self.queue_id)
                return True
            if expect_logic_offset != current_logic_offset:
                if expect_logic_offset < mapped_file.file_from_offset + mapped_file.file_size:
                    # the entries between are records recovery could not read: blank entries (which reads pass
                    # over) keep this one at its own queue offset
                    log.warning("fill %d blank consume-queue entries before offset %d, Topic: %s QID: %d (records "
                                "the commit log could not read)", (expect_logic_offset - current_logic_offset)
                                // CQ_STORE_UNIT_SIZE, cq_offset, self.topic, self.queue_id)
                    self._fill_pre_blank(mapped_file, expect_logic_offset)
                    pos = mapped_file.wrote_position
                else:
                    # Java logs and appends anyway, which files the entry under the wrong queue offset; skipping it
                    # keeps every later entry at its own offset (the record stays in the commit log)
                    log.error("[BUG]logic queue order maybe wrong, expectLogicOffset: %d currentLogicOffset: %d "
                              "Topic: %s QID: %d, entry skipped", expect_logic_offset, current_logic_offset,
                              self.topic, self.queue_id)
                    return True
        self.max_physic_offset = offset + size
        mapped_file.write_at(_ENTRY.pack(offset, size, tags_code), pos)
        return True

    def _new_mapped_file(self, expect_logic_offset: int, cq_offset: int) -> Optional[MappedFile]:
        mapped_file = self.mapped_file_queue.get_last_mapped_file(expect_logic_offset)
        if mapped_file is not None and mapped_file.first_create_in_queue and cq_offset != 0 \
                and mapped_file.wrote_position == 0:
            self.min_logic_offset = expect_logic_offset
            self.mapped_file_queue.set_flushed_where(expect_logic_offset)
            self.mapped_file_queue.set_committed_where(expect_logic_offset)
            self._fill_pre_blank(mapped_file, expect_logic_offset)
            log.info("fill pre blank space %s %d %d", mapped_file.file_name, expect_logic_offset,
                     mapped_file.wrote_position)
        return mapped_file

    def _fill_pre_blank(self, mapped_file: MappedFile, until_where: int) -> None:
        """Java ``fillPreBlank``: blank entries from the write position up to ``until_where``."""
        until = until_where - mapped_file.file_from_offset
        mapped_file.append_message(_ENTRY.pack(0, _INT_MAX, 0)
                                   * ((until - mapped_file.wrote_position) // CQ_STORE_UNIT_SIZE))

    # ------------------------------------------------------------------ read

    def get_index_buffer(self, start_index: int, max_size: Optional[int] = None
                         ) -> Optional[SelectMappedBufferResult]:
        """Java ``getIndexBuffer``: the entries from queue offset ``start_index`` to the end of its segment
        (at most ``max_size`` bytes), or None when that offset is not in the queue."""
        offset = start_index * CQ_STORE_UNIT_SIZE
        if offset < self.min_logic_offset:
            return None
        mapped_file = self.mapped_file_queue.find_mapped_file_by_offset(offset)
        if mapped_file is None:
            return None
        pos = offset % self.mapped_file_size
        readable = mapped_file.wrote_position - pos
        if readable <= 0:
            return None
        size = readable if max_size is None else min(readable, max_size)
        data = mapped_file.select_mapped_buffer(pos, size)
        if data is None:
            return None
        return SelectMappedBufferResult(mapped_file.file_from_offset + pos, data, size)

    def get_entry(self, index: int) -> Optional[tuple]:
        """The entry ``(commit_log_offset, size, tags_code)`` at queue offset ``index``, or None."""
        buffer = self.get_index_buffer(index, CQ_STORE_UNIT_SIZE)
        if buffer is None or buffer.size < CQ_STORE_UNIT_SIZE:
            return None
        return _ENTRY.unpack(buffer.byte_buffer)

    def get_offset_in_queue_by_time(self, timestamp: int) -> int:
        """Java ``getOffsetInQueueByTime``: binary search by store time in the segment chosen by file
        time; the offset of the message stored at ``timestamp``, else the nearest one."""
        mapped_file = self.mapped_file_queue.get_mapped_file_by_time(timestamp)
        if mapped_file is None:
            return 0
        written = mapped_file.wrote_position
        low = self.min_logic_offset - mapped_file.file_from_offset if self.min_logic_offset > \
            mapped_file.file_from_offset else 0
        high = written - written % CQ_STORE_UNIT_SIZE - CQ_STORE_UNIT_SIZE
        target_offset = left_offset = right_offset = -1
        left_value = right_value = -1
        min_physic_offset = self.default_message_store.get_min_phy_offset()
        commit_log = self.default_message_store.commit_log
        while high >= low:
            mid = (low + high) // (2 * CQ_STORE_UNIT_SIZE) * CQ_STORE_UNIT_SIZE
            entry = mapped_file.select_mapped_buffer(mid, CQ_STORE_UNIT_SIZE)
            if entry is None:
                return 0
            phy_offset, size, _tags = _ENTRY.unpack(entry)
            if phy_offset < min_physic_offset:
                low = mid + CQ_STORE_UNIT_SIZE
                left_offset = mid
                continue
            store_time = commit_log.pickup_store_timestamp(phy_offset, size)
            if store_time < 0:
                return 0
            if store_time == timestamp:
                target_offset = mid
                break
            if store_time > timestamp:
                high = mid - CQ_STORE_UNIT_SIZE
                right_offset = mid
                right_value = store_time
            else:
                low = mid + CQ_STORE_UNIT_SIZE
                left_offset = mid
                left_value = store_time
        if target_offset != -1:
            offset = target_offset
        elif left_value == -1:
            offset = right_offset
        elif right_value == -1:
            offset = left_offset
        else:
            offset = right_offset if abs(timestamp - left_value) > abs(timestamp - right_value) else left_offset
        value = mapped_file.file_from_offset + offset
        # Java's int division truncates toward zero (an empty segment gives offset -1)
        return value // CQ_STORE_UNIT_SIZE if value >= 0 else -(-value // CQ_STORE_UNIT_SIZE)

    # ------------------------------------------------------------------ maintenance

    def flush(self, flush_least_pages: int) -> bool:
        """Java ``flush``."""
        return self.mapped_file_queue.flush(flush_least_pages)

    def delete_expired_file(self, offset: int) -> int:
        """Java ``deleteExpiredFile``: drop segments wholly below commit-log ``offset``."""
        count = self.mapped_file_queue.delete_expired_file_by_offset(offset, CQ_STORE_UNIT_SIZE)
        self.correct_min_offset(offset)
        return count

    def check_self(self) -> None:
        """Java ``checkSelf``."""
        self.mapped_file_queue.check_self()

    def shutdown(self) -> None:
        """Close the segment files."""
        self.mapped_file_queue.shutdown()

    def destroy(self) -> None:
        """Java ``destroy``: delete the files."""
        self.max_physic_offset = -1
        self.min_logic_offset = 0
        self.mapped_file_queue.destroy()
        try:
            os.rmdir(os.path.join(self.store_path, self.topic))
        except OSError as e:
            log.debug("keep topic directory of %s: %s", self.topic, e)

    def __repr__(self) -> str:
        return "ConsumeQueue[%s-%d]" % (self.topic, self.queue_id)
