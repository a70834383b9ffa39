"""Java ``org.apache.rocketmq.remoting.protocol.body.MessageRequestModeSerializeWrapper`` (5.3.3)."""
from __future__ import annotations

from rocketmq_common.protocol.body.set_message_request_mode_request_body import SetMessageRequestModeRequestBody
from rocketmq_remoting.common.bean import MapOf, Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["MessageRequestModeSerializeWrapper"]


class MessageRequestModeSerializeWrapper(RemotingSerializable):
    """The broker's ``messageRequestMode.json``: topic -> group -> the mode set for them."""

    message_request_mode_map = Prop(MapOf(str, MapOf(str, SetMessageRequestModeRequestBody)), {})
