"""Java ``org.apache.rocketmq.example.batch.SplitBatchProducer``: a large list of messages split into batches of at
most 1 MB (ListSplitter), each sent with one ``send``.

    python examples/batch/split_batch_producer.py [-n host:port]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _support import Example, run
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.producer.send_status import SendStatus
from rocketmq_common.message.message import Message

PRODUCER_GROUP = "BatchProducerGroupName"
#: Java: 100 * 1000; 20 * 1000 messages still make several batches of about 1 MB
MESSAGE_COUNT = 20 * 1000
TOPIC = "BatchTest"
TAG = "Tag"


class ListSplitter:
    """Java's ListSplitter (an ``Iterator<List<Message>>``): consecutive sub-lists of at most SIZE_LIMIT bytes."""

    SIZE_LIMIT = 1000 * 1000

    def __init__(self, messages):
        self.messages = messages
        self.curr_index = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.curr_index >= len(self.messages):
            raise StopIteration
        next_index = self.curr_index
        total_size = 0
        while next_index < len(self.messages):
            message = self.messages[next_index]
            tmp_size = len(message.get_topic()) + len(message.get_body())
            for key, value in message.get_properties().items():
                tmp_size += len(key) + len(value)
            # for log overhead
            tmp_size = tmp_size + 20
            if tmp_size > self.SIZE_LIMIT:
                # it is unexpected that a single message exceeds the size limit: let it go alone, else it would
                # block the splitting
                if next_index - self.curr_index == 0:
                    # if the next sub-list has no element, add this one and then break, otherwise just break
                    next_index += 1
                break
            if tmp_size + total_size > self.SIZE_LIMIT:
                break
            total_size += tmp_size
            next_index += 1
        sub_list = self.messages[self.curr_index:next_index]
        self.curr_index = next_index
        return sub_list


def main(example: Example) -> bool:
    producer = DefaultMQProducer(PRODUCER_GROUP)
    producer.set_namesrv_addr(example.namesrv_addr)
    producer.start()

    # large batch
    messages = [Message(TOPIC, TAG, "OrderID%d" % i, ("Hello world %d" % i).encode()) for i in range(MESSAGE_COUNT)]

    # split the large batch into small ones
    batches = sent = 0
    for list_item in ListSplitter(messages):
        send_result = producer.send(list_item)
        print(send_result)
        batches += 1
        if send_result.get_send_status() == SendStatus.SEND_OK:
            sent += len(list_item)
    producer.shutdown()
    print("Sent %d of %d messages in %d batches" % (sent, MESSAGE_COUNT, batches))
    return sent == MESSAGE_COUNT


if __name__ == "__main__":
    run(main, topics=[TOPIC])
