"""UNREGISTER_CLIENT waits for a heartbeat in flight (Java's ``unregisterClientWithLock`` takes the heartbeat lock),
so a heartbeat prepared while the group was still known cannot reach the broker after the group left it and
register it again; the prompt heartbeats of a consumer's recovery take the same lock."""
from __future__ import annotations

import threading
from typing import Any, List, Tuple

BROKER = "127.0.0.1:1"


def test_unregistering_waits_for_the_heartbeat_in_flight(client_config, client_instance, monkeypatch) -> None:
    instance = client_instance(client_config, start=False)
    api = instance.mq_client_api_impl
    arrived: List[Tuple[str, Any]] = []  # what the broker got, in order
    in_flight = threading.Event()
    answer = threading.Event()

    def send_heartbeat(addr: str, heartbeat_data: Any, timeout_millis: int) -> int:
        groups = sorted(p.group_name for p in heartbeat_data.producer_data_set)
        in_flight.set()
        assert answer.wait(10)
        arrived.append(("heartbeat", groups))
        return 1

    def unregister_client(addr: str, client_id: str, producer_group: Any, consumer_group: Any,
                          timeout_millis: int) -> None:
        arrived.append(("unregister", producer_group))

    monkeypatch.setattr(api, "send_heartbeat", send_heartbeat)
    monkeypatch.setattr(api, "unregister_client", unregister_client)
    instance.broker_addr_table["broker-a"] = {0: BROKER}
    instance.producer_table["PG"] = object()

    heartbeat = threading.Thread(target=instance._send_prompt_heartbeat, args=(BROKER, False))
    heartbeat.start()
    assert in_flight.wait(10)
    unregister = threading.Thread(target=instance.unregister_producer, args=("PG",))
    unregister.start()
    unregister.join(0.5)
    assert unregister.is_alive()  # waiting for the heartbeat lock
    answer.set()
    heartbeat.join(10)
    unregister.join(10)
    assert arrived == [("heartbeat", ["PG"]), ("unregister", "PG")]
