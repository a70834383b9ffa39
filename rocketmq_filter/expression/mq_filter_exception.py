"""Java ``org.apache.rocketmq.filter.expression.MQFilterException``."""
from __future__ import annotations

from typing import Any, Dict, Optional, Union

__all__ = ["MQFilterException"]


class MQFilterException(Exception):
    """An expression that cannot be compiled. ``MQFilterException(error_message, cause)`` (response code -1)
    or ``MQFilterException(response_code, error_message)``.

    ``str()`` is Java's ``getMessage()``: the cause's ``toString()`` for the first form (Java ``super(cause)``),
    None's ``str`` for the second (Java has no message then).
    """

    def __init__(self, first: Union[str, int, None], second: Any = None) -> None:
        if isinstance(first, int) and not isinstance(first, bool):
            self.response_code = first
            self.error_message: Optional[str] = second
            self.message: Optional[str] = None
            self.__cause__ = None
        else:
            self.response_code = -1
            self.error_message = None if first is None else str(first)
            self.__cause__ = second
            self.message = _java_to_string(second) if second is not None else None
        super().__init__(self.message)

    def get_response_code(self) -> int:
        return self.response_code

    def get_error_message(self) -> Optional[str]:
        return self.error_message

    def get_message(self) -> Optional[str]:
        """Java ``getMessage``."""
        return self.message

    def __str__(self) -> str:
        return "null" if self.message is None else self.message


def _java_to_string(error: BaseException) -> str:
    # Java Throwable.toString: "<class name>: <message>", the class name alone without a message
    name = getattr(error, "JAVA_CLASS_NAME", None) or _JAVA_NAMES.get(type(error), type(error).__name__)
    message = str(error)
    return "%s: %s" % (name, message) if message else name


_JAVA_NAMES: Dict[type, str] = {
    RuntimeError: "java.lang.RuntimeException",
    TypeError: "java.lang.ClassCastException",
    ValueError: "java.lang.NumberFormatException",
    IndexError: "java.lang.ArrayIndexOutOfBoundsException",
    RecursionError: "java.lang.StackOverflowError",
}
