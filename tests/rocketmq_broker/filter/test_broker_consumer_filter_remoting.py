"""SQL92 filtering through raw RemotingCommands against the embedded cluster: CHECK_CLIENT_CONFIG and
PULL_MESSAGE with the broker option ``enablePropertyFilter`` off and on, the request's expression
(FLAG_SUBSCRIPTION) or the group's registered one (heartbeats, new subVersion, UNREGISTER, broker restart),
with Java's response codes and remarks. Tag filtering keeps working beside it."""
from __future__ import annotations

import itertools
import threading
import time
from typing import Dict, Iterator, List, Optional, Tuple

import pytest
from waiting import wait_for

from rocketmq_broker.embedded_cluster import EmbeddedCluster
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.filter.expression_type import ExpressionType
from rocketmq_common.filter.filter_api import FilterAPI
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.protocol.body.check_client_request_body import CheckClientRequestBody
from rocketmq_common.protocol.header.pull_message_request_header import PullMessageRequestHeader
from rocketmq_common.protocol.header.send_message_request_header import SendMessageRequestHeaderV2
from rocketmq_common.protocol.header.unregister_client_request_header import UnregisterClientRequestHeader
from rocketmq_common.protocol.heartbeat.consume_type import ConsumeType
from rocketmq_common.protocol.heartbeat.consumer_data import ConsumerData
from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_common.protocol.heartbeat.subscription_data import SubscriptionData
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.sysflag.pull_sys_flag import PullSysFlag
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.protocol.remoting_command import RemotingCommand
from rocketmq_remoting.netty.netty_remoting_client import NettyRemotingClient

PROPERTY_FILTER = pytest.mark.embedded_cluster(broker_config={"enable_property_filter": True})
TOPIC = "SqlFilterTopic"
NOT_SUPPORTED = "The broker does not support consumer to filter message by SQL92"
TIMEOUT_MILLIS = 5000

_ids = itertools.count()

#: (properties, tags) of the messages every pull test sends, in order (queue offsets 0..5)
MESSAGES: List[Tuple[Dict[str, str], Optional[str]]] = [
    ({"a": "1", "b": "x"}, "TagA"),
    ({"a": "5", "b": "y"}, "TagB"),
    ({"a": "10"}, "TagA"),
    ({"b": "x"}, None),
    ({"a": "abc", "b": "x"}, "TagB"),
    ({"a": "7", "b": "it's"}, "TagA"),
]


@pytest.fixture
def client() -> Iterator[NettyRemotingClient]:
    remoting_client = NettyRemotingClient()
    remoting_client.start()
    yield remoting_client
    remoting_client.shutdown()


def _group() -> str:
    return "SqlFilterGroup_%d" % next(_ids)


def _invoke(client: NettyRemotingClient, cluster: EmbeddedCluster, request: RemotingCommand) -> RemotingCommand:
    return client.invoke_sync(cluster.broker_addr, request, TIMEOUT_MILLIS)


def _create_topic(cluster: EmbeddedCluster) -> None:
    cluster.broker_controller.get_topic_config_manager().update_topic_config(TopicConfig(TOPIC, 1, 1, 6))


def _send(client: NettyRemotingClient, cluster: EmbeddedCluster, properties: Dict[str, str],
          tags: Optional[str]) -> None:
    props = dict(properties)
    if tags is not None:
        props["TAGS"] = tags
    header = SendMessageRequestHeaderV2(
        a="SqlFilterProducer", b=TOPIC, c="TBW102", d=1, e=0, f=0, g=int(time.time() * 1000), h=0,
        i=MessageDecoder.message_properties2string(props), j=0, k=False, m=False)
    response = _invoke(client, cluster, RemotingCommand.create_request_command(
        RequestCode.SEND_MESSAGE_V2, header, b"body"))
    assert response.code == ResponseCode.SUCCESS, response.remark


def _send_all(client: NettyRemotingClient, cluster: EmbeddedCluster) -> None:
    _create_topic(cluster)
    for properties, tags in MESSAGES:
        _send(client, cluster, properties, tags)


