"""Headers of the deprecated filter-server requests
(Java ``org.apache.rocketmq.common.protocol.header.filtersrv``)."""
from __future__ import annotations

from rocketmq_common.protocol.header.filtersrv.register_filter_server_request_header import (
    RegisterFilterServerRequestHeader, RegisterFilterServerResponseHeader,
)
from rocketmq_common.protocol.header.filtersrv.register_message_filter_class_request_header import (
    RegisterMessageFilterClassRequestHeader,
)

__all__ = [
    "RegisterFilterServerRequestHeader",
    "RegisterFilterServerResponseHeader",
    "RegisterMessageFilterClassRequestHeader",
]
