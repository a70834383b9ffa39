"""Java ``org.apache.rocketmq.client.impl.MQAdminImpl``: topic creation, queue lists, offsets and message
queries of a client instance."""
from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Dict, List, Optional, Set, Union, overload

from rocketmq_remoting.common.bean import Bean, Prop
from rocketmq_client.exception import MQClientException
from rocketmq_client.impl.producer.topic_publish_info import TopicPublishInfo
from rocketmq_client.query_result import QueryResult
from rocketmq_client.validators import Validators
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_decoder import MessageDecoder
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.header.query_message_request_header import (QueryMessageRequestHeader,
                                                                           QueryMessageResponseHeader)
from rocketmq_common.protocol.namespace_util import NamespaceUtil
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_common.topic_config import TopicConfig
from rocketmq_remoting.common.remoting_util import RemotingUtil
from rocketmq_remoting.invoke_callback import InvokeCallback

if TYPE_CHECKING:
    from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance
    from rocketmq_remoting.netty.response_future import ResponseFuture

__all__ = ["MQAdminImpl", "route_topic_of"]

log = logging.getLogger(__name__)

_LONG_MAX = (1 << 63) - 1
#: Java 5.3.3's ``TopicValidator.SYSTEM_TOPIC_PREFIX + "wheel_timer"``: a topic routed by its cluster's name
_WHEEL_TIMER_TOPIC = TopicValidator.SYSTEM_TOPIC_PREFIX + "wheel_timer"


def route_topic_of(cluster_name: Optional[str], topic: str) -> str:
    """The topic whose route Java 5.3.3 reads for ``topic`` (its ``MQAdminImpl.queryMessage`` and the
    ``DefaultMQAdminExtImpl`` offset methods): ``cluster_name`` (a cluster's name or an LMQ's parent topic) for an
    LMQ topic (``%LMQ%``) or ``rmq_sys_wheel_timer`` when it is given, else ``topic`` itself."""
    if topic and (MixAll.is_lmq(topic) or topic == _WHEEL_TIMER_TOPIC) and cluster_name:
        return cluster_name
    return topic


class _QueryCallback(InvokeCallback):
    """One broker's answer to a QUERY_MESSAGE fan-out (Java's anonymous ``InvokeCallback``)."""

    def __init__(self, results: List[QueryResult], lock: threading.Lock, latch: "_CountDownLatch") -> None:
        self._results = results
        self._lock = lock
        self._latch = latch

    def operation_complete(self, response_future: "ResponseFuture") -> None:
        try:
            response = response_future.get_response_command()
            if response is None:
                log.warning("getResponseCommand return null")
                return
            if response.get_code() != ResponseCode.SUCCESS:
                log.warning("getResponseCommand failed, %s %s", response.get_code(), response.get_remark())
                return
            try:
                response_header = response.decode_command_custom_header(QueryMessageResponseHeader)
            except Exception:
                log.error("decodeCommandCustomHeader exception", exc_info=True)
                return
            wrappers = MessageDecoder.decodes(response.get_body() or b"", True)
            with self._lock:
                self._results.append(QueryResult(response_header.get_index_last_update_timestamp(), wrappers))
        finally:
            self._latch.count_down()


class _CountDownLatch:
    """Java ``CountDownLatch``."""

    def __init__(self, count: int) -> None:
        self._count = count
        self._cond = threading.Condition()

    def count_down(self) -> None:
        with self._cond:
            self._count -= 1
            if self._count <= 0:
                self._cond.notify_all()

    def await_(self, timeout_millis: int) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: self._count <= 0, timeout_millis / 1000.0)


