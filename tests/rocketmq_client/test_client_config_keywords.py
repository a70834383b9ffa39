"""Keyword configuration of the client classes: every Prop is a constructor keyword (applied through its setter),
unknown keywords and attributes name the close matches, wrong types are refused by setters, keywords and
attributes alike, and a malformed name server address is refused where it enters."""
from __future__ import annotations

import inspect

import pytest

from rocketmq_client import (ClientConfig, ConsumeFromWhere, DefaultLitePullConsumer, DefaultMQProducer,
                             DefaultMQPullConsumer, DefaultMQPushConsumer, MessageModel, MQClientException,
                             TransactionMQProducer)
from rocketmq_remoting.common.bean import ListOf, MapOf, SetOf

CLIENT_CLASSES = [DefaultMQProducer, TransactionMQProducer, DefaultMQPushConsumer, DefaultMQPullConsumer,
                  DefaultLitePullConsumer]


def sample_value(prop, current):
    """A valid value of ``prop`` different from its default where possible."""
    if prop.type is bool:
        return not current
    if prop.name == "compress_level":  # ZLIB, the default type, takes -1..9
        return 3
    if prop.type is int:
        return (current or 0) + 7
    if prop.type is float:
        return (current or 0.0) + 0.5
    if prop.type is str:
        return "127.0.0.1:9877" if prop.name == "namesrv_addr" else "value-of-" + prop.name
    if isinstance(prop.type, SetOf):
        return {1, 2} if prop.type.item is int else {"a", "b"}
    if isinstance(prop.type, ListOf):
        return [1, 2]
    if isinstance(prop.type, MapOf):
        return {"k": "v"}
    if isinstance(prop.type, type) and hasattr(prop.type, "__members__"):
        members = list(prop.type)
        return members[-1] if current is members[0] else members[0]
    return current


@pytest.mark.parametrize("cls", CLIENT_CLASSES, ids=lambda c: c.__name__)
def test_every_prop_is_a_keyword_of_the_constructor(cls) -> None:
    skip = {"message_listener", "offset_store", "message_queue_listener", "allocate_message_queue_strategy",
            "executor_service", "transaction_listener", "enable_msg_trace", "customized_trace_topic"}
    defaults = cls("sample_group")
    explicit = set(inspect.signature(cls.__init__).parameters)
    for prop in cls._props:
        if prop.name in skip or prop.name in explicit:
            continue
        value = sample_value(prop, getattr(defaults, prop.name))
        client = cls("sample_group", **{prop.name: value})
        getter = getattr(client, ("is_" if prop.type is bool else "get_") + prop.name)
        assert getter() == value, prop.name


def test_keywords_go_through_the_java_setters() -> None:
    consumer = DefaultMQPushConsumer("g", namesrv_addr="127.0.0.1:9876", message_model=MessageModel.BROADCASTING,
                                     consume_from_where=ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET,
                                     consume_thread_max=64, subscription={"TopicA": "*"})
    assert consumer.get_namesrv_addr() == "127.0.0.1:9876"
    assert consumer.get_message_model() is MessageModel.BROADCASTING and consumer.get_consume_thread_max() == 64
    assert consumer.get_subscription() == {"TopicA": "*"}
    producer = TransactionMQProducer("tg", check_thread_pool_max_size=3, retry_times_when_send_failed=5)
    assert (producer.get_check_thread_pool_max_size(), producer.get_retry_times_when_send_failed()) == (3, 5)
    assert ClientConfig(instance_name="abc").get_instance_name() == "abc"


def test_the_with_form_sets_the_address_before_start(embedded_cluster) -> None:
    with DefaultMQProducer("kw_with_group", namesrv_addr=embedded_cluster.namesrv_addr,
                           send_msg_timeout=5000) as producer:
        assert producer.get_send_msg_timeout() == 5000
        assert producer.fetch_publish_message_queues("TBW102")
    with pytest.raises(Exception):
        producer.fetch_publish_message_queues("TBW102")


@pytest.mark.parametrize("cls", CLIENT_CLASSES, ids=lambda c: c.__name__)
def test_an_unknown_keyword_names_the_close_matches(cls) -> None:
    with pytest.raises(TypeError) as raised:
        cls("g", namesrvaddr="127.0.0.1:9876")
    assert "%s() got an unexpected keyword argument 'namesrvaddr'" % cls.__name__ in str(raised.value)
    assert "did you mean 'namesrv_addr'" in str(raised.value)
    with pytest.raises(TypeError, match="'no_such_setting'$"):
        cls("g", no_such_setting=1)


