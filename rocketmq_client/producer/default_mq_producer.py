"""Java ``org.apache.rocketmq.client.producer.DefaultMQProducer``: the producer applications use.

::

    producer = DefaultMQProducer("ProducerGroupName")
    producer.set_namesrv_addr("127.0.0.1:9876")
    producer.start()
    result = producer.send(Message("TopicTest", "TagA", b"Hello RocketMQ 0"))
    producer.shutdown()

or ``with DefaultMQProducer("ProducerGroupName") as producer:`` — entering the block starts the producer unless it
was started already, leaving it shuts the producer down.

Java overloads become one method each, dispatching on the argument types in Java's order (see
:mod:`rocketmq_client.impl.producer.send_args`): ``send(msg)``, ``send(msg, timeout)``, ``send(msg, callback[,
timeout])``, ``send(msg, mq[, callback][, timeout])``, ``send(msg, selector, arg[, callback][, timeout])`` and the
same with a list of messages (a batch; no selector); ``send_oneway``; ``request``. ``send``, ``send_async`` and
``request`` also take the parts as keywords (``send(msg, mq=mq, timeout=5000)``, ``send(msg, selector=s, arg=7,
callback=cb)``); ``@overload`` declarations give type checkers each form and its result.
:meth:`DefaultMQProducer.send_async` is a Pythonic addition returning a :class:`concurrent.futures.Future`. The
MQProducer interface of Java is these methods: start, shutdown, fetch_publish_message_queues, send, send_oneway,
send_message_in_transaction, request and the MQAdmin ones (create_topic, search_offset, max_offset, min_offset,
earliest_msg_store_time, view_message, query_message).

Compression follows 5.3.3: ``compress_type`` (ZLIB, LZ4, ZSTD) and ``compress_level`` are settings of this class
(4.9.7 kept them in the implementation, ZLIB only), and ``get_compressor`` gives the compressor.
"""
from __future__ import annotations

import collections.abc
import concurrent.futures
import logging
import threading
from typing import TYPE_CHECKING, Any, Callable, Collection, Dict, List, Optional, Set, Tuple, Union, overload

from rocketmq_client.client_config import ClientConfig
from rocketmq_client.exception import MQClientException
from rocketmq_client.impl.communication_mode import CommunicationMode
from rocketmq_client.impl.mq_client_manager import MQClientManager
from rocketmq_client.impl.producer.default_mq_producer_impl import (
    MIN_BACK_PRESSURE_NUM,
    MIN_BACK_PRESSURE_SIZE,
    DefaultMQProducerImpl,
)
from rocketmq_client.impl.producer.send_args import DEFAULT, QUEUE, parse_send_args
from rocketmq_client.producer.produce_accumulator import (
    ProduceAccumulator,
    check_batch_max_bytes,
    check_batch_max_delay_ms,
    check_total_batch_max_bytes,
)
from rocketmq_client.producer.send_callback import SendCallback
from rocketmq_client.validators import Validators
from rocketmq_common.compression.compression_type import CompressionType
from rocketmq_common.compression.compressor import Compressor, Lz4Compressor, ZlibCompressor, ZstdCompressor
from rocketmq_common.compression.compressor_factory import CompressorFactory
from rocketmq_common.message.message import Message
from rocketmq_common.message.message_batch import MessageBatch
from rocketmq_common.message.message_client_id_setter import MessageClientIDSetter
from rocketmq_common.message.message_const import MessageConst
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.response_code import ResponseCode
from rocketmq_common.service_state import ServiceState
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_remoting.common.bean import Prop, SetOf
from rocketmq_remoting.common.completable_future import CompletableFuture
from rocketmq_remoting.netty.netty_system_config import get_system_property
from rocketmq_remoting.rpc_hook import RPCHook

if TYPE_CHECKING:
    from rocketmq_client.producer.message_queue_selector import MessageQueueSelector
    from rocketmq_client.producer.request_callback import RequestCallback
    from rocketmq_client.producer.send_result import SendResult
    from rocketmq_common.message.message_ext import MessageExt

    #: a MessageQueueSelector or a function ``(mqs, msg, arg) -> MessageQueue`` (a Java lambda)
    Selector = Union[MessageQueueSelector, Callable[[List[MessageQueue], Message, Any], MessageQueue]]
    #: a message, or a collection of messages sent as one batch
    Messages = Union[Message, Collection[Message]]

__all__ = ["DefaultMQProducer"]

log = logging.getLogger(__name__)

_SYNC = CommunicationMode.SYNC


def _default_retry_response_codes() -> Set[int]:
    return {ResponseCode.TOPIC_NOT_EXIST, ResponseCode.SERVICE_NOT_AVAILABLE, ResponseCode.SYSTEM_ERROR,
            ResponseCode.NO_PERMISSION, ResponseCode.NO_BUYER_ID, ResponseCode.NOT_IN_CURRENT_UNIT}


def _default_compress_type() -> CompressionType:
    """Java's ``compressType`` initialiser: the ``rocketmq.message.compressType`` property, else ZLIB."""
    return CompressionType.of(get_system_property(MixAll.MESSAGE_COMPRESS_TYPE, "ROCKETMQ_MESSAGE_COMPRESS_TYPE",
                                                  "ZLIB") or "ZLIB")


def _default_compress_level() -> int:
    """Java's ``compressLevel`` initialiser: the ``rocketmq.message.compressLevel`` property, else 5."""
    return int(get_system_property(MixAll.MESSAGE_COMPRESS_LEVEL, "ROCKETMQ_MESSAGE_COMPRESS_LEVEL", "5") or "5")


#: Java 5.3.3: the least values the back-pressure setters take
_BACK_PRESSURE_MINIMUMS = {"back_pressure_for_async_send_num": MIN_BACK_PRESSURE_NUM,
                           "back_pressure_for_async_send_size": MIN_BACK_PRESSURE_SIZE}

