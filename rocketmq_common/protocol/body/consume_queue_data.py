"""Java ``org.apache.rocketmq.common.protocol.body.ConsumeQueueData``."""
from __future__ import annotations

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

    def __str__(self) -> str:
        """Java ``toString`` (which quotes the strings, null ones too)."""
        return ("ConsumeQueueData{physicOffset=%d, physicSize=%d, tagsCode=%d, extendDataJson='%s', bitMap='%s', "
                "eval=%s, msg='%s'}" % (self.physic_offset, self.physic_size, self.tags_code,
                                        java_string(self.extend_data_json), java_string(self.bit_map),
                                        java_string(self.eval), java_string(self.msg)))
