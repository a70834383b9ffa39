"""Java ``org.apache.rocketmq.filter.parser.Token``."""
from __future__ import annotations

__all__ = ["Token"]


class Token:
    """A token of the selector: its kind (:class:`SelectorParserConstants`), text and position (1-based lines
    and columns, tabs to the next multiple of 8 as JavaCC counts them)."""

    __slots__ = ("kind", "image", "begin_line", "begin_column", "end_line", "end_column")

    def __init__(self, kind: int, image: str, begin_line: int, begin_column: int, end_line: int,
                 end_column: int) -> None:
        self.kind = kind
        self.image = image
        self.begin_line = begin_line
        self.begin_column = begin_column
        self.end_line = end_line
        self.end_column = end_column

    def __str__(self) -> str:
        return self.image

    def __repr__(self) -> str:
        return "Token(%d, %r, %d:%d)" % (self.kind, self.image, self.begin_line, self.begin_column)
