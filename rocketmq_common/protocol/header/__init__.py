"""Request and response headers (Java ``org.apache.rocketmq.common.protocol.header``); re-exports every
header class, those of the ``namesrv``, ``filtersrv`` and (5.3.3) ``controller`` subpackages included."""
from __future__ import annotations

from rocketmq_common.protocol.header.ack_message_request_header import AckMessageRequestHeader
from rocketmq_common.protocol.header.change_invisible_time_request_header import (
    ChangeInvisibleTimeRequestHeader, ChangeInvisibleTimeResponseHeader,
)
from rocketmq_common.protocol.header.check_transaction_state_request_header import (
    CheckTransactionStateRequestHeader, CheckTransactionStateResponseHeader,
)
from rocketmq_common.protocol.header.clone_group_offset_request_header import CloneGroupOffsetRequestHeader
from rocketmq_common.protocol.header.consume_message_directly_result_request_header import (
    ConsumeMessageDirectlyResultRequestHeader,
)
from rocketmq_common.protocol.header.consumer_send_msg_back_request_header import ConsumerSendMsgBackRequestHeader
from rocketmq_common.protocol.header.create_access_config_request_header import CreateAccessConfigRequestHeader
from rocketmq_common.protocol.header.create_topic_request_header import CreateTopicRequestHeader
from rocketmq_common.protocol.header.delete_access_config_request_header import DeleteAccessConfigRequestHeader
from rocketmq_common.protocol.header.delete_subscription_group_request_header import (
    DeleteSubscriptionGroupRequestHeader,
)
from rocketmq_common.protocol.header.delete_topic_request_header import DeleteTopicRequestHeader
from rocketmq_common.protocol.header.end_transaction_request_header import (
    EndTransactionRequestHeader, EndTransactionResponseHeader,
)
from rocketmq_common.protocol.header.filtersrv.register_filter_server_request_header import (
    RegisterFilterServerRequestHeader, RegisterFilterServerResponseHeader,
)
from rocketmq_common.protocol.header.filtersrv.register_message_filter_class_request_header import (
    RegisterMessageFilterClassRequestHeader,
)
from rocketmq_common.protocol.header.get_all_producer_info_request_header import GetAllProducerInfoRequestHeader
from rocketmq_common.protocol.header.get_all_topic_config_response_header import GetAllTopicConfigResponseHeader
from rocketmq_common.protocol.header.get_broker_acl_config_response_header import GetBrokerAclConfigResponseHeader
from rocketmq_common.protocol.header.get_broker_config_response_header import GetBrokerConfigResponseHeader
from rocketmq_common.protocol.header.get_consume_stats_in_broker_header import GetConsumeStatsInBrokerHeader
from rocketmq_common.protocol.header.get_consume_stats_request_header import GetConsumeStatsRequestHeader
from rocketmq_common.protocol.header.get_consumer_connection_list_request_header import (
    GetConsumerConnectionListRequestHeader,
)
from rocketmq_common.protocol.header.get_consumer_list_by_group_request_header import (
    GetConsumerListByGroupRequestHeader, GetConsumerListByGroupResponseHeader,
)
from rocketmq_common.protocol.header.get_consumer_list_by_group_response_body import GetConsumerListByGroupResponseBody
from rocketmq_common.protocol.header.get_consumer_running_info_request_header import GetConsumerRunningInfoRequestHeader
from rocketmq_common.protocol.header.get_consumer_status_request_header import GetConsumerStatusRequestHeader
from rocketmq_common.protocol.header.get_earliest_msg_storetime_request_header import (
    GetEarliestMsgStoretimeRequestHeader, GetEarliestMsgStoretimeResponseHeader,
)
from rocketmq_common.protocol.header.get_max_offset_request_header import (
    GetMaxOffsetRequestHeader, GetMaxOffsetResponseHeader,
)
from rocketmq_common.protocol.header.get_min_offset_request_header import (
    GetMinOffsetRequestHeader, GetMinOffsetResponseHeader,
)
from rocketmq_common.protocol.header.get_producer_connection_list_request_header import (
    GetProducerConnectionListRequestHeader,
)
from rocketmq_common.protocol.header.get_topic_config_request_header import GetTopicConfigRequestHeader
from rocketmq_common.protocol.header.get_topic_stats_info_request_header import GetTopicStatsInfoRequestHeader
from rocketmq_common.protocol.header.get_topics_by_cluster_request_header import GetTopicsByClusterRequestHeader
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
from rocketmq_common.protocol.header.notify_consumer_ids_changed_request_header import (
    NotifyConsumerIdsChangedRequestHeader,
)
from rocketmq_common.protocol.header.pop_message_request_header import (
    PopMessageRequestHeader, PopMessageResponseHeader,
)
from rocketmq_common.protocol.header.pull_message_request_header import (
    PullMessageRequestHeader, PullMessageResponseHeader,
)
from rocketmq_common.protocol.header.query_consume_queue_request_header import QueryConsumeQueueRequestHeader
from rocketmq_common.protocol.header.query_consume_time_span_request_header import QueryConsumeTimeSpanRequestHeader
from rocketmq_common.protocol.header.query_consumer_offset_request_header import (
    QueryConsumerOffsetRequestHeader, QueryConsumerOffsetResponseHeader,
)
from rocketmq_common.protocol.header.query_correction_offset_header import QueryCorrectionOffsetHeader
from rocketmq_common.protocol.header.query_message_request_header import (
    QueryMessageRequestHeader, QueryMessageResponseHeader,
)
from rocketmq_common.protocol.header.query_topic_consume_by_who_request_header import (
    QueryTopicConsumeByWhoRequestHeader,
)
from rocketmq_common.protocol.header.recall_message_request_header import (
    RecallMessageRequestHeader, RecallMessageResponseHeader,
)
from rocketmq_common.protocol.header.reply_message_request_header import ReplyMessageRequestHeader
from rocketmq_common.protocol.header.reset_offset_request_header import ResetOffsetRequestHeader
from rocketmq_common.protocol.header.resume_check_half_message_request_header import ResumeCheckHalfMessageRequestHeader
from rocketmq_common.protocol.header.search_offset_request_header import (
    SearchOffsetRequestHeader, SearchOffsetResponseHeader,
)
from rocketmq_common.protocol.header.send_message_request_header import (
    SendMessageRequestHeader, SendMessageRequestHeaderV2, SendMessageResponseHeader,
)
from rocketmq_common.protocol.header.unregister_client_request_header import (
    UnregisterClientRequestHeader, UnregisterClientResponseHeader,
)
from rocketmq_common.protocol.header.update_consumer_offset_request_header import (
    UpdateConsumerOffsetRequestHeader, UpdateConsumerOffsetResponseHeader,
)
from rocketmq_common.protocol.header.update_global_white_addrs_config_request_header import (
    UpdateGlobalWhiteAddrsConfigRequestHeader,
)
from rocketmq_common.protocol.header.update_group_forbidden_request_header import UpdateGroupForbiddenRequestHeader
from rocketmq_common.protocol.header.view_broker_stats_data_request_header import ViewBrokerStatsDataRequestHeader
from rocketmq_common.protocol.header.view_message_request_header import (
    ViewMessageRequestHeader, ViewMessageResponseHeader,
)

