"""RocksDB ``db/version_edit.cc`` (``VersionEdit::DecodeFrom``): one MANIFEST record, a change to the set of live
files of a column family, or the addition or drop of a column family."""
from __future__ import annotations

from typing import List, Optional, Tuple

from rocketmq_common.rocksdb.coding import get_length_prefixed_slice, get_varint
from rocketmq_common.rocksdb.rocks_db_exception import CORRUPTION, NOT_SUPPORTED, RocksDBException

__all__ = ["VersionEdit"]

COMPARATOR = 1
LOG_NUMBER = 2
NEXT_FILE_NUMBER = 3
LAST_SEQUENCE = 4
COMPACT_CURSOR = 5
DELETED_FILE = 6
NEW_FILE = 7
PREV_LOG_NUMBER = 9
MIN_LOG_NUMBER_TO_KEEP = 10
NEW_FILE2 = 100
NEW_FILE3 = 102
NEW_FILE4 = 103
COLUMN_FAMILY = 200
COLUMN_FAMILY_ADD = 201
COLUMN_FAMILY_DROP = 202
MAX_COLUMN_FAMILY = 203
IN_ATOMIC_GROUP = 300
BLOB_FILE_ADDITION = 400
BLOB_FILE_GARBAGE = 401
#: a tag from the future with this bit set is followed by its length and may be skipped
TAG_SAFE_IGNORE_MASK = 1 << 13
BLOB_FILE_ADDITION_DEPRECATED = TAG_SAFE_IGNORE_MASK + 2
BLOB_FILE_GARBAGE_DEPRECATED = TAG_SAFE_IGNORE_MASK + 3
WAL_ADDITION = TAG_SAFE_IGNORE_MASK + 4
WAL_DELETION = TAG_SAFE_IGNORE_MASK + 5

#: ``NewFileCustomTag``: the end of a kNewFile4's fields, the data-path id; a custom tag with the
#: ``kCustomTagNonSafeIgnoreMask`` bit that this reader does not know makes the MANIFEST unreadable
CUSTOM_TERMINATE = 1
CUSTOM_NON_SAFE_IGNORE_MASK = 1 << 6
CUSTOM_PATH_ID = CUSTOM_NON_SAFE_IGNORE_MASK + 1

#: the tags of a varint -> the attribute it sets ("": read and not kept)
_VARINT_FIELDS = {LOG_NUMBER: "log_number", NEXT_FILE_NUMBER: "next_file_number", LAST_SEQUENCE: "last_sequence",
                  PREV_LOG_NUMBER: "", MIN_LOG_NUMBER_TO_KEEP: "", COLUMN_FAMILY: "column_family",
                  MAX_COLUMN_FAMILY: "", IN_ATOMIC_GROUP: "remaining_in_atomic_group"}


