"""ClientConfig (Java ``ClientConfig`` / ``NameServerAddressUtils``): client id, instance name, namespaces,
defaults, clone and reset."""
from __future__ import annotations

import os
import re

from rocketmq_client.client_config import AccessChannel, ClientConfig, NameServerAddressUtils
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.protocol.remoting_command import LanguageCode


def test_defaults_match_java(monkeypatch):
    monkeypatch.delenv("NAMESRV_ADDR", raising=False)
    monkeypatch.delenv("rocketmq.namesrv.addr", raising=False)
    monkeypatch.delenv("ROCKETMQ_CLIENT_NAME", raising=False)
    config = ClientConfig()
    assert config.get_namesrv_addr() is None
    assert config.get_instance_name() == "DEFAULT"
    assert config.get_client_callback_executor_threads() == (os.cpu_count() or 1)
    assert config.get_poll_name_server_interval() == 30000
    assert config.get_heartbeat_broker_interval() == 30000
    assert config.get_persist_consumer_offset_interval() == 5000
    assert config.get_pull_time_delay_mills_when_exception() == 1000
    assert config.is_unit_mode() is False and config.get_unit_name() is None
    assert config.is_vip_channel_enabled() is False
    assert config.is_use_tls() is False
    assert config.get_mq_client_api_timeout() == 3000
    assert config.get_language() == LanguageCode.PYTHON
    assert config.get_access_channel() == AccessChannel.LOCAL
    assert config.is_enable_stream_request_type() is False
    assert config.is_decode_read_body() is True and config.is_decode_decompress_body() is True
    assert config.is_enable_heartbeat_channel_event_listener() is True
    assert config.is_send_latency_enable() is False and config.is_start_detector_enable() is False
    assert config.get_detect_timeout() == 200 and config.get_detect_interval() == 2000
    assert config.get_namespace_v2() is None
    assert config.get_namespace() is None
    assert config.get_client_ip()


def test_environment_supplies_namesrv_and_instance_name(monkeypatch):
    monkeypatch.setenv("NAMESRV_ADDR", "10.1.1.1:9876;10.1.1.2:9876")
    monkeypatch.setenv("ROCKETMQ_CLIENT_NAME", "fromEnv")
    config = ClientConfig()
    assert config.get_namesrv_addr() == "10.1.1.1:9876;10.1.1.2:9876"
    assert config.get_instance_name() == "fromEnv"


def test_system_properties_supply_the_5_3_3_switches(monkeypatch):
    """Java 5.3.3 reads these switches from system properties (here the environment, property name or its
    upper-case form) when the config is built; ``Boolean.parseBoolean``: anything but "true" is false."""
    monkeypatch.setenv("com.rocketmq.read.body", "false")
    monkeypatch.setenv("COM_ROCKETMQ_DECOMPRESS_BODY", "no")
    config = ClientConfig()
    assert config.is_decode_read_body() is False and config.is_decode_decompress_body() is False
    monkeypatch.setenv("com.rocketmq.read.body", "TRUE")
    assert ClientConfig().is_decode_read_body() is True
    monkeypatch.setenv("com.rocketmq.sendLatencyEnable", "true")
    monkeypatch.setenv("COM_ROCKETMQ_START_DETECTOR_ENABLE", "true")
    config = ClientConfig()
    assert config.is_send_latency_enable() is True and config.is_start_detector_enable() is True


def test_client_id_format():
    config = ClientConfig(client_ip="10.0.0.5", instance_name="inst")
    assert config.build_mq_client_id() == "10.0.0.5@inst"
    config.set_unit_name("  ")
    assert config.build_mq_client_id() == "10.0.0.5@inst"
    config.set_unit_name("unitA")
    assert config.build_mq_client_id() == "10.0.0.5@inst@unitA"
    config.set_enable_stream_request_type(True)
    assert config.build_mq_client_id() == "10.0.0.5@inst@unitA@STREAM"


def test_change_instance_name_to_pid_only_replaces_default():
    config = ClientConfig(client_ip="10.0.0.5", instance_name="DEFAULT")
    config.change_instance_name_to_pid()
    match = re.fullmatch(r"(\d+)#(\d+)", config.get_instance_name())
    assert match is not None and int(match.group(1)) == os.getpid()
    again = ClientConfig(client_ip="10.0.0.5", instance_name="DEFAULT")
    again.change_instance_name_to_pid()
    assert again.get_instance_name() != config.get_instance_name()  # nanotime part differs
    named = ClientConfig(instance_name="mine")
    named.change_instance_name_to_pid()
    assert named.get_instance_name() == "mine"