# 5.3.3: the new mqadmin subcommands' (containers, HA, controllers, RocksDB, batch updates)
from rocketmq_common.protocol.header.add_broker_request_header import AddBrokerRequestHeader
from rocketmq_common.protocol.header.check_rocksdb_cq_write_progress_request_header import (
    CheckRocksdbCqWriteProgressRequestHeader,
)
from rocketmq_common.protocol.header.controller.admin.clean_controller_broker_data_request_header import (
    CleanControllerBrokerDataRequestHeader,
)
from rocketmq_common.protocol.header.controller.elect_master_request_header import ElectMasterRequestHeader
from rocketmq_common.protocol.header.controller.elect_master_response_header import ElectMasterResponseHeader
from rocketmq_common.protocol.header.controller.get_meta_data_response_header import GetMetaDataResponseHeader
from rocketmq_common.protocol.header.create_topic_list_request_header import CreateTopicListRequestHeader
from rocketmq_common.protocol.header.export_rocks_db_config_to_json_request_header import (
    ExportRocksDBConfigToJsonRequestHeader,
)
from rocketmq_common.protocol.header.remove_broker_request_header import RemoveBrokerRequestHeader
from rocketmq_common.protocol.header.reset_master_flush_offset_header import ResetMasterFlushOffsetHeader
# the user and ACL 2.0 requests (5.3.3)
from rocketmq_common.protocol.header.create_acl_request_header import CreateAclRequestHeader
from rocketmq_common.protocol.header.create_user_request_header import CreateUserRequestHeader
from rocketmq_common.protocol.header.delete_acl_request_header import DeleteAclRequestHeader
from rocketmq_common.protocol.header.delete_user_request_header import DeleteUserRequestHeader
from rocketmq_common.protocol.header.get_acl_request_header import GetAclRequestHeader
from rocketmq_common.protocol.header.get_user_request_header import GetUserRequestHeader
from rocketmq_common.protocol.header.list_acls_request_header import ListAclsRequestHeader
from rocketmq_common.protocol.header.list_users_request_header import ListUsersRequestHeader
from rocketmq_common.protocol.header.update_acl_request_header import UpdateAclRequestHeader
from rocketmq_common.protocol.header.update_user_request_header import UpdateUserRequestHeader

