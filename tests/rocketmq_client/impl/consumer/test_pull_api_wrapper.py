"""PullAPIWrapper: the PULL_MESSAGE request it builds (sysflag, expression, broker node, version check), the
processing of a raw result (decode, tag re-check, hooks, transaction id, offsets properties, broker name) and the
pull-from-which-node table; then a real pull against the embedded broker."""
from __future__ import annotations

from typing import Any, Dict, List, Optional

import pytest

from rocketmq_client.client_config import ClientConfig
from rocketmq_client.consumer.pull_status import PullStatus
from client_support import create_topic
from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_client.hook.filter_message_context import FilterMessageContext
from rocketmq_client.hook.filter_message_hook import FilterMessageHook
from rocketmq_client.impl.communication_mode import CommunicationMode
from rocketmq_client.impl.consumer.pull_api_wrapper import PullAPIWrapper
from rocketmq_client.impl.consumer.pull_result_ext import PullResultExt
from rocketmq_client.impl.find_broker_result import FindBrokerResult
from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_common.filter.filter_api import FilterAPI
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_client_ext import MessageClientExt
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mq_version import MQVersion
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_common.sysflag.pull_sys_flag import PullSysFlag

MQ = MessageQueue("T", "broker-a", 3)


class FakeApi:
    def __init__(self) -> None:
        self.calls: List[tuple] = []

    def pull_message(self, addr, header, timeout_millis, mode, callback, lite_pull_message=True):
        self.calls.append((addr, header, timeout_millis, mode, callback))
        self.lite_pull_message = lite_pull_message
        return "result"


class FakeFactory:
    """The MQClientInstance surface PullAPIWrapper uses: broker lookups, route refresh, the API."""

    def __init__(self, brokers: Dict[int, FindBrokerResult], known_after_refresh: bool = True) -> None:
        self.brokers = brokers
        self.known = False
        self.known_after_refresh = known_after_refresh
        self.lookups: List[tuple] = []
        self.refreshed: List[str] = []
        self.api = FakeApi()
        self.route_table: Dict[str, TopicRouteData] = {}
        self.client_config = ClientConfig()
        self.end_points: Dict[MessageQueue, str] = {}

    def get_broker_name_from_message_queue(self, mq: MessageQueue) -> str:
        return self.end_points.get(mq, mq.broker_name)  # a static topic's logical queue: its leader's broker

    def find_broker_address_in_subscribe(self, broker_name: str, broker_id: int,
                                         only_this_broker: bool) -> Optional[FindBrokerResult]:
        self.lookups.append((broker_name, broker_id, only_this_broker))
        if not self.known:
            return None
        return self.brokers.get(broker_id, self.brokers.get(0))

    def update_topic_route_info_from_name_server(self, topic: str) -> bool:
        self.refreshed.append(topic)
        self.known = self.known_after_refresh
        return True

    def get_mq_client_api_impl(self) -> FakeApi:
        return self.api

    def get_topic_route_table(self) -> Dict[str, TopicRouteData]:
        return self.route_table

    def get_client_config(self) -> ClientConfig:
        return self.client_config


def _stored(offset: int, tags: Optional[str], **props: str) -> bytes:
    msg = MessageExt()
    msg.topic = "T"
    msg.queue_id = 3
    msg.queue_offset = offset
    msg.commit_log_offset = 1000 + offset
    msg.body = b"body %d" % offset
    msg.born_host = ("127.0.0.1", 1)
    msg.store_host = ("127.0.0.1", 10911)
    msg.properties = dict(props)
    if tags is not None:
        msg.properties[MessageConst.PROPERTY_TAGS] = tags
    return MessageDecoder.encode(msg, False)


def _found(binary: bytes, suggest: int = 0) -> PullResultExt:
    return PullResultExt(PullStatus.FOUND, 13, 2, 40, None, suggest, binary)