def test_clone_and_reset_copy_the_shared_settings():
    config = ClientConfig(namesrv_addr="1.2.3.4:9876", client_ip="10.0.0.9", instance_name="x",
                          client_callback_executor_threads=3, poll_name_server_interval=111,
                          heartbeat_broker_interval=222, persist_consumer_offset_interval=333,
                          pull_time_delay_mills_when_exception=444, unit_mode=True, unit_name="u",
                          vip_channel_enabled=True, use_tls=True, namespace="ns", language=LanguageCode.JAVA,
                          mq_client_api_timeout=555, enable_stream_request_type=True,
                          decode_read_body=False, decode_decompress_body=False,
                          enable_heartbeat_channel_event_listener=False, send_latency_enable=True,
                          start_detector_enable=True, detect_timeout=7, detect_interval=8, namespace_v2="v2",
                          access_channel=AccessChannel.CLOUD)
    clone = config.clone_client_config()
    assert type(clone) is ClientConfig and clone is not config
    shared = dict(config.bean_values())
    del shared["access_channel"]  # Java's clone leaves accessChannel at its default
    assert {k: v for k, v in clone.bean_values().items() if k != "access_channel"} == shared
    assert clone.get_access_channel() == AccessChannel.LOCAL
    assert clone.build_mq_client_id() == config.build_mq_client_id()
    target = ClientConfig()
    target.reset_client_config(config)
    assert {k: v for k, v in target.bean_values().items() if k != "access_channel"} == shared


def test_namesrv_http_endpoint_is_reduced():
    config = ClientConfig(namesrv_addr="http://ns.example.com:80/path/10.0.0.1:9876")
    assert config.get_namesrv_addr() == "10.0.0.1:9876"
    plain = ClientConfig(namesrv_addr="10.0.0.1:9876")
    assert plain.get_namesrv_addr() == "10.0.0.1:9876"


def test_namespace_from_instance_endpoint():
    assert NameServerAddressUtils.validate_instance_endpoint("http://MQ_INST_1234_abcd.cn-hz.mq.example.com:80")
    assert NameServerAddressUtils.validate_instance_endpoint("MQ_INST_1_a.x")
    assert not NameServerAddressUtils.validate_instance_endpoint("MQ_INST_1.x")
    assert not NameServerAddressUtils.validate_instance_endpoint("10.0.0.1:9876")
    config = ClientConfig()
    config.set_namesrv_addr("http://MQ_INST_1234_abcd.cn-hz.mq.example.com:80")
    assert config.get_namespace() == "MQ_INST_1234_abcd"
    config.set_namespace("explicit")
    assert config.get_namespace() == "explicit"
    config.set_namespace(None)
    config.set_namesrv_addr("MQ_INST_9_z.host:9876")  # a new address: the namespace is derived again
    assert config.get_namespace() == "MQ_INST_9_z"
    no_endpoint = ClientConfig(namesrv_addr="127.0.0.1:9876")
    assert no_endpoint.get_namespace() is None


def test_namespace_wrapping_helpers():
    config = ClientConfig(namespace="ns")
    assert config.with_namespace("Topic") == "ns%Topic"
    assert config.with_namespace("%RETRY%G") == "%RETRY%ns%G"
    assert config.with_namespace({"A", "B"}) == {"ns%A", "ns%B"}
    assert config.without_namespace("ns%Topic") == "Topic"
    assert config.without_namespace("other%Topic") == "other%Topic"
    assert config.without_namespace({"ns%A", "B"}) == {"A", "B"}
    queue = MessageQueue("T", "broker-a", 3)
    wrapped = config.queue_with_namespace(queue)
    assert wrapped == MessageQueue("ns%T", "broker-a", 3) and queue.get_topic() == "T"
    queues = [MessageQueue("T", "b", 0), MessageQueue("U", "b", 1)]
    assert config.queues_with_namespace(queues) is queues
    assert [q.get_topic() for q in queues] == ["ns%T", "ns%U"]
    plain = ClientConfig(namespace=None, namesrv_addr=None)
    same = MessageQueue("T", "b", 0)
    assert plain.queue_with_namespace(same) is same
    assert plain.with_namespace("T") == "T"


def test_str_is_java_to_string():
    config = ClientConfig(namesrv_addr="n:1", client_ip="1.1.1.1", instance_name="i")
    text = str(config)
    assert text.startswith("ClientConfig{namesrvAddr='n:1', clientIP='1.1.1.1', instanceName='i', ")
    assert ", namespace='null', namespaceInitialized=false, namespaceV2='null', accessChannel=LOCAL, " in text
    assert ", language=PYTHON, enableStreamRequestType=false, sendLatencyEnable=false, " in text
    assert text.endswith(", enableHeartbeatChannelEventListener=true, enableTrace=false, traceTopic='null'}")
