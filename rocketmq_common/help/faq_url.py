"""Java ``org.apache.rocketmq.common.help.FAQUrl``: FAQ links appended to error messages."""
from __future__ import annotations

from typing import Optional

__all__ = ["FAQUrl"]

_FAQ = "http://rocketmq.apache.org/docs/faq/"


class FAQUrl:
    """FAQ URLs and the tips built from them."""

    APPLY_TOPIC_URL = _FAQ
    NAME_SERVER_ADDR_NOT_EXIST_URL = _FAQ
    GROUP_NAME_DUPLICATE_URL = _FAQ
    CLIENT_PARAMETER_CHECK_URL = _FAQ
    SUBSCRIPTION_GROUP_NOT_EXIST = _FAQ
    CLIENT_SERVICE_NOT_OK = _FAQ
    NO_TOPIC_ROUTE_INFO = _FAQ
    LOAD_JSON_EXCEPTION = _FAQ
    SAME_GROUP_DIFFERENT_TOPIC = _FAQ
    MQLIST_NOT_EXIST = _FAQ
    UNEXPECTED_EXCEPTION_URL = _FAQ
    SEND_MSG_FAILED = _FAQ
    UNKNOWN_HOST_EXCEPTION = _FAQ

    TIP_STRING_BEGIN = "\nSee "
    TIP_STRING_END = " for further details."

    @staticmethod
    def suggest_todo(url: str) -> str:
        """Java ``suggestTodo``: ``"\\nSee <url> for further details."``."""
        return FAQUrl.TIP_STRING_BEGIN + url + FAQUrl.TIP_STRING_END

    @staticmethod
    def attach_default_url(error_message: Optional[str]) -> Optional[str]:
        """Java ``attachDefaultURL``: append the default FAQ link unless the message already has a tip."""
        if error_message is not None and FAQUrl.TIP_STRING_BEGIN not in error_message:
            return "%s\nFor more information, please visit the url, %s" % (error_message,
                                                                          FAQUrl.UNEXPECTED_EXCEPTION_URL)
        return error_message
