"""Java ``org.apache.rocketmq.common.protocol.body.ConsumeQueueData``."""
from __future__ import annotations

from rocketmq_remoting.common.bean import Bean, Prop

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
