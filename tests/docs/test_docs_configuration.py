"""docs/configuration.md lists every option (Prop) of the client classes with its Java name and Java's default, and
nothing that is not an option."""
from __future__ import annotations

import enum
import pathlib
import re
from typing import Dict, List, Tuple

import pytest

from rocketmq_client.client_config import ClientConfig
from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer
from rocketmq_client.consumer.default_mq_pull_consumer import DefaultMQPullConsumer
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.transaction_mq_producer import TransactionMQProducer

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "configuration.md"

#: each documented class and the class whose options it inherits (documented in that class's section)
CLASSES = [(ClientConfig, None), (DefaultMQProducer, ClientConfig), (TransactionMQProducer, DefaultMQProducer),
           (DefaultMQPushConsumer, ClientConfig), (DefaultMQPullConsumer, ClientConfig),
           (DefaultLitePullConsumer, ClientConfig)]

_ROW = re.compile(r"^\| `(\w+)` \| `(\w+)` \| (.+?) \| (.+) \|$")


def documented() -> Dict[str, List[Tuple[str, str, str]]]:
    """Section title -> the rows of its first table, the options (Java name, Python name, default column)."""
    sections: Dict[str, List[Tuple[str, str, str]]] = {}
    rows: List[Tuple[str, str, str]] = []
    in_first_table = False
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            rows = sections.setdefault(line[3:].strip(), [])
            in_first_table = True
            continue
        match = _ROW.match(line)
        if match and in_first_table:
            rows.append((match.group(1), match.group(2), match.group(3)))
        elif rows and not line.startswith("|"):
            in_first_table = False
    return sections


def own_props(cls: type, base: type) -> list:
    inherited = {p.name for p in base._props} if base is not None else set()
    return [p for p in cls._props if p.name not in inherited]


def default_text(value: object) -> str:
    if isinstance(value, enum.Enum):
        return "`%s.%s`" % (type(value).__name__, value.name)
    if isinstance(value, str):
        return '`"%s"`' % value
    return "`%r`" % (value,)


@pytest.mark.parametrize("cls, base", CLASSES, ids=[c.__name__ for c, _ in CLASSES])
def test_every_option_is_documented_with_its_java_name_and_default(cls: type, base: type) -> None:
    rows = documented().get(cls.__name__)
    assert rows, "no table for %s" % cls.__name__
    by_name = {python: (java, default) for java, python, default in rows}
    props = own_props(cls, base)
    assert sorted(by_name) == sorted(p.name for p in props)
    for prop in props:
        java, default = by_name[prop.name]
        assert java == prop.wire, prop.name
        if prop.factory is None and prop.default is not None:
            assert default == default_text(prop.default), prop.name
