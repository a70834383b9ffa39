"""Java ``org.apache.rocketmq.common.protocol.header.EndTransactionRequestHeader``,
with ``EndTransactionResponseHeader``."""
from __future__ import annotations

from rocketmq_common.rpc.rpc_request_header import RpcRequestHeader
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.exception import RemotingCommandException
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader

__all__ = ["EndTransactionRequestHeader", "EndTransactionResponseHeader"]

_TRANSACTION_TYPES = (MessageSysFlag.TRANSACTION_NOT_TYPE, MessageSysFlag.TRANSACTION_COMMIT_TYPE,
                      MessageSysFlag.TRANSACTION_ROLLBACK_TYPE)


class EndTransactionRequestHeader(RpcRequestHeader):
    """Java ``EndTransactionRequestHeader``; ``commit_or_rollback`` is a MessageSysFlag transaction type."""

    producer_group = Prop(str, required=True)
    tran_state_table_offset = Prop(int, required=True)
    commit_log_offset = Prop(int, required=True)
    commit_or_rollback = Prop(int, required=True)  # TRANSACTION_COMMIT_TYPE, _ROLLBACK_TYPE or _NOT_TYPE
    from_transaction_check = Prop(bool, False)
    msg_id = Prop(str, required=True)
    transaction_id = Prop(str)

    def check_fields(self) -> None:
        """Java ``checkFields``: required fields, and ``commitOrRollback`` must be TRANSACTION_NOT_TYPE (0),
        TRANSACTION_COMMIT_TYPE (8) or TRANSACTION_ROLLBACK_TYPE (12)."""
        super().check_fields()
        if self.commit_or_rollback not in _TRANSACTION_TYPES:
            raise RemotingCommandException("commitOrRollback field wrong")


class EndTransactionResponseHeader(CommandCustomHeader):
    """Java ``EndTransactionResponseHeader``."""
