"""parse_send_args, the overload dispatch of send: Java's positional forms, the forms it refuses, its restrictions."""
from __future__ import annotations

import pytest

from rocketmq_client.impl.producer.send_args import DEFAULT, QUEUE, SELECT, parse_send_args
from rocketmq_client.producer.message_queue_selector import MessageQueueSelector
from rocketmq_client.producer.send_callback import SendCallback
from rocketmq_client.producer.send_result import SendResult
from rocketmq_common.message.message_queue import MessageQueue

MQ = MessageQueue("TopicTest", "broker-a", 3)


class _Callback(SendCallback):
    def on_success(self, send_result: SendResult) -> None:
        pass

    def on_exception(self, e: BaseException) -> None:
        pass


class _Selector(MessageQueueSelector):
    def select(self, mqs, msg, arg):  # type: ignore[no-untyped-def]
        return mqs[0]


def test_parse_send_args_java_forms() -> None:
    cb, sel = _Callback(), _Selector()
    assert parse_send_args("send", ()) == (DEFAULT, None, None, None, None, None)
    assert parse_send_args("send", (1000,)) == (DEFAULT, None, None, None, None, 1000)
    assert parse_send_args("send", (cb,)) == (DEFAULT, None, None, None, cb, None)
    assert parse_send_args("send", (cb, 10)) == (DEFAULT, None, None, None, cb, 10)
    assert parse_send_args("send", (MQ,)) == (QUEUE, MQ, None, None, None, None)
    assert parse_send_args("send", (MQ, 5)) == (QUEUE, MQ, None, None, None, 5)
    assert parse_send_args("send", (MQ, cb, 5)) == (QUEUE, MQ, None, None, cb, 5)
    assert parse_send_args("send", (sel, 7)) == (SELECT, None, sel, 7, None, None)
    assert parse_send_args("send", (sel, "k", cb, 9)) == (SELECT, None, sel, "k", cb, 9)
    lam = parse_send_args("send", (lambda mqs, msg, arg: mqs[arg], 1))
    assert lam.kind == SELECT and lam.selector.select([MQ, MQ], None, 1) is MQ


@pytest.mark.parametrize("args", [("x",), (1000, 1000), (MQ, "x"), (True,), (_Callback(), _Callback())])
def test_parse_send_args_rejects_other_forms(args: tuple) -> None:
    with pytest.raises(TypeError, match=r"unsupported arguments for send\(msg, "):
        parse_send_args("send", args)


def test_parse_send_args_restrictions() -> None:
    with pytest.raises(TypeError, match="no callback"):
        parse_send_args("send_oneway", (_Callback(),), allow_callback=False)
    with pytest.raises(TypeError, match="no timeout"):
        parse_send_args("send_oneway", (MQ, 5), allow_timeout=False)
    with pytest.raises(TypeError):
        parse_send_args("send", (_Selector(), 1), allow_selector=False)
    with pytest.raises(TypeError, match="needs its argument"):
        parse_send_args("send", (_Selector(),))
