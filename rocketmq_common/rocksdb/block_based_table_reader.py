"""RocksDB ``table/block_based/block_based_table_reader.cc``: the entries of one block-based table file.

``Open`` reads the footer, the metaindex block and through it the properties block (``rocksdb.properties``),
which says how the index block is encoded; iterating walks the index block and every data block it points to.
Partitioned indexes, indexes with first keys and range deletion blocks raise NotSupported.
"""
from __future__ import annotations

import os
from typing import Dict, Iterator, Tuple

from rocketmq_common.rocksdb import dbformat
from rocketmq_common.rocksdb.block import Block
from rocketmq_common.rocksdb.coding import decode_fixed32, get_varint
from rocketmq_common.rocksdb.format import BlockHandle, Footer, read_block
from rocketmq_common.rocksdb.rocks_db_exception import CORRUPTION, NOT_SUPPORTED, RocksDBException
from rocketmq_common.rocksdb.version_set import read_file

__all__ = ["BlockBasedTable"]

PROPERTIES_BLOCK = b"rocksdb.properties"
PROPERTIES_BLOCK_OLD_NAME = b"rocksdb.stats"
RANGE_DEL_BLOCK = b"rocksdb.range_del"
INDEX_TYPE = b"rocksdb.block.based.table.index.type"
INDEX_VALUE_IS_DELTA_ENCODED = b"rocksdb.index.value.is.delta.encoded"
NUM_RANGE_DELETIONS = b"rocksdb.num.range-deletions"
#: ``BlockBasedTableOptions::IndexType``: kBinarySearch and kHashSearch walk alike
BINARY_SEARCH, HASH_SEARCH = 0, 1


class BlockBasedTable:
    """An opened table file (see the module docstring); ``file_size`` is the size the MANIFEST records."""

    def __init__(self, file_name: str, file_size: int) -> None:
        self.file_name = file_name
        self._data = read_file(file_name)
        if len(self._data) != file_size:
            raise RocksDBException(CORRUPTION, "Sst file size mismatch: %s. Size recorded in manifest %d, actual "
                                               "size %d" % (file_name, file_size, len(self._data)))
        self._footer = Footer.decode_from(self._data, file_name)
        metaindex = dict(self._block(self._footer.metaindex_handle, "metaindex block").entries())
        properties_handle = metaindex.get(PROPERTIES_BLOCK, metaindex.get(PROPERTIES_BLOCK_OLD_NAME))
        self.properties: Dict[bytes, bytes] = {}
        if properties_handle is not None:
            handle = BlockHandle.decode_from(properties_handle, 0)[0]
            self.properties = dict(self._block(handle, "properties block").entries())
        index_type = decode_fixed32(self.properties.get(INDEX_TYPE, bytes(4)), 0, "index type property")
        if index_type not in (BINARY_SEARCH, HASH_SEARCH):
            raise RocksDBException(NOT_SUPPORTED, "%s has an index of type %d (BlockBasedTableConfig.indexType), "
                                                  "which this reader does not walk" % (file_name, index_type))
        if RANGE_DEL_BLOCK in metaindex and self._property(NUM_RANGE_DELETIONS):
            raise RocksDBException(NOT_SUPPORTED, "%s holds range deletions, which this reader does not resolve"
                                   % file_name)

    def _property(self, name: bytes) -> int:
        value = self.properties.get(name)
        return 0 if value is None else get_varint(value, 0, "table property")[0]

    def _block(self, handle: BlockHandle, what: str) -> Block:
        where = "%s (%s at offset %d)" % (self.file_name, what, handle.offset)
        return Block(read_block(self._data, self._footer, handle, self.file_name), where)

    def entries(self) -> Iterator[Tuple[bytes, int, int, bytes]]:
        """Each entry of the table in key order: (user key, sequence, value type, value)."""
        name = os.path.basename(self.file_name)
        index = self._block(self._footer.index_handle, "index block")
        for handle in index.index_entries(bool(self._property(INDEX_VALUE_IS_DELTA_ENCODED))):
            for internal_key, value in self._block(handle, "data block").entries():
                user_key, sequence, value_type = dbformat.parse_internal_key(internal_key, name)
                dbformat.check_value_type(value_type, name)
                yield user_key, sequence, value_type, value
