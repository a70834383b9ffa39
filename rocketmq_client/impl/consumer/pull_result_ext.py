"""Java ``org.apache.rocketmq.client.impl.consumer.PullResultExt``."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_client.consumer.pull_result import PullResult
from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_common.message.message_ext import MessageExt

__all__ = ["PullResultExt"]


class PullResultExt(PullResult):
    """A pull result as received: the broker id suggested for the next pull and the undecoded message bytes
    (``PullAPIWrapper.process_pull_result`` decodes them)."""

    __slots__ = ("_suggest_which_broker_id", "_message_binary")

    def __init__(self, pull_status: PullStatus, next_begin_offset: int, min_offset: int, max_offset: int,
                 msg_found_list: Optional[List[MessageExt]], suggest_which_broker_id: int,
                 message_binary: Optional[bytes]) -> None:
        super().__init__(pull_status, next_begin_offset, min_offset, max_offset, msg_found_list)
        self._suggest_which_broker_id = suggest_which_broker_id
        self._message_binary = message_binary

    def get_message_binary(self) -> Optional[bytes]:
        """Java ``getMessageBinary``."""
        return self._message_binary

    def set_message_binary(self, message_binary: Optional[bytes]) -> None:
        """Java ``setMessageBinary``."""
        self._message_binary = message_binary

    def get_suggest_which_broker_id(self) -> int:
        """Java ``getSuggestWhichBrokerId``."""
        return self._suggest_which_broker_id