class MQAdminImpl(Bean):
    """See the module docstring. ``timeout_millis`` (6000) bounds each request; queries wait up to 4 times it."""

    timeout_millis = Prop(int, 6000)

    def get_timeout_millis(self) -> int: return self.timeout_millis
    def set_timeout_millis(self, timeout_millis: int) -> None: self.timeout_millis = timeout_millis

    def __init__(self, mq_client_factory: "MQClientInstance") -> None:
        self.mq_client_factory = mq_client_factory
        self.timeout_millis = 6000

    def create_topic(self, key: str, new_topic: str, queue_num: int, topic_sys_flag: int = 0,
                     attributes: Optional[Dict[str, str]] = None) -> None:
        """Java 5.3.3 ``createTopic``: create ``new_topic`` with ``queue_num`` queues on the master of every broker
        of the route of ``key`` (each tried up to 5 times); fails when no broker created it. ``attributes`` are
        5.3.3's topic attribute changes, ``{"+message.type": "FIFO"}`` (a 5.x broker checks them against
        TopicAttributes; a 4.9.7 broker ignores them)."""
        try:
            Validators.check_topic(new_topic)
            Validators.is_system_topic(new_topic)
            api = self.mq_client_factory.get_mq_client_api_impl()
            topic_route_data = api.get_topic_route_info_from_name_server(key, self.timeout_millis)
            broker_data_list = topic_route_data.broker_datas
            if not broker_data_list:
                raise MQClientException("Not found broker, maybe key is wrong", None)
            broker_data_list.sort()
            create_ok_at_least_once = False
            exception: Optional[MQClientException] = None
            for broker_data in broker_data_list:
                addr = (broker_data.broker_addrs or {}).get(MixAll.MASTER_ID)
                if addr is None:
                    continue
                topic_config = TopicConfig(new_topic)
                topic_config.set_read_queue_nums(queue_num)
                topic_config.set_write_queue_nums(queue_num)
                topic_config.set_topic_sys_flag(topic_sys_flag)
                topic_config.set_attributes(dict(attributes or {}))
                for i in range(5):
                    try:
                        api.create_topic(addr, key, topic_config, self.timeout_millis)
                        create_ok_at_least_once = True
                        break
                    except Exception as e:
                        if i == 4:
                            exception = MQClientException("create topic to broker exception", e)
            if exception is not None and not create_ok_at_least_once:
                raise exception
        except Exception as e:
            raise MQClientException("create new topic failed", e) from e

    def fetch_publish_message_queues(self, topic: str) -> List[MessageQueue]:
        """Java ``fetchPublishMessageQueues``: the writable queues of ``topic`` (namespace removed)."""
        try:
            topic_route_data = self.mq_client_factory.get_mq_client_api_impl() \
                .get_topic_route_info_from_name_server(topic, self.timeout_millis)
            if topic_route_data is not None:
                from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance

                topic_publish_info: TopicPublishInfo = MQClientInstance.topic_route_data2_topic_publish_info(
                    topic, topic_route_data)
                if topic_publish_info is not None and topic_publish_info.ok():
                    return self.parse_publish_message_queues(topic_publish_info.get_message_queue_list())
        except Exception as e:
            raise MQClientException("Can not find Message Queue for this topic, " + topic, e) from e
        raise MQClientException("Unknow why, Can not find Message Queue for this topic, " + topic, None)

    def parse_publish_message_queues(self, message_queue_list: List[MessageQueue]) -> List[MessageQueue]:
        """Java ``parsePublishMessageQueues``: copies with the namespace removed from the topic."""
        namespace = self.mq_client_factory.get_client_config().get_namespace()
        return [MessageQueue(NamespaceUtil.without_namespace(queue.get_topic(), namespace), queue.get_broker_name(),
                             queue.get_queue_id()) for queue in message_queue_list]

    def fetch_subscribe_message_queues(self, topic: str) -> Set[MessageQueue]:
        """Java ``fetchSubscribeMessageQueues``: the readable queues of ``topic``."""
        try:
            topic_route_data = self.mq_client_factory.get_mq_client_api_impl() \
                .get_topic_route_info_from_name_server(topic, self.timeout_millis)
            if topic_route_data is not None:
                from rocketmq_client.impl.factory.mq_client_instance import MQClientInstance

                mq_list = MQClientInstance.topic_route_data2_topic_subscribe_info(topic, topic_route_data)
                if mq_list:
                    return mq_list
                raise MQClientException("Can not find Message Queue for this topic, " + topic
                                        + " Namesrv return empty", None)
        except Exception as e:
            raise MQClientException("Can not find Message Queue for this topic, " + topic
                                    + FAQUrl.suggest_todo(FAQUrl.MQLIST_NOT_EXIST), e) from e
        raise MQClientException("Unknow why, Can not find Message Queue for this topic, " + topic, None)

    def _broker_addr_in_publish(self, mq: MessageQueue) -> str:
        """The master address of the broker holding ``mq`` (5.3.3: a static topic's logical queue is held by the
        broker of its leader), refreshing the route once."""
        factory = self.mq_client_factory
        broker_addr = factory.find_broker_address_in_publish(factory.get_broker_name_from_message_queue(mq))
        if broker_addr is None:
            factory.update_topic_route_info_from_name_server(mq.get_topic())
            broker_addr = factory.find_broker_address_in_publish(factory.get_broker_name_from_message_queue(mq))
        if broker_addr is None:
            raise MQClientException("The broker[" + str(mq.get_broker_name()) + "] not exist", None)
        return broker_addr

    def search_offset(self, mq: MessageQueue, timestamp: int) -> int:
        """Java ``searchOffset``: the queue offset of the first message stored at or after ``timestamp``."""
        broker_addr = self._broker_addr_in_publish(mq)
        try:
            return self.mq_client_factory.get_mq_client_api_impl().search_offset(broker_addr, mq, timestamp,
                                                                                 self.timeout_millis)
        except Exception as e:
            raise MQClientException("Invoke Broker[" + broker_addr + "] exception", e) from e

    def max_offset(self, mq: MessageQueue) -> int:
        """Java ``maxOffset``."""
        broker_addr = self._broker_addr_in_publish(mq)
        try:
            return self.mq_client_factory.get_mq_client_api_impl().get_max_offset(broker_addr, mq,
                                                                                  self.timeout_millis)
        except Exception as e:
            raise MQClientException("Invoke Broker[" + broker_addr + "] exception", e) from e

    def min_offset(self, mq: MessageQueue) -> int:
        """Java ``minOffset``."""
        broker_addr = self._broker_addr_in_publish(mq)
        try:
            return self.mq_client_factory.get_mq_client_api_impl().get_min_offset(broker_addr, mq,
                                                                                  self.timeout_millis)
        except Exception as e:
            raise MQClientException("Invoke Broker[" + broker_addr + "] exception", e) from e

    def earliest_msg_store_time(self, mq: MessageQueue) -> int:
        """Java ``earliestMsgStoreTime``."""
        broker_addr = self._broker_addr_in_publish(mq)
        try:
            return self.mq_client_factory.get_mq_client_api_impl().get_earliest_msg_storetime(
                broker_addr, mq, self.timeout_millis)
        except Exception as e:
            raise MQClientException("Invoke Broker[" + broker_addr + "] exception", e) from e

    def view_message(self, msg_id: str) -> MessageExt:
        """Java ``viewMessage``: the message of an offset message id, read from the broker address it holds."""
        try:
            message_id = MessageDecoder.decode_message_id(msg_id)
        except Exception as e:
            raise MQClientException(ResponseCode.NO_MESSAGE, "query message by id finished, but no message.") \
                from e
        return self.mq_client_factory.get_mq_client_api_impl().view_message(
            RemotingUtil.socket_address2string(message_id.get_address()), message_id.get_offset(),
            self.timeout_millis)

    def query_message(self, topic: str, key: str, max_num: int, begin: int, end: int,
                      is_uniq_key: bool = False, cluster_name: Optional[str] = None) -> QueryResult:
        """Java 5.3.3 ``queryMessage(clusterName, topic, ...)``: ask every broker of ``topic`` (in parallel) for
        messages with ``key`` (or the unique key) stored in ``[begin, end]``; keeps exact matches (for a unique key
        only the earliest). With ``cluster_name``: only that cluster's brokers; for an LMQ topic (``%LMQ%``) the
        route and the index of ``cluster_name``, its parent topic (for ``rmq_sys_wheel_timer`` the route)."""
        factory = self.mq_client_factory
        is_lmq = MixAll.is_lmq(topic)
        route_topic = route_topic_of(cluster_name, topic)
        topic_route_data = factory.get_an_exist_topic_route_data(route_topic)
        if topic_route_data is None:
            factory.update_topic_route_info_from_name_server(route_topic)
            topic_route_data = factory.get_an_exist_topic_route_data(route_topic)
        if topic_route_data is not None:
            broker_addrs = [addr for addr in (bd.select_broker_addr() for bd in topic_route_data.broker_datas
                                              if is_lmq or not cluster_name or cluster_name == bd.cluster)
                            if addr is not None]
            if broker_addrs:
                latch = _CountDownLatch(len(broker_addrs))
                query_result_list: List[QueryResult] = []
                lock = threading.Lock()
                for addr in broker_addrs:
                    try:
                        request_header = QueryMessageRequestHeader()
                        request_header.set_topic(cluster_name if is_lmq else topic)
                        request_header.set_key(key)
                        request_header.set_max_num(max_num)
                        request_header.set_begin_timestamp(begin)
                        request_header.set_end_timestamp(end)
                        factory.get_mq_client_api_impl().query_message(
                            addr, request_header, self.timeout_millis * 3,
                            _QueryCallback(query_result_list, lock, latch), is_uniq_key)
                    except Exception:
                        log.warning("queryMessage exception", exc_info=True)
                if not latch.await_(self.timeout_millis * 4):
                    log.warning("queryMessage, maybe some broker failed")
                return self._merge_query_results(topic, key, is_uniq_key, query_result_list, lock, is_lmq)
        raise MQClientException(ResponseCode.TOPIC_NOT_EXIST, "The topic[" + topic + "] not matched route info")

    def _merge_query_results(self, topic: str, key: str, is_uniq_key: bool, query_result_list: List[QueryResult],
                             lock: threading.Lock, is_lmq: bool) -> QueryResult:
        with lock:
            results = list(query_result_list)
        index_last_update_timestamp = 0
        message_list: List[MessageExt] = []
        for qr in results:
            if qr.get_index_last_update_timestamp() > index_last_update_timestamp:
                index_last_update_timestamp = qr.get_index_last_update_timestamp()
            for msg_ext in qr.get_message_list():
                if is_uniq_key:
                    if msg_ext.get_msg_id() == key:
                        if message_list:
                            if message_list[0].get_store_timestamp() > msg_ext.get_store_timestamp():
                                message_list.clear()
                                message_list.append(msg_ext)
                        else:
                            message_list.append(msg_ext)
                    else:
                        log.warning("queryMessage by uniqKey, find message key not matched, maybe hash duplicate %s",
                                    msg_ext)
                else:
                    keys = msg_ext.get_keys()
                    if keys is not None:
                        matched = any(key == k and (is_lmq or topic == msg_ext.get_topic())
                                      for k in keys.split(MessageConst.KEY_SEPARATOR))
                        if matched:
                            message_list.append(msg_ext)
                        else:
                            log.warning("queryMessage, find message key not matched, maybe hash duplicate %s",
                                        msg_ext)
        namespace = self.mq_client_factory.get_client_config().get_namespace()
        if namespace is not None:
            for message_ext in message_list:
                message_ext.set_topic(NamespaceUtil.without_namespace(message_ext.get_topic(), namespace))
        if message_list:
            return QueryResult(index_last_update_timestamp, message_list)
        raise MQClientException(ResponseCode.NO_MESSAGE, "query message by key finished, but no message.")

    @overload
    def query_message_by_uniq_key(self, topic: str, uniq_key: str, *,
                                  cluster_name: Optional[str] = None) -> Optional[MessageExt]: ...

    @overload
    def query_message_by_uniq_key(self, topic: str, uniq_key: str, max_num: int, begin: int,
                                  end: int, cluster_name: Optional[str] = None) -> QueryResult: ...

    def query_message_by_uniq_key(self, topic: str, uniq_key: str, max_num: Optional[int] = None,
                                  begin: Optional[int] = None, end: Optional[int] = None,
                                  cluster_name: Optional[str] = None) -> Union[QueryResult, MessageExt, None]:
        """Java ``queryMessageByUniqKey`` (the overloads, 5.3.3's with ``clusterName`` too): with only ``topic`` and
        ``uniq_key``, the earliest message with that unique id (searched from 1 s before the time in the id), or
        None; otherwise the :class:`QueryResult`."""
        if max_num is None:
            qr = self.query_message(topic, uniq_key, 32, MessageClientIDSetter.get_nearly_time_from_id(uniq_key) - 1000,
                                    _LONG_MAX, True, cluster_name)
            if qr is not None and qr.get_message_list():
                return qr.get_message_list()[0]
            return None
        return self.query_message(topic, uniq_key, max_num, begin, end, True,  # type: ignore[arg-type]
                                  cluster_name)
