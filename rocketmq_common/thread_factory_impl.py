"""Java ``org.apache.rocketmq.common.ThreadFactoryImpl``: named threads ``prefix1``, ``prefix2``, ..."""
from __future__ import annotations

import itertools
import threading
from typing import Callable

__all__ = ["ThreadFactoryImpl"]


class ThreadFactoryImpl:
    """Creates (unstarted) threads named ``thread_name_prefix + index``, the index starting at 1."""

    def __init__(self, thread_name_prefix: str, daemon: bool = False) -> None:
        self.thread_name_prefix = thread_name_prefix
        self.daemon = daemon
        self._thread_index = itertools.count(1)
        self._lock = threading.Lock()

    def new_thread(self, runnable: Callable[[], object]) -> threading.Thread:
        """Java ``newThread``."""
        with self._lock:
            index = next(self._thread_index)
        return threading.Thread(target=runnable, name="%s%d" % (self.thread_name_prefix, index), daemon=self.daemon)