def _pull(client: NettyRemotingClient, cluster: EmbeddedCluster, group: str, expression: Optional[str],
          expression_type: Optional[str] = ExpressionType.SQL92, with_subscription: bool = True,
          sub_version: int = 0, suspend_millis: int = 0) -> RemotingCommand:
    header = PullMessageRequestHeader(
        consumer_group=group, topic=TOPIC, queue_id=0, queue_offset=0, max_msg_nums=32,
        sys_flag=PullSysFlag.build_sys_flag(False, suspend_millis > 0, with_subscription, False), commit_offset=0,
        suspend_timeout_millis=suspend_millis, subscription=expression, sub_version=sub_version,
        expression_type=expression_type)
    return _invoke(client, cluster, RemotingCommand.create_request_command(RequestCode.PULL_MESSAGE, header))


def _pulled(response: RemotingCommand) -> List[int]:
    """The queue offsets of the pulled messages."""
    assert response.code == ResponseCode.SUCCESS, (response.code, response.remark)
    return [m.get_queue_offset() for m in MessageDecoder.decodes(response.body)]


def _check_client(client: NettyRemotingClient, cluster: EmbeddedCluster, expression: Optional[str],
                  expression_type: str = ExpressionType.SQL92) -> RemotingCommand:
    subscription = SubscriptionData(topic=TOPIC, sub_string=expression, expression_type=expression_type)
    body = CheckClientRequestBody(client_id="raw-client", group="CheckGroup", subscription_data=subscription)
    return _invoke(client, cluster, RemotingCommand.create_request_command(
        RequestCode.CHECK_CLIENT_CONFIG, None, body.encode()))


def _heartbeat(client: NettyRemotingClient, cluster: EmbeddedCluster, group: str, expression: str, sub_version: int,
               expression_type: str = ExpressionType.SQL92, client_id: str = "raw-client") -> None:
    if expression_type == ExpressionType.TAG:
        subscription = FilterAPI.build_subscription_data(TOPIC, expression)
    else:
        subscription = SubscriptionData(topic=TOPIC, sub_string=expression, expression_type=expression_type)
    subscription.sub_version = sub_version
    consumer = ConsumerData(group_name=group, consume_type=ConsumeType.CONSUME_PASSIVELY,
                            message_model=MessageModel.CLUSTERING,
                            consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET,
                            subscription_data_set={subscription}, unit_mode=False)
    data = HeartbeatData(client_id=client_id, consumer_data_set={consumer}, producer_data_set=set())
    response = _invoke(client, cluster, RemotingCommand.create_request_command(
        RequestCode.HEART_BEAT, None, data.encode()))
    assert response.code == ResponseCode.SUCCESS


# ---------------------------------------------------------------------------------------------- CHECK_CLIENT_CONFIG


def test_check_client_config_with_the_option_off(embedded_cluster: EmbeddedCluster,
                                                 client: NettyRemotingClient) -> None:
    response = _check_client(client, embedded_cluster, "a > 1")
    assert (response.code, response.remark) == (ResponseCode.SYSTEM_ERROR, NOT_SUPPORTED)
    response = _check_client(client, embedded_cluster, "a >")  # refused before compiling, as in Java
    assert (response.code, response.remark) == (ResponseCode.SYSTEM_ERROR, NOT_SUPPORTED)
    assert _check_client(client, embedded_cluster, "TagA || TagB", ExpressionType.TAG).code == ResponseCode.SUCCESS


