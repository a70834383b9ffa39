"""Java ``org.apache.rocketmq.common.rpchook.StreamTypeRPCHook``."""
from __future__ import annotations

from typing import Optional

from rocketmq_common.mix_all import MixAll
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.protocol.request_type import RequestType
from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["StreamTypeRPCHook"]


class StreamTypeRPCHook(RPCHook):
    """Marks every request with extField ``ReqT`` = ``RequestType.STREAM`` (``enableStreamRequestType``)."""

    def do_before_request(self, remote_addr: Optional[str], request: RemotingCommand) -> None:
        request.add_ext_field(MixAll.REQ_T, str(int(RequestType.STREAM)))

    def do_after_response(self, remote_addr: Optional[str], request: RemotingCommand,
                          response: Optional[RemotingCommand]) -> None:
        """Nothing to do."""
