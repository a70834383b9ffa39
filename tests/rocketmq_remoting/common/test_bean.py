"""Generated Java-bean accessors."""
import pytest

from rocketmq_remoting.common.bean import Bean, Prop, camel_case


class Base(Bean):
    client_id = Prop(str, wire="clientID")
    unit_mode = Prop(bool, False)
    items = Prop(list, [])


class Child(Base):
    queue_id = Prop(int, 0)

    def get_queue_id(self):
        return self.queue_id + 1000  # a hand-written accessor wins


def test_accessors_are_generated():
    c = Child(client_id="c1")
    assert c.get_client_id() == "c1"
    c.set_unit_mode(True)
    assert c.is_unit_mode() and c.get_unit_mode()
    assert c.get_queue_id() == 1000
    assert [p.wire for p in Child._props] == ["clientID", "unitMode", "items", "queueId"]


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
