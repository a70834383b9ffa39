"""Java ``org.apache.rocketmq.tools.command.SubCommand``: one subcommand of the command line."""
from __future__ import annotations

import abc
import argparse
from typing import Optional

__all__ = ["SubCommand", "NAMESRV_REQUIRED", "NAMESRV_OPTIONAL", "NAMESRV_LOCAL", "NAMESRV_NONE"]

#: the subcommand talks to a name server: ``-n`` (or ``NAMESRV_ADDR``) is required and checked before it runs
NAMESRV_REQUIRED = "required"
#: ``-n`` is accepted; without it the subcommand runs its own servers (quickstart)
NAMESRV_OPTIONAL = "optional"
#: ``-n`` is accepted, not required, and ``$NAMESRV_ADDR`` is not read: the subcommand works on local files or a
#: broker address without it (dumpCompactionLog, rocksDBConfigToJson)
NAMESRV_LOCAL = "local"
#: no ``-n`` option (the server commands parse their own options)
NAMESRV_NONE = "none"


class SubCommand(abc.ABC):
    """Java ``SubCommand``: a name, a description, its options (argparse here) and ``execute``.

    ``execute`` returns the exit code and raises
    :class:`~rocketmq_tools.command.sub_command_exception.SubCommandException` (or the client's exceptions) on
    failure; the command line turns an exception into one line on stderr."""

    namesrv_option = NAMESRV_REQUIRED

    @abc.abstractmethod
    def command_name(self) -> str:
        """Java ``commandName``."""

    def command_alias(self) -> Optional[str]:
        """Java ``commandAlias``."""
        return None

    @abc.abstractmethod
    def command_desc(self) -> str:
        """Java ``commandDesc``."""

    @abc.abstractmethod
    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        """Java ``buildCommandlineOptions``: add the options to ``parser``."""

    @abc.abstractmethod
    def execute(self, args: argparse.Namespace) -> int:
        """Java ``execute``: run with the parsed options (``args.namesrv_addr`` is the checked name server list
        when the subcommand needs one); the exit code."""
