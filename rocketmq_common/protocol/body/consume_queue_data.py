"""Java ``org.apache.rocketmq.common.protocol.body.ConsumeQueueData``."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Bean, Prop, java_string

__all__ = ["ConsumeQueueData"]


class ConsumeQueueData(Bean):
    """One consume-queue entry as shown by ``QUERY_CONSUME_QUEUE``."""

    physic_offset = Prop(int, 0)
    physic_size = Prop(int, 0)
    tags_code = Prop(int, 0)
    extend_data_json = Prop(str)
    bit_map = Prop(str)
    eval = Prop(bool, False)
    msg = Prop(str)

    def get_physic_offset(self) -> int: return self.physic_offset
    def set_physic_offset(self, physic_offset: int) -> None: self.physic_offset = physic_offset
    def get_physic_size(self) -> int: return self.physic_size
    def set_physic_size(self, physic_size: int) -> None: self.physic_size = physic_size
    def get_tags_code(self) -> int: return self.tags_code
    def set_tags_code(self, tags_code: int) -> None: self.tags_code = tags_code
    def get_extend_data_json(self) -> str: return self.extend_data_json
    def set_extend_data_json(self, extend_data_json: Optional[str]) -> None: self.extend_data_json = extend_data_json
    def get_bit_map(self) -> str: return self.bit_map
    def set_bit_map(self, bit_map: Optional[str]) -> None: self.bit_map = bit_map
    def get_eval(self) -> bool: return self.eval
    def is_eval(self) -> bool: return self.eval
    def set_eval(self, eval: bool) -> None: self.eval = eval
    def get_msg(self) -> str: return self.msg
    def set_msg(self, msg: Optional[str]) -> None: self.msg = msg

    def __str__(self) -> str:
        """Java ``toString`` (which quotes the strings, null ones too)."""
        return ("ConsumeQueueData{physicOffset=%d, physicSize=%d, tagsCode=%d, extendDataJson='%s', bitMap='%s', "
                "eval=%s, msg='%s'}" % (self.physic_offset, self.physic_size, self.tags_code,
                                        java_string(self.extend_data_json), java_string(self.bit_map),
                                        java_string(self.eval), java_string(self.msg)))
