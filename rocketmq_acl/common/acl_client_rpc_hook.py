"""Java ``org.apache.rocketmq.acl.common.AclClientRPCHook``: signs every request a client sends."""
from __future__ import annotations

from typing import List, Optional, Tuple

from rocketmq_acl.common.acl_utils import AclUtils
from rocketmq_acl.common.session_credentials import SessionCredentials
from rocketmq_common.mix_all import MixAll
from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["AclClientRPCHook"]

ACCESS_KEY = SessionCredentials.ACCESS_KEY
SIGNATURE = SessionCredentials.SIGNATURE
SECURITY_TOKEN = SessionCredentials.SECURITY_TOKEN


class AclClientRPCHook(RPCHook, Bean):
    """``AclClientRPCHook(SessionCredentials(access_key, secret_key, security_token=None))``; pass it to a
    producer or consumer (``DefaultMQProducer(group, rpc_hook)``).

    Before each request is written: the custom header's fields are copied into extFields (Java
    ``makeCustomHeaderToNet``), ``AccessKey`` (and ``SecurityToken`` when set) are added, and ``Signature`` is
    the Base64 HmacSHA1, keyed by the secret key, of the values of every extField but ``Signature`` in key
    order followed by the body. One deliberate difference from the 4.9.7 Java hook: ``_UNIQUE_KEY_QUERY`` is
    left out of the signed content, because every broker (PlainAccessValidator) leaves it out when checking;
    Java clients fail QUERY_MESSAGE on ACL brokers for that reason (apache/rocketmq #5310). A re-sent request
    is signed again (the previous ``Signature`` is ignored)."""

    session_credentials = Prop(SessionCredentials, required=True)

    def get_session_credentials(self) -> SessionCredentials: return self.session_credentials
    def set_session_credentials(self, session_credentials: Optional[SessionCredentials]) -> None:
        self.session_credentials = session_credentials

    def __init__(self, session_credentials: SessionCredentials) -> None:
        self.session_credentials = session_credentials

    def do_before_request(self, remote_addr: Optional[str], request: RemotingCommand) -> None:
        credentials = self.session_credentials
        request.add_ext_field(ACCESS_KEY, credentials.access_key)  # type: ignore[arg-type]
        if credentials.security_token is not None:
            request.add_ext_field(SECURITY_TOKEN, credentials.security_token)
        total = AclUtils.combine_request_content(request, self.parse_request_content(request))
        request.add_ext_field(SIGNATURE, AclUtils.cal_signature(total, credentials.secret_key))  # type: ignore

    def do_after_response(self, remote_addr: Optional[str], request: RemotingCommand,
                          response: Optional[RemotingCommand]) -> None:
        """Nothing to do (Java's is empty)."""

    def parse_request_content(self, request: RemotingCommand) -> List[Tuple[str, Optional[str]]]:
        """Java ``parseRequestContent``: the extFields (header fields included) in key order, without
        ``Signature`` and ``_UNIQUE_KEY_QUERY``."""
        request.make_custom_header_to_net()
        fields = request.ext_fields or {}
        return AclUtils.sorted_fields((key, value) for key, value in fields.items()
                                      if key != SIGNATURE and key != MixAll.UNIQUE_MSG_QUERY_FLAG)

    def __repr__(self) -> str:
        return "AclClientRPCHook [%r]" % (self.session_credentials,)
