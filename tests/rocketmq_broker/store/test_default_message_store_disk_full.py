"""A broker subprocess whose store is on a 48 MiB tmpfs, filled fast from several threads with 64 KiB incompressible
bodies: it stays alive, refuses with code 14 once the disk is full, every acknowledged message stays readable, and
it restarts on the full disk (filled to the last byte) and serves pulls."""
from __future__ import annotations

import errno
import os
import threading

import pytest
from broker_process_support import mounted_tmpfs, start_broker
from broker_support import RawClient, broker_addr, decode_messages, pull_request, send_request
from broker_support import start_broker as start_in_process

from rocketmq_common.protocol.response_code import ResponseCode

TOPIC = "DiskFull"
THREADS = 4


@pytest.fixture
def small_disk(tmp_path):
    with mounted_tmpfs(tmp_path / "disk", "size=48m") as disk:
        yield disk


def _config(tmp_path, disk):
    conf = tmp_path / "broker.conf"
    conf.write_text("\n".join([
        "brokerIP1 = 127.0.0.1",
        "listenPort = 0",
        "storePathRootDir = " + str(disk / "store"),
        "mappedFileSizeCommitLog = 8388608",
        "maxHashSlotNum = 1000",
        "maxIndexNum = 4000",
    ]) + "\n", encoding="utf-8")
    return str(conf)


def _local(addr):
    return "127.0.0.1:" + addr.rsplit(":", 1)[1]


def _fill(addr):
    """Send from THREADS connections (one queue each) until each is refused; the acknowledged bodies per queue
    and the refusals."""
    acked = {q: [] for q in range(THREADS)}
    refusals = []
    errors = []

    def sender(queue_id):
        client = RawClient(addr)
        try:
            for i in range(2000):
                body = b"%d-%d-" % (queue_id, i) + os.urandom(64 * 1024)
                response = client.request(send_request(TOPIC, body, queue_id=queue_id), timeout=30)
                if response.code == ResponseCode.SUCCESS:
                    acked[queue_id].append(body)
                elif response.code == ResponseCode.SERVICE_NOT_AVAILABLE:
                    refusals.append(response.remark)
                    return
                else:
                    errors.append((response.code, response.remark))
                    return
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(repr(e))
        finally:
            client.close()

    threads = [threading.Thread(target=sender, args=(q,)) for q in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return acked, refusals, errors


def _pull_all(addr, queue_id):
    client = RawClient(addr)
    bodies = []
    offset = 0
    try:
        while True:
            response = client.request(pull_request("CG", TOPIC, queue_id, offset, max_nums=32), timeout=30)
            if response.code != ResponseCode.SUCCESS:
                return bodies
            bodies.extend(m.body for m in decode_messages(response.body))
            offset = int(response.ext_fields["nextBeginOffset"])
    finally:
        client.close()


def _fill_to_the_last_byte(disk):
    with open(disk / "filler", "wb", buffering=0) as f:
        chunk = b"\1" * (1024 * 1024)
        while True:
            try:
                f.write(chunk)
            except OSError as e:
                assert e.errno == errno.ENOSPC
                chunk = chunk[:len(chunk) // 2]
                if not chunk:
                    return


@pytest.mark.timeout(240)
def test_full_disk_refuses_sends_keeps_acknowledged_messages_and_restarts(tmp_path, small_disk):
    conf = _config(tmp_path, small_disk)
    broker, addr = start_broker(tmp_path, small_disk / "store", "-c", conf)
    try:
        acked, refusals, errors = _fill(_local(addr))
        assert not errors
        assert broker.proc.poll() is None                       # alive: no SIGBUS
        assert len(refusals) == THREADS
        assert all("disk is full" in remark for remark in refusals)
        assert sum(len(b) for b in acked.values()) > 300        # most of the 48 MiB held messages
        for queue_id in range(THREADS):
            assert _pull_all(_local(addr), queue_id) == acked[queue_id]
    finally:
        code = broker.stop()
    assert code == 0
    _fill_to_the_last_byte(small_disk)
    broker, addr = start_broker(tmp_path, small_disk / "store", "-c", conf)
    try:
        for queue_id in range(THREADS):
            assert _pull_all(_local(addr), queue_id) == acked[queue_id]
        client = RawClient(_local(addr))
        try:
            response = client.request(send_request(TOPIC, os.urandom(64 * 1024)), timeout=30)
        finally:
            client.close()
        assert response.code == ResponseCode.SERVICE_NOT_AVAILABLE
        assert broker.proc.poll() is None
    finally:
        broker.kill()


@pytest.mark.timeout(120)
def test_full_disk_with_the_transient_store_pool_refuses_sends_and_keeps_what_it_acknowledged(small_disk):
    """The commit log in write buffers (transientStorePoolEnable): once a buffer cannot be written, appends are
    refused (code 14) instead of growing in memory; what was acknowledged stays readable."""
    broker = start_in_process(small_disk / "store", store={"transient_store_pool_enable": True,
                                                           "mapped_file_size_commit_log": 8 * 1024 * 1024})
    try:
        addr = broker_addr(broker)
        acked, refusals, errors = _fill(addr)
        assert not errors and len(refusals) == THREADS
        assert sum(len(b) for b in acked.values()) > 300
        for queue_id in range(THREADS):
            assert _pull_all(addr, queue_id) == acked[queue_id]
        files = broker.get_message_store().commit_log.mapped_file_queue.mapped_files
        assert sum(len(f._write_buffer) for f in files) <= 2 * (64 * 1024 + 1024) * THREADS
    finally:
        broker.shutdown()
