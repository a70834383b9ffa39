// The official Java client (4.9.7) as a peer of the interop tests: compiled by tests/interop/conftest.py against
// the anchors' jars, run with the NameServer address on the command line.
//
//   JavaPeer produce NAMESRV TOPIC GROUP COUNT          sync sends; prints "SENT <status> <msgId>" for each
//   JavaPeer consume NAMESRV TOPIC GROUP COUNT SECONDS  a push consumer from the first offset; prints
//                                                       "GOT <body>|<tags>|<keys>|<origin property>" for each new
//                                                       body, exits 0 once COUNT bodies came, 3 when time ran out
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;

public class JavaPeer {
    public static void main(String[] args) throws Exception {
        String namesrv = args[1];
        String topic = args[2];
        String group = args[3];
        int count = Integer.parseInt(args[4]);
        if ("produce".equals(args[0])) {
            DefaultMQProducer producer = new DefaultMQProducer(group);
            producer.setNamesrvAddr(namesrv);
            producer.setInstanceName("JavaPeer" + System.nanoTime());
            producer.start();
            for (int i = 0; i < count; i++) {
                Message msg = new Message(topic, "TagJ", "KJ" + i, ("java-" + i).getBytes(StandardCharsets.UTF_8));
                msg.putUserProperty("origin", "java");
                SendResult result = producer.send(msg);
                System.out.println("SENT " + result.getSendStatus() + " " + result.getMsgId());
            }
            producer.shutdown();
            System.exit(0);
        }
        int seconds = Integer.parseInt(args[5]);
        Set<String> seen = ConcurrentHashMap.newKeySet();
        CountDownLatch done = new CountDownLatch(count);
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(group);
        consumer.setNamesrvAddr(namesrv);
        consumer.setInstanceName("JavaPeer" + System.nanoTime());
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (msgs, context) -> {
            for (MessageExt msg : msgs) {
                String body = new String(msg.getBody(), StandardCharsets.UTF_8);
                if (seen.add(body)) {
                    synchronized (System.out) {
                        System.out.println("GOT " + body + "|" + msg.getTags() + "|" + msg.getKeys() + "|"
                            + msg.getUserProperty("origin"));
                        System.out.flush();
                    }
                    done.countDown();
                }
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        boolean all = done.await(seconds, TimeUnit.SECONDS);
        consumer.shutdown();
        System.exit(all ? 0 : 3);
    }
}
