"""Java ``org.apache.rocketmq.common.protocol.route.BrokerData``."""
from __future__ import annotations

import random
from typing import Dict, Optional

from rocketmq_common.mix_all import MixAll
from rocketmq_remoting.common.bean import Bean, MapOf, Prop

__all__ = ["BrokerData"]


class BrokerData(Bean):
    """A broker name with its addresses by broker id (0 = master, >= 1 = slaves) and its cluster.

    ``broker_addrs`` has integer keys; fastjson writes them unquoted (``{0:"127.0.0.1:10911"}``), which the
    decoder accepts. Equal and hashed by ``broker_addrs`` and ``broker_name`` (not ``cluster``), as in Java;
    ordered by broker name. ``zone_name`` and ``enable_acting_master`` (5.3.3) stay None from a 4.9 name server,
    so that the route is written back (``topicRoute``) as it came.
    """

    cluster = Prop(str)
    broker_name = Prop(str)
    broker_addrs = Prop(MapOf(int, str))
    #: 5.3.3: the zone of the broker, and whether a slave may act as master (a 4.9 name server sends neither)
    zone_name = Prop(str)
    enable_acting_master = Prop(bool)

    def get_cluster(self) -> str: return self.cluster
    def set_cluster(self, cluster: Optional[str]) -> None: self.cluster = cluster
    def get_broker_name(self) -> str: return self.broker_name
    def set_broker_name(self, broker_name: Optional[str]) -> None: self.broker_name = broker_name
    def get_broker_addrs(self) -> Dict[int, str]: return self.broker_addrs
    def set_broker_addrs(self, broker_addrs: Optional[Dict[int, str]]) -> None: self.broker_addrs = broker_addrs
    def get_zone_name(self) -> str: return self.zone_name
    def set_zone_name(self, zone_name: Optional[str]) -> None: self.zone_name = zone_name
    def get_enable_acting_master(self) -> bool: return self.enable_acting_master
    def is_enable_acting_master(self) -> bool: return self.enable_acting_master
    def set_enable_acting_master(self, enable_acting_master: Optional[bool]) -> None:
        self.enable_acting_master = enable_acting_master

    def __init__(self, cluster: Optional[str] = None, broker_name: Optional[str] = None,
                 broker_addrs: Optional[Dict[int, str]] = None) -> None:
        super().__init__()
        self.cluster = cluster
        self.broker_name = broker_name
        self.broker_addrs = broker_addrs

    def select_broker_addr(self) -> Optional[str]:
        """Java ``selectBrokerAddr``: the master's address, else a random slave's (None when there is none)."""
        addrs = self.broker_addrs or {}
        addr = addrs.get(MixAll.MASTER_ID)
        if addr is None and addrs:
            return random.choice(list(addrs.values()))
        return addr

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        return self.broker_addrs == other.broker_addrs and self.broker_name == other.broker_name  # type: ignore

    def __hash__(self) -> int:
        addrs = self.broker_addrs
        return hash((frozenset(addrs.items()) if addrs is not None else None, self.broker_name))

    def __lt__(self, other: "BrokerData") -> bool:
        if not isinstance(other, BrokerData):
            return NotImplemented
        return self.broker_name < other.broker_name
