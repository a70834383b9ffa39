"""Java ``org.apache.rocketmq.client.impl.producer.TopicPublishInfo``."""
from __future__ import annotations

from typing import Optional

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

    def ok(self) -> bool:
        """Java ``ok``: there is at least one queue."""
        return bool(self.message_queue_list)

    def select_one_message_queue(self, last_broker_name: Optional[str] = None) -> MessageQueue:
        """Java ``selectOneMessageQueue``: the next queue round-robin, avoiding ``last_broker_name`` when
        another broker has a queue."""
        queues = self.message_queue_list
        if last_broker_name is not None:
            for _ in range(len(queues)):
                pos = self.send_which_queue.increment_and_get() % len(queues)
                mq = queues[pos]
                if mq.broker_name != last_broker_name:
                    return mq
        pos = self.send_which_queue.increment_and_get() % len(queues)
        return queues[pos]

    def get_queue_id_by_broker(self, broker_name: str) -> int:
        """Java ``getQueueIdByBroker``: the write queue count of ``broker_name`` in the route, -1 if absent."""
        for queue_data in self.topic_route_data.queue_datas:
            if queue_data.broker_name == broker_name:
                return queue_data.write_queue_nums
        return -1

    def __repr__(self) -> str:
        return "TopicPublishInfo [orderTopic=%s, messageQueueList=%s, sendWhichQueue=%s, haveTopicRouterInfo=%s]" % (
            "true" if self.order_topic else "false", self.message_queue_list, self.send_which_queue,
            "true" if self.have_topic_router_info else "false")