@PROPERTY_FILTER
def test_check_client_config_with_the_option_on(embedded_cluster: EmbeddedCluster, client: NettyRemotingClient) -> None:
    response = _check_client(client, embedded_cluster, "a > 1 AND b IN ('x', 'y')")
    assert (response.code, response.remark) == (ResponseCode.SUCCESS, None)
    assert _check_client(client, embedded_cluster, "TagA", ExpressionType.TAG).code == ResponseCode.SUCCESS
    response = _check_client(client, embedded_cluster, "a > 'x'")
    assert (response.code, response.remark) == (ResponseCode.SUBSCRIPTION_PARSE_FAILED,
                                                "java.lang.RuntimeException: Value ''x'' cannot be compared.")
    response = _check_client(client, embedded_cluster, "a >")
    assert response.code == ResponseCode.SUBSCRIPTION_PARSE_FAILED
    assert response.remark.startswith(
        'org.apache.rocketmq.filter.parser.ParseException: Encountered "<EOF>" at line 1, column 3.')
    response = _check_client(client, embedded_cluster, "a = 1", "NO_SUCH_TYPE")  # Java: a NullPointerException
    assert (response.code, response.remark) == (ResponseCode.SUBSCRIPTION_PARSE_FAILED, None)
    # no body or no subscription: nothing to check
    response = _invoke(client, embedded_cluster, RemotingCommand.create_request_command(
        RequestCode.CHECK_CLIENT_CONFIG, None, CheckClientRequestBody(client_id="c", group="g").encode()))
    assert response.code == ResponseCode.SUCCESS


# ---------------------------------------------------------------------------------------------- PULL_MESSAGE


def test_sql92_pull_with_the_option_off(embedded_cluster: EmbeddedCluster, client: NettyRemotingClient) -> None:
    _send_all(client, embedded_cluster)
    response = _pull(client, embedded_cluster, _group(), "a > 1")
    assert (response.code, response.remark) == (ResponseCode.SYSTEM_ERROR, NOT_SUPPORTED)
    group = _group()
    _heartbeat(client, embedded_cluster, group, "a > 1", 1)
    response = _pull(client, embedded_cluster, group, None, None, with_subscription=False, sub_version=1)
    assert (response.code, response.remark) == (ResponseCode.SYSTEM_ERROR, NOT_SUPPORTED)
    # tag filtering is unaffected
    assert _pulled(_pull(client, embedded_cluster, _group(), "TagA", ExpressionType.TAG)) == [0, 2, 5]


@PROPERTY_FILTER
@pytest.mark.parametrize("expression, offsets", [
    ("a > 4", [1, 2, 5]),                      # offset 4 ("abc") fails to convert: no match, as in Java
    ("a >= 5 AND a <= 7", [1, 5]),
    ("a < 5", [0]),
    ("a = 10", [2]),
    ("a <> 1", [1, 2, 5]),                     # missing a: unknown; "abc" raises
    ("b = 'x'", [0, 3, 4]),
    ("b <> 'x'", [1, 5]),
    ("b = 'it''s'", [5]),
    ("a BETWEEN 5 AND 10", [1, 2, 5]),
    ("a NOT BETWEEN 2 AND 9", [0, 2]),
    ("b IN ('y', 'it''s')", [1, 5]),
    ("b NOT IN ('x')", [1, 5]),
    ("a IS NULL", [3]),
    ("a IS NOT NULL", [0, 1, 2, 4, 5]),
    ("TAGS = 'TagA' AND a > 5", [2, 5]),
    ("TAGS IS NULL OR b = 'y'", [1, 3]),
    ("NOT (TAGS = 'TagA')", [1, 4]),
    ("b = 'x' OR a > 6", [0, 2, 3, 4, 5]),     # OR stops at a true left side
    ("a > 6 OR b = 'x'", [0, 2, 3, 5]),        # message 4: a > 6 raises first, as in Java
    ("TRUE", [0, 1, 2, 3, 4, 5]),
    ("a", []),                                 # a string property is never TRUE
    ("a = 1 trailing tokens are ignored", [0]),
])
def test_sql92_pull_with_the_request_expression(embedded_cluster: EmbeddedCluster, client: NettyRemotingClient,
                                                expression: str, offsets: List[int]) -> None:
    _send_all(client, embedded_cluster)
    response = _pull(client, embedded_cluster, _group(), expression)
    if not offsets:
        # nothing matched: Java's NO_MATCHED_MESSAGE
        assert (response.code, response.remark) == (ResponseCode.PULL_RETRY_IMMEDIATELY, "NO_MATCHED_MESSAGE")
        return
    assert _pulled(response) == offsets


