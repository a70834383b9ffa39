// The official Java 5.3.3 producer and push consumer on a static topic, for tests/interop/test_static_topic5.py.
//   JavaStatic5 consume NAMESRV TOPIC GROUP: a DefaultMQPushConsumer from the first offset (its route polled every
//     2 s); prints "STARTED", then
//     "GOT <body> <queueId> <queueOffset>" for every message it consumes, until it is stopped.
//   JavaStatic5 produce NAMESRV TOPIC PREFIX COUNT: sends PREFIX-0 .. PREFIX-<COUNT-1>, each to logical queue
//     i % (the topic's queue count), printing "SENT <body> <queueId> <queueOffset>" from each SendResult; exits 0.
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;

public class JavaStatic5 {
    public static void main(String[] args) throws Exception {
        if (args[0].equals("consume")) {
            consume(args[1], args[2], args[3]);
        } else {
            produce(args[1], args[2], args[3], Integer.parseInt(args[4]));
        }
    }

    static void consume(String namesrv, String topic, String group) throws Exception {
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(group);
        consumer.setNamesrvAddr(namesrv);
        consumer.setInstanceName("JavaStatic5_" + System.nanoTime());
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.setPollNameServerInterval(2000); // the remap's new leaders in 2 s (default 30 s)
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (msgs, context) -> {
            StringBuilder lines = new StringBuilder();
            for (MessageExt msg : msgs) {
                lines.append("GOT ").append(new String(msg.getBody(), StandardCharsets.UTF_8)).append(' ')
                    .append(msg.getQueueId()).append(' ').append(msg.getQueueOffset()).append('\n');
            }
            synchronized (System.out) {
                System.out.print(lines);
                System.out.flush();
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        System.out.printf("STARTED%n");
        new CountDownLatch(1).await(); // until the test stops it
    }

    static void produce(String namesrv, String topic, String prefix, int count) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("JavaStatic5PG");
        producer.setNamesrvAddr(namesrv);
        producer.setInstanceName("JavaStatic5_" + System.nanoTime());
        producer.start();
        try {
            List<MessageQueue> queues = producer.fetchPublishMessageQueues(topic);
            queues.sort((a, b) -> Integer.compare(a.getQueueId(), b.getQueueId()));
            for (int i = 0; i < count; i++) {
                String body = prefix + "-" + i;
                Message msg = new Message(topic, body.getBytes(StandardCharsets.UTF_8));
                SendResult result = producer.send(msg, queues.get(i % queues.size()));
                System.out.println("SENT " + body + " " + result.getMessageQueue().getQueueId() + " "
                    + result.getQueueOffset());
            }
            System.out.flush();
        } finally {
            producer.shutdown();
        }
    }
}
