"""Java ``org.apache.rocketmq.common.ServiceThread``: a restartable background loop with wake-up support.

A subclass implements :meth:`run` (typically ``while not self.is_stopped(): self.wait_for_running(ms); work()``)
and :meth:`get_service_name` (also the thread's name). Python threads cannot be interrupted: ``interrupt=True``
only wakes a thread blocked in :meth:`wait_for_running`, which every shutdown does anyway.

The Python thread is always a daemon thread, so that a script that ends or raises without ``shutdown()`` exits (the
JVM keeps running on a non-daemon thread; the client's ``atexit`` hook, see
:class:`rocketmq_client.impl.mq_client_manager.MQClientManager`, shuts started clients down first). The Java
daemon flag (:meth:`set_daemon`) keeps its meaning for :meth:`shutdown`: only a non-daemon service is joined.
"""
from __future__ import annotations

import logging
import threading
import time
from typing import Optional

__all__ = ["ServiceThread"]

log = logging.getLogger(__name__)


class ServiceThread:
    """Base of background services."""

    #: Java ``JOIN_TIME``: how long :meth:`shutdown` waits for a non-daemon service's thread, in milliseconds
    JOIN_TIME = 90 * 1000

    def __init__(self) -> None:
        self._thread: Optional[threading.Thread] = None
        self._wait_point = threading.Event()
        self._has_notified = False
        self._notify_lock = threading.Lock()
        self._started = False
        self._started_lock = threading.Lock()
        self.stopped = False
        self.daemon = False

    def get_service_name(self) -> str:
        """Java ``getServiceName``: the service (and thread) name."""
        raise NotImplementedError

    def __repr__(self) -> str:
        """``ClassName[serviceName]`` (Java has no toString)."""
        return "%s[%s]" % (type(self).__name__, self.get_service_name())

    def run(self) -> None:
        """The service loop (Java ``Runnable.run``)."""
        raise NotImplementedError

    def _cas_started(self, expect: bool, update: bool) -> bool:
        with self._started_lock:
            if self._started != expect:
                return False
            self._started = update
            return True

    def start(self) -> None:
        """Java ``start``: start a new thread unless already started."""
        log.info("Try to start service thread:%s started:%s lastThread:%s",
                 self.get_service_name(), self._started, self._thread)
        if not self._cas_started(False, True):
            return
        self.stopped = False
        self._thread = threading.Thread(target=self.run, name=self.get_service_name(), daemon=True)
        self._thread.start()

    def shutdown(self, interrupt: bool = False) -> None:
        """Java ``shutdown``: stop, wake up and (unless daemon) join for :meth:`get_jointime` ms."""
        log.info("Try to shutdown service thread:%s started:%s lastThread:%s",
                 self.get_service_name(), self._started, self._thread)
        if not self._cas_started(True, False):
            return
        self.stopped = True
        log.info("shutdown thread %s interrupt %s", self.get_service_name(), interrupt)
        self.wakeup()
        thread = self._thread
        begin = time.monotonic()
        if thread is not None and not self.daemon and thread is not threading.current_thread():
            thread.join(self.get_jointime() / 1000.0)
        log.info("join thread %s elapsed time(ms) %d %d", self.get_service_name(),
                 int((time.monotonic() - begin) * 1000), self.get_jointime())

    def get_jointime(self) -> int:
        """Java ``getJointime``: join timeout in ms (override to change)."""
        return self.JOIN_TIME

    def stop(self, interrupt: bool = False) -> None:
        """Java ``stop`` (deprecated there): mark stopped and wake up without joining."""
        if not self._started:
            return
        self.stopped = True
        log.info("stop thread %s interrupt %s", self.get_service_name(), interrupt)
        self.wakeup()

    def make_stop(self) -> None:
        """Java ``makeStop``: only mark stopped."""
        if not self._started:
            return
        self.stopped = True
        log.info("makestop thread %s", self.get_service_name())

    def wakeup(self) -> None:
        """Java ``wakeup``: end the current (or the next) :meth:`wait_for_running` early."""
        with self._notify_lock:
            if not self._has_notified:
                self._has_notified = True
                self._wait_point.set()

    def wait_for_running(self, interval: int) -> None:
        """Java ``waitForRunning``: wait up to ``interval`` ms unless woken up; a wake-up that arrived since
        the last wait returns at once. Calls :meth:`on_wait_end` afterwards."""
        with self._notify_lock:
            if self._has_notified:
                self._has_notified = False
                notified = True
            else:
                self._wait_point.clear()
                notified = False
        if notified:
            self.on_wait_end()
            return
        try:
            self._wait_point.wait(interval / 1000.0)
        finally:
            with self._notify_lock:
                self._has_notified = False
            self.on_wait_end()

    def on_wait_end(self) -> None:
        """Java ``onWaitEnd``: hook called after every :meth:`wait_for_running`."""

    def is_stopped(self) -> bool:
        """Java ``isStopped``."""
        return self.stopped

    def is_daemon(self) -> bool:
        """Java ``isDaemon``."""
        return self.daemon

    def set_daemon(self, daemon: bool) -> None:
        """Java ``setDaemon``: a daemon service is not joined by :meth:`shutdown` (its thread is a Python daemon
        thread either way, see the module docstring)."""
        self.daemon = daemon