@PROPERTY_FILTER
def test_sql92_pull_with_a_bad_request_expression(embedded_cluster: EmbeddedCluster,
                                                  client: NettyRemotingClient) -> None:
    _send_all(client, embedded_cluster)
    for expression in ("a >", "a > 'x'", "#"):
        response = _pull(client, embedded_cluster, _group(), expression)
        assert (response.code, response.remark) == (ResponseCode.SUBSCRIPTION_PARSE_FAILED,
                                                    "parse the consumer's subscription failed")
    response = _pull(client, embedded_cluster, _group(), "")  # FilterAPI: "Expression can't be null!"
    assert response.code == ResponseCode.SUBSCRIPTION_PARSE_FAILED
    # the broker keeps serving
    assert _pulled(_pull(client, embedded_cluster, _group(), "a = 10")) == [2]
    assert _pulled(_pull(client, embedded_cluster, _group(), "TagB", ExpressionType.TAG)) == [1, 4]


@PROPERTY_FILTER
def test_sql92_pull_with_the_registered_expression(embedded_cluster: EmbeddedCluster,
                                                   client: NettyRemotingClient) -> None:
    _send_all(client, embedded_cluster)
    group = _group()
    manager = embedded_cluster.broker_controller.get_consumer_filter_manager()
    _heartbeat(client, embedded_cluster, group, "a > 4", 100)
    data = manager.get(TOPIC, group)
    assert (data.expression, data.client_version) == ("a > 4", 100)
    assert _pulled(_pull(client, embedded_cluster, group, None, None, with_subscription=False,
                         sub_version=100)) == [1, 2, 5]
    # every heartbeat registers again; the compiled expression is kept
    compiled = data.compiled_expression
    _heartbeat(client, embedded_cluster, group, "a > 4", 100)
    assert manager.get(TOPIC, group) is data and data.compiled_expression is compiled

    # the group changes its expression: a new subVersion
    _heartbeat(client, embedded_cluster, group, "b = 'x'", 200)
    assert manager.get(TOPIC, group).expression == "b = 'x'"
    assert _pulled(_pull(client, embedded_cluster, group, None, None, with_subscription=False,
                         sub_version=200)) == [0, 3, 4]
    # an older subVersion is ignored
    _heartbeat(client, embedded_cluster, group, "a = 1", 150)
    assert _pulled(_pull(client, embedded_cluster, group, None, None, with_subscription=False,
                         sub_version=200)) == [0, 3, 4]
    # the client is ahead of the broker
    response = _pull(client, embedded_cluster, group, None, None, with_subscription=False, sub_version=300)
    assert (response.code, response.remark) == (ResponseCode.SUBSCRIPTION_NOT_LATEST,
                                                "the consumer's subscription not latest")

    # a group changing to TAG filtering: tags decide again
    _heartbeat(client, embedded_cluster, group, "TagA", 400, ExpressionType.TAG)
    assert _pulled(_pull(client, embedded_cluster, group, None, None, with_subscription=False,
                         sub_version=400)) == [0, 2, 5]


@PROPERTY_FILTER
def test_registered_expression_that_does_not_compile(embedded_cluster: EmbeddedCluster,
                                                      client: NettyRemotingClient) -> None:
    _send_all(client, embedded_cluster)
    group = _group()
    _heartbeat(client, embedded_cluster, group, "a >", 100)
    assert embedded_cluster.broker_controller.get_consumer_filter_manager().get(TOPIC, group) is None
    response = _pull(client, embedded_cluster, group, None, None, with_subscription=False, sub_version=100)
    assert (response.code, response.remark) == (
        ResponseCode.FILTER_DATA_NOT_EXIST,
        "The broker's consumer filter data is not exist!Your expression may be wrong!")
    # a good expression with a newer version fixes it; a bad newer one removes it again
    _heartbeat(client, embedded_cluster, group, "a = 5", 200)
    assert _pulled(_pull(client, embedded_cluster, group, None, None, with_subscription=False,
                         sub_version=200)) == [1]
    _heartbeat(client, embedded_cluster, group, "a = ", 300)
    response = _pull(client, embedded_cluster, group, None, None, with_subscription=False, sub_version=300)
    assert response.code == ResponseCode.FILTER_DATA_NOT_EXIST


