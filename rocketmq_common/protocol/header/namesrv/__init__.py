"""Headers of NameServer requests (Java ``org.apache.rocketmq.common.protocol.header.namesrv``)."""
from __future__ import annotations

from rocketmq_common.protocol.header.namesrv.add_write_perm_of_broker_request_header import (
    AddWritePermOfBrokerRequestHeader, AddWritePermOfBrokerResponseHeader,
)
from rocketmq_common.protocol.header.namesrv.delete_kv_config_request_header import DeleteKVConfigRequestHeader
from rocketmq_common.protocol.header.namesrv.delete_topic_from_namesrv_request_header import (
    DeleteTopicFromNamesrvRequestHeader,
)
from rocketmq_common.protocol.header.namesrv.get_kv_config_request_header import (
    GetKVConfigRequestHeader, GetKVConfigResponseHeader,
)
from rocketmq_common.protocol.header.namesrv.get_kv_list_by_namespace_request_header import (
    GetKVListByNamespaceRequestHeader,
)
from rocketmq_common.protocol.header.namesrv.get_route_info_request_header import GetRouteInfoRequestHeader
from rocketmq_common.protocol.header.namesrv.put_kv_config_request_header import PutKVConfigRequestHeader
from rocketmq_common.protocol.header.namesrv.query_data_version_request_header import (
    QueryDataVersionRequestHeader, QueryDataVersionResponseHeader,
)
from rocketmq_common.protocol.header.namesrv.register_broker_request_header import (
    RegisterBrokerRequestHeader, RegisterBrokerResponseHeader,
)
from rocketmq_common.protocol.header.namesrv.register_order_topic_request_header import RegisterOrderTopicRequestHeader
from rocketmq_common.protocol.header.namesrv.un_register_broker_request_header import UnRegisterBrokerRequestHeader
from rocketmq_common.protocol.header.namesrv.wipe_write_perm_of_broker_request_header import (
    WipeWritePermOfBrokerRequestHeader, WipeWritePermOfBrokerResponseHeader,
)

__all__ = [
    "AddWritePermOfBrokerRequestHeader",
    "AddWritePermOfBrokerResponseHeader",
    "DeleteKVConfigRequestHeader",
    "DeleteTopicFromNamesrvRequestHeader",
    "GetKVConfigRequestHeader",
    "GetKVConfigResponseHeader",
    "GetKVListByNamespaceRequestHeader",
    "GetRouteInfoRequestHeader",
    "PutKVConfigRequestHeader",
    "QueryDataVersionRequestHeader",
    "QueryDataVersionResponseHeader",
    "RegisterBrokerRequestHeader",
    "RegisterBrokerResponseHeader",
    "RegisterOrderTopicRequestHeader",
    "UnRegisterBrokerRequestHeader",
    "WipeWritePermOfBrokerRequestHeader",
    "WipeWritePermOfBrokerResponseHeader",
]
