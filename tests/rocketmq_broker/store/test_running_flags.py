"""RunningFlags: the store's readable / writeable / disk-full / logics-queue-error bits."""
from __future__ import annotations

from rocketmq_broker.store.running_flags import RunningFlags


def test_running_flags():
    flags = RunningFlags()
    assert flags.is_readable() and flags.is_writeable() and flags.is_cq_writeable()
    assert flags.get_and_make_disk_full() and not flags.is_writeable() and flags.is_cq_writeable()
    assert not flags.get_and_make_disk_ok() and flags.is_writeable()
    flags.make_logics_queue_error()
    assert flags.is_logics_queue_error() and not flags.is_cq_writeable()
    assert flags.get_and_make_not_readable() and not flags.is_readable()
    assert not flags.get_and_make_readable() and flags.is_readable()
