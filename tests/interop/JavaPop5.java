// The official Java 5.3.3 POP consumer, for tests/interop/test_pop5.py: run as JavaPop5 NAMESRV TOPIC GROUP, it
// starts a DefaultMQPushConsumer with setClientRebalance(false) (the broker assigns the queues, in POP mode when
// the group is), one consume thread and one message per pop, prints "STARTED", then "GOT <body>" for every message
// it consumes (CONSUME_SUCCESS, so it is acked) until it is stopped.
import java.nio.charset.StandardCharsets;

import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageExt;

public class JavaPop5 {
    public static void main(String[] args) throws Exception {
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(args[2]);
        consumer.setNamesrvAddr(args[0]);
        consumer.setInstanceName("JavaPop5_" + System.nanoTime());
        consumer.setClientRebalance(false);
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.setPopBatchNums(1);
        consumer.setConsumeThreadMin(1);
        consumer.setConsumeThreadMax(1);
        consumer.subscribe(args[1], "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (msgs, context) -> {
            for (MessageExt msg : msgs) {
                System.out.println("GOT " + new String(msg.getBody(), StandardCharsets.UTF_8));
            }
            System.out.flush();
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        System.out.println("STARTED");
        System.out.flush();
        Thread.currentThread().join();
    }
}
