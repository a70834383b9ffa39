"""RocketMQ client: producers, consumers and the client instance (Java ``org.apache.rocketmq.client``).

The public client API can be imported from here (``from rocketmq_client import DefaultMQProducer, Message``); every
name also stays at its mirrored Java path (``rocketmq_client.producer.default_mq_producer.DefaultMQProducer``,
``rocketmq_common.message.message.Message``...), which is where these are defined.

Logging: the packages log under their names (``rocketmq_client``, ``rocketmq_remoting``...) and install no handler,
so that with no logging configured Python's last-resort handler shows their warnings and errors on stderr (a
listener that raises, a broker that cannot be reached); ``logging.getLogger("rocketmq_client").setLevel(...)``
turns them up or off.
"""

#: the version of the rocketmq-py distribution (setup.cfg reads it: ``version = attr: rocketmq_client.__version__``)
__version__ = "0.1.0"

from rocketmq_acl.common.acl_client_rpc_hook import AclClientRPCHook
from rocketmq_acl.common.acl_exception import AclException
from rocketmq_acl.common.session_credentials import SessionCredentials
from rocketmq_client.client_config import AccessChannel, ClientConfig
from rocketmq_client.consumer.allocate_message_queue_strategy import AllocateMessageQueueStrategy
from rocketmq_client.consumer.default_lite_pull_consumer import DefaultLitePullConsumer
from rocketmq_client.consumer.default_mq_pull_consumer import DefaultMQPullConsumer
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.consumer.listener.consume_concurrently_context import ConsumeConcurrentlyContext
from rocketmq_client.consumer.listener.consume_concurrently_status import ConsumeConcurrentlyStatus
from rocketmq_client.consumer.listener.consume_orderly_context import ConsumeOrderlyContext
from rocketmq_client.consumer.listener.consume_orderly_status import ConsumeOrderlyStatus
from rocketmq_client.consumer.listener.message_listener import (MessageListener, MessageListenerConcurrently,
                                                                 MessageListenerOrderly)
from rocketmq_client.consumer.message_queue_listener import MessageQueueListener
from rocketmq_client.consumer.message_selector import MessageSelector
from rocketmq_client.consumer.pull_callback import PullCallback
from rocketmq_client.consumer.pull_result import PullResult
from rocketmq_client.consumer.pull_status import PullStatus
from rocketmq_client.consumer.rebalance.allocate_machine_room_nearby import AllocateMachineRoomNearby
from rocketmq_client.consumer.rebalance.allocate_message_queue_averagely import AllocateMessageQueueAveragely
from rocketmq_client.consumer.rebalance.allocate_message_queue_averagely_by_circle import (
    AllocateMessageQueueAveragelyByCircle)
from rocketmq_client.consumer.rebalance.allocate_message_queue_by_config import AllocateMessageQueueByConfig
from rocketmq_client.consumer.rebalance.allocate_message_queue_by_machine_room import (
    AllocateMessageQueueByMachineRoom)
from rocketmq_client.consumer.rebalance.allocate_message_queue_consistent_hash import (
    AllocateMessageQueueConsistentHash)
from rocketmq_client.consumer.topic_message_queue_change_listener import TopicMessageQueueChangeListener
from rocketmq_client.exception import (IllegalStateException, MQBrokerException, MQClientException,
                                       OffsetNotFoundException, RequestTimeoutException)
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.local_transaction_state import LocalTransactionState
from rocketmq_client.producer.message_queue_selector import MessageQueueSelector
from rocketmq_client.producer.request_callback import RequestCallback
from rocketmq_client.producer.selector.select_message_queue_by_hash import SelectMessageQueueByHash
from rocketmq_client.producer.selector.select_message_queue_by_machine_room import SelectMessageQueueByMachineRoom
from rocketmq_client.producer.selector.select_message_queue_by_random import SelectMessageQueueByRandom
from rocketmq_client.producer.send_callback import SendCallback
from rocketmq_client.producer.send_result import SendResult
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_client.producer.transaction_listener import TransactionListener
from rocketmq_client.producer.transaction_mq_producer import TransactionMQProducer
from rocketmq_client.producer.transaction_send_result import TransactionSendResult
from rocketmq_client.signals import wait_for_signal
from rocketmq_common.consumer.consume_from_where import ConsumeFromWhere
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_ext import MessageExt
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.heartbeat.message_model import MessageModel
from rocketmq_remoting.common.remoting_helper import RemotingHelper
from rocketmq_remoting.exception import (MQException, RemotingCommandException, RemotingConnectException,
                                         RemotingException, RemotingSendRequestException, RemotingTimeoutException,
                                         RemotingTooMuchRequestException)

__all__ = [
    # producers
    "DefaultMQProducer", "TransactionMQProducer", "SendResult", "SendStatus", "SendCallback", "RequestCallback",
    "TransactionListener", "LocalTransactionState", "TransactionSendResult",
    "MessageQueueSelector", "SelectMessageQueueByHash", "SelectMessageQueueByRandom",
    "SelectMessageQueueByMachineRoom",
    # consumers
    "DefaultMQPushConsumer", "DefaultMQPullConsumer", "DefaultLitePullConsumer", "MessageSelector",
    "ConsumeFromWhere", "MessageModel", "MessageListener", "MessageListenerConcurrently", "MessageListenerOrderly",
    "ConsumeConcurrentlyStatus", "ConsumeOrderlyStatus", "ConsumeConcurrentlyContext", "ConsumeOrderlyContext",
    "PullResult", "PullStatus", "PullCallback", "MessageQueueListener", "TopicMessageQueueChangeListener",
    "AllocateMessageQueueStrategy", "AllocateMessageQueueAveragely", "AllocateMessageQueueAveragelyByCircle",
    "AllocateMessageQueueByConfig", "AllocateMessageQueueByMachineRoom", "AllocateMachineRoomNearby",
    "AllocateMessageQueueConsistentHash",
    # messages and configuration
    "Message", "MessageExt", "MessageQueue", "ClientConfig", "AccessChannel", "RemotingHelper",
    # access control
    "AclClientRPCHook", "SessionCredentials",
    # errors
    "MQException", "MQClientException", "MQBrokerException", "RequestTimeoutException", "OffsetNotFoundException",
    "IllegalStateException", "RemotingException", "RemotingConnectException", "RemotingTimeoutException",
    "RemotingSendRequestException", "RemotingTooMuchRequestException", "RemotingCommandException", "AclException",
    # process life
    "wait_for_signal",
]
