"""Java 5.3.3 ``org.apache.rocketmq.remoting.rpc.RpcException``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.exception import RemotingException

__all__ = ["RpcException"]


class RpcException(RemotingException):
    """An RPC that failed: ``error_code`` is the broker's response code, or one of the ``RPC_*`` codes of
    :class:`~rocketmq_common.protocol.response_code.ResponseCode` for a local failure (no address, send failed,
    timeout)."""

    def __init__(self, error_code: int, message: str, cause: Optional[BaseException] = None) -> None:
        super().__init__(message)
        self.error_code = error_code
        self.response_code = error_code
        if cause is not None:
            self.__cause__ = cause

    def get_error_code(self) -> int:
        """Java ``getErrorCode``."""
        return self.error_code

    def set_error_code(self, error_code: int) -> None:
        """Java ``setErrorCode``."""
        self.error_code = error_code
        self.response_code = error_code
