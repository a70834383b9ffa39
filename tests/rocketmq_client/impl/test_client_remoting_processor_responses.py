"""ClientRemotingProcessor's answers as Java builds them: ``createResponseCommand(null)`` is Java's header-class
overload (SYSTEM_ERROR, remark "not set any response code" until a code is set), and a CONSUME_MESSAGE_DIRECTLY
without a message body is answered SYSTEM_ERROR instead of failing inside the processor."""
from __future__ import annotations

from typing import Any, Dict, List

from rocketmq_client.impl.client_remoting_processor import ClientRemotingProcessor
from rocketmq_common.protocol.body.get_consumer_status_body import GetConsumerStatusBody
from rocketmq_common.protocol.header.consume_message_directly_result_request_header import \
    ConsumeMessageDirectlyResultRequestHeader
from rocketmq_common.protocol.header.get_consumer_status_request_header import GetConsumerStatusRequestHeader
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_remoting.protocol.remoting_command import RemotingCommand


class _Factory:
    """The part of MQClientInstance the two requests use."""

    def __init__(self) -> None:
        self.directly: List[Any] = []

    def get_consumer_status(self, topic: str, group: str) -> Dict[Any, int]:
        return {}

    def consume_message_directly(self, msg: Any, group: str, broker_name: Any) -> Any:
        self.directly.append(msg)
        return None


def _request(code: int, header: Any) -> RemotingCommand:
    request = RemotingCommand.create_request_command(code, header)
    request.make_custom_header_to_net()
    return RemotingCommand.decode(request.encode()[4:])


def test_get_consumer_status_answers_success_with_java_placeholder_remark() -> None:
    header = GetConsumerStatusRequestHeader()
    header.set_topic("T")
    header.set_group("G")
    processor = ClientRemotingProcessor(_Factory())  # type: ignore[arg-type]
    response = processor.process_request(None, _request(RequestCode.GET_CONSUMER_STATUS_FROM_CLIENT, header))
    assert response is not None
    assert response.code == ResponseCode.SUCCESS
    assert response.remark == "not set any response code"
    assert GetConsumerStatusBody.decode(response.get_body()).get_message_queue_table() == {}


def test_consume_message_directly_without_a_body_is_a_system_error() -> None:
    header = ConsumeMessageDirectlyResultRequestHeader()
    header.set_consumer_group("G")
    header.set_client_id("c")
    header.set_msg_id("m")
    factory = _Factory()
    processor = ClientRemotingProcessor(factory)  # type: ignore[arg-type]
    response = processor.process_request(None, _request(RequestCode.CONSUME_MESSAGE_DIRECTLY, header))
    assert response is not None
    assert response.code == ResponseCode.SYSTEM_ERROR
    assert "no message" in (response.remark or "")
    assert factory.directly == []