#: Java 5.3.3: the auto-batching settings and their checks
_BATCH_SETTINGS = {"batch_max_delay_ms": check_batch_max_delay_ms, "batch_max_bytes": check_batch_max_bytes,
                   "total_batch_max_bytes": check_total_batch_max_bytes}

_SEND_KEYWORDS = ("mq", "selector", "arg", "callback", "timeout")


def _keyword_form(method: str, args: Tuple[Any, ...], kwargs: Dict[str, Any],
                  allowed: Tuple[str, ...] = _SEND_KEYWORDS) -> Tuple[Any, ...]:
    """The Java positional form of ``method(msg, mq=..., selector=..., arg=..., callback=..., timeout=...)``."""
    unknown = [key for key in kwargs if key not in allowed]
    if unknown:
        raise TypeError("%s() got an unexpected keyword argument %r (the keywords are %s)"
                        % (method, unknown[0], ", ".join(allowed)))
    if args:
        raise TypeError("%s() takes Java's positional forms or keywords after the message, not both" % method)
    mq, selector = kwargs.get("mq"), kwargs.get("selector")
    if mq is not None and selector is not None:
        raise TypeError("%s() takes mq or selector, not both" % method)
    if "arg" in kwargs and selector is None:
        raise TypeError("%s(): arg is the argument of a selector; pass selector= too" % method)
    head: Tuple[Any, ...] = (mq,) if mq is not None else (selector, kwargs.get("arg")) if selector is not None else ()
    callback, timeout = kwargs.get("callback"), kwargs.get("timeout")
    return head + ((callback,) if callback is not None else ()) + ((timeout,) if timeout is not None else ())


def _is_single_message(method: str, msg: Any) -> bool:
    """True for a Message, False for a collection of Messages (a batch); TypeError otherwise."""
    if isinstance(msg, Message):
        return True
    if isinstance(msg, collections.abc.Iterable) and not isinstance(msg, (str, bytes, bytearray)):
        return False
    raise TypeError("%s() takes a Message or a collection of Messages, got %s" % (method, type(msg).__name__))


class _FutureSendCallback(CompletableFuture, SendCallback):
    """The future :meth:`DefaultMQProducer.send_async` returns, and the send's callback that completes it: one
    object per send (a light future, see CompletableFuture); a future cancelled before the outcome keeps it."""

    __slots__ = ()

    def on_success(self, send_result: "SendResult") -> None:
        self.complete(send_result)

    def on_exception(self, e: BaseException) -> None:
        self.complete_exceptionally(e)