class VersionEdit:
    """The fields of one edit this reader uses: ``new_files`` are (level, file number, file size)."""

    def __init__(self) -> None:
        self.comparator: Optional[str] = None
        self.log_number: Optional[int] = None
        self.next_file_number: Optional[int] = None
        self.last_sequence: Optional[int] = None
        self.column_family = 0
        self.column_family_add: Optional[str] = None
        self.is_column_family_drop = False
        self.remaining_in_atomic_group: Optional[int] = None
        self.deleted_files: List[Tuple[int, int]] = []
        self.new_files: List[Tuple[int, int, int]] = []

    @staticmethod
    def decode_from(src: bytes) -> "VersionEdit":
        """``VersionEdit::DecodeFrom``; Corruption ("VersionEdit: <what>") when the record is damaged."""
        edit = VersionEdit()
        pos, end = 0, len(src)
        while pos < end:
            tag, pos = get_varint(src, pos, "VersionEdit tag")
            if tag in _VARINT_FIELDS:
                value, pos = get_varint(src, pos, "VersionEdit field %d" % tag)
                if _VARINT_FIELDS[tag]:
                    setattr(edit, _VARINT_FIELDS[tag], value)
            elif tag == COMPARATOR:
                name, pos = get_length_prefixed_slice(src, pos, "comparator name")
                edit.comparator = name.decode("utf-8", "replace")
            elif tag in (NEW_FILE, NEW_FILE2, NEW_FILE3, NEW_FILE4):
                pos = edit._decode_new_file(tag, src, pos)
            elif tag == DELETED_FILE:
                level, pos = get_varint(src, pos, "deleted file")
                number, pos = get_varint(src, pos, "deleted file")
                edit.deleted_files.append((level, number))
            elif tag == COMPACT_CURSOR:
                _, pos = get_varint(src, pos, "compaction cursor")
                _, pos = get_length_prefixed_slice(src, pos, "compaction cursor")
            elif tag == COLUMN_FAMILY_ADD:
                name, pos = get_length_prefixed_slice(src, pos, "column family add")
                edit.column_family_add = name.decode("utf-8", "replace")
            elif tag == COLUMN_FAMILY_DROP:
                edit.is_column_family_drop = True
            elif tag in (BLOB_FILE_ADDITION, BLOB_FILE_GARBAGE, BLOB_FILE_ADDITION_DEPRECATED,
                         BLOB_FILE_GARBAGE_DEPRECATED):
                raise RocksDBException(NOT_SUPPORTED, "the MANIFEST lists blob files (key-value separation), "
                                                      "which this reader does not read")
            elif tag == WAL_ADDITION:  # a log number, then (tag, varint) pairs up to kTerminate
                _, pos = get_varint(src, pos, "WalAddition")
                field, pos = get_varint(src, pos, "WalAddition")
                while field != CUSTOM_TERMINATE:
                    _, pos = get_varint(src, pos, "WalAddition")
                    field, pos = get_varint(src, pos, "WalAddition")
            elif tag == WAL_DELETION:
                _, pos = get_varint(src, pos, "WalDeletion")
            elif tag & TAG_SAFE_IGNORE_MASK:  # kDbId, kWalAddition2, kFullHistoryTsLow... and the future's
                _, pos = get_length_prefixed_slice(src, pos, "safely ignorable tag %d" % tag)
            else:
                raise RocksDBException(CORRUPTION, "VersionEdit: unknown tag %d" % tag)
        return edit

    def _decode_new_file(self, tag: int, src: bytes, pos: int) -> int:
        what = {NEW_FILE: "new-file entry", NEW_FILE2: "new-file2 entry", NEW_FILE3: "new-file3 entry",
                NEW_FILE4: "new-file4 entry"}[tag]
        level, pos = get_varint(src, pos, what)
        number, pos = get_varint(src, pos, what)
        path_id = 0
        if tag == NEW_FILE3:
            path_id, pos = get_varint(src, pos, what)
        file_size, pos = get_varint(src, pos, what)
        _, pos = get_length_prefixed_slice(src, pos, what)  # smallest and largest internal keys
        _, pos = get_length_prefixed_slice(src, pos, what)
        if tag != NEW_FILE:
            _, pos = get_varint(src, pos, what)  # smallest and largest sequence numbers
            _, pos = get_varint(src, pos, what)
        if tag == NEW_FILE4:
            while True:
                custom_tag, pos = get_varint(src, pos, "new-file4 custom field")
                if custom_tag == CUSTOM_TERMINATE:
                    break
                field, pos = get_length_prefixed_slice(src, pos, "new-file4 custom field")
                if custom_tag == CUSTOM_PATH_ID:
                    path_id = field[0] if len(field) == 1 else -1
                elif custom_tag & CUSTOM_NON_SAFE_IGNORE_MASK:
                    raise RocksDBException(CORRUPTION, "VersionEdit: new-file4 custom field not supported")
        if path_id != 0:
            raise RocksDBException(NOT_SUPPORTED, "table file %d lies in data path %d (DBOptions.db_paths), which "
                                                  "this reader does not read" % (number, path_id))
        self.new_files.append((level, number, file_size))
        return pos