def test_pull_kernel_impl_builds_the_request() -> None:
    factory = FakeFactory({0: FindBrokerResult("10.0.0.1:10911", False, MQVersion.CURRENT_VERSION)})
    wrapper = PullAPIWrapper(factory, "G", False)  # type: ignore[arg-type]
    sys_flag = PullSysFlag.build_sys_flag(True, True, True, False)
    callback = object()
    result = wrapper.pull_kernel_impl(MQ, "TagA || TagB", ExpressionType.TAG, 77, 12, 32, sys_flag, 9, 15000, 30000,
                                      CommunicationMode.ASYNC, callback)  # type: ignore[arg-type]
    assert result == "result"
    # unknown broker: the route is refreshed once, then the lookup is repeated
    assert factory.refreshed == ["T"]
    assert factory.lookups == [("broker-a", 0, False), ("broker-a", 0, False)]
    addr, header, timeout, mode, cb = factory.api.calls[0]
    assert (addr, timeout, mode, cb) == ("10.0.0.1:10911", 30000, CommunicationMode.ASYNC, callback)
    assert header.encode_ext_fields() == {
        "consumerGroup": "G", "topic": "T", "queueId": "3", "queueOffset": "12", "maxMsgNums": "32",
        "sysFlag": str(sys_flag), "commitOffset": "9", "suspendTimeoutMillis": "15000",
        "subscription": "TagA || TagB", "subVersion": "77", "expressionType": "TAG",
        "maxMsgBytes": "2147483647", "bname": "broker-a"}  # 5.3.3's short overload: Integer.MAX_VALUE


def test_pull_from_slave_clears_the_commit_offset_flag() -> None:
    factory = FakeFactory({0: FindBrokerResult("master:1", False, 407), 1: FindBrokerResult("slave:1", True, 407)})
    factory.known = True
    wrapper = PullAPIWrapper(factory, "G", False)  # type: ignore[arg-type]
    wrapper.update_pull_from_which_node(MQ, 1)
    assert wrapper.recalculate_pull_from_which_node(MQ) == 1
    wrapper.pull_kernel_impl(MQ, None, None, 0, 0, 32, PullSysFlag.build_sys_flag(True, True, False, False), 5,
                             15000, 30000, CommunicationMode.SYNC, None)
    addr, header = factory.api.calls[0][:2]
    assert addr == "slave:1"
    assert not PullSysFlag.has_commit_offset_flag(header.sys_flag)
    assert PullSysFlag.has_suspend_flag(header.sys_flag)


def test_pull_kernel_impl_errors() -> None:
    wrapper = PullAPIWrapper(FakeFactory({}, known_after_refresh=False), "G", False)  # type: ignore[arg-type]
    with pytest.raises(MQClientException, match=r"The broker\[broker-a\] not exist"):
        wrapper.pull_kernel_impl(MQ, "*", "TAG", 0, 0, 32, 0, 0, 15000, 30000, CommunicationMode.SYNC, None)
    old = FakeFactory({0: FindBrokerResult("old:1", False, MQVersion.version_ordinal("V4_0_0"))})
    old.known = True
    wrapper = PullAPIWrapper(old, "G", False)  # type: ignore[arg-type]
    with pytest.raises(MQClientException, match=r"The broker\[broker-a, \d+\] does not upgrade to support for filter "
                                                r"message by SQL92"):
        wrapper.pull_kernel_impl(MQ, "a > 1", ExpressionType.SQL92, 0, 0, 32, 0, 0, 15000, 30000,
                                 CommunicationMode.SYNC, None)
    # TAG expressions work with any broker version
    wrapper.pull_kernel_impl(MQ, "*", ExpressionType.TAG, 0, 0, 32, 0, 0, 15000, 30000, CommunicationMode.SYNC, None)
    new = FakeFactory({0: FindBrokerResult("new:1", False, MQVersion.version_ordinal("V4_1_0_SNAPSHOT"))})
    new.known = True
    PullAPIWrapper(new, "G", False).pull_kernel_impl(  # type: ignore[arg-type]
        MQ, "a > 1", ExpressionType.SQL92, 0, 0, 32, 0, 0, 15000, 30000, CommunicationMode.SYNC, None)
    assert new.api.calls[0][1].expression_type == "SQL92"


