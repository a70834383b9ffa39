"""Java ``org.apache.rocketmq.store.CommitLog``: the append-only log of every stored message.

Records use the Java stored-message format (PROTOCOL.md §5.1) in segments of ``mapped_file_size_commit_log``
bytes named by their start offset. A record that does not fit at the end of a segment is preceded by Java's
end-of-file marker (``totalSize`` = the remaining space, ``BLANK_MAGIC_CODE``) and written at the start of the
next segment. Appends are serialized by ``put_message_lock``; each appended record is dispatched at once (consume
queue, index, extra dispatchers) under that lock, so a pull sees a message as soon as its put returns, and the
message-arriving listener is called after the lock is released.
"""
from __future__ import annotations

import logging
import mmap
import struct
import threading
import time
import zlib
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Tuple

from rocketmq_common.java_hash_map import java_hash_map_order
from rocketmq_broker.store.append_message_result import AppendMessageResult
from rocketmq_broker.store.append_message_status import AppendMessageStatus
from rocketmq_broker.store.config.flush_disk_type import FlushDiskType
from rocketmq_broker.store.dispatch_request import DispatchRequest
from rocketmq_broker.store.flush_commit_log_service import (FlushCommitLogService, FlushRealTimeService,
                                                            GroupCommitService)
from rocketmq_broker.store.mapped_file import MappedFile, is_disk_full_error
from rocketmq_broker.store.mapped_file_queue import MappedFileQueue
from rocketmq_broker.store.put_message_result import PutMessageResult
from rocketmq_broker.store.put_message_status import PutMessageStatus
from rocketmq_broker.store.select_mapped_buffer_result import SelectMappedBufferResult
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_ext_batch import MessageExtBatch
from rocketmq_common.message.message_ext_broker_inner import MessageExtBrokerInner
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.bean import Bean, MapOf, Prop

if TYPE_CHECKING:
    from rocketmq_broker.store.default_message_store import DefaultMessageStore

__all__ = ["CommitLog", "MESSAGE_MAGIC_CODE", "BLANK_MAGIC_CODE"]

log = logging.getLogger(__name__)

#: Java ``MESSAGE_MAGIC_CODE`` (0xDAA320A7)
MESSAGE_MAGIC_CODE = -626843481
#: Java ``BLANK_MAGIC_CODE`` (0xCBD43194): end-of-segment marker
BLANK_MAGIC_CODE = -875286124
_END_FILE_MIN_BLANK_LENGTH = 4 + 4
_MESSAGE_MAGIC_BYTES = struct.pack(">i", MESSAGE_MAGIC_CODE)
_BLANK_MAGIC_BYTES = struct.pack(">i", BLANK_MAGIC_CODE)
_SHORT_MAX = 32767
_RECOVER_CHUNK = 4 * 1024 * 1024

_NOT_TYPE = MessageSysFlag.TRANSACTION_NOT_TYPE
_COMMIT_TYPE = MessageSysFlag.TRANSACTION_COMMIT_TYPE
_TRANSACTION_MASK = MessageSysFlag.TRANSACTION_ROLLBACK_TYPE
_BORNHOST_V6_FLAG = MessageSysFlag.BORNHOST_V6_FLAG
_STOREHOST_V6_FLAG = MessageSysFlag.STOREHOSTADDRESS_V6_FLAG
_HOST_FLAGS = _BORNHOST_V6_FLAG | _STOREHOST_V6_FLAG

#: record header through bodyLength, keyed by the host flag bits (hosts include their port)
_HEADERS = {
    0x00: struct.Struct(">iiiiiqqiq8sq8siqi"),
    0x10: struct.Struct(">iiiiiqqiq20sq8siqi"),
    0x20: struct.Struct(">iiiiiqqiq8sq20siqi"),
    0x30: struct.Struct(">iiiiiqqiq20sq20siqi"),
}
#: the same fields for parsing, hosts split into address and port
_PARSE_HEADERS = {
    0x00: struct.Struct(">iiiiiqqiq4siq4siiqi"),
    0x10: struct.Struct(">iiiiiqqiq16siq4siiqi"),
    0x20: struct.Struct(">iiiiiqqiq4siq16siiqi"),
    0x30: struct.Struct(">iiiiiqqiq16siq16siiqi"),
}
_INT = struct.Struct(">i")
_SHORT = struct.Struct(">h")
_LONG = struct.Struct(">q")
_HEAD8 = struct.Struct(">ii")
_BATCH_HEAD = struct.Struct(">iiiii")
_SYSFLAG_POSITION = MessageDecoder.SYSFLAG_POSITION
_PROPERTY_SEPARATOR = 2

_PROPERTY_DELAY = MessageConst.PROPERTY_DELAY_TIME_LEVEL
_PROPERTY_REAL_TOPIC = MessageConst.PROPERTY_REAL_TOPIC
_PROPERTY_REAL_QUEUE_ID = MessageConst.PROPERTY_REAL_QUEUE_ID
_PROPERTY_TAGS = MessageConst.PROPERTY_TAGS
_PROPERTY_KEYS = MessageConst.PROPERTY_KEYS
_PROPERTY_UNIQ_KEY = MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX
_SCHEDULE_TOPIC = TopicValidator.RMQ_SYS_SCHEDULE_TOPIC
_TOPIC_LENGTHS = [bytes((n,)) for n in range(128)]

_PUT_OK = PutMessageStatus.PUT_OK
_MESSAGE_ILLEGAL = PutMessageStatus.MESSAGE_ILLEGAL
_PROPERTIES_SIZE_EXCEEDED = PutMessageStatus.PROPERTIES_SIZE_EXCEEDED
_SERVICE_NOT_AVAILABLE = PutMessageStatus.SERVICE_NOT_AVAILABLE
_UNKNOWN_ERROR = PutMessageStatus.UNKNOWN_ERROR
_APPEND_OK = AppendMessageStatus.PUT_OK


