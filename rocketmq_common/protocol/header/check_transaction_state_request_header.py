"""Java ``org.apache.rocketmq.common.protocol.header.CheckTransactionStateRequestHeader``,
with ``CheckTransactionStateResponseHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["CheckTransactionStateRequestHeader", "CheckTransactionStateResponseHeader"]


class CheckTransactionStateRequestHeader(RpcRequestHeader):
    """Java ``CheckTransactionStateRequestHeader``."""

    tran_state_table_offset = Prop(int, required=True)
    commit_log_offset = Prop(int, required=True)
    msg_id = Prop(str)
    transaction_id = Prop(str)
    offset_msg_id = Prop(str)


class CheckTransactionStateResponseHeader(CommandCustomHeader):
    """Java ``CheckTransactionStateResponseHeader``."""

    producer_group = Prop(str, required=True)
    tran_state_table_offset = Prop(int, required=True)
    commit_log_offset = Prop(int, required=True)
    commit_or_rollback = Prop(int, required=True)  # TRANSACTION_COMMIT_TYPE, _ROLLBACK_TYPE or _NOT_TYPE