def test_class_filter_goes_to_a_filter_server() -> None:
    factory = FakeFactory({0: FindBrokerResult("master:1", False, 407)})
    factory.known = True
    wrapper = PullAPIWrapper(factory, "G", False)  # type: ignore[arg-type]
    class_filter = PullSysFlag.build_sys_flag(False, True, True, True)
    with pytest.raises(MQClientException, match="Find Filter Server Failed, Broker Addr: master:1 topic: T"):
        wrapper.pull_kernel_impl(MQ, "x", None, 0, 0, 32, class_filter, 0, 15000, 30000, CommunicationMode.SYNC,
                                 None)
    factory.route_table["T"] = TopicRouteData(filter_server_table={"master:1": ["fs1:1", "fs2:1"]})
    wrapper.pull_kernel_impl(MQ, "x", None, 0, 0, 32, class_filter, 0, 15000, 30000, CommunicationMode.SYNC, None)
    assert factory.api.calls[0][0] in ("fs1:1", "fs2:1")


def test_node_table_and_connect_by_user() -> None:
    wrapper = PullAPIWrapper(FakeFactory({}), "G", False)  # type: ignore[arg-type]
    assert wrapper.recalculate_pull_from_which_node(MQ) == 0
    wrapper.update_pull_from_which_node(MQ, 2)
    assert wrapper.recalculate_pull_from_which_node(MQ) == 2
    wrapper.set_connect_broker_by_user(True)
    wrapper.set_default_broker_id(5)
    assert wrapper.is_connect_broker_by_user() and wrapper.get_default_broker_id() == 5
    assert wrapper.recalculate_pull_from_which_node(MQ) == 5
    assert 0 <= wrapper.random_num() < 2 ** 31


def test_process_pull_result_found() -> None:
    wrapper = PullAPIWrapper(FakeFactory({}), "G", False)  # type: ignore[arg-type]
    binary = (_stored(10, "TagA") + _stored(11, "TagB") + _stored(12, None)
              + _stored(13, "TagA", TRAN_MSG="TRUE", UNIQ_KEY="UNIQ-13"))
    result = _found(binary, suggest=1)
    assert wrapper.process_pull_result(MQ, result, FilterAPI.build_subscription_data("T", "TagA")) is result
    msgs = result.get_msg_found_list()
    # TagB and the untagged message are dropped by the client-side re-check
    assert [m.get_queue_offset() for m in msgs] == [10, 13]
    assert all(isinstance(m, MessageClientExt) for m in msgs)
    for msg in msgs:
        assert msg.get_property(MessageConst.PROPERTY_MIN_OFFSET) == "2"
        assert msg.get_property(MessageConst.PROPERTY_MAX_OFFSET) == "40"
        assert msg.get_broker_name() == "broker-a"
    assert msgs[0].get_transaction_id() is None
    assert msgs[1].get_transaction_id() == "UNIQ-13"
    assert result.get_message_binary() is None
    assert wrapper.recalculate_pull_from_which_node(MQ) == 1
    # "*" keeps everything, the class-filter mode skips the tag re-check
    result = _found(binary)
    wrapper.process_pull_result(MQ, result, FilterAPI.build_subscription_data("T", "*"))
    assert len(result.get_msg_found_list()) == 4
    class_filter = FilterAPI.build_subscription_data("T", "TagA")
    class_filter.set_class_filter_mode(True)
    result = _found(binary)
    wrapper.process_pull_result(MQ, result, class_filter)
    assert len(result.get_msg_found_list()) == 4


def test_static_topic_pull_goes_to_the_leader_with_the_mock_name_and_logical_offsets() -> None:
    """5.3.3: a logical queue (``__syslo__global__``) is pulled from the broker of its leader, the request names
    the logical queue (``bname`` the mock name), and the offset delta of the response makes the messages' queue
    offsets logical; their queue id and broker name are the logical queue's."""
    logical = MessageQueue("T", "__syslo__global__", 1)
    factory = FakeFactory({0: FindBrokerResult("10.0.0.2:10911", False, MQVersion.version_ordinal("V5_3_3"))})
    factory.known = True
    factory.end_points[logical] = "broker-b"
    wrapper = PullAPIWrapper(factory, "G", False)  # type: ignore[arg-type]
    wrapper.pull_kernel_impl(logical, None, ExpressionType.TAG, 0, 10007, 32, 0, 0, 15000, 30000,
                             CommunicationMode.SYNC, None)
    assert factory.lookups == [("broker-b", 0, False)]
    header = factory.api.calls[0][1]
    assert (header.bname, header.queue_id, header.queue_offset) == ("__syslo__global__", 1, 10007)
    result = PullResultExt(PullStatus.FOUND, 10009, 0, 10009, None, 0, _stored(7, None) + _stored(8, None),
                           offset_delta=10000)
    wrapper.process_pull_result(logical, result, FilterAPI.build_subscription_data("T", "*"))
    msgs = result.get_msg_found_list()
    assert [(m.get_queue_offset(), m.get_queue_id(), m.get_broker_name()) for m in msgs] == [
        (10007, 1, "__syslo__global__"), (10008, 1, "__syslo__global__")]


