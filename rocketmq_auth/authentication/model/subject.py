"""Java ``org.apache.rocketmq.auth.authentication.model.Subject`` (5.3.3)."""
from __future__ import annotations

import abc
from typing import TYPE_CHECKING, Optional

from rocketmq_auth.authentication.enums.subject_type import SubjectType

if TYPE_CHECKING:
    from rocketmq_auth.authentication.model.user import User

__all__ = ["Subject"]

#: Java ``CommonConstants.COLON``
COLON = ":"


class Subject(abc.ABC):
    """Who an ACL is for, by its key ``<type>:<name>`` (``User:alice``)."""

    @abc.abstractmethod
    def get_subject_key(self) -> str:
        """Java ``getSubjectKey``."""

    @abc.abstractmethod
    def get_subject_type(self) -> SubjectType:
        """Java ``getSubjectType``."""

    def is_subject(self, subject_type: SubjectType) -> bool:
        """Java ``isSubject``."""
        return subject_type is self.get_subject_type()

    @staticmethod
    def of(subject_key: Optional[str]) -> Optional["User"]:
        """Java ``of``: the subject of ``User:alice``; None for another type, no colon-separated type or None."""
        from rocketmq_auth.authentication.model.user import User
        if subject_key is None:
            return None
        subject_type = SubjectType.get_by_name(subject_key.split(COLON, 1)[0])
        if subject_type is SubjectType.USER:
            return User.of(subject_key.split(COLON, 1)[1] if COLON in subject_key else "")
        return None
