"""Java ``org.apache.rocketmq.broker.auth.converter.UserConverter`` (5.3.3)."""
from __future__ import annotations

from typing import List

from rocketmq_auth.authentication.enums.user_status import UserStatus
from rocketmq_auth.authentication.enums.user_type import UserType
from rocketmq_auth.authentication.model.user import User
from rocketmq_common.protocol.body.user_info import UserInfo

__all__ = ["UserConverter"]


class UserConverter:
    """:class:`UserInfo` (type and status by name) to :class:`User` and back; an unknown type or status name
    becomes None, as in Java."""

    @staticmethod
    def convert_users(users: List[User]) -> List[UserInfo]:
        """Java ``convertUsers``."""
        return [UserConverter.convert_user(user) for user in users]

    @staticmethod
    def convert_user(user: User) -> UserInfo:
        """Java ``convertUser(User)``."""
        return UserInfo(username=user.username, password=user.password,
                        user_type=user.user_type.get_name() if user.user_type is not None else None,
                        user_status=user.user_status.get_name() if user.user_status is not None else None)

    @staticmethod
    def convert_user_info(user_info: UserInfo) -> User:
        """Java ``convertUser(UserInfo)``."""
        return User(username=user_info.username, password=user_info.password,
                    user_type=UserType.get_by_name(user_info.user_type),
                    user_status=UserStatus.get_by_name(user_info.user_status))