def test_process_pull_result_other_statuses_release_the_binary() -> None:
    wrapper = PullAPIWrapper(FakeFactory({}), "G", False)  # type: ignore[arg-type]
    for status in (PullStatus.NO_NEW_MSG, PullStatus.NO_MATCHED_MSG, PullStatus.OFFSET_ILLEGAL):
        result = PullResultExt(status, 5, 0, 5, None, 0, b"ignored")
        wrapper.process_pull_result(MQ, result, FilterAPI.build_subscription_data("T", "*"))
        assert result.get_msg_found_list() is None and result.get_message_binary() is None


def test_filter_message_hooks() -> None:
    seen: List[FilterMessageContext] = []

    class DropOdd(FilterMessageHook):
        def hook_name(self) -> str:
            return "drop-odd"

        def filter_message(self, context: FilterMessageContext) -> None:
            seen.append(context)
            context.get_msg_list()[:] = [m for m in context.get_msg_list() if m.get_queue_offset() % 2 == 0]

    class Broken(FilterMessageHook):
        def hook_name(self) -> str:
            return "broken"

        def filter_message(self, context: FilterMessageContext) -> None:
            raise RuntimeError("boom")

    wrapper = PullAPIWrapper(FakeFactory({}), "G", True)  # type: ignore[arg-type]
    assert not wrapper.has_hook()
    hooks: List[Any] = [Broken(), DropOdd()]
    wrapper.register_filter_message_hook(hooks)
    assert wrapper.has_hook()
    result = _found(b"".join(_stored(i, "TagA") for i in range(4)))
    wrapper.process_pull_result(MQ, result, FilterAPI.build_subscription_data("T", "*"))
    assert [m.get_queue_offset() for m in result.get_msg_found_list()] == [0, 2]
    assert seen[0].is_unit_mode() is True


def test_real_pull_against_the_broker(embedded_cluster, client_config, client_instance, new_producer) -> None:
    create_topic(embedded_cluster.broker_controller, "WrapperTopic", 1)
    producer = new_producer()
    for i in range(5):
        producer.send(Message("WrapperTopic", "TagA" if i % 2 == 0 else "TagB", b"w %d" % i),
                      MessageQueue("WrapperTopic", "broker-a", 0))
    instance = client_instance(client_config)
    instance.update_topic_route_info_from_name_server("WrapperTopic")
    wrapper = PullAPIWrapper(instance, "WrapperGroup", False)
    mq = MessageQueue("WrapperTopic", "broker-a", 0)
    subscription = FilterAPI.build_subscription_data("WrapperTopic", "TagA")
    raw = wrapper.pull_kernel_impl(mq, subscription.sub_string, subscription.expression_type,
                                   subscription.sub_version, 0, 32,
                                   PullSysFlag.build_sys_flag(False, False, True, False), 0, 0, 3000,
                                   CommunicationMode.SYNC, None)
    result = wrapper.process_pull_result(mq, raw, subscription)
    assert result.get_pull_status() is PullStatus.FOUND
    assert [m.get_body() for m in result.get_msg_found_list()] == [b"w 0", b"w 2", b"w 4"]
    assert result.get_next_begin_offset() == 5 and result.get_max_offset() == 5
    raw = wrapper.pull_kernel_impl(mq, "*", "TAG", 0, 5, 32, PullSysFlag.build_sys_flag(False, False, True, False),
                                   0, 0, 3000, CommunicationMode.SYNC, None)
    assert wrapper.process_pull_result(mq, raw, subscription).get_pull_status() is PullStatus.NO_NEW_MSG
    # without the subscription flag the broker wants the group registered by a heartbeat
    with pytest.raises(MQBrokerException, match="the consumer's group info not exist"):
        wrapper.pull_kernel_impl(mq, None, "TAG", 0, 5, 32, 0, 0, 0, 3000, CommunicationMode.SYNC, None)