class DefaultMQProducer(ClientConfig):
    """A producer of a producer group: Java ``org.apache.rocketmq.client.producer.DefaultMQProducer``.

    ::

        producer = DefaultMQProducer("my_group", namesrv_addr="127.0.0.1:9876")
        producer.start()
        result = producer.send(Message("MyTopic", b"hello"))   # a SendResult
        producer.shutdown()

    Main keyword options (Java's fields; each also has ``get_x`` / ``set_x``): ``namesrv_addr``
    (``host:port[;host:port]``, the separator is ``;``), ``send_msg_timeout`` (ms, 3000),
    ``retry_times_when_send_failed`` (2), ``retry_times_when_send_async_failed`` (2), ``max_message_size`` (4 MB),
    ``compress_msg_body_over_howmuch`` (4 KB), ``namespace``, ``instance_name``, ``enable_trace``.
    ``send`` takes Java's forms (see ``help(DefaultMQProducer.send)``); ``send_oneway``, ``request`` and the batch
    forms too. Call :meth:`start` before sending and :meth:`shutdown` at the end (or use ``with``).
    """

    producer_group = Prop(str, MixAll.DEFAULT_PRODUCER_GROUP)
    #: template topic of automatically created topics
    create_topic_key = Prop(str, TopicValidator.AUTO_CREATE_TOPIC_KEY_TOPIC)
    default_topic_queue_nums = Prop(int, 4)
    #: total time budget of a send across its retries (ms)
    send_msg_timeout = Prop(int, 3000)
    #: bodies of at least this many bytes are compressed
    compress_msg_body_over_howmuch = Prop(int, 1024 * 4)
    retry_times_when_send_failed = Prop(int, 2)
    retry_times_when_send_async_failed = Prop(int, 2)
    retry_another_broker_when_not_store_ok = Prop(bool, False, wire="retryAnotherBrokerWhenNotStoreOK")
    max_message_size = Prop(int, 1024 * 1024 * 4)
    #: broker response codes after which a synchronous send is retried
    retry_response_codes = Prop(SetOf(int), factory=_default_retry_response_codes)
    #: body compression (5.3.3 keeps it here): the algorithm (a name such as "LZ4" is taken too) and its level;
    #: ZLIB takes -1..9 (Java's Deflater, checked when set), ZSTD clamps to -131072..22, LZ4 ignores the level
    compress_type = Prop(CompressionType, required=True, factory=_default_compress_type)
    compress_level = Prop(int, required=True, factory=_default_compress_level)
    #: async back-pressure (5.3.3): with it on, an async send waits (up to its timeout) while
    #: ``back_pressure_for_async_send_num`` sends or ``back_pressure_for_async_send_size`` body bytes are in flight
    #: (at least 10 and 1 MiB: smaller values are raised to these), then fails with RemotingTooMuchRequestException
    enable_backpressure_for_async_mode = Prop(bool, False)
    back_pressure_for_async_send_num = Prop(int, 10000)
    back_pressure_for_async_send_size = Prop(int, 100 * 1024 * 1024)
    #: auto batching (5.3.3, see :mod:`rocketmq_client.producer.produce_accumulator`): sends without a timeout
    #: go in batches; the batch settings' -1 keeps the accumulator's own (10 ms, 32 KiB, 32 MiB)
    auto_batch = Prop(bool, False)
    batch_max_delay_ms = Prop(int, -1)
    batch_max_bytes = Prop(int, -1)
    total_batch_max_bytes = Prop(int, -1)

    def get_producer_group(self) -> str: return self.producer_group
    def set_producer_group(self, producer_group: str) -> None: self.producer_group = producer_group
    def get_create_topic_key(self) -> str: return self.create_topic_key
    def set_create_topic_key(self, create_topic_key: str) -> None: self.create_topic_key = create_topic_key
    def get_default_topic_queue_nums(self) -> int: return self.default_topic_queue_nums
    def set_default_topic_queue_nums(self, default_topic_queue_nums: int) -> None:
        self.default_topic_queue_nums = default_topic_queue_nums
    def get_send_msg_timeout(self) -> int: return self.send_msg_timeout
    def set_send_msg_timeout(self, send_msg_timeout: int) -> None: self.send_msg_timeout = send_msg_timeout
    def get_compress_msg_body_over_howmuch(self) -> int: return self.compress_msg_body_over_howmuch
    def set_compress_msg_body_over_howmuch(self, compress_msg_body_over_howmuch: int) -> None:
        self.compress_msg_body_over_howmuch = compress_msg_body_over_howmuch
    def get_retry_times_when_send_failed(self) -> int: return self.retry_times_when_send_failed
    def set_retry_times_when_send_failed(self, retry_times_when_send_failed: int) -> None:
        self.retry_times_when_send_failed = retry_times_when_send_failed
    def get_retry_times_when_send_async_failed(self) -> int: return self.retry_times_when_send_async_failed
    def set_retry_times_when_send_async_failed(self, retry_times_when_send_async_failed: int) -> None:
        self.retry_times_when_send_async_failed = retry_times_when_send_async_failed
    def get_retry_another_broker_when_not_store_ok(self) -> bool: return self.retry_another_broker_when_not_store_ok
    def is_retry_another_broker_when_not_store_ok(self) -> bool: return self.retry_another_broker_when_not_store_ok
    def set_retry_another_broker_when_not_store_ok(self, retry_another_broker_when_not_store_ok: bool) -> None:
        self.retry_another_broker_when_not_store_ok = retry_another_broker_when_not_store_ok
    def get_max_message_size(self) -> int: return self.max_message_size
    def set_max_message_size(self, max_message_size: int) -> None: self.max_message_size = max_message_size
    def get_retry_response_codes(self) -> Set[int]: return self.retry_response_codes
    def set_retry_response_codes(self, retry_response_codes: Set[int]) -> None:
        self.retry_response_codes = retry_response_codes
    def get_compress_type(self) -> CompressionType: return self.compress_type
    def set_compress_type(self, compress_type: CompressionType) -> None: self.compress_type = compress_type
    def get_compress_level(self) -> int: return self.compress_level
    def set_compress_level(self, compress_level: int) -> None: self.compress_level = compress_level
    def get_enable_backpressure_for_async_mode(self) -> bool: return self.enable_backpressure_for_async_mode
    def is_enable_backpressure_for_async_mode(self) -> bool: return self.enable_backpressure_for_async_mode
    def set_enable_backpressure_for_async_mode(self, enable_backpressure_for_async_mode: bool) -> None:
        self.enable_backpressure_for_async_mode = enable_backpressure_for_async_mode
    def get_back_pressure_for_async_send_num(self) -> int: return self.back_pressure_for_async_send_num
    def set_back_pressure_for_async_send_num(self, back_pressure_for_async_send_num: int) -> None:
        self.back_pressure_for_async_send_num = back_pressure_for_async_send_num
    def get_back_pressure_for_async_send_size(self) -> int: return self.back_pressure_for_async_send_size
    def set_back_pressure_for_async_send_size(self, back_pressure_for_async_send_size: int) -> None:
        self.back_pressure_for_async_send_size = back_pressure_for_async_send_size
    def is_auto_batch(self) -> bool: return self.auto_batch
    def set_auto_batch(self, auto_batch: bool) -> None: self.auto_batch = auto_batch
    def get_batch_max_delay_ms(self) -> int: return self.batch_max_delay_ms
    def set_batch_max_delay_ms(self, batch_max_delay_ms: int) -> None: self.batch_max_delay_ms = batch_max_delay_ms
    def get_batch_max_bytes(self) -> int: return self.batch_max_bytes
    def set_batch_max_bytes(self, batch_max_bytes: int) -> None: self.batch_max_bytes = batch_max_bytes
    def get_total_batch_max_bytes(self) -> int: return self.total_batch_max_bytes
    def set_total_batch_max_bytes(self, total_batch_max_bytes: int) -> None:
        self.total_batch_max_bytes = total_batch_max_bytes

    def __init__(self, producer_group: Optional[str] = None, rpc_hook: Optional[RPCHook] = None,
                 namespace: Optional[str] = None, enable_msg_trace: bool = False,
                 customized_trace_topic: Optional[str] = None, **config: Any) -> None:
        """Java's constructors: ``producer_group`` defaults to ``DEFAULT_PRODUCER`` (which ``start`` refuses, as
        Java's no-argument constructor); ``enable_msg_trace`` / ``customized_trace_topic`` set ``enable_trace`` /
        ``trace_topic`` (as Java 5.3.3 does), and :meth:`start` then installs the message trace hooks. Every setting is
        also a keyword (``DefaultMQProducer(group, namesrv_addr="127.0.0.1:9876", send_msg_timeout=5000)``),
        applied through its setter."""
        if isinstance(rpc_hook, str):
            raise TypeError("rpc_hook must be an RPCHook, got %r (Java's DefaultMQProducer(namespace, group) is "
                            "DefaultMQProducer(group, namespace=namespace) here)" % (rpc_hook,))
        super().__init__()
        self.namespace = namespace
        self.producer_group = MixAll.DEFAULT_PRODUCER_GROUP if producer_group is None else producer_group
        self._produce_accumulator: Optional[ProduceAccumulator] = None
        self._back_pressure_lock = threading.Lock()  # Java's backPressureForAsyncSend*Lock write side
        self.default_mq_producer_impl = DefaultMQProducerImpl(self, rpc_hook)
        self._rpc_hook = rpc_hook
        self._trace_dispatcher: Any = None
        # Java 5.3.3: the 4.x constructor arguments set ClientConfig.enableTrace / traceTopic, read by start()
        self.enable_trace = enable_msg_trace
        self.trace_topic = customized_trace_topic
        if "compress_type" in config:  # the type first: the level is checked against it
            config = dict(compress_type=config.pop("compress_type"), **config)
        self._apply_config(config, ("producer_group", "rpc_hook", "enable_msg_trace", "customized_trace_topic"))

    def __setattr__(self, name: str, value: Any) -> None:
        """Checks the compression settings where they are set (the setters and keywords come here too)."""
        if name == "compress_type":
            value = self._checked_compress_type(value)
        elif name == "compress_level":
            self._check_compress_level(self.__dict__.get("compress_type"), value)
        elif name in _BACK_PRESSURE_MINIMUMS:
            value = self._resized_back_pressure(name, value)
        elif name in _BATCH_SETTINGS:
            self._apply_batch_setting(name, value)
        super().__setattr__(name, value)

    def _apply_batch_setting(self, name: str, value: Any) -> None:
        """Java 5.3.3 ``batchMaxDelayMs`` / ``batchMaxBytes`` / ``totalBatchMaxBytes``: checked (Java checks when
        the accumulator takes them) and handed to the accumulator if there is one; -1 keeps its default."""
        if isinstance(value, int) and not isinstance(value, bool) and value != -1:
            _BATCH_SETTINGS[name](value)
            accumulator = self.__dict__.get("_produce_accumulator")
            if accumulator is not None:
                getattr(accumulator, name)(value)

    def init_produce_accumulator(self) -> None:
        """Java 5.3.3 ``initProduceAccumulator`` (at start): the client id's accumulator, with the batch
        settings that are not -1."""
        accumulator = MQClientManager.get_instance().get_or_create_produce_accumulator(self)
        self._produce_accumulator = accumulator
        for name in _BATCH_SETTINGS:
            value = getattr(self, name)
            if value > -1:
                getattr(accumulator, name)(value)

    def get_auto_batch(self) -> bool:
        """Java ``getAutoBatch``: whether sends are batched now, False until the producer started (no accumulator
        yet); ``is_auto_batch`` / ``auto_batch`` give the setting."""
        return self._produce_accumulator is not None and self.auto_batch

    def _can_batch(self, msg: Message) -> bool:
        """Java ``canBatch``: room in the accumulator, and not a delayed / timed, retry-topic or producer-group
        message."""
        assert self._produce_accumulator is not None
        if not self._produce_accumulator.try_add_message(msg):
            return False
        if (msg.get_delay_time_level() > 0 or msg.get_delay_time_ms() > 0 or msg.get_delay_time_sec() > 0
                or msg.get_deliver_time_ms() > 0):
            return False
        if msg.get_topic().startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX):
            return False
        return MessageConst.PROPERTY_PRODUCER_GROUP not in msg.get_properties()

    def send_by_accumulator(self, msg: Message, mq: Optional[MessageQueue],
                            send_callback: Optional[SendCallback]) -> "Optional[SendResult]":
        """Java ``sendByAccumulator``: through the accumulator when ``msg`` can be batched, else directly."""
        if not self._can_batch(msg):
            return self.send_direct(msg, mq, send_callback)
        Validators.check_message(msg, self)
        MessageClientIDSetter.set_uniq_id(msg)
        accumulator = self._produce_accumulator
        assert accumulator is not None
        if send_callback is None:
            return accumulator.send(msg, mq, self)
        accumulator.send_async(msg, mq, send_callback, self)
        return None

    def send_direct(self, msg: Message, mq: Optional[MessageQueue],
                    send_callback: Optional[SendCallback]) -> "Optional[SendResult]":
        """Java ``sendDirect``: the engine's send of ``msg`` (to ``mq`` if given) with the default timeout."""
        impl, timeout = self.default_mq_producer_impl, self.send_msg_timeout
        if send_callback is None:
            if mq is None:
                return impl.send_default_impl(msg, _SYNC, None, timeout)
            return impl.send_to_queue(msg, mq, timeout)
        if mq is None:
            impl.send_async_default(msg, send_callback, timeout)
        else:
            impl.send_to_queue_async(msg, mq, send_callback, timeout)
        return None

    def _send_auto_batched(self, msg: Message, mq: Optional[MessageQueue],
                           callback: Optional[SendCallback]) -> "Optional[SendResult]":
        """``send`` of the forms Java batches; an async form reports any failure through its callback."""
        if callback is None:
            return self.send_by_accumulator(msg, mq, None)
        try:
            self.send_by_accumulator(msg, mq, callback)
        except Exception as e:
            callback.on_exception(e)
        return None

    def _send_selected_auto_batched(self, msg: Message, selector: "Selector", arg: Any,
                                    callback: Optional[SendCallback]) -> "Optional[SendResult]":
        """Java 5.3.3 ``send(msg, selector, arg[, sendCallback])`` with auto batching: the selector's queue
        (``invokeMessageQueueSelector``), then the accumulator; the async form reports a selector's failure
        through its callback too."""
        impl = self.default_mq_producer_impl
        if callback is None:
            mq = impl.invoke_message_queue_selector(msg, selector, arg, self.send_msg_timeout)
            return self.send_by_accumulator(msg, self.queue_with_namespace(mq), None)
        try:
            mq = impl.invoke_message_queue_selector(msg, selector, arg, self.send_msg_timeout)
        except Exception as e:
            callback.on_exception(e)
            return None
        return self._send_auto_batched(msg, self.queue_with_namespace(mq), callback)

    def _resized_back_pressure(self, name: str, value: Any) -> Any:
        """Java 5.3.3 ``setBackPressureForAsyncSendNum`` / ``Size``: raise ``value`` to the minimum and resize the
        semaphore so that the sends in flight count against the new limit."""
        if not isinstance(value, int) or isinstance(value, bool):
            return value  # the Prop check refuses it
        value = max(value, _BACK_PRESSURE_MINIMUMS[name])
        impl: Optional[DefaultMQProducerImpl] = self.__dict__.get("default_mq_producer_impl")
        if impl is not None:
            with self._back_pressure_lock:
                if name == "back_pressure_for_async_send_num":
                    acquired = self.back_pressure_for_async_send_num \
                        - impl.get_semaphore_async_send_num_available_permits()
                    impl.set_semaphore_async_send_num(value - acquired)
                else:
                    acquired = self.back_pressure_for_async_send_size \
                        - impl.get_semaphore_async_send_size_available_permits()
                    impl.set_semaphore_async_send_size(value - acquired)
                super().__setattr__(name, value)
        return value

    def _checked_compress_type(self, value: Any) -> Any:
        if isinstance(value, str):
            value = CompressionType.of(value)
        if isinstance(value, CompressionType):
            # the codec package must be there now, not at the first send (UnsupportedCompressionException)
            compressor = CompressorFactory.get_compressor(value)
            if isinstance(compressor, (Lz4Compressor, ZstdCompressor)):
                compressor.codec()
            self._check_compress_level(value, self.__dict__.get("compress_level"))
        return value

    @staticmethod
    def _check_compress_level(compress_type: Optional[CompressionType], level: Any) -> None:
        """Java's ``Deflater`` refuses a ZLIB level outside -1..9 ("invalid compression level") at the first
        compressed send; here it is refused when set."""
        if (compress_type is CompressionType.ZLIB and isinstance(level, int)
                and not ZlibCompressor.MIN_LEVEL <= level <= ZlibCompressor.MAX_LEVEL):
            raise ValueError("invalid compression level %d: ZLIB takes %d to %d (set compress_type first to use "
                             "another algorithm's levels)" % (level, ZlibCompressor.MIN_LEVEL,
                                                             ZlibCompressor.MAX_LEVEL))

    def get_compressor(self) -> Compressor:
        """Java ``getCompressor``: the compressor of :attr:`compress_type`."""
        return CompressorFactory.get_compressor(self.compress_type)

    def _create_trace_dispatcher(self) -> Any:
        """Java 5.3.3 ``start``'s trace set-up: the message trace dispatcher (``trace_msg_batch_num``,
        ``trace_topic``) with the send and end-transaction trace hooks (see
        :meth:`AsyncTraceDispatcher.create_for_client`)."""
        from rocketmq_client.trace.async_trace_dispatcher import AsyncTraceDispatcher
        from rocketmq_client.trace.trace_dispatcher import TraceDispatcher

        return AsyncTraceDispatcher.create_for_client(TraceDispatcher.Type.PRODUCE, self.producer_group,
                                                      self.get_trace_msg_batch_num(), self.trace_topic,
                                                      self._rpc_hook, self.default_mq_producer_impl)

    # ------------------------------------------------------------------ life cycle

    def set_use_tls(self, use_tls: bool) -> None:
        """Java ``setUseTLS``: also for the trace producer."""
        super().set_use_tls(use_tls)
        get_trace_producer = getattr(self._trace_dispatcher, "get_trace_producer", None)
        if get_trace_producer is not None:
            get_trace_producer().set_use_tls(use_tls)

    def start(self) -> None:
        """Java ``start``: wrap the group with the namespace, start the engine (client instance, heartbeat), then,
        with ``enable_trace``, the trace dispatcher."""
        self.set_producer_group(self.with_namespace(self.producer_group))
        self.default_mq_producer_impl.start()
        if self._produce_accumulator is not None:
            self._produce_accumulator.start()
        if self.enable_trace and self._trace_dispatcher is None:
            self._trace_dispatcher = self._create_trace_dispatcher()
        if self._trace_dispatcher is not None:
            self._trace_dispatcher.get_trace_producer().set_use_tls(self.is_use_tls())
            try:
                self._trace_dispatcher.start(self.get_namesrv_addr(), self.get_access_channel())
            except MQClientException:
                log.warning("trace dispatcher start failed ", exc_info=True)
        MQClientManager.get_instance().register_started_client(self, consumer=False)

    def shutdown(self) -> None:
        """Java ``shutdown``: no thread or connection of this producer is left afterwards (the client instance
        stays up while other producers or consumers of the same client id use it). A started producer not shut
        down is shut down at interpreter exit (see :class:`MQClientManager`)."""
        MQClientManager.get_instance().unregister_started_client(self)
        self.default_mq_producer_impl.shutdown()
        accumulator = self._produce_accumulator
        if accumulator is not None:
            accumulator.shutdown()
            MQClientManager.get_instance().remove_produce_accumulator(accumulator)
        if self._trace_dispatcher is not None:
            self._trace_dispatcher.shutdown()

    def __enter__(self) -> "DefaultMQProducer":
        if self.default_mq_producer_impl.get_service_state() == ServiceState.CREATE_JUST:
            self.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.shutdown()

    # ------------------------------------------------------------------ sending

    @overload
    def send(self, msg: "Messages", timeout: int = ...) -> "SendResult": ...

    @overload
    def send(self, msg: "Messages", callback: SendCallback, timeout: int = ...) -> None: ...

    @overload
    def send(self, msg: "Messages", mq: MessageQueue, timeout: int = ...) -> "SendResult": ...

    @overload
    def send(self, msg: "Messages", mq: MessageQueue, callback: SendCallback, timeout: int = ...) -> None: ...

    @overload
    def send(self, msg: Message, selector: "Selector", arg: Any, timeout: int = ...) -> "SendResult": ...

    @overload
    def send(self, msg: Message, selector: "Selector", arg: Any, callback: SendCallback,
             timeout: int = ...) -> None: ...

    @overload
    def send(self, msg: "Messages", *, mq: Optional[MessageQueue] = ..., selector: "Optional[Selector]" = ...,
             arg: Any = ..., timeout: Optional[int] = ...) -> "SendResult": ...

    @overload
    def send(self, msg: "Messages", *, mq: Optional[MessageQueue] = ..., selector: "Optional[Selector]" = ...,
             arg: Any = ..., callback: SendCallback, timeout: Optional[int] = ...) -> None: ...

    def send(self, msg: Any, *args: Any, **kwargs: Any) -> "Optional[SendResult]":
        """Java's ``send`` overloads for a Message or a collection of Messages (a batch), or the same parts as
        keywords (``mq``, ``selector`` and ``arg``, ``callback``, ``timeout``). Synchronous forms return the
        SendResult; forms with a SendCallback return None and report through it (also when the async sender
        queue is full: ``on_exception`` gets an MQClientException at once).

        The forms (``timeout`` in ms, default ``send_msg_timeout``)::

            send(msg[, timeout])                          -> SendResult
            send(msg, callback[, timeout])                -> None (callback.on_success / on_exception)
            send(msg, mq[, timeout])                      -> SendResult, to that MessageQueue
            send(msg, mq, callback[, timeout])            -> None
            send(msg, selector, arg[, timeout])           -> SendResult, to selector.select(mqs, msg, arg)
            send(msg, selector, arg, callback[, timeout]) -> None
            send(msg, mq=..., selector=..., arg=..., callback=..., timeout=...)   the keyword form

        ``msg`` may be a list of Messages of one topic (a batch) in the forms without a selector. With auto batching
        (5.3.3 ``set_auto_batch``) a Message sent by a form without a timeout goes through the accumulator, to the
        queue given or selected (as Java's); the timeout forms send at once."""
        if kwargs:
            args = _keyword_form("send", args, kwargs)
        return self._send_form(msg, *parse_send_args("send", args, allow_selector=_is_single_message("send", msg)))

    def _send_form(self, msg: Any, kind: str, mq: Optional[MessageQueue], selector: "Optional[Selector]", arg: Any,
                   callback: Optional[SendCallback], timeout: Optional[int]) -> "Optional[SendResult]":
        """``send`` of the form ``parse_send_args`` recognised (``send_async`` gives its future as the callback)."""
        if isinstance(msg, Message):
            msg.topic = self.with_namespace(msg.topic)
            if timeout is None and self.get_auto_batch():  # Java batches the forms without a timeout
                if kind == DEFAULT:
                    return self._send_auto_batched(msg, None, callback)
                if kind == QUEUE:
                    return self._send_auto_batched(msg, self.queue_with_namespace(mq), callback)  # type: ignore
                return self._send_selected_auto_batched(msg, selector, arg, callback)  # type: ignore[arg-type]
        else:
            msg = self._batch(msg)
        impl = self.default_mq_producer_impl
        if timeout is None:
            timeout = self.send_msg_timeout
        if kind == DEFAULT:
            if callback is None:
                return impl.send_default_impl(msg, _SYNC, None, timeout)
            impl.send_async_default(msg, callback, timeout)
        elif kind == QUEUE:
            mq = self.queue_with_namespace(mq)  # type: ignore[arg-type]
            if callback is None:
                return impl.send_to_queue(msg, mq, timeout)
            impl.send_to_queue_async(msg, mq, callback, timeout)
        else:
            if callback is None:
                return impl.send_select_impl(msg, selector, arg, _SYNC, None, timeout)
            impl.send_select_async(msg, selector, arg, callback, timeout)
        return None

    @overload
    def send_async(self, msg: "Messages", timeout: int = ...) -> "concurrent.futures.Future[SendResult]": ...

    @overload
    def send_async(self, msg: "Messages", mq: MessageQueue,
                   timeout: int = ...) -> "concurrent.futures.Future[SendResult]": ...

    @overload
    def send_async(self, msg: Message, selector: "Selector", arg: Any,
                   timeout: int = ...) -> "concurrent.futures.Future[SendResult]": ...

    @overload
    def send_async(self, msg: "Messages", *, mq: Optional[MessageQueue] = ..., selector: "Optional[Selector]" = ...,
                   arg: Any = ..., timeout: Optional[int] = ...) -> "concurrent.futures.Future[SendResult]": ...

    def send_async(self, msg: Any, *args: Any, **kwargs: Any) -> "concurrent.futures.Future[SendResult]":
        """Pythonic asynchronous send: the forms of :meth:`send` without the callback (``send_async(msg)``,
        ``send_async(msg, timeout)``, ``send_async(msg, mq[, timeout])``, ``send_async(msg, selector, arg[,
        timeout])``, or a list of messages; or keywords ``mq``, ``selector`` and ``arg``, ``timeout``); returns a
        Future of the SendResult."""
        if kwargs:
            args = _keyword_form("send_async", args, kwargs, ("mq", "selector", "arg", "timeout"))
        kind, mq, selector, arg, _, timeout = parse_send_args(
            "send_async", args, allow_callback=False, allow_selector=_is_single_message("send_async", msg))
        future = _FutureSendCallback()
        self._send_form(msg, kind, mq, selector, arg, future, timeout)
        return future

    def send_oneway(self, msg: Message, *args: Any) -> None:
        """Java ``sendOneway(msg)``, ``sendOneway(msg, mq)``, ``sendOneway(msg, selector, arg)``: no answer."""
        form = parse_send_args("send_oneway", args, allow_callback=False, allow_timeout=False)
        msg.set_topic(self.with_namespace(msg.get_topic()))
        if form.kind == DEFAULT:
            self.default_mq_producer_impl.send_oneway(msg)
        elif form.kind == QUEUE:
            self.default_mq_producer_impl.send_oneway_to_queue(
                msg, self.queue_with_namespace(form.mq))  # type: ignore[arg-type]
        else:
            self.default_mq_producer_impl.send_oneway_select(msg, form.selector, form.arg)

    @overload
    def request(self, msg: Message, timeout: int) -> Message: ...

    @overload
    def request(self, msg: Message, request_callback: "RequestCallback", timeout: int) -> None: ...

    @overload
    def request(self, msg: Message, selector: "Selector", arg: Any, timeout: int) -> Message: ...

    @overload
    def request(self, msg: Message, selector: "Selector", arg: Any, request_callback: "RequestCallback",
                timeout: int) -> None: ...

    @overload
    def request(self, msg: Message, mq: MessageQueue, timeout: int) -> Message: ...

    @overload
    def request(self, msg: Message, mq: MessageQueue, request_callback: "RequestCallback", timeout: int) -> None: ...

    @overload
    def request(self, msg: Message, *, timeout: int, mq: Optional[MessageQueue] = ...,
                selector: "Optional[Selector]" = ..., arg: Any = ...) -> Message: ...

    @overload
    def request(self, msg: Message, *, timeout: int, callback: "RequestCallback", mq: Optional[MessageQueue] = ...,
                selector: "Optional[Selector]" = ..., arg: Any = ...) -> None: ...

    def request(self, msg: Message, *args: Any, **kwargs: Any) -> Optional[Message]:
        """Java's ``request`` overloads (request/reply), the timeout in ms always last: ``request(msg, timeout)``,
        ``request(msg, request_callback, timeout)``, ``request(msg, selector, arg[, request_callback], timeout)``,
        ``request(msg, mq[, request_callback], timeout)``; or keywords (``timeout`` required, ``mq``, ``selector``
        and ``arg``, ``callback``). Blocking forms return the reply or raise RequestTimeoutException; callback
        forms return None."""
        if kwargs:
            args = _keyword_form("request", args, kwargs)
        msg.set_topic(self.with_namespace(msg.get_topic()))
        return self.default_mq_producer_impl.request(msg, *args)

    def recall_message(self, topic: str, recall_handle: Optional[str]) -> str:
        """Java 5.3.3 ``recallMessage`` (brokers 5.3.2+ with ``recallMessageEnable``): cancel the delayed message
        whose ``SendResult.get_recall_handle()`` is ``recall_handle`` before its time, so that it is never
        delivered; returns its unique key (``SendResult.get_msg_id()``). MQClientException for a bad topic or a
        malformed handle; MQBrokerException with the broker's code otherwise (ILLEGAL_OPERATION for an unknown
        broker, another topic or a time already passed, NO_PERMISSION where recall is disabled)."""
        return self.default_mq_producer_impl.recall_message(self.with_namespace(topic), recall_handle)

    def send_message_in_transaction(self, msg: Message, *args: Any) -> Any:
        """Java: only TransactionMQProducer sends transactional messages."""
        raise RuntimeError("sendMessageInTransaction not implement, please use TransactionMQProducer class")

    def _batch(self, msgs: Collection[Message]) -> MessageBatch:
        """Java ``batch``: one MessageBatch of same-topic messages, each validated, with its own unique id."""
        try:
            msg_batch = MessageBatch.generate_from_list(msgs)
            for message in msg_batch:
                Validators.check_message(message, self)
                MessageClientIDSetter.set_uniq_id(message)
                message.set_topic(self.with_namespace(message.get_topic()))
            msg_batch.set_body(msg_batch.encode())
        except Exception as e:
            raise MQClientException("Failed to initiate the MessageBatch", e) from e
        msg_batch.set_topic(self.with_namespace(msg_batch.get_topic()))
        return msg_batch

    # ------------------------------------------------------------------ MQAdmin

    def fetch_publish_message_queues(self, topic: str) -> List[MessageQueue]:
        """Java ``fetchPublishMessageQueues``."""
        return self.default_mq_producer_impl.fetch_publish_message_queues(self.with_namespace(topic))

    def create_topic(self, key: str, new_topic: str, queue_num: int, topic_sys_flag: int = 0,
                     attributes: Optional[Dict[str, str]] = None) -> None:
        """Java 5.3.3 ``createTopic`` (deprecated there): create ``new_topic`` on the brokers holding ``key``, with
        the topic attribute changes ``attributes`` (``{"+message.type": "FIFO"}``, see
        :meth:`MQAdminImpl.create_topic`; Java 5.3.3's producer drops them on the way, this one sends them)."""
        self.default_mq_producer_impl.create_topic(key, self.with_namespace(new_topic), queue_num, topic_sys_flag,
                                                   attributes)

    def search_offset(self, mq: MessageQueue, timestamp: int) -> int:
        """Java ``searchOffset``."""
        return self.default_mq_producer_impl.search_offset(self.queue_with_namespace(mq), timestamp)

    def max_offset(self, mq: MessageQueue) -> int:
        """Java ``maxOffset``."""
        return self.default_mq_producer_impl.max_offset(self.queue_with_namespace(mq))

    def min_offset(self, mq: MessageQueue) -> int:
        """Java ``minOffset``."""
        return self.default_mq_producer_impl.min_offset(self.queue_with_namespace(mq))

    def earliest_msg_store_time(self, mq: MessageQueue) -> int:
        """Java ``earliestMsgStoreTime``."""
        return self.default_mq_producer_impl.earliest_msg_store_time(self.queue_with_namespace(mq))

    @overload
    def view_message(self, topic_or_offset_msg_id: str) -> "MessageExt": ...

    @overload
    def view_message(self, topic_or_offset_msg_id: str, msg_id: str) -> "Optional[MessageExt]": ...

    def view_message(self, topic_or_offset_msg_id: str, msg_id: Optional[str] = None) -> "Optional[MessageExt]":
        """Java ``viewMessage(offsetMsgId)`` and ``viewMessage(topic, msgId)`` (the latter tries ``msg_id`` as an
        offset id, then as a unique key of ``topic``)."""
        impl = self.default_mq_producer_impl
        if msg_id is None:
            return impl.view_message(topic_or_offset_msg_id)
        try:
            return impl.view_message(msg_id)
        except Exception:
            log.debug("%s is not an offset message id, querying it as a unique key", msg_id, exc_info=True)
        return impl.query_message_by_uniq_key(self.with_namespace(topic_or_offset_msg_id), msg_id)

    def query_message(self, topic: str, key: str, max_num: int, begin: int, end: int) -> Any:
        """Java ``queryMessage``: a QueryResult of the messages with ``key`` stored between ``begin`` and ``end``."""
        return self.default_mq_producer_impl.query_message(self.with_namespace(topic), key, max_num, begin, end)

    # ------------------------------------------------------------------ executors and settings

    def set_callback_executor(self, callback_executor: Any) -> None:
        """Java ``setCallbackExecutor``: the executor running async send callbacks (after start)."""
        self.default_mq_producer_impl.set_callback_executor(callback_executor)

    def set_async_sender_executor(self, async_sender_executor: Any) -> None:
        """Java ``setAsyncSenderExecutor``: the executor running async sends (default: ``AsyncSenderExecutor_N``
        threads, one per CPU, over a queue of 50000)."""
        self.default_mq_producer_impl.set_async_sender_executor(async_sender_executor)

    def add_retry_response_code(self, response_code: int) -> None:
        """Java ``addRetryResponseCode``."""
        self.retry_response_codes.add(response_code)

    def get_default_mq_producer_impl(self) -> DefaultMQProducerImpl:
        """Java ``getDefaultMQProducerImpl``."""
        return self.default_mq_producer_impl

    def is_send_message_with_vip_channel(self) -> bool:
        """Java ``isSendMessageWithVIPChannel``: ``vip_channel_enabled``."""
        return self.is_vip_channel_enabled()

    def set_send_message_with_vip_channel(self, send_message_with_vip_channel: bool) -> None:
        """Java ``setSendMessageWithVIPChannel``."""
        self.set_vip_channel_enabled(send_message_with_vip_channel)

    def get_not_available_duration(self) -> List[int]:
        return self.default_mq_producer_impl.get_not_available_duration()

    def set_not_available_duration(self, not_available_duration: List[int]) -> None:
        self.default_mq_producer_impl.set_not_available_duration(not_available_duration)

    def get_latency_max(self) -> List[int]:
        return self.default_mq_producer_impl.get_latency_max()

    def set_latency_max(self, latency_max: List[int]) -> None:
        self.default_mq_producer_impl.set_latency_max(latency_max)

    def is_send_latency_fault_enable(self) -> bool:
        return self.default_mq_producer_impl.is_send_latency_fault_enable()

    def set_send_latency_fault_enable(self, send_latency_fault_enable: bool) -> None:
        """Java ``setSendLatencyFaultEnable``: switches the fault strategy of the producer (5.3.3: it starts from
        ``ClientConfig.send_latency_enable``)."""
        self.default_mq_producer_impl.set_send_latency_fault_enable(send_latency_fault_enable)

    def set_send_latency_enable(self, send_latency_enable: bool) -> None:
        """``ClientConfig.setSendLatencyEnable``, and (beyond Java, whose fault strategy reads it once, when the
        producer is built, so only the system property reaches it) the producer's fault strategy too: the
        ``send_latency_enable=True`` keyword works."""
        super().set_send_latency_enable(send_latency_enable)
        self.default_mq_producer_impl.set_send_latency_fault_enable(send_latency_enable)

    def set_detect_timeout(self, detect_timeout: int) -> None:
        """``ClientConfig.setDetectTimeout``, and (beyond Java, as :meth:`set_send_latency_enable`) the detector of
        the producer's fault strategy."""
        super().set_detect_timeout(detect_timeout)
        self.default_mq_producer_impl.get_mq_fault_strategy().get_latency_fault_tolerance().set_detect_timeout(
            detect_timeout)

    def set_detect_interval(self, detect_interval: int) -> None:
        """``ClientConfig.setDetectInterval``, and (beyond Java, as :meth:`set_send_latency_enable`) the detector of
        the producer's fault strategy."""
        super().set_detect_interval(detect_interval)
        self.default_mq_producer_impl.get_mq_fault_strategy().get_latency_fault_tolerance().set_detect_interval(
            detect_interval)

    def set_start_detector_enable(self, start_detector_enable: bool) -> None:
        """Java 5.3.3 ``setStartDetectorEnable``: the ClientConfig property and the producer's fault strategy."""
        super().set_start_detector_enable(start_detector_enable)
        self.default_mq_producer_impl.get_mq_fault_strategy().set_start_detector_enable(start_detector_enable)

    def get_trace_dispatcher(self) -> Any:
        """Java ``getTraceDispatcher``: None unless message tracing is enabled."""
        return self._trace_dispatcher
