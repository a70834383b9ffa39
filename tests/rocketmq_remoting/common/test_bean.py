"""Java-bean properties: wire names, per-instance mutable defaults, keywords, repr."""
from typing import List, Optional

import pytest

from rocketmq_remoting.common.bean import Bean, Prop, camel_case


class Base(Bean):
    client_id = Prop(str, wire="clientID")
    unit_mode = Prop(bool, False)
    items = Prop(list, [])

    def get_client_id(self) -> str: return self.client_id
    def set_client_id(self, client_id: Optional[str]) -> None: self.client_id = client_id
    def get_unit_mode(self) -> bool: return self.unit_mode
    def is_unit_mode(self) -> bool: return self.unit_mode
    def set_unit_mode(self, unit_mode: bool) -> None: self.unit_mode = unit_mode
    def get_items(self) -> List[object]: return self.items
    def set_items(self, items: List[object]) -> None: self.items = items


class Child(Base):
    queue_id = Prop(int, 0)

    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: int) -> None: self.queue_id = queue_id


def test_props_are_inherited_with_their_wire_names_and_nothing_is_generated():
    c = Child(client_id="c1")
    assert c.get_client_id() == "c1"
    c.set_unit_mode(True)
    assert c.is_unit_mode() and c.get_unit_mode()
    assert [p.wire for p in Child._props] == ["clientID", "unitMode", "items", "queueId"]

    class Undeclared(Bean):
        x = Prop(int, 3)

    assert Undeclared().x == 3 and not hasattr(Undeclared, "get_x")  # accessors are written in the class


def test_mutable_defaults_are_per_instance():
    a, b = Base(), Base()
    a.items.append(1)
    assert b.items == []


def test_unknown_keyword_rejected():
    with pytest.raises(TypeError):
        Base(nope=1)


def test_repr_and_camel_case():
    # values as Java's toString shows them
    assert repr(Base(client_id="x")) == "Base [clientID=x, unitMode=false, items=[]]"
    assert repr(Base(client_id=None, unit_mode=True, items=["a", None])) == \
        "Base [clientID=null, unitMode=true, items=[a, null]]"
    assert camel_case("accept_standard_json_only") == "acceptStandardJsonOnly"
