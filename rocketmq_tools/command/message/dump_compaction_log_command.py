"""Java ``org.apache.rocketmq.tools.command.message.DumpCompactionLogCommand`` (5.3.3): ``dumpCompactionLog``."""
from __future__ import annotations

import argparse
import logging
import os
import struct

from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_tools.command.sub_command import NAMESRV_LOCAL, SubCommand
from rocketmq_tools.command.sub_command_exception import SubCommandException

__all__ = ["DumpCompactionLogCommand"]

log = logging.getLogger(__name__)


class DumpCompactionLogCommand(SubCommand):
    """Print the messages of a compaction log file (``-f``, the commit log format a 5.x broker writes for topics
    with ``cleanup.policy=COMPACTION``), one ``MessageExt [...]`` line each (bodies not read), up to the first
    record that is not a message. Without ``-f`` it prints Java's "miss dump log file name" (exit code 2)."""

    namesrv_option = NAMESRV_LOCAL

    def command_name(self) -> str:
        return "dumpCompactionLog"

    def command_desc(self) -> str:
        return "Parse compaction log to message."

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-f", "--file", help="to dump file name")

    def execute(self, args: argparse.Namespace) -> int:
        if args.file is None:
            print("miss dump log file name")
            return 2
        file_name = args.file
        if not os.path.exists(file_name):
            raise SubCommandException("file " + file_name + " not exist.")
        if os.path.isdir(file_name):
            raise SubCommandException("file " + file_name + " is a directory.")
        with open(file_name, "rb") as f:
            data = f.read()
        current = 0
        while current + 4 <= len(data):
            size = struct.unpack_from(">i", data, current)[0]
            if size > len(data) or size <= 0:
                break
            message_ext = MessageDecoder.decode(data[current:current + size], False, False)
            if message_ext is None:
                break
            current += size
            print(repr(message_ext))
        return 0
