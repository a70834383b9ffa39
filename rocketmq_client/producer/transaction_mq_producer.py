"""Java ``org.apache.rocketmq.client.producer.TransactionMQProducer``: transactional messages.

::

    producer = TransactionMQProducer("TxGroup")
    producer.set_transaction_listener(MyListener())   # a TransactionListener
    producer.start()
    result = producer.send_message_in_transaction(Message("TopicTest", "TagA", b"..."), None)

The broker's check-backs (CHECK_TRANSACTION_STATE) run the listener's ``check_local_transaction`` on the check
executor: the ``executor_service`` given, else a pool of ``check_thread_pool_min_size`` ..
``check_thread_pool_max_size`` threads over a queue of ``check_request_hold_max`` requests.
"""
from __future__ import annotations

from typing import Any, Optional

from rocketmq_client.exception import MQClientException
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.transaction_send_result import TransactionSendResult
from rocketmq_common.message.message import Message
from rocketmq_common.protocol.namespace_util import NamespaceUtil
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.rpc_hook import RPCHook

__all__ = ["TransactionMQProducer"]


class TransactionMQProducer(DefaultMQProducer):
    """A producer of transactional messages: Java ``org.apache.rocketmq.client.producer.TransactionMQProducer``.

    ::

        class Listener(TransactionListener):
            def execute_local_transaction(self, msg, arg):   # after the half message is stored
                return LocalTransactionState.COMMIT_MESSAGE
            def check_local_transaction(self, msg):          # the broker asks about an unfinished one
                return LocalTransactionState.COMMIT_MESSAGE

        producer = TransactionMQProducer("my_tx_group", namesrv_addr="127.0.0.1:9876")
        producer.set_transaction_listener(Listener())       # before start()
        producer.start()
        result = producer.send_message_in_transaction(Message("MyTopic", b"..."), None)
        producer.shutdown()

    Every DefaultMQProducer option, plus the check executor: the ``executor_service`` given, else
    ``check_thread_pool_min_size`` .. ``check_thread_pool_max_size`` threads (1 .. 1) over a queue of
    ``check_request_hold_max`` (2000) requests. Java's deprecated TransactionCheckListener /
    LocalTransactionExecuter API is not provided: use a TransactionListener.
    """

    check_thread_pool_min_size = Prop(int, 1)
    check_thread_pool_max_size = Prop(int, 1)
    check_request_hold_max = Prop(int, 2000)
    #: the check executor (a ThreadPoolExecutor or concurrent.futures.Executor); None: a pool is created
    executor_service = Prop(object)
    transaction_listener = Prop(object)

    def get_check_thread_pool_min_size(self) -> int: return self.check_thread_pool_min_size
    def set_check_thread_pool_min_size(self, check_thread_pool_min_size: int) -> None:
        self.check_thread_pool_min_size = check_thread_pool_min_size
    def get_check_thread_pool_max_size(self) -> int: return self.check_thread_pool_max_size
    def set_check_thread_pool_max_size(self, check_thread_pool_max_size: int) -> None:
        self.check_thread_pool_max_size = check_thread_pool_max_size
    def get_check_request_hold_max(self) -> int: return self.check_request_hold_max
    def set_check_request_hold_max(self, check_request_hold_max: int) -> None:
        self.check_request_hold_max = check_request_hold_max
    def get_executor_service(self) -> Any: return self.executor_service
    def set_executor_service(self, executor_service: Any) -> None: self.executor_service = executor_service
    def get_transaction_listener(self) -> Any: return self.transaction_listener
    def set_transaction_listener(self, transaction_listener: Any) -> None:
        self.transaction_listener = transaction_listener

    def __init__(self, producer_group: Optional[str] = None, rpc_hook: Optional[RPCHook] = None,
                 namespace: Optional[str] = None, enable_msg_trace: bool = False,
                 customized_trace_topic: Optional[str] = None, **config: Any) -> None:
        """As DefaultMQProducer's; the keywords include ``transaction_listener`` and the check pool settings."""
        super().__init__(producer_group, rpc_hook, namespace, enable_msg_trace, customized_trace_topic, **config)

    def start(self) -> None:
        """Java ``start``: set up the check executor, then start as a DefaultMQProducer."""
        self.default_mq_producer_impl.init_transaction_env()
        super().start()

    def shutdown(self) -> None:
        """Java ``shutdown``: also stops the check executor."""
        super().shutdown()
        self.default_mq_producer_impl.destroy_transaction_env()

    def send_message_in_transaction(self, msg: Message, arg: Any = None) -> TransactionSendResult:  # type: ignore[override]
        """Java ``sendMessageInTransaction(msg, arg)``: half message, local transaction
        (``transaction_listener.execute_local_transaction(msg, arg)``), then commit / rollback / unknown."""
        if self.transaction_listener is None:
            raise MQClientException("TransactionListener is null", None)
        msg.set_topic(NamespaceUtil.wrap_namespace(self.get_namespace(), msg.get_topic()))
        return self.default_mq_producer_impl.send_message_in_transaction(msg, arg)
