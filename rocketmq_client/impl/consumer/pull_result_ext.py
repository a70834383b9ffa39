"""Java ``org.apache.rocketmq.client.impl.consumer.PullResultExt``."""
from __future__ import annotations

from typing import List, Optional

from rocketmq_client.consumer.pull_result import PullResult
from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_remoting.common.bean import Prop

__all__ = ["PullResultExt"]


class PullResultExt(PullResult):
    """A pull result as received: the broker id suggested for the next pull and the undecoded message bytes
    (``PullAPIWrapper.process_pull_result`` decodes them); 5.3.3: ``offset_delta``, for a static topic's logical
    queue the logical minus the physical offset of the messages (None otherwise)."""

    suggest_which_broker_id = Prop(int, 0)
    message_binary = Prop(bytes)
    offset_delta = Prop(int)

    def get_suggest_which_broker_id(self) -> int: return self.suggest_which_broker_id
    def set_suggest_which_broker_id(self, suggest_which_broker_id: int) -> None:
        self.suggest_which_broker_id = suggest_which_broker_id
    def get_message_binary(self) -> bytes: return self.message_binary
    def set_message_binary(self, message_binary: Optional[bytes]) -> None: self.message_binary = message_binary
    def get_offset_delta(self) -> int: return self.offset_delta
    def set_offset_delta(self, offset_delta: Optional[int]) -> None: self.offset_delta = offset_delta

    def __init__(self, pull_status: PullStatus, next_begin_offset: int, min_offset: int, max_offset: int,
                 msg_found_list: Optional[List[MessageExt]], suggest_which_broker_id: int,
                 message_binary: Optional[bytes], offset_delta: Optional[int] = None) -> None:
        super().__init__(pull_status, next_begin_offset, min_offset, max_offset, msg_found_list)
        self.suggest_which_broker_id = suggest_which_broker_id
        self.message_binary = message_binary
        self.offset_delta = offset_delta
