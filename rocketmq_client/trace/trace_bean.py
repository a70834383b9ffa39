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

    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: str) -> None: self.topic = topic
    def get_msg_id(self) -> str: return self.msg_id
    def set_msg_id(self, msg_id: str) -> None: self.msg_id = msg_id
    def get_offset_msg_id(self) -> str: return self.offset_msg_id
    def set_offset_msg_id(self, offset_msg_id: str) -> None: self.offset_msg_id = offset_msg_id
    def get_tags(self) -> Optional[str]: return self.tags
    def set_tags(self, tags: Optional[str]) -> None: self.tags = tags
    def get_keys(self) -> Optional[str]: return self.keys
    def set_keys(self, keys: Optional[str]) -> None: self.keys = keys
    def get_store_host(self) -> str: return self.store_host
    def set_store_host(self, store_host: str) -> None: self.store_host = store_host
    def get_client_host(self) -> Optional[str]: return self.client_host
    def set_client_host(self, client_host: Optional[str]) -> None: self.client_host = client_host
    def get_store_time(self) -> int: return self.store_time
    def set_store_time(self, store_time: int) -> None: self.store_time = store_time
    def get_retry_times(self) -> int: return self.retry_times
    def set_retry_times(self, retry_times: int) -> None: self.retry_times = retry_times
    def get_body_length(self) -> int: return self.body_length
    def set_body_length(self, body_length: int) -> None: self.body_length = body_length
    def get_msg_type(self) -> MessageType: return self.msg_type
    def set_msg_type(self, msg_type: Optional[MessageType]) -> None: self.msg_type = msg_type
    def get_transaction_state(self) -> LocalTransactionState: return self.transaction_state
    def set_transaction_state(self, transaction_state: Optional[LocalTransactionState]) -> None:
        self.transaction_state = transaction_state
    def get_transaction_id(self) -> str: return self.transaction_id
    def set_transaction_id(self, transaction_id: Optional[str]) -> None: self.transaction_id = transaction_id
    def get_from_transaction_check(self) -> bool: return self.from_transaction_check
    def is_from_transaction_check(self) -> bool: return self.from_transaction_check
    def set_from_transaction_check(self, from_transaction_check: bool) -> None:
        self.from_transaction_check = from_transaction_check
