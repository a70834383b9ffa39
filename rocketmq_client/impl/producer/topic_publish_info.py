"""Java ``org.apache.rocketmq.client.impl.producer.TopicPublishInfo`` (5.3.3: queue filters, ``resetIndex``)."""
from __future__ import annotations

from typing import List, Optional, Tuple, Union

from rocketmq_client.common.thread_local_index import ThreadLocalIndex
from rocketmq_common.message.message_queue import MessageQueue
from rocketmq_common.protocol.route.topic_route_data import TopicRouteData
from rocketmq_remoting.common.bean import Bean, ListOf, Prop

__all__ = ["TopicPublishInfo"]


class TopicPublishInfo(Bean):
    """The writable queues of a topic as a producer sees them, with the round-robin position."""

    order_topic = Prop(bool, False)
    have_topic_router_info = Prop(bool, False)
    message_queue_list = Prop(ListOf(MessageQueue), [])
    send_which_queue = Prop(ThreadLocalIndex, factory=ThreadLocalIndex)
    topic_route_data = Prop(TopicRouteData)

    def get_order_topic(self) -> bool: return self.order_topic
    def is_order_topic(self) -> bool: return self.order_topic
    def set_order_topic(self, order_topic: bool) -> None: self.order_topic = order_topic
    def get_have_topic_router_info(self) -> bool: return self.have_topic_router_info
    def is_have_topic_router_info(self) -> bool: return self.have_topic_router_info
    def set_have_topic_router_info(self, have_topic_router_info: bool) -> None:
        self.have_topic_router_info = have_topic_router_info
    def get_message_queue_list(self) -> List[MessageQueue]: return self.message_queue_list
    def set_message_queue_list(self, message_queue_list: List[MessageQueue]) -> None:
        self.message_queue_list = message_queue_list
    def get_send_which_queue(self) -> ThreadLocalIndex: return self.send_which_queue
    def set_send_which_queue(self, send_which_queue: ThreadLocalIndex) -> None: self.send_which_queue = send_which_queue
    def get_topic_route_data(self) -> TopicRouteData: return self.topic_route_data
    def set_topic_route_data(self, topic_route_data: Optional[TopicRouteData]) -> None:
        self.topic_route_data = topic_route_data

    def ok(self) -> bool:
        """Java ``ok``: there is at least one queue."""
        return bool(self.message_queue_list)

    class QueueFilter:
        """Java 5.3.3 ``TopicPublishInfo.QueueFilter``: whether a queue may be chosen."""

        def filter(self, mq: MessageQueue) -> bool:
            raise NotImplementedError

    def select_one_message_queue(self, *args: Union[str, None, "TopicPublishInfo.QueueFilter"]
                                 ) -> Optional[MessageQueue]:
        """Java 5.3.3's ``selectOneMessageQueue`` overloads: ``()`` the next queue round-robin;
        ``(last_broker_name)`` the next one of another broker when there is one (a None name: the next one);
        ``(*filters)`` the next queue every filter accepts, None when none does in one round (and for no
        queues)."""
        if args and isinstance(args[0], TopicPublishInfo.QueueFilter):
            return self._select_filtered(args)  # type: ignore[arg-type]
        if len(args) > 1:
            raise TypeError("select_one_message_queue() takes a broker name or queue filters, got %r" % (args,))
        last_broker_name = args[0] if args else None
        if last_broker_name is None:
            return self._select_next()
        for _ in range(len(self.message_queue_list)):
            mq = self._select_next()
            if mq.broker_name != last_broker_name:
                return mq
        return self._select_next()

    def _select_next(self) -> MessageQueue:
        queues = self.message_queue_list
        return queues[self.send_which_queue.increment_and_get() % len(queues)]

    def _select_filtered(self, filters: "Tuple[TopicPublishInfo.QueueFilter, ...]") -> Optional[MessageQueue]:
        queues = self.message_queue_list
        if not queues:
            return None
        for _ in range(len(queues)):
            mq = queues[self.send_which_queue.increment_and_get() % len(queues)]
            filter_result = True
            for f in filters:  # Java asks every filter (filterResult &= f.filter(mq))
                if not f.filter(mq):
                    filter_result = False
            if filter_result:
                return mq
        return None

    def reset_index(self) -> None:
        """Java 5.3.3 ``resetIndex``: the round-robin position starts again from a random one."""
        self.send_which_queue.reset()

    def get_write_queue_nums_by_broker(self, broker_name: str) -> int:
        """Java 5.3.3 ``getWriteQueueNumsByBroker`` (4.9.7's ``getQueueIdByBroker``): the write queue count of
        ``broker_name`` in the route, -1 if absent."""
        for queue_data in self.topic_route_data.queue_datas:
            if queue_data.broker_name == broker_name:
                return queue_data.write_queue_nums
        return -1

    def __repr__(self) -> str:
        return "TopicPublishInfo [orderTopic=%s, messageQueueList=%s, sendWhichQueue=%s, haveTopicRouterInfo=%s]" % (
            "true" if self.order_topic else "false", self.message_queue_list, self.send_which_queue,
            "true" if self.have_topic_router_info else "false")