def test_setters_keywords_and_attributes_check_types() -> None:
    producer = DefaultMQProducer("g")
    with pytest.raises(TypeError) as raised:
        producer.set_send_msg_timeout("5000")
    assert str(raised.value) == ("DefaultMQProducer.send_msg_timeout must be an int (or None), got str '5000': "
                                 "convert it first: int('5000')")
    with pytest.raises(TypeError, match="retry_another_broker_when_not_store_ok must be a bool .* pass True or False"):
        DefaultMQProducer("g", retry_another_broker_when_not_store_ok=1)
    with pytest.raises(TypeError, match="send_msg_timeout must be an int .*got bool True"):
        producer.send_msg_timeout = True
    consumer = DefaultMQPushConsumer("g")
    with pytest.raises(TypeError, match="must be a ConsumeFromWhere .*pass a member of ConsumeFromWhere, e.g. "
                                        "ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET"):
        consumer.set_consume_from_where("CONSUME_FROM_FIRST_OFFSET")
    with pytest.raises(TypeError, match="retry_response_codes must be a set"):
        producer.set_retry_response_codes([1, 2])
    assert producer.get_send_msg_timeout() == 3000  # nothing was changed by the refused values
    producer.set_namespace(None)                    # None stays allowed (Java's null)


def test_an_unknown_attribute_is_refused_with_the_close_matches() -> None:
    producer = DefaultMQProducer("g")
    with pytest.raises(AttributeError) as raised:
        producer.send_msgtimeout = 1
    assert str(raised.value) == ("'DefaultMQProducer' object has no attribute 'send_msgtimeout' "
                                 "(did you mean 'send_msg_timeout' or 'detect_timeout'?)")
    with pytest.raises(AttributeError, match="'ClientConfig' object has no attribute 'instancename'"):
        ClientConfig().instancename = "x"
    producer.send_msg_timeout = 10    # properties, methods and private state stay assignable
    producer._private_state = 1
    producer.send_oneway = lambda *args: None
    assert producer.send_msg_timeout == 10


@pytest.mark.parametrize("address, problem", [
    ("nonsense", "the entry 'nonsense' has no port"),
    ("127.0.0.1:99999", "the entry '127.0.0.1:99999' has no valid port (1-65535)"),
    ("", "the entry '' is empty"),
    ("127.0.0.1", "the entry '127.0.0.1' has no port"),
    ("127.0.0.1:9876;broker", "the entry 'broker' has no port"),
    ("127.0.0.1:9876; 127.0.0.2:9876", "the entry ' 127.0.0.2:9876' contains whitespace"),
    ("host:port", "the entry 'host:port' has no valid port"),
    ("127.0.0.1:9876,127.0.0.1:9877", "has no port (the separator of NameServer addresses is ';', not ',')"),
    ("a,b:2", "has no valid host name (the separator of NameServer addresses is ';', not ',')"),
])
def test_a_malformed_name_server_address_names_the_bad_entry(address: str, problem: str) -> None:
    producer = DefaultMQProducer("g", namesrv_addr="127.0.0.1:9876")
    with pytest.raises(MQClientException) as raised:
        producer.set_namesrv_addr(address)
    assert problem in str(raised.value) and "expected host:port[;host:port]" in str(raised.value)
    assert producer.get_namesrv_addr() == "127.0.0.1:9876"
    with pytest.raises(MQClientException, match="namesrv_addr"):
        DefaultMQPushConsumer("g", namesrv_addr=address)


@pytest.mark.parametrize("address", ["127.0.0.1:9876", "127.0.0.1:9876;127.0.0.2:9876;", "ns-1.example:9876",
                                     "[::1]:9876", "http://jmenv.tbsite.net:8080/rocketmq/nsaddr",
                                     "MQ_INST_xxx_yyy.mq.example.com:80", None])
def test_valid_name_server_addresses_are_kept(address) -> None:
    producer = DefaultMQProducer("g", namesrv_addr=address)
    assert producer.namesrv_addr == address
