"""Java ``org.apache.rocketmq.client.trace.TraceBean``."""
from __future__ import annotations

import functools
import logging
from typing import Optional

from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_common.message.message_type import MessageType
from rocketmq_common.util_all import UtilAll
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["TraceBean"]

log = logging.getLogger(__name__)


@functools.lru_cache(maxsize=None)
def local_address() -> Optional[str]:
    """Java ``TraceBean.LOCAL_ADDRESS``: ``UtilAll.ipToIPv4Str(UtilAll.getIP())`` (None without an address)."""
    try:
        return UtilAll.ip_to_ipv4_str(UtilAll.get_ip())
    except Exception:
        log.warning("no local address for message traces", exc_info=True)
        return None


class TraceBean(Bean):
    """The traced message of a trace record (topic, ids, tags, keys, hosts, sizes, transaction data)."""

    topic = Prop(str, "")
    msg_id = Prop(str, "")
    offset_msg_id = Prop(str, "")
    # (a message's tags, keys and hosts may be None, as Java's fields may hold null)
    tags: Prop[Optional[str]] = Prop(str, "")
    keys: Prop[Optional[str]] = Prop(str, "")
    store_host = Prop(str, factory=local_address)
    client_host: Prop[Optional[str]] = Prop(str, factory=local_address)
    store_time = Prop(int, 0)
    retry_times = Prop(int, 0)
    body_length = Prop(int, 0)
    msg_type = Prop(MessageType)
    transaction_state = Prop(LocalTransactionState)
    transaction_id = Prop(str)
    from_transaction_check = Prop(bool, False)
