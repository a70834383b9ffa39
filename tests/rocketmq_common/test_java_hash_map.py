"""The iteration orders of Java's hash tables (rocketmq_common.java_hash_map), checked against what Java's mqadmin
printed on a real cluster: a 5.3.3 name server's config (its ``Properties``, which went through two
``ConcurrentHashMap`` resizes), a message's properties (4.9.7 decodes into a ``HashMap(16)``, 5.3.3 into a
``HashMap(128)``) and a topic's queues (a ``HashSet`` by ``MessageQueue.hashCode``)."""
from __future__ import annotations

from rocketmq_common.java_hash_map import java_concurrent_hash_map_order, java_hash_set_order
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_remoting.protocol.remoting_serializable import WireOrderSet

#: mqadmin 5.3.3 ``getNamesrvConfig`` of a 5.3.3 name server, which sent the keys sorted
NAMESRV_CONFIG_AS_JAVA_PRINTS = [
    "defaultThreadPoolNums", "defaultThreadPoolQueueCapacity", "enableControllerInNamesrv", "serverSocketBacklog",
    "needWaitForService", "writeBufferHighWaterMark", "clientRequestThreadPoolQueueCapacity",
    "deleteTopicWithBrokerRegistration", "scanNotActiveBrokerInterval", "serverChannelMaxIdleTimeSeconds",
    "serverSelectorThreads", "clientRequestThreadPoolNums", "configBlackList", "writeBufferLowWaterMark",
    "serverSocketRcvBufSize", "enableAllTopicList", "kvConfigPath", "returnOrderTopicConfigToBroker", "clusterTest",
    "supportActingMaster", "serverOnewaySemaphoreValue", "productEnvName", "enableShutdownGracefully",
    "enableTopicList", "notifyMinBrokerIdChanged", "unRegisterBrokerQueueCapacity", "waitSecondsForService",
    "shutdownWaitTimeSeconds", "serverWorkerThreads", "bindAddress", "serverNettyWorkerGroupEnable",
    "serverAsyncSemaphoreValue", "configStorePath", "orderMessageEnable", "serverSocketSndBufSize",
    "serverCallbackExecutorThreads", "listenPort", "rocketmqHome", "useEpollNativeSelector",
    "serverPooledByteBufAllocatorEnable"]


def test_properties_iterate_as_java_concurrent_hash_map() -> None:
    assert java_concurrent_hash_map_order(sorted(NAMESRV_CONFIG_AS_JAVA_PRINTS)) == NAMESRV_CONFIG_AS_JAVA_PRINTS
    assert java_concurrent_hash_map_order(["b", "a", "b"]) == ["a", "b"]  # a key put again keeps its place


def test_message_properties_iterate_as_java_hash_map_of_either_capacity() -> None:
    stored = ["KEYS", "origin", "idx", "UNIQ_KEY", "CLUSTER", "TAGS", "MIN_OFFSET", "MAX_OFFSET"]
    assert java_hash_set_order(stored) == \
        ["MIN_OFFSET", "MAX_OFFSET", "KEYS", "origin", "idx", "UNIQ_KEY", "CLUSTER", "TAGS"]       # 4.9.7
    stored5 = ["MSG_REGION", "UNIQ_KEY", "CLUSTER", "idx", "TAGS", "origin", "KEYS", "WAIT", "TRACE_ON",
               "MIN_OFFSET", "MAX_OFFSET"]
    assert java_hash_set_order(stored5, initial_capacity=128) == \
        ["MSG_REGION", "UNIQ_KEY", "CLUSTER", "MIN_OFFSET", "idx", "TAGS", "origin", "KEYS", "WAIT", "TRACE_ON",
         "MAX_OFFSET"]                                                                              # 5.3.3


def test_queues_iterate_as_java_hash_set_by_hash_code() -> None:
    assert MessageQueue("T", "b", 1).hash_code() == 124084  # 31 * (31 * (31 + "b") + 1) + "T"
    mqs = [MessageQueue("InteropTopic_10361_0", "broker-a", i) for i in range(4)]
    assert [mq.queue_id for mq in java_hash_set_order(mqs, MessageQueue.hash_code)] == [3, 2, 1, 0]


def test_a_decoded_set_iterates_in_wire_order_until_changed() -> None:
    decoded = WireOrderSet(["b", "a", "c", "a"])
    assert list(decoded) == ["b", "a", "c"] and decoded == {"a", "b", "c"} and len(decoded) == 3
    decoded.add("d")
    assert sorted(decoded) == ["a", "b", "c", "d"] and decoded._order is None