@PROPERTY_FILTER
def test_filter_data_not_latest(embedded_cluster: EmbeddedCluster, client: NettyRemotingClient) -> None:
    _send_all(client, embedded_cluster)
    group = _group()
    _heartbeat(client, embedded_cluster, group, "a = 5", 100)
    # the consumer group knows version 200 while the filter data is still at 100
    info = embedded_cluster.broker_controller.get_consumer_manager().get_consumer_group_info(group)
    info.find_subscription_data(TOPIC).sub_version = 200
    response = _pull(client, embedded_cluster, group, None, None, with_subscription=False, sub_version=200)
    assert (response.code, response.remark) == (ResponseCode.FILTER_DATA_NOT_LATEST,
                                                "the consumer's consumer filter data not latest")


@PROPERTY_FILTER
def test_unregister_marks_the_filter_data_dead(embedded_cluster: EmbeddedCluster, client: NettyRemotingClient) -> None:
    group = _group()
    manager = embedded_cluster.broker_controller.get_consumer_filter_manager()
    _heartbeat(client, embedded_cluster, group, "a = 5", 100, client_id="raw-client-1")
    assert not manager.get(TOPIC, group).is_dead()
    header = UnregisterClientRequestHeader(client_id="raw-client-1", consumer_group=group)
    response = _invoke(client, embedded_cluster, RemotingCommand.create_request_command(
        RequestCode.UNREGISTER_CLIENT, header))
    assert response.code == ResponseCode.SUCCESS
    assert manager.get(TOPIC, group).is_dead()
    # the same subscription registered again revives it
    _heartbeat(client, embedded_cluster, group, "a = 5", 100, client_id="raw-client-1")
    assert not manager.get(TOPIC, group).is_dead()


@PROPERTY_FILTER
def test_filter_data_survives_a_broker_restart(embedded_cluster: EmbeddedCluster, client: NettyRemotingClient) -> None:
    _send_all(client, embedded_cluster)
    group = _group()
    _heartbeat(client, embedded_cluster, group, "b = 'x'", 100)
    controller = embedded_cluster.restart_broker(0)
    data = controller.get_consumer_filter_manager().get(TOPIC, group)
    assert data is not None and data.expression == "b = 'x'" and data.compiled_expression is not None
    assert data.is_dead()  # until the consumer registers again
    _heartbeat(client, embedded_cluster, group, "b = 'x'", 100)
    assert not controller.get_consumer_filter_manager().get(TOPIC, group).is_dead()
    assert _pulled(_pull(client, embedded_cluster, group, None, None, with_subscription=False,
                         sub_version=100)) == [0, 3, 4]


@pytest.mark.embedded_cluster(broker_config={"enable_property_filter": True, "filter_support_retry": True})
def test_filter_support_retry_keeps_normal_topics_filtered(embedded_cluster: EmbeddedCluster,
                                                           client: NettyRemotingClient) -> None:
    _send_all(client, embedded_cluster)
    assert _pulled(_pull(client, embedded_cluster, _group(), "a < 5")) == [0]
    assert _pulled(_pull(client, embedded_cluster, _group(), "TagB", ExpressionType.TAG)) == [1, 4]


@PROPERTY_FILTER
def test_a_held_sql92_pull_wakes_only_for_a_matching_message(embedded_cluster: EmbeddedCluster,
                                                             client: NettyRemotingClient) -> None:
    _create_topic(embedded_cluster)
    controller = embedded_cluster.broker_controller
    store = controller.get_message_store()
    hold_table = controller.get_pull_request_hold_service().pull_request_table
    responses: List[RemotingCommand] = []
    puller = threading.Thread(target=lambda: responses.append(
        _pull(client, embedded_cluster, _group(), "a = 'wanted'", suspend_millis=15000)), name="HeldPull")
    puller.start()
    try:
        wait_for(lambda: any(m.get_pull_request_list() for m in list(hold_table.values())), 10, "the held pull")
        _send(client, embedded_cluster, {"a": "other"}, None)
        wait_for(lambda: store.get_max_offset_in_queue(TOPIC, 0) == 1, 10, "the first message in the queue")
        assert not responses
        _send(client, embedded_cluster, {"a": "wanted"}, None)
    finally:
        puller.join(20)
    assert _pulled(responses[0]) == [1]
