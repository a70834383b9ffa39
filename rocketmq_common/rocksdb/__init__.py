"""A pure-Python, read-only reader of RocksDB databases: the part of ``org.rocksdb`` (rocksdbjni 8.10, which RocketMQ
5.3.3 ships) that mqadmin's local-mode RocksDB commands call, ``RocksDB.openReadOnly`` / ``newIterator`` / ``get``.

It reads what RocketMQ's ``ConfigRocksDBStorage`` writes (block-based tables of ``format_version`` 1 to 5, any
column families, data still in the write-ahead log), verifying the CRC-32C and XXH3 checksums of the log records
and table blocks; the modules follow RocksDB's own C++ classes and name them.
Blocks compressed with snappy, zlib, bzip2 or zstd are read; LZ4 and xpress blocks, merge operands, range
deletions, blob files and user-defined timestamps raise :class:`RocksDBException` naming what is missing.
"""
