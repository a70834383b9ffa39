"""Java ``org.apache.rocketmq.common.CheckRocksdbCqWriteResult`` (5.3.3)."""
from __future__ import annotations

import enum

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
