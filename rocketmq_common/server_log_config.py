"""The logging of the server commands, as Java's ``conf/logback_broker.xml`` and ``conf/logback_namesrv.xml``.

Only the entry points (``python -m rocketmq_broker`` / ``rocketmq_namesrv``, ``rocketmq broker`` / ``namesrv``)
call :func:`configure_server_logging`; the library, and the in-process ``EmbeddedCluster`` with it, never
configure logging. Records go to files in the log directory, ``~/logs/rocketmqlogs`` unless the command's
``--logDir`` or the environment (``rocketmq.log.root`` / ``ROCKETMQ_LOG_ROOT``, the Java property of the 5.x
logback files) names another:

* broker: ``broker.log`` (everything but the two below), ``store.log`` (``rocketmq_broker.store``), ``remoting.log``
  (``rocketmq_remoting``);
* namesrv: ``namesrv.log``.

Each file rolls over at 128 MiB and keeps 10 old ones (Java's ``SizeBasedTriggeringPolicy`` / ``maxIndex``). The
console (stderr) gets one line per record from ERROR on (``--logLevel LEVEL``, ``-v/--verbose`` for INFO): as
Java's, whose console has the boot line and the fatal errors only, what a broker meets in its work (a consumer
group that went away, a client that closed its connection) is in the files, not on the console; a traceback stays
in the file, as do records logged with ``extra=FILE_ONLY`` (the details of a start-up failure the
command reports in its own one line).
"""
from __future__ import annotations

import argparse
import logging
import logging.handlers
import os
import sys
from typing import Dict, List, Optional, Tuple

__all__ = ["FILE_ONLY", "add_logging_options", "configure_server_logging", "log_root"]

#: the Java system property and the environment variable naming the log directory
LOG_ROOT_PROPERTY = "rocketmq.log.root"
LOG_ROOT_ENV = "ROCKETMQ_LOG_ROOT"
#: ``extra`` of a record that stays out of the console
FILE_ONLY = {"file_only": True}

_FILE_FORMAT = "%(asctime)s %(levelname)s [%(threadName)s] %(name)s - %(message)s"
_CONSOLE_FORMAT = "%(asctime)s %(levelname)s %(name)s - %(message)s"
_MAX_BYTES = 128 * 1024 * 1024
_BACKUP_COUNT = 10

#: per server: (logger name, file name) in the order their handlers are installed; "" is the root logger
_FILES: Dict[str, Tuple[Tuple[str, str], ...]] = {
    "broker": (("", "broker.log"), ("rocketmq_broker.store", "store.log"), ("rocketmq_remoting", "remoting.log")),
    "namesrv": (("", "namesrv.log"),),
}
#: the handlers installed by the last configure_server_logging, per logger name
_installed: Dict[str, List[logging.Handler]] = {}


class _ConsoleFormatter(logging.Formatter):
    """One line per record: the message without its traceback (which the log file has)."""

    def format(self, record: logging.LogRecord) -> str:
        message = record.getMessage()
        record.message = message.splitlines()[0] if message else message
        return self.formatMessage(record)


def _console_filter(record: logging.LogRecord) -> bool:
    return not getattr(record, "file_only", False)


def log_root(log_dir: Optional[str] = None) -> str:
    """The log directory: ``log_dir``, else the environment's, else ``~/logs/rocketmqlogs``."""
    if log_dir:
        return log_dir
    value = os.environ.get(LOG_ROOT_PROPERTY) or os.environ.get(LOG_ROOT_ENV)
    return value or os.path.join(os.path.expanduser("~"), "logs", "rocketmqlogs")


def add_logging_options(parser: argparse.ArgumentParser) -> None:
    """The logging options of a server command: ``--logDir DIR``, ``--logLevel LEVEL``, ``-v/--verbose``."""
    parser.add_argument("--logDir", metavar="DIR", help="log directory (default $%s, else ~/logs/rocketmqlogs)"
                        % LOG_ROOT_ENV)
    parser.add_argument("--logLevel", metavar="LEVEL", default=None, type=str.upper,
                        choices=("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"),
                        help="level of the console (stderr) log, default ERROR")
    parser.add_argument("-v", "--verbose", action="store_true", help="console log from INFO on (--logLevel INFO)")


def configure_server_logging(server: str, log_dir: Optional[str] = None, console_level: Optional[str] = None,
                             verbose: bool = False) -> str:
    """Send the logging of ``server`` (``"broker"`` or ``"namesrv"``) to its files and the console, replacing what
    was configured before (Java resets the logback context); the log directory. Raises ``OSError`` when the
    directory or a file cannot be created."""
    directory = log_root(log_dir)
    os.makedirs(directory, exist_ok=True)
    level = console_level or ("INFO" if verbose else "ERROR")
    console = logging.StreamHandler(sys.stderr)
    console.setLevel(level)
    console.setFormatter(_ConsoleFormatter(_CONSOLE_FORMAT))
    console.addFilter(_console_filter)
    handlers: Dict[str, List[logging.Handler]] = {}
    try:
        for name, file_name in _FILES[server]:
            file_handler = logging.handlers.RotatingFileHandler(
                os.path.join(directory, file_name), maxBytes=_MAX_BYTES, backupCount=_BACKUP_COUNT, encoding="utf-8")
            file_handler.setFormatter(logging.Formatter(_FILE_FORMAT))
            handlers[name] = [file_handler, console]
    except OSError:
        for installed in handlers.values():
            installed[0].close()
        raise
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    for name, old in _installed.items():
        logger = logging.getLogger(name)
        for handler in old:
            logger.removeHandler(handler)
            handler.close()
    for name, new in handlers.items():
        logger = logging.getLogger(name)
        logger.setLevel(logging.INFO)
        for handler in new:
            logger.addHandler(handler)
        logger.propagate = not name  # Java's additivity="false" of the named loggers
    _installed.clear()
    _installed.update(handlers)
    return directory
