"""Java ``org.apache.rocketmq.store.RunningFlags``: readable / writable / error bits of the store."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["RunningFlags"]

_NOT_READABLE_BIT = 1
_NOT_WRITEABLE_BIT = 1 << 1
_WRITE_LOGICS_QUEUE_ERROR_BIT = 1 << 2
_WRITE_INDEX_FILE_ERROR_BIT = 1 << 3
_DISK_FULL_BIT = 1 << 4


class RunningFlags(Bean):
    """The store's state bits (a put is refused unless writable, a pull unless readable)."""

    flag_bits = Prop(int, 0)

    def get_flag_bits(self) -> int: return self.flag_bits
    def set_flag_bits(self, flag_bits: int) -> None: self.flag_bits = flag_bits

    def is_readable(self) -> bool:
        """Java ``isReadable``."""
        return (self.flag_bits & _NOT_READABLE_BIT) == 0

    def get_and_make_readable(self) -> bool:
        """Java ``getAndMakeReadable``: the previous readable state."""
        result = self.is_readable()
        if not result:
            self.flag_bits &= ~_NOT_READABLE_BIT
        return result

    def get_and_make_not_readable(self) -> bool:
        """Java ``getAndMakeNotReadable``."""
        result = self.is_readable()
        if result:
            self.flag_bits |= _NOT_READABLE_BIT
        return result

    def is_writeable(self) -> bool:
        """Java ``isWriteable``."""
        return (self.flag_bits & (_NOT_WRITEABLE_BIT | _WRITE_LOGICS_QUEUE_ERROR_BIT | _DISK_FULL_BIT
                                  | _WRITE_INDEX_FILE_ERROR_BIT)) == 0

    def is_cq_writeable(self) -> bool:
        """Java ``isCQWriteable``: like :meth:`is_writeable` but ignoring a full disk."""
        return (self.flag_bits & (_NOT_WRITEABLE_BIT | _WRITE_LOGICS_QUEUE_ERROR_BIT
                                  | _WRITE_INDEX_FILE_ERROR_BIT)) == 0

    def get_and_make_writeable(self) -> bool:
        """Java ``getAndMakeWriteable``."""
        result = self.is_writeable()
        if not result:
            self.flag_bits &= ~_NOT_WRITEABLE_BIT
        return result

    def get_and_make_not_writeable(self) -> bool:
        """Java ``getAndMakeNotWriteable``."""
        result = self.is_writeable()
        if result:
            self.flag_bits |= _NOT_WRITEABLE_BIT
        return result

    def make_logics_queue_error(self) -> None:
        """Java ``makeLogicsQueueError``."""
        self.flag_bits |= _WRITE_LOGICS_QUEUE_ERROR_BIT

    def is_logics_queue_error(self) -> bool:
        """Java ``isLogicsQueueError``."""
        return (self.flag_bits & _WRITE_LOGICS_QUEUE_ERROR_BIT) != 0

    def make_index_file_error(self) -> None:
        """Java ``makeIndexFileError``."""
        self.flag_bits |= _WRITE_INDEX_FILE_ERROR_BIT

    def is_index_file_error(self) -> bool:
        """Java ``isIndexFileError``."""
        return (self.flag_bits & _WRITE_INDEX_FILE_ERROR_BIT) != 0

    def get_and_make_disk_full(self) -> bool:
        """Java ``getAndMakeDiskFull``: True if the disk was not marked full before."""
        result = (self.flag_bits & _DISK_FULL_BIT) == 0
        self.flag_bits |= _DISK_FULL_BIT
        return result

    def get_and_make_disk_ok(self) -> bool:
        """Java ``getAndMakeDiskOK``: True if the disk was not marked full before."""
        result = (self.flag_bits & _DISK_FULL_BIT) == 0
        self.flag_bits &= ~_DISK_FULL_BIT
        return result
