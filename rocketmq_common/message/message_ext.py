"""Java ``org.apache.rocketmq.common.message.MessageExt``: a stored message with its broker-side fields.

Socket addresses (``born_host``, ``store_host``) are ``(ip, port)`` tuples; IPv6 ips use the compressed
``ipaddress`` form (``::1``).
"""
from __future__ import annotations

import socket
import struct
from typing import Optional, Tuple

from rocketmq_common.message.message import Message
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_common.topic_filter_type import TopicFilterType
from rocketmq_remoting.common.bean import Prop

__all__ = ["MessageExt"]

SocketAddress = Tuple[str, int]

_PORT = struct.Struct(">i")


class MessageExt(Message):
    """A message as stored by the broker (what consumers receive)."""

    broker_name = Prop(str)
    queue_id = Prop(int, 0)
    store_size = Prop(int, 0)
    queue_offset = Prop(int, 0)
    sys_flag = Prop(int, 0)
    born_timestamp = Prop(int, 0)
    born_host: "Prop[Tuple[str, int]]" = Prop(object)  # a SocketAddress, (host, port)
    store_timestamp = Prop(int, 0)
    store_host: "Prop[Tuple[str, int]]" = Prop(object)  # a SocketAddress, (host, port)
    msg_id = Prop(str)
    commit_log_offset = Prop(int, 0)
    body_crc = Prop(int, 0, wire="bodyCRC")
    reconsume_times = Prop(int, 0)
    prepared_transaction_offset = Prop(int, 0)

    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: int) -> None: self.queue_id = queue_id
    def get_store_size(self) -> int: return self.store_size
    def set_store_size(self, store_size: int) -> None: self.store_size = store_size
    def get_queue_offset(self) -> int: return self.queue_offset
    def set_queue_offset(self, queue_offset: int) -> None: self.queue_offset = queue_offset
    def get_sys_flag(self) -> int: return self.sys_flag
    def set_sys_flag(self, sys_flag: int) -> None: self.sys_flag = sys_flag
    def get_born_timestamp(self) -> int: return self.born_timestamp
    def set_born_timestamp(self, born_timestamp: int) -> None: self.born_timestamp = born_timestamp
    def get_born_host(self) -> Tuple[str, int]: return self.born_host
    def set_born_host(self, born_host: Optional[Tuple[str, int]]) -> None: self.born_host = born_host
    def get_store_timestamp(self) -> int: return self.store_timestamp
    def set_store_timestamp(self, store_timestamp: int) -> None: self.store_timestamp = store_timestamp
    def get_store_host(self) -> Tuple[str, int]: return self.store_host
    def set_store_host(self, store_host: Optional[Tuple[str, int]]) -> None: self.store_host = store_host
    def get_msg_id(self) -> str: return self.msg_id
    def set_msg_id(self, msg_id: Optional[str]) -> None: self.msg_id = msg_id
    def get_commit_log_offset(self) -> int: return self.commit_log_offset
    def set_commit_log_offset(self, commit_log_offset: int) -> None: self.commit_log_offset = commit_log_offset
    def get_body_crc(self) -> int: return self.body_crc
    def set_body_crc(self, body_crc: int) -> None: self.body_crc = body_crc
    def get_reconsume_times(self) -> int: return self.reconsume_times
    def set_reconsume_times(self, reconsume_times: int) -> None: self.reconsume_times = reconsume_times
    def get_prepared_transaction_offset(self) -> int: return self.prepared_transaction_offset
    def set_prepared_transaction_offset(self, prepared_transaction_offset: int) -> None:
        self.prepared_transaction_offset = prepared_transaction_offset

    def __init__(self, queue_id: int = 0, born_timestamp: int = 0, born_host: Optional[SocketAddress] = None,
                 store_timestamp: int = 0, store_host: Optional[SocketAddress] = None,
                 msg_id: Optional[str] = None) -> None:
        """Java ``MessageExt()`` and ``MessageExt(queueId, bornTimestamp, bornHost, storeTimestamp, storeHost,
        msgId)``; unlike ``Message`` constructors these set no property."""
        self.properties = None
        self.queue_id = queue_id
        self.born_timestamp = born_timestamp
        self.born_host = born_host
        self.store_timestamp = store_timestamp
        self.store_host = store_host
        self.msg_id = msg_id

    @staticmethod
    def parse_topic_filter_type(sys_flag: int) -> TopicFilterType:
        """Java ``parseTopicFilterType``."""
        if (sys_flag & MessageSysFlag.MULTI_TAGS_FLAG) == MessageSysFlag.MULTI_TAGS_FLAG:
            return TopicFilterType.MULTI_TAG
        return TopicFilterType.SINGLE_TAG

    @staticmethod
    def socket_address2byte_buffer(socket_address: SocketAddress) -> bytes:
        """Java ``socketAddress2ByteBuffer``: the 4 or 16 address bytes followed by the port as an int."""
        host, port = socket_address[0], socket_address[1]
        packed = socket.inet_pton(socket.AF_INET6 if ":" in host else socket.AF_INET, host)
        return packed + _PORT.pack(port)

    def get_born_host_bytes(self) -> bytes:
        """Java ``getBornHostBytes``."""
        return self.socket_address2byte_buffer(self.born_host)

    def get_store_host_bytes(self) -> bytes:
        """Java ``getStoreHostBytes``."""
        return self.socket_address2byte_buffer(self.store_host)

    def get_born_host_string(self) -> Optional[str]:
        """Java ``getBornHostString``: the born host's IP."""
        return self.born_host[0] if self.born_host is not None else None

    def get_born_host_name_string(self) -> Optional[str]:
        """Java ``getBornHostNameString``: the born host as given (no reverse DNS lookup)."""
        return self.born_host[0] if self.born_host is not None else None

    def set_store_host_address_v6_flag(self) -> None:
        """Java ``setStoreHostAddressV6Flag``."""
        self.sys_flag |= MessageSysFlag.STOREHOSTADDRESS_V6_FLAG

    def set_born_host_v6_flag(self) -> None:
        """Java ``setBornHostV6Flag``."""
        self.sys_flag |= MessageSysFlag.BORNHOST_V6_FLAG

    def __repr__(self) -> str:
        return ("MessageExt [brokerName=%s, queueId=%s, storeSize=%s, queueOffset=%s, sysFlag=%s, bornTimestamp=%s, "
                "bornHost=%s, storeTimestamp=%s, storeHost=%s, msgId=%s, commitLogOffset=%s, bodyCRC=%s, "
                "reconsumeTimes=%s, preparedTransactionOffset=%s, toString()=%s]" % (
                    "null" if self.broker_name is None else self.broker_name, self.queue_id, self.store_size,
                    self.queue_offset, self.sys_flag, self.born_timestamp, _address_repr(self.born_host),
                    self.store_timestamp,
                    _address_repr(self.store_host), self.msg_id, self.commit_log_offset, self.body_crc,
                    self.reconsume_times, self.prepared_transaction_offset, Message.__repr__(self)))


def _address_repr(address: Optional[SocketAddress]) -> str:
    if address is None:
        return "null"
    return "/%s:%s" % (address[0], address[1])
