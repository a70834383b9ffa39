"""Java ``org.apache.rocketmq.common.CheckRocksdbCqWriteResult`` (5.3.3)."""
from __future__ import annotations

import enum
from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["CheckRocksdbCqWriteResult", "CheckStatus"]


class CheckStatus(enum.Enum):
    """Java ``CheckRocksdbCqWriteResult.CheckStatus``."""

    CHECK_OK = 0
    CHECK_NOT_OK = 1
    CHECK_IN_PROGRESS = 2
    CHECK_ERROR = 3

    def get_value(self) -> int:
        """Java ``getValue``."""
        return self.value


class CheckRocksdbCqWriteResult(RemotingSerializable):
    """The broker's answer to CHECK_ROCKSDB_CQ_WRITE_PROGRESS: a :class:`CheckStatus` value (the check runs in the
    background: CHECK_IN_PROGRESS) and a text."""

    check_result = Prop(str)
    check_status = Prop(int, 0)

    def get_check_result(self) -> str: return self.check_result
    def set_check_result(self, check_result: Optional[str]) -> None: self.check_result = check_result
    def get_check_status(self) -> int: return self.check_status
    def set_check_status(self, check_status: int) -> None: self.check_status = check_status
