"""Java ``org.apache.rocketmq.srvutil.AclFileWatchService``: reloads ACL files when they change.

Every ``watch_interval_millis`` (Java: 5 s) the ``*.yml``/``*.yaml`` files under the ACL directory (without
``tools.yml``) and the default ACL file are listed; when their number changed ``on_file_num_changed(acl_path)``
is called, otherwise ``on_file_changed(file)`` for each file whose modification time or size changed.
"""
from __future__ import annotations

import logging
import os
from typing import Any, Dict, List, Tuple

from rocketmq_common.service_thread import ServiceThread

__all__ = ["AclFileWatchService", "list_acl_files"]

log = logging.getLogger(__name__)

WATCH_INTERVAL = 5000


def list_acl_files(path: str) -> List[str]:
    """The ``.yml``/``.yaml`` files under ``path`` (recursively, sorted), without ``<path>/tools.yml``."""
    if not os.path.isdir(path):
        return []
    found: List[str] = []
    tools = os.path.join(path, "tools.yml")
    for name in sorted(os.listdir(path)):
        full = os.path.abspath(os.path.join(path, name))
        if full == os.path.abspath(tools):
            continue
        if name.endswith(".yml") or name.endswith(".yaml"):
            found.append(full)
        elif os.path.isdir(full):
            found.extend(list_acl_files(full))
    return found


def _stamp(path: str) -> Tuple[int, int]:
    try:
        st = os.stat(path)
    except OSError:
        return (0, -1)
    return (st.st_mtime_ns, st.st_size)


class AclFileWatchService(ServiceThread):
    """``AclFileWatchService(acl_path, default_acl_file, listener)``; the listener has ``on_file_changed(path)``
    and ``on_file_num_changed(path)``. Start and shut down like any :class:`ServiceThread`."""

    def __init__(self, acl_path: str, default_acl_file: str, listener: Any,
                 watch_interval_millis: int = WATCH_INTERVAL) -> None:
        super().__init__()
        self.acl_path = acl_path
        self.default_acl_file = default_acl_file
        self.listener = listener
        self.watch_interval_millis = watch_interval_millis
        self.file_stamps: Dict[str, Tuple[int, int]] = {f: _stamp(f) for f in self._files()}

    def _files(self) -> List[str]:
        files = list_acl_files(self.acl_path)
        if os.path.exists(self.default_acl_file) and self.default_acl_file not in files:
            files.append(self.default_acl_file)
        return files

    def get_service_name(self) -> str:
        return "AclFileWatchService"

    def run(self) -> None:
        log.info("%s service started", self.get_service_name())
        while not self.is_stopped():
            self.wait_for_running(self.watch_interval_millis)
            if self.is_stopped():
                break
            try:
                self.check()
            except Exception:
                log.warning("%s service has exception. ", self.get_service_name(), exc_info=True)
        log.info("%s service end", self.get_service_name())

    def check(self) -> None:
        """One round of the watch (what the thread does every interval)."""
        files = self._files()
        if len(files) != len(self.file_stamps):
            log.info("aclFilesNum: %d  realAclFilesNum: %d", len(self.file_stamps), len(files))
            self.file_stamps = {f: _stamp(f) for f in files}
            self.listener.on_file_num_changed(self.acl_path)
            return
        for name in files:
            stamp = _stamp(name)
            if stamp != self.file_stamps.get(name):
                self.file_stamps[name] = stamp
                self.listener.on_file_changed(name)
