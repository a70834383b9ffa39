"""Java ``org.apache.rocketmq.common.protocol.header.EndTransactionRequestHeader``,
with ``EndTransactionResponseHeader``."""
from __future__ import annotations

from typing import Optional

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

    def get_producer_group(self) -> str: return self.producer_group
    def set_producer_group(self, producer_group: Optional[str]) -> None: self.producer_group = producer_group
    def get_tran_state_table_offset(self) -> int: return self.tran_state_table_offset
    def set_tran_state_table_offset(self, tran_state_table_offset: Optional[int]) -> None:
        self.tran_state_table_offset = tran_state_table_offset
    def get_commit_log_offset(self) -> int: return self.commit_log_offset
    def set_commit_log_offset(self, commit_log_offset: Optional[int]) -> None:
        self.commit_log_offset = commit_log_offset
    def get_commit_or_rollback(self) -> int: return self.commit_or_rollback
    def set_commit_or_rollback(self, commit_or_rollback: Optional[int]) -> None:
        self.commit_or_rollback = commit_or_rollback
    def get_from_transaction_check(self) -> bool: return self.from_transaction_check
    def is_from_transaction_check(self) -> bool: return self.from_transaction_check
    def set_from_transaction_check(self, from_transaction_check: bool) -> None:
        self.from_transaction_check = from_transaction_check
    def get_msg_id(self) -> str: return self.msg_id
    def set_msg_id(self, msg_id: Optional[str]) -> None: self.msg_id = msg_id
    def get_transaction_id(self) -> str: return self.transaction_id
    def set_transaction_id(self, transaction_id: Optional[str]) -> None: self.transaction_id = transaction_id

    def check_fields(self) -> None:
        """Java ``checkFields``: required fields, and ``commitOrRollback`` must be TRANSACTION_NOT_TYPE (0),
        TRANSACTION_COMMIT_TYPE (8) or TRANSACTION_ROLLBACK_TYPE (12)."""
        super().check_fields()
        if self.commit_or_rollback not in _TRANSACTION_TYPES:
            raise RemotingCommandException("commitOrRollback field wrong")


class EndTransactionResponseHeader(CommandCustomHeader):
    """Java ``EndTransactionResponseHeader``."""
