"""One root for the client's exceptions: MQException, with ``response_code`` and ``retriable``; Java's class names
kept; what a user sees with no reachable NameServer is part of the tree."""
from __future__ import annotations

import socket

import pytest

import rocketmq_client
from rocketmq_acl.common.acl_exception import AclException
from rocketmq_client import DefaultMQProducer, Message
from rocketmq_client.exception import (IllegalStateException, MQBrokerException, MQClientException,
                                       OffsetNotFoundException, RequestTimeoutException)
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.exception import (MQException, RemotingCommandException, RemotingConnectException,
                                         RemotingException, RemotingSendRequestException, RemotingTimeoutException,
                                         RemotingTooMuchRequestException)

TREE = {
    RemotingException: MQException, RemotingConnectException: RemotingException,
    RemotingTimeoutException: RemotingException, RemotingSendRequestException: RemotingException,
    RemotingTooMuchRequestException: RemotingException, RemotingCommandException: RemotingException,
    MQClientException: MQException, MQBrokerException: MQException, OffsetNotFoundException: MQBrokerException,
    RequestTimeoutException: MQException, IllegalStateException: MQException, AclException: MQException,
}


@pytest.mark.parametrize("cls, parent", TREE.items(), ids=[c.__name__ for c in TREE])
def test_the_tree(cls, parent) -> None:
    assert issubclass(cls, parent) and issubclass(cls, Exception)
    assert getattr(rocketmq_client, cls.__name__) is cls


def test_java_runtime_exceptions_stay_runtime_errors() -> None:
    assert issubclass(IllegalStateException, RuntimeError) and issubclass(AclException, RuntimeError)


def test_response_code_and_retriable() -> None:
    cases = [
        (MQClientException("No route info of this topic"), -1, False),
        (MQClientException(10001, "connect to broker failed"), 10001, True),   # CONNECT_BROKER_EXCEPTION
        (MQClientException(ResponseCode.NO_PERMISSION, "no permission"), ResponseCode.NO_PERMISSION, False),
        (MQBrokerException(ResponseCode.SYSTEM_BUSY, "[PC_SYNCHRONIZED]broker busy"), ResponseCode.SYSTEM_BUSY, True),
        (MQBrokerException(ResponseCode.SERVICE_NOT_AVAILABLE, "not available"), ResponseCode.SERVICE_NOT_AVAILABLE,
         True),
        (MQBrokerException(ResponseCode.TOPIC_NOT_EXIST, "topic not exist"), ResponseCode.TOPIC_NOT_EXIST, False),
        (OffsetNotFoundException(ResponseCode.QUERY_NOT_FOUND, "no offset"), ResponseCode.QUERY_NOT_FOUND, False),
        (RequestTimeoutException(10006, "request timeout"), 10006, True),
        (RemotingConnectException("127.0.0.1:1"), -1, True),
        (RemotingTimeoutException("timeout", "127.0.0.1:1", 3000), -1, True),
        (RemotingSendRequestException("127.0.0.1:1"), -1, True),
        (RemotingTooMuchRequestException("too much"), -1, True),
        (RemotingCommandException("bad header"), -1, False),
        (AclException("[10003:signature-failed]", code=10003), 10003, False),
        (IllegalStateException("setAssignTag only can be called before start."), -1, False),
    ]
    for error, code, retriable in cases:
        assert (error.response_code, error.retriable) == (code, retriable), repr(error)
    wrapped = MQClientException("sendDefaultImpl call timeout", RemotingTimeoutException("timeout"))
    assert wrapped.retriable and wrapped.get_response_code() == -1


def test_no_reachable_name_server_raises_a_retriable_illegal_state_exception() -> None:
    with socket.socket() as probe:         # a loopback port nobody listens on
        probe.bind(("127.0.0.1", 0))
        address = "127.0.0.1:%d" % probe.getsockname()[1]
    with DefaultMQProducer("no_namesrv_group", namesrv_addr=address, send_msg_timeout=1000,
                           instance_name="no_namesrv") as producer:
        with pytest.raises(MQException) as raised:
            producer.send(Message("NoNameServerTopic", "tag", b"body"))
    assert isinstance(raised.value, IllegalStateException)
    assert isinstance(raised.value.__cause__, RemotingConnectException)
    assert raised.value.retriable
