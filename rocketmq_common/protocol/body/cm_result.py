"""Java ``org.apache.rocketmq.common.protocol.body.CMResult``."""
from __future__ import annotations

import enum

__all__ = ["CMResult"]


class CMResult(enum.Enum):
    """Outcome of a ``CONSUME_MESSAGE_DIRECTLY`` call (written by name)."""

    CR_SUCCESS = 0
    CR_LATER = 1
    CR_ROLLBACK = 2
    CR_COMMIT = 3
    CR_THROW_EXCEPTION = 4
    CR_RETURN_NULL = 5