def cal_msg_length(sys_flag: int, body_length: int, topic_length: int, properties_length: int) -> int:
    """Java ``calMsgLength``: size of a stored record."""
    born = 8 if (sys_flag & _BORNHOST_V6_FLAG) == 0 else 20
    store = 8 if (sys_flag & _STOREHOST_V6_FLAG) == 0 else 20
    return (4 + 4 + 4 + 4 + 4 + 8 + 8 + 4 + 8 + born + 8 + store + 4 + 8
            + 4 + max(body_length, 0) + 1 + topic_length + 2 + max(properties_length, 0))


class CommitLog(Bean):
    """The commit log of a :class:`DefaultMessageStore`."""

    MESSAGE_MAGIC_CODE = MESSAGE_MAGIC_CODE
    BLANK_MAGIC_CODE = BLANK_MAGIC_CODE

    mapped_file_queue = Prop(MappedFileQueue)
    #: ``topic-queueId`` -> next queue offset
    topic_queue_table = Prop(MapOf(str, int), {})
    confirm_offset = Prop(int, -1)
    #: when the current put took the lock (0 when none holds it)
    begin_time_in_lock = Prop(int, 0)

    def get_mapped_file_queue(self) -> MappedFileQueue: return self.mapped_file_queue
    def set_mapped_file_queue(self, mapped_file_queue: Optional[MappedFileQueue]) -> None:
        self.mapped_file_queue = mapped_file_queue
    def get_topic_queue_table(self) -> Dict[str, int]: return self.topic_queue_table
    def set_topic_queue_table(self, topic_queue_table: Dict[str, int]) -> None:
        self.topic_queue_table = topic_queue_table
    def get_confirm_offset(self) -> int: return self.confirm_offset
    def set_confirm_offset(self, confirm_offset: int) -> None: self.confirm_offset = confirm_offset
    def get_begin_time_in_lock(self) -> int: return self.begin_time_in_lock
    def set_begin_time_in_lock(self, begin_time_in_lock: int) -> None: self.begin_time_in_lock = begin_time_in_lock

    def __init__(self, default_message_store: "DefaultMessageStore") -> None:
        super().__init__()  # the declared defaults
        config = default_message_store.message_store_config
        self.default_message_store = default_message_store
        self.mapped_file_queue = MappedFileQueue(config.get_store_path_commit_log(),
                                                 config.mapped_file_size_commit_log,
                                                 config.is_transient_store_pool_enable(), refuse_unwritten=True)
        self.flush_commit_log_service: FlushCommitLogService
        if config.flush_disk_type is FlushDiskType.SYNC_FLUSH:
            self.flush_commit_log_service = GroupCommitService(self)
        else:
            self.flush_commit_log_service = FlushRealTimeService(self)
        self.confirm_offset = -1
        self.begin_time_in_lock = 0
        self.put_message_lock = threading.Lock()
        self._host_cache: Dict[object, bytes] = {}
        #: the flush service when it is a group commit (SYNC_FLUSH), else None
        self._group_commit: Optional[GroupCommitService] = (
            self.flush_commit_log_service if isinstance(self.flush_commit_log_service, GroupCommitService) else None)
        self._tags_code_cache: Dict[str, int] = {}

    # ------------------------------------------------------------------ life cycle

    def load(self) -> bool:
        """Java ``load``: open the segments."""
        result = self.mapped_file_queue.load()
        log.info("load commit log %s", "OK" if result else "Failed")
        return result

    def start(self) -> None:
        """Java ``start``: start the flush thread."""
        self.flush_commit_log_service.start()

    def shutdown(self) -> None:
        """Java ``shutdown``: stop the flush thread after its last flush, then close the segments."""
        self.flush_commit_log_service.shutdown()
        self.mapped_file_queue.flush_all()
        self.mapped_file_queue.shutdown()

    def destroy(self) -> None:
        """Java ``destroy``: delete the segments."""
        self.mapped_file_queue.destroy()

    def flush(self) -> int:
        """Java ``flush``: fsync everything; the flushed offset."""
        return self.mapped_file_queue.flush_all()

    # ------------------------------------------------------------------ offsets and reads

    def scan_file_and_set_read_mode(self, mode: int) -> None:
        """Java ``scanFileAndSetReadMode`` (5.3.3): madvise every segment ``mode`` (``mmap.MADV_NORMAL`` 0: read
        ahead, ``MADV_RANDOM`` 1: not); nothing on a platform without madvise."""
        if not hasattr(mmap.mmap, "madvise"):
            log.info("no madvise on this platform: scanFileAndSetReadMode does nothing")
            return
        log.info("scanFileAndSetReadMode mode: %d", mode)
        for mapped_file in self.mapped_file_queue.get_mapped_files():
            self.set_file_read_mode(mapped_file, mode)

    @staticmethod
    def set_file_read_mode(mapped_file: Optional[MappedFile], mode: int) -> int:
        """Java ``setFileReadMode`` (5.3.3): madvise one segment; 0, or -1 for a segment without a map."""
        mapping = mapped_file.get_mapped_byte_buffer() if mapped_file is not None else None
        if mapping is None:
            return -1
        try:
            mapping.madvise(mode)
        except (OSError, ValueError) as e:  # a segment being closed
            log.info("madvise of %s failed: %s", mapped_file, e)
            return -1
        return 0

    def get_max_offset(self) -> int:
        """Java ``getMaxOffset``: end of the written data."""
        return self.mapped_file_queue.get_max_offset()

    def get_min_offset(self) -> int:
        """Java ``getMinOffset``: start of the first segment (-1 when empty)."""
        mapped_file = self.mapped_file_queue.get_first_mapped_file()
        if mapped_file is None:
            return -1
        if mapped_file.is_available():
            return mapped_file.file_from_offset
        return self.roll_next_file(mapped_file.file_from_offset)

    def remain_how_many_data_to_flush(self) -> int:
        """Java ``remainHowManyDataToFlush``."""
        return self.mapped_file_queue.remain_how_many_data_to_flush()

    def roll_next_file(self, offset: int) -> int:
        """Java ``rollNextFile``: start of the segment after the one holding ``offset``."""
        size = self.mapped_file_queue.mapped_file_size
        return offset + size - offset % size

    def get_message(self, offset: int, size: int) -> Optional[bytes]:
        """Java ``getMessage``: the ``size`` bytes at commit-log ``offset`` (None when not written or deleted;
        unlike Java, offset 0 does not fall back to the first segment, which would read another record)."""
        mapped_file = self.mapped_file_queue.find_mapped_file_by_offset(offset)
        if mapped_file is None:
            return None
        return mapped_file.select_mapped_buffer(offset % self.mapped_file_queue.mapped_file_size, size)

    def message_reader(self) -> Callable[[int, int], Optional[bytes]]:
        """:meth:`get_message` for the records of one pull, which mostly lie in one segment: the segment is looked
        up again only when an offset leaves it."""
        queue = self.mapped_file_queue
        segment_size = queue.mapped_file_size
        segment: List[Any] = [None, 0, 0]  # the mapped file, its first offset, its end offset (0: none)

        def read(offset: int, size: int) -> Optional[bytes]:
            mapped_file, start, end = segment
            if not start <= offset < end:
                mapped_file = queue.find_mapped_file_by_offset(offset)
                start = offset - offset % segment_size
                segment[:] = mapped_file, start, start + segment_size if mapped_file is not None else 0
            return None if mapped_file is None else mapped_file.select_mapped_buffer(offset - start, size)
        return read

    def get_data(self, offset: int, return_first_on_not_found: Optional[bool] = None
                 ) -> Optional[SelectMappedBufferResult]:
        """Java ``getData``: the bytes from ``offset`` to the end of its segment's data."""
        if return_first_on_not_found is None:
            return_first_on_not_found = offset == 0
        size = self.mapped_file_queue.mapped_file_size
        mapped_file = self.mapped_file_queue.find_mapped_file_by_offset(offset, return_first_on_not_found)
        if mapped_file is None:
            return None
        pos = offset % size
        data = mapped_file.select_mapped_buffer(pos)
        if data is None:
            return None
        return SelectMappedBufferResult(mapped_file.file_from_offset + pos, data, len(data))

    def pickup_store_timestamp(self, offset: int, size: int) -> int:
        """Java ``pickupStoreTimestamp``: store time of the record at ``offset`` (-1 if unreadable)."""
        if offset < self.get_min_offset():
            return -1
        data = self.get_message(offset, min(size, 96))
        if data is None or len(data) < 64:
            return -1
        sys_flag = _INT.unpack_from(data, _SYSFLAG_POSITION)[0]
        born_length = 8 if (sys_flag & _BORNHOST_V6_FLAG) == 0 else 20
        return _LONG.unpack_from(data, 48 + born_length)[0]

    def remove_queue_from_topic_queue_table(self, topic: str, queue_id: int) -> None:
        """Java ``removeQueueFromTopicQueueTable``."""
        with self.put_message_lock:
            self.topic_queue_table.pop("%s-%d" % (topic, queue_id), None)
        log.info("removeQueueFromTopicQueueTable OK Topic: %s QueueId: %d", topic, queue_id)

    def lock_time_mills(self) -> int:
        """Java ``lockTimeMills``: how long the current put has held the lock."""
        begin = self.begin_time_in_lock
        return max(0, int(time.time() * 1000) - begin) if begin > 0 else 0

    def delete_expired_file(self, expired_time: int, delete_files_interval: int, clean_immediately: bool) -> int:
        """Java ``deleteExpiredFile``."""
        return self.mapped_file_queue.delete_expired_file_by_time(expired_time, delete_files_interval,
                                                                  clean_immediately)

    def check_self(self) -> None:
        """Java ``checkSelf``."""
        self.mapped_file_queue.check_self()

    # ------------------------------------------------------------------ record parsing

    def check_message_and_return_size(self, data: bytes, pos: int = 0, check_crc: bool = False,
                                      read_body: bool = True) -> DispatchRequest:
        """Java ``checkMessageAndReturnSize``: parse the record at ``pos`` of ``data``; ``msg_size`` 0 with
        success at an end-of-segment marker, -1 (no success) for anything unreadable."""
        try:
            total_size, magic = _HEAD8.unpack_from(data, pos)
            if magic == BLANK_MAGIC_CODE:
                return DispatchRequest.of_size(0, True)
            if magic != MESSAGE_MAGIC_CODE:
                log.warning("found a illegal magic code 0x%08x", magic & 0xFFFFFFFF)
                return DispatchRequest.of_size(-1)
            if total_size <= 0 or pos + total_size > len(data):
                return DispatchRequest.of_size(-1)
            fields = _PARSE_HEADERS[_INT.unpack_from(data, pos + _SYSFLAG_POSITION)[0] & _HOST_FLAGS]
            (_size, _magic, body_crc, queue_id, _flag, queue_offset, physic_offset, sys_flag, _born_ts,
             _born_ip, _born_port, store_timestamp, _store_ip, _store_port, _reconsume, prepared_offset,
             body_len) = fields.unpack_from(data, pos)
            p = pos + fields.size
            if body_len > 0:
                if read_body and check_crc and zlib.crc32(data[p:p + body_len]) & 0x7FFFFFFF != body_crc:
                    log.warning("CRC check failed. bodyCRC=%d, record at %d", body_crc, physic_offset)
                    return DispatchRequest.of_size(-1)
                p += body_len
            topic_len = data[p]
            topic = data[p + 1:p + 1 + topic_len].decode("utf-8")
            p += 1 + topic_len
            props_len = _SHORT.unpack_from(data, p)[0]
            p += 2
            properties = None
            tags_code = 0
            keys: Optional[str] = ""
            uniq_key = None
            if props_len > 0:
                properties = MessageDecoder.string2message_properties(data[p:p + props_len].decode("utf-8"))
                keys = properties.get(_PROPERTY_KEYS)
                uniq_key = properties.get(_PROPERTY_UNIQ_KEY)
                tags_code = self._tags_code(topic, properties, store_timestamp)
            read_length = cal_msg_length(sys_flag, body_len, topic_len, props_len)
            if total_size != read_length or pos + read_length > len(data):
                log.error("[BUG]read total count not equals msg total size. totalSize=%d, readTotalCount=%d, "
                          "bodyLen=%d, topicLen=%d, propertiesLength=%d", total_size, read_length, body_len,
                          topic_len, props_len)
                return DispatchRequest.of_size(total_size)
            return DispatchRequest(topic, queue_id, physic_offset, total_size, tags_code, store_timestamp,
                                   queue_offset, keys, uniq_key, sys_flag, prepared_offset, properties)
        except (struct.error, IndexError, UnicodeDecodeError, ValueError) as e:
            log.warning("cannot parse the record at %d: %s", pos, e)
            return DispatchRequest.of_size(-1)

    def _tag_hash(self, tags: Optional[str]) -> int:
        """``String.hashCode`` of a ``TAGS`` value (0 when empty), cached."""
        if not tags:
            return 0
        code = self._tags_code_cache.get(tags)
        if code is None:
            code = UtilAll.string_hash_code(tags)
            if len(self._tags_code_cache) > 4096:
                self._tags_code_cache.clear()
            self._tags_code_cache[tags] = code
        return code

    def _tags_code(self, topic: str, properties: Dict[str, str], store_timestamp: int) -> int:
        """Tags code of a consume-queue entry: the delivery time for a delayed message in the schedule
        topic (Java's ``computeDeliverTimestamp``), else ``String.hashCode`` of ``TAGS``."""
        if topic == _SCHEDULE_TOPIC:
            level = properties.get(_PROPERTY_DELAY)
            if level is not None:
                schedule = self.default_message_store.schedule_message_service
                try:
                    delay_level = min(int(level), schedule.get_max_delay_level())
                except ValueError:
                    log.warning("invalid delay level %r in the schedule topic", level)
                    delay_level = 0
                if delay_level > 0:
                    return schedule.compute_deliver_timestamp(delay_level, store_timestamp)
        return self._tag_hash(properties.get(_PROPERTY_TAGS))

    def _host_bytes(self, address: object) -> bytes:
        """The stored form of a socket address (IP bytes + port), cached (store hosts repeat)."""
        packed = self._host_cache.get(address)
        if packed is None:
            packed = MessageExt.socket_address2byte_buffer(address)  # type: ignore[arg-type]
            if len(self._host_cache) > 1024:
                self._host_cache.clear()
            self._host_cache[address] = packed
        return packed

    # ------------------------------------------------------------------ put

    def put_message(self, msg: MessageExtBrokerInner) -> PutMessageResult:
        """Java ``asyncPutMessage`` (waited for): swap delayed messages into the schedule topic, encode,
        append and dispatch, then wait for the flush under SYNC_FLUSH. (The hot path of every send: kept flat,
        with as few calls and allocations as possible, on purpose.)"""
        store = self.default_message_store
        body = msg.body
        if body is None:
            body = b""
        body_crc = zlib.crc32(body) & 0x7FFFFFFF
        msg.body_crc = body_crc
        sys_flag = msg.sys_flag
        tran_type = sys_flag & _TRANSACTION_MASK
        counts_in_queue = tran_type == _NOT_TYPE or tran_type == _COMMIT_TYPE
        properties = msg.properties
        if properties is None and msg.properties_string:
            properties = msg.properties = MessageDecoder.string2message_properties(msg.properties_string)
        if counts_in_queue and properties and properties.get(_PROPERTY_DELAY) is not None:
            try:
                delay_level = int(properties[_PROPERTY_DELAY])
            except ValueError:
                log.warning("putMessage message with an invalid delay level %r", properties[_PROPERTY_DELAY])
                return PutMessageResult(_MESSAGE_ILLEGAL, None)
            if delay_level > 0:
                self._swap_to_schedule_topic(msg, properties, delay_level)
        host_cache = self._host_cache
        born_host = host_cache.get(msg.born_host) or self._host_bytes(msg.born_host)
        store_host = host_cache.get(msg.store_host) or self._host_bytes(msg.store_host)
        # the host bits follow the addresses, never the sender: the record layout and its length depend on them
        sys_flag &= ~_HOST_FLAGS
        if len(born_host) == 20:
            sys_flag |= _BORNHOST_V6_FLAG
        if len(store_host) == 20:
            sys_flag |= _STOREHOST_V6_FLAG
        msg.sys_flag = sys_flag
        props_string = msg.properties_string
        if props_string is None and properties:
            props_string = msg.properties_string = MessageDecoder.message_properties2string(properties)
        props_data = props_string.encode("utf-8") if props_string else b""
        props_len = len(props_data)
        if props_len > _SHORT_MAX:
            log.warning("putMessage message properties length too long. length=%d", props_len)
            return PutMessageResult(_PROPERTIES_SIZE_EXCEEDED, None)
        topic = msg.topic
        topic_data = topic.encode("utf-8")
        topic_len = len(topic_data)
        body_len = len(body)
        msg_len = 72 + len(born_host) + len(store_host) + body_len + 1 + topic_len + 2 + props_len
        max_body = store.message_store_config.max_message_size
        if body_len > max_body or msg_len > max_body + 64 * 1024 or topic_len > 127:
            log.warning("message size exceeded, msg total size: %d, msg body size: %d, maxMessageSize: %d",
                        msg_len, body_len, max_body)
            return PutMessageResult(_MESSAGE_ILLEGAL, None)
        if properties:
            keys = properties.get(_PROPERTY_KEYS)
            uniq_key = properties.get(_PROPERTY_UNIQ_KEY)
            tags = properties.get(_PROPERTY_TAGS)
            tags_code = self._tags_code_cache.get(tags) if tags else 0
            if tags_code is None or topic == _SCHEDULE_TOPIC:
                tags_code = None  # computed below (the schedule topic's depends on the store time)
        else:
            keys = uniq_key = None
            tags_code = 0
        queue_id = msg.queue_id
        key = f"{topic}-{queue_id}"
        header = _HEADERS[sys_flag & _HOST_FLAGS]
        prepared_offset = msg.prepared_transaction_offset

        lock = self.put_message_lock
        lock.acquire()
        try:
            if store.shutdown_flag:
                return PutMessageResult(_SERVICE_NOT_AVAILABLE, None)
            store_timestamp = int(time.time() * 1000)
            self.begin_time_in_lock = store_timestamp
            msg.store_timestamp = store_timestamp
            files = self.mapped_file_queue.mapped_files
            mapped_file = files[-1] if files else None
            if mapped_file is not None and msg_len + _END_FILE_MIN_BLANK_LENGTH <= \
                    mapped_file.file_size - mapped_file.wrote_position:
                pos = mapped_file.wrote_position
            else:
                mapped_file, pos = self._writable_file(msg_len)
                if mapped_file is None:
                    return PutMessageResult(self._no_file_status(msg_len), None)
            wrote_offset = mapped_file.file_from_offset + pos
            queue_offset = self.topic_queue_table.get(key, 0) if counts_in_queue else 0
            mapped_file.write_at(b"".join((header.pack(msg_len, MESSAGE_MAGIC_CODE, body_crc, queue_id, msg.flag,
                                                    queue_offset, wrote_offset, sys_flag, msg.born_timestamp,
                                                    born_host, store_timestamp, store_host, msg.reconsume_times,
                                                    prepared_offset, body_len),
                                        body, _TOPIC_LENGTHS[topic_len], topic_data, _SHORT.pack(props_len),
                                        props_data)), pos)
            mapped_file.store_timestamp = store_timestamp
            if counts_in_queue:
                self.topic_queue_table[key] = queue_offset + 1
            if tags_code is None:
                tags_code = self._tags_code(topic, properties, store_timestamp)
            request = DispatchRequest(topic, queue_id, wrote_offset, msg_len, tags_code, store_timestamp,
                                      queue_offset, keys, uniq_key, sys_flag, prepared_offset, properties)
            store.do_dispatch(request)
        except struct.error as e:  # a field outside its Java type (the processors check them first)
            log.warning("putMessage message with a field out of range, topic: %s: %s", topic, e)
            return PutMessageResult(_MESSAGE_ILLEGAL, None)
        except OSError as e:
            if is_disk_full_error(e):
                return PutMessageResult(self._disk_full(e), None)
            log.exception("append message to the commit log failed, topic: %s", topic)
            return PutMessageResult(_UNKNOWN_ERROR, None)
        finally:
            self.begin_time_in_lock = 0
            lock.release()
        # the offset msgId at once (Java supplies it lazily; a send always needs it)
        result = AppendMessageResult(_APPEND_OK, wrote_offset, msg_len,
                                     MessageDecoder.create_message_id(store_host, wrote_offset), store_timestamp,
                                     queue_offset)
        if store.message_arriving_listener is not None:
            store.notify_message_arriving(request)
        stats = store.store_stats_service
        stats.get_single_put_message_topic_times_total(topic).add(1)
        stats.get_single_put_message_topic_size_total(topic).add(msg_len)
        if self._group_commit is None:
            return PutMessageResult(_PUT_OK, result)
        return PutMessageResult(self._wait_flush(wrote_offset + msg_len, msg.is_wait_store_msg_ok()), result)

    def _swap_to_schedule_topic(self, msg: MessageExtBrokerInner, properties: Dict[str, str],
                                delay_level: int) -> None:
        """Java's delay branch of ``asyncPutMessage``: keep the real topic and queue in ``REAL_TOPIC`` /
        ``REAL_QID`` and store the message in ``SCHEDULE_TOPIC_XXXX`` queue ``level - 1`` (level clamped); the
        properties string is rebuilt in the order of Java's ``HashMap`` of them."""
        max_level = self.default_message_store.schedule_message_service.get_max_delay_level()
        if delay_level > max_level:
            delay_level = max_level
            properties[_PROPERTY_DELAY] = str(max_level)
        properties[_PROPERTY_REAL_TOPIC] = msg.topic
        properties[_PROPERTY_REAL_QUEUE_ID] = str(msg.queue_id)
        msg.properties_string = MessageDecoder.message_properties2string(java_hash_map_order(properties))
        msg.topic = _SCHEDULE_TOPIC
        msg.queue_id = delay_level - 1

    def _writable_file(self, msg_len: int) -> Tuple[Optional[MappedFile], int]:
        """The segment and position for a record of ``msg_len`` bytes, writing the end-of-segment marker
        and starting a new segment when it does not fit (called under the put lock)."""
        queue = self.mapped_file_queue
        files = queue.mapped_files
        mapped_file = files[-1] if files else None
        if mapped_file is None or mapped_file.wrote_position == mapped_file.file_size:
            mapped_file = queue.get_last_mapped_file(0)
            if mapped_file is None:
                return None, 0
        pos = mapped_file.wrote_position
        if msg_len + _END_FILE_MIN_BLANK_LENGTH > mapped_file.file_size - pos:
            mapped_file.write_at(_HEAD8.pack(mapped_file.file_size - pos, BLANK_MAGIC_CODE), pos)
            mapped_file.fill_to_end()
            mapped_file = queue.get_last_mapped_file(0)
            if mapped_file is None:
                return None, 0
            pos = mapped_file.wrote_position
            if msg_len + _END_FILE_MIN_BLANK_LENGTH > mapped_file.file_size - pos:
                return None, 0
        return mapped_file, pos

    def _disk_full(self, e: OSError) -> PutMessageStatus:
        """A put found no disk space (nothing was written): mark the store disk-full, as the disk check does,
        and refuse with SERVICE_NOT_AVAILABLE (the broker answers code 14 naming the full disk)."""
        if self.default_message_store.running_flags.get_and_make_disk_full():
            log.error("the disk of the commit log is full, so mark disk full: %s", e)
        return _SERVICE_NOT_AVAILABLE

    def _no_file_status(self, msg_len: int) -> PutMessageStatus:
        log.error("a record of %d bytes does not fit in a commit-log segment of %d bytes", msg_len,
                  self.mapped_file_queue.mapped_file_size)
        return PutMessageStatus.MESSAGE_ILLEGAL

    def _wait_flush(self, next_offset: int, wait_store_msg_ok: bool) -> PutMessageStatus:
        """Java ``submitFlushRequest``: under SYNC_FLUSH wait for the fsync covering ``next_offset``."""
        service = self._group_commit
        if service is not None:
            if wait_store_msg_ok:
                timeout = self.default_message_store.message_store_config.sync_flush_timeout
                if not service.wait_for_flush(next_offset, timeout):
                    log.warning("flush disk timeout, offset %d", next_offset)
                    return PutMessageStatus.FLUSH_DISK_TIMEOUT
            else:
                service.wakeup()
        return PutMessageStatus.PUT_OK

    def put_messages(self, batch: MessageExtBatch) -> PutMessageResult:
        """Java ``asyncPutMessages`` (waited for): append every record of a batch body (PROTOCOL.md §5.2)
        contiguously, with consecutive queue offsets; the msgId is the comma-joined offset ids."""
        store = self.default_message_store
        batch.store_timestamp = int(time.time() * 1000)
        sys_flag = batch.sys_flag
        if sys_flag & _TRANSACTION_MASK != _NOT_TYPE or batch.get_delay_time_level() > 0:
            return PutMessageResult(_MESSAGE_ILLEGAL, None)
        born_host = self._host_bytes(batch.born_host)
        store_host = self._host_bytes(batch.store_host)
        sys_flag &= ~_HOST_FLAGS  # the host bits follow the addresses (see put_message)
        if len(born_host) == 20:
            sys_flag |= _BORNHOST_V6_FLAG
        if len(store_host) == 20:
            sys_flag |= _STOREHOST_V6_FLAG
        batch.sys_flag = sys_flag
        topic = batch.topic
        topic_data = topic.encode("utf-8")
        if len(topic_data) > 127:
            return PutMessageResult(_MESSAGE_ILLEGAL, None)
        topic_part = _TOPIC_LENGTHS[len(topic_data)] + topic_data
        records = self._encode_batch(batch, 72 + len(born_host) + len(store_host) + 1 + len(topic_data) + 2)
        if isinstance(records, PutMessageStatus):
            return PutMessageResult(records, None)
        total_len = sum(record[0] for record in records)
        queue_id = batch.queue_id
        key = f"{topic}-{queue_id}"
        header = _HEADERS[sys_flag & _HOST_FLAGS]
        born_timestamp = batch.born_timestamp
        reconsume_times = batch.reconsume_times
        tags_code_cache = self._tags_code_cache
        lock = self.put_message_lock
        lock.acquire()
        try:
            if store.shutdown_flag:
                return PutMessageResult(_SERVICE_NOT_AVAILABLE, None)
            store_timestamp = int(time.time() * 1000)
            self.begin_time_in_lock = store_timestamp
            batch.store_timestamp = store_timestamp
            mapped_file, pos = self._writable_file(total_len)
            if mapped_file is None:
                return PutMessageResult(self._no_file_status(total_len), None)
            wrote_offset = phy = mapped_file.file_from_offset + pos
            begin_queue_offset = queue_offset = self.topic_queue_table.get(key, 0)
            parts: List[bytes] = []
            requests = []
            msg_ids = []
            for msg_len, body_crc, flag, msg_body, props_data, properties in records:
                parts += (header.pack(msg_len, MESSAGE_MAGIC_CODE, body_crc, queue_id, flag, queue_offset, phy,
                                      sys_flag, born_timestamp, born_host, store_timestamp, store_host,
                                      reconsume_times, 0, len(msg_body)),
                          msg_body, topic_part, _SHORT.pack(len(props_data)), props_data)
                if properties:
                    tags = properties.get(_PROPERTY_TAGS)
                    tags_code = tags_code_cache.get(tags) if tags else 0
                    if tags_code is None:
                        tags_code = self._tags_code(topic, properties, store_timestamp)
                    keys = properties.get(_PROPERTY_KEYS)
                    uniq_key = properties.get(_PROPERTY_UNIQ_KEY)
                else:
                    tags_code = 0
                    keys = uniq_key = None
                requests.append(DispatchRequest(topic, queue_id, phy, msg_len, tags_code, store_timestamp,
                                                queue_offset, keys, uniq_key, sys_flag, 0, properties))
                msg_ids.append(MessageDecoder.create_message_id(store_host, phy))
                phy += msg_len
                queue_offset += 1
            mapped_file.write_at(b"".join(parts), pos)
            mapped_file.store_timestamp = store_timestamp
            self.topic_queue_table[key] = queue_offset
            for request in requests:
                store.do_dispatch(request)
        except struct.error as e:
            log.warning("putMessages batch with a field out of range, topic: %s: %s", topic, e)
            return PutMessageResult(_MESSAGE_ILLEGAL, None)
        except OSError as e:
            if is_disk_full_error(e):
                return PutMessageResult(self._disk_full(e), None)
            log.exception("append batch to the commit log failed, topic: %s", topic)
            return PutMessageResult(_UNKNOWN_ERROR, None)
        finally:
            self.begin_time_in_lock = 0
            lock.release()
        result = AppendMessageResult(_APPEND_OK, wrote_offset, total_len, ",".join(msg_ids), store_timestamp,
                                     begin_queue_offset)
        result.msg_num = len(records)
        if store.message_arriving_listener is not None:
            for request in requests:
                store.notify_message_arriving(request)
        stats = store.store_stats_service
        stats.get_single_put_message_topic_times_total(topic).add(len(records))
        stats.get_single_put_message_topic_size_total(topic).add(total_len)
        if self._group_commit is None:
            return PutMessageResult(_PUT_OK, result)
        return PutMessageResult(self._wait_flush(wrote_offset + total_len, batch.is_wait_store_msg_ok()), result)

    def _encode_batch(self, batch: MessageExtBatch, fixed_length: int):
        """Java ``MessageExtEncoder.encode(MessageExtBatch)``, the part that needs no offsets: per record of the
        batch body, (stored size, body CRC, flag, body, properties bytes with the batch's, their map or None);
        ``fixed_length`` is the size of a record without its body and properties. A PutMessageStatus when
        the body is malformed or too big."""
        body = batch.body
        if not body:
            return PutMessageStatus.MESSAGE_ILLEGAL
        batch_props = MessageDecoder.message_properties2string(batch.properties).encode("utf-8")
        if len(batch_props) > _SHORT_MAX:
            log.warning("Properties size of messageExtBatch exceeded, properties size: %d", len(batch_props))
            return PutMessageStatus.PROPERTIES_SIZE_EXCEEDED
        records: List[Tuple[int, int, int, bytes, bytes, Optional[Dict[str, str]]]] = []
        p = 0
        end = len(body)
        try:
            while p < end:
                _size, _magic, _crc, flag, body_len = _BATCH_HEAD.unpack_from(body, p)
                p += _BATCH_HEAD.size
                msg_body = body[p:p + body_len]
                if body_len < 0 or len(msg_body) != body_len:
                    raise ValueError("body of %d bytes is cut" % body_len)
                p += body_len
                props_len = _SHORT.unpack_from(body, p)[0]
                p += 2
                props = body[p:p + props_len] if props_len > 0 else b""
                if props_len < 0 or len(props) != max(props_len, 0):
                    raise ValueError("properties of %d bytes are cut" % props_len)
                p += max(props_len, 0)
                if props and batch_props and props[-1] != _PROPERTY_SEPARATOR:
                    props = props + b"\x02"
                all_props = props + batch_props
                if len(all_props) > _SHORT_MAX:
                    return PutMessageStatus.PROPERTIES_SIZE_EXCEEDED
                properties = MessageDecoder.string2message_properties(all_props.decode("utf-8")) if all_props else None
                records.append((fixed_length + body_len + len(all_props), zlib.crc32(msg_body) & 0x7FFFFFFF, flag,
                                msg_body, all_props, properties))
        except (struct.error, ValueError, UnicodeDecodeError) as e:
            log.warning("malformed batch body: %s", e)
            return PutMessageStatus.MESSAGE_ILLEGAL
        if not records:
            return PutMessageStatus.MESSAGE_ILLEGAL
        return records

    # ------------------------------------------------------------------ recovery

    def scan_file(self, mapped_file: MappedFile, start: int, check_crc: bool,
                  dispatch: Optional[Callable[[DispatchRequest], None]] = None) -> Tuple[int, bool]:
        """Walk the records of a segment from ``start``: (end of the last good record, True if the walk
        stopped at the end-of-segment marker). ``dispatch`` gets every good record."""
        end = mapped_file.wrote_position
        pos = start
        buf = b""
        buf_start = 0
        while pos + _END_FILE_MIN_BLANK_LENGTH <= end:
            if pos + _END_FILE_MIN_BLANK_LENGTH > buf_start + len(buf):
                buf = mapped_file.read(pos, min(_RECOVER_CHUNK, end - pos))
                buf_start = pos
            total_size, magic = _HEAD8.unpack_from(buf, pos - buf_start)
            if magic == BLANK_MAGIC_CODE:
                return pos, True
            request = None
            if magic == MESSAGE_MAGIC_CODE and 0 < total_size <= end - pos:
                if pos + total_size > buf_start + len(buf):
                    buf = mapped_file.read(pos, min(max(_RECOVER_CHUNK, total_size), end - pos))
                    buf_start = pos
                request = self.check_message_and_return_size(buf, pos - buf_start, check_crc, True)
            if request is None or not request.success or request.msg_size != total_size:
                resume = self._next_record_after(mapped_file, pos, end)
                if resume < 0:
                    log.info("recover physics file end, %s pos=%d", mapped_file.file_name, pos)
                    return pos, False
                log.warning("skip %d bytes of an unreadable record at commit-log offset %d: the records after "
                            "it are kept", resume - pos, mapped_file.file_from_offset + pos)
                pos = resume
                buf = b""
                buf_start = pos
                continue
            if dispatch is not None:
                dispatch(request)
            pos += total_size
        return pos, False

    def _next_record_after(self, mapped_file: MappedFile, pos: int, end: int) -> int:
        """Where the records go on after the unreadable one at ``pos`` of a segment (-1 when nothing follows it):
        the first record within one maximal record size that parses whole with a good body CRC, or the
        end-of-segment marker. A torn tail is followed by zeros (nothing is found and recovery cuts it, as
        Java's); an acknowledged record after a bad one is never cut."""
        max_record = self.default_message_store.message_store_config.max_message_size + 64 * 1024 + 512
        window = mapped_file.read(pos, min(end - pos, 2 * max_record))
        file_size = mapped_file.file_size
        starts = []
        for magic in (_MESSAGE_MAGIC_BYTES, _BLANK_MAGIC_BYTES):
            found = window.find(magic, 5)
            while 0 <= found - 4 < max_record:
                start = found - 4
                total_size = _INT.unpack_from(window, start)[0]
                if magic is _BLANK_MAGIC_BYTES:
                    if total_size == file_size - pos - start:
                        starts.append(start)
                        break
                elif 0 < total_size <= len(window) - start:
                    request = self.check_message_and_return_size(window, start, True, True)
                    if request.success and request.msg_size == total_size:
                        starts.append(start)
                        break
                found = window.find(magic, found + 1)
        return pos + min(starts) if starts else -1

    def recover_normally(self, max_phy_offset_of_consume_queue: int) -> None:
        """Java ``recoverNormally`` (after a clean shutdown): check the last three segments, cut anything
        after the last good record."""
        files = self.mapped_file_queue.get_mapped_files()
        if not files:
            self._no_files_recovered()
            return
        self._recover_from(max(0, len(files) - 3), max_phy_offset_of_consume_queue, None)

    def recover_abnormally(self, max_phy_offset_of_consume_queue: int) -> None:
        """Java ``recoverAbnormally`` (after a crash): from the newest segment whose first record is older
        than the checkpoint, check and re-dispatch every record, cut anything after the last good one."""
        files = self.mapped_file_queue.get_mapped_files()
        if not files:
            self._no_files_recovered()
            return
        index = 0
        for i in range(len(files) - 1, -1, -1):
            if self._is_mapped_file_matched_recover(files[i]):
                log.info("recover from this mapped file %s", files[i].file_name)
                index = i
                break
        self._recover_from(index, max_phy_offset_of_consume_queue, self.default_message_store.do_dispatch)

    def _recover_from(self, index: int, max_phy_offset_of_consume_queue: int,
                      dispatch: Optional[Callable[[DispatchRequest], None]]) -> None:
        files = self.mapped_file_queue.get_mapped_files()
        check_crc = self.default_message_store.message_store_config.check_crc_on_recover
        process_offset = files[index].file_from_offset
        while True:
            mapped_file = files[index]
            pos, at_marker = self.scan_file(mapped_file, 0, check_crc, dispatch)
            process_offset = mapped_file.file_from_offset + pos
            if at_marker and index + 1 < len(files):
                index += 1
                log.info("recover next physics file, %s", files[index].file_name)
                continue
            break
        self.mapped_file_queue.set_flushed_where(process_offset)
        self.mapped_file_queue.set_committed_where(process_offset)
        if len(files) > index + 1 or mapped_file.read(pos, _END_FILE_MIN_BLANK_LENGTH).strip(b"\0"):
            log.warning("truncate the commit log at %d (dirty data after it)", process_offset)
        self.mapped_file_queue.truncate_dirty_files(process_offset)
        if max_phy_offset_of_consume_queue >= process_offset:
            log.warning("maxPhyOffsetOfConsumeQueue(%d) >= processOffset(%d), truncate dirty logic files",
                        max_phy_offset_of_consume_queue, process_offset)
            self.default_message_store.truncate_dirty_logic_files(process_offset)

    def _no_files_recovered(self) -> None:
        if self.default_message_store.consume_queue_table:
            log.warning("The commitlog files are deleted, and delete the consume queue files")
        else:
            log.info("a new commit log in %s", self.mapped_file_queue.store_path)
        self.mapped_file_queue.set_flushed_where(0)
        self.mapped_file_queue.set_committed_where(0)
        self.default_message_store.destroy_logics()

    def _is_mapped_file_matched_recover(self, mapped_file: MappedFile) -> bool:
        data = mapped_file.read(0, 128)
        if len(data) < 64 or _INT.unpack_from(data, 4)[0] != MESSAGE_MAGIC_CODE:
            return False
        sys_flag = _INT.unpack_from(data, _SYSFLAG_POSITION)[0]
        born_length = 8 if (sys_flag & _BORNHOST_V6_FLAG) == 0 else 20
        store_timestamp = _LONG.unpack_from(data, 48 + born_length)[0]
        if store_timestamp == 0:
            return False
        config = self.default_message_store.message_store_config
        checkpoint = self.default_message_store.store_checkpoint
        if config.message_index_enable and config.message_index_safe:
            return store_timestamp <= checkpoint.get_min_timestamp_index()
        return store_timestamp <= checkpoint.get_min_timestamp()
