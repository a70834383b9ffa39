"""Java ``org.apache.rocketmq.remoting.protocol.body.UserInfo`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable

__all__ = ["UserInfo"]


class UserInfo(RemotingSerializable):
    """An ACL 2.0 user on the wire (the body of AUTH_CREATE_USER / AUTH_UPDATE_USER, the answer of
    AUTH_GET_USER and, as a list, of AUTH_LIST_USER): type and status by name (``Super`` / ``Normal``,
    ``enable`` / ``disable``)."""

    username = Prop(str)
    password = Prop(str)
    user_type = Prop(str)
    user_status = Prop(str)

    def get_username(self) -> str: return self.username
    def set_username(self, username: Optional[str]) -> None: self.username = username
    def get_password(self) -> str: return self.password
    def set_password(self, password: Optional[str]) -> None: self.password = password
    def get_user_type(self) -> str: return self.user_type
    def set_user_type(self, user_type: Optional[str]) -> None: self.user_type = user_type
    def get_user_status(self) -> str: return self.user_status
    def set_user_status(self, user_status: Optional[str]) -> None: self.user_status = user_status

    @staticmethod
    def of(username: Optional[str], password: Optional[str], user_type: Optional[str],
           user_status: Optional[str] = None) -> "UserInfo":
        """Java ``of`` (both overloads)."""
        return UserInfo(username=username, password=password, user_type=user_type, user_status=user_status)
