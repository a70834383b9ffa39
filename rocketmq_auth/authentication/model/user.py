"""Java ``org.apache.rocketmq.auth.authentication.model.User`` (5.3.3)."""
from __future__ import annotations

from typing import Optional

from rocketmq_auth.authentication.enums.subject_type import SubjectType
from rocketmq_auth.authentication.enums.user_status import UserStatus
from rocketmq_auth.authentication.enums.user_type import UserType
from rocketmq_auth.authentication.model.subject import COLON, Subject
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable
from rocketmq_remoting.common.bean import Prop

__all__ = ["User"]


class User(RemotingSerializable, Subject):
    """An ACL 2.0 user: name, password, type and status (what the local provider stores, as JSON)."""

    username = Prop(str)
    password = Prop(str)
    user_type = Prop(UserType)
    user_status = Prop(UserStatus)

    def get_username(self) -> str: return self.username
    def set_username(self, username: Optional[str]) -> None: self.username = username
    def get_password(self) -> str: return self.password
    def set_password(self, password: Optional[str]) -> None: self.password = password
    def get_user_type(self) -> UserType: return self.user_type
    def set_user_type(self, user_type: Optional[UserType]) -> None: self.user_type = user_type
    def get_user_status(self) -> UserStatus: return self.user_status
    def set_user_status(self, user_status: Optional[UserStatus]) -> None: self.user_status = user_status

    @staticmethod
    def of(username: Optional[str], password: Optional[str] = None,
           user_type: Optional[UserType] = None) -> "User":
        """Java ``of`` (its three overloads)."""
        return User(username=username, password=password, user_type=user_type)

    def get_subject_key(self) -> str:
        """Java ``getSubjectKey``: ``User:<username>``."""
        return "%s%s%s" % (self.get_subject_type().get_name(), COLON, self.username)

    def get_subject_type(self) -> SubjectType:
        """Java ``getSubjectType``."""
        return SubjectType.USER
