"""Java ``org.apache.rocketmq.tools.command.SubCommandException``."""
from __future__ import annotations

__all__ = ["SubCommandException"]


class SubCommandException(Exception):
    """A subcommand failed; ``str(e)`` is the one line the command line prints. ``exit_code`` is 2 for bad
    arguments and unreachable servers, 1 for other failures."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = exit_code
