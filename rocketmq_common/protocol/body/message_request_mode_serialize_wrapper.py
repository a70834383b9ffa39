"""Java ``org.apache.rocketmq.remoting.protocol.body.MessageRequestModeSerializeWrapper`` (5.3.3)."""
from __future__ import annotations

from typing import Dict

from rocketmq_common.protocol.body.set_message_request_mode_request_body import SetMessageRequestModeRequestBody
from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["MessageRequestModeSerializeWrapper"]


class MessageRequestModeSerializeWrapper(RemotingSerializable):
    """The broker's ``messageRequestMode.json``: topic -> group -> the mode set for them."""

    message_request_mode_map = Prop(MapOf(str, MapOf(str, SetMessageRequestModeRequestBody)), {})

    def get_message_request_mode_map(self) -> Dict[str, Dict[str, SetMessageRequestModeRequestBody]]:
        return self.message_request_mode_map
    def set_message_request_mode_map(
            self, message_request_mode_map: Dict[str, Dict[str, SetMessageRequestModeRequestBody]]) -> None:
        self.message_request_mode_map = message_request_mode_map