__all__ = [
    "AckMessageRequestHeader",
    "AddWritePermOfBrokerRequestHeader",
    "AddWritePermOfBrokerResponseHeader",
    "ChangeInvisibleTimeRequestHeader",
    "ChangeInvisibleTimeResponseHeader",
    "CheckTransactionStateRequestHeader",
    "CheckTransactionStateResponseHeader",
    "CloneGroupOffsetRequestHeader",
    "ConsumeMessageDirectlyResultRequestHeader",
    "ConsumerSendMsgBackRequestHeader",
    "CreateAccessConfigRequestHeader",
    "CreateTopicRequestHeader",
    "DeleteAccessConfigRequestHeader",
    "DeleteKVConfigRequestHeader",
    "DeleteSubscriptionGroupRequestHeader",
    "DeleteTopicFromNamesrvRequestHeader",
    "DeleteTopicRequestHeader",
    "EndTransactionRequestHeader",
    "EndTransactionResponseHeader",
    "GetAllProducerInfoRequestHeader",
    "GetAllTopicConfigResponseHeader",
    "GetBrokerAclConfigResponseHeader",
    "GetBrokerConfigResponseHeader",
    "GetConsumeStatsInBrokerHeader",
    "GetConsumeStatsRequestHeader",
    "GetConsumerConnectionListRequestHeader",
    "GetConsumerListByGroupRequestHeader",
    "GetConsumerListByGroupResponseBody",
    "GetConsumerListByGroupResponseHeader",
    "GetConsumerRunningInfoRequestHeader",
    "GetConsumerStatusRequestHeader",
    "GetEarliestMsgStoretimeRequestHeader",
    "GetEarliestMsgStoretimeResponseHeader",
    "GetKVConfigRequestHeader",
    "GetKVConfigResponseHeader",
    "GetKVListByNamespaceRequestHeader",
    "GetMaxOffsetRequestHeader",
    "GetMaxOffsetResponseHeader",
    "GetMinOffsetRequestHeader",
    "GetMinOffsetResponseHeader",
    "GetProducerConnectionListRequestHeader",
    "GetRouteInfoRequestHeader",
    "GetTopicConfigRequestHeader",
    "GetTopicStatsInfoRequestHeader",
    "GetTopicsByClusterRequestHeader",
    "NotifyConsumerIdsChangedRequestHeader",
    "PopMessageRequestHeader",
    "PopMessageResponseHeader",
    "PullMessageRequestHeader",
    "PullMessageResponseHeader",
    "PutKVConfigRequestHeader",
    "QueryConsumeQueueRequestHeader",
    "QueryConsumeTimeSpanRequestHeader",
    "QueryConsumerOffsetRequestHeader",
    "QueryConsumerOffsetResponseHeader",
    "QueryCorrectionOffsetHeader",
    "QueryDataVersionRequestHeader",
    "QueryDataVersionResponseHeader",
    "QueryMessageRequestHeader",
    "QueryMessageResponseHeader",
    "QueryTopicConsumeByWhoRequestHeader",
    "RecallMessageRequestHeader",
    "RecallMessageResponseHeader",
    "RegisterBrokerRequestHeader",
    "RegisterBrokerResponseHeader",
    "RegisterFilterServerRequestHeader",
    "RegisterFilterServerResponseHeader",
    "RegisterMessageFilterClassRequestHeader",
    "RegisterOrderTopicRequestHeader",
    "ReplyMessageRequestHeader",
    "ResetOffsetRequestHeader",
    "ResumeCheckHalfMessageRequestHeader",
    "SearchOffsetRequestHeader",
    "SearchOffsetResponseHeader",
    "SendMessageRequestHeader",
    "SendMessageRequestHeaderV2",
    "SendMessageResponseHeader",
    "UnRegisterBrokerRequestHeader",
    "UnregisterClientRequestHeader",
    "UnregisterClientResponseHeader",
    "UpdateConsumerOffsetRequestHeader",
    "UpdateConsumerOffsetResponseHeader",
    "UpdateGlobalWhiteAddrsConfigRequestHeader",
    "UpdateGroupForbiddenRequestHeader",
    "ViewBrokerStatsDataRequestHeader",
    "ViewMessageRequestHeader",
    "ViewMessageResponseHeader",
    "WipeWritePermOfBrokerRequestHeader",
    "WipeWritePermOfBrokerResponseHeader",
    "AddBrokerRequestHeader",
    "CheckRocksdbCqWriteProgressRequestHeader",
    "CleanControllerBrokerDataRequestHeader",
    "ElectMasterRequestHeader",
    "ElectMasterResponseHeader",
    "GetMetaDataResponseHeader",
    "CreateTopicListRequestHeader",
    "ExportRocksDBConfigToJsonRequestHeader",
    "RemoveBrokerRequestHeader",
    "ResetMasterFlushOffsetHeader",
    "CreateAclRequestHeader",
    "CreateUserRequestHeader",
    "DeleteAclRequestHeader",
    "DeleteUserRequestHeader",
    "GetAclRequestHeader",
    "GetUserRequestHeader",
    "ListAclsRequestHeader",
    "ListUsersRequestHeader",
    "UpdateAclRequestHeader",
    "UpdateUserRequestHeader",
]
