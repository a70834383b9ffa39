// The official Java client (4.9.7) as a peer of the interop tests: compiled by tests/interop/conftest.py against
// the anchors' jars, run as JavaPeer MODE NAMESRV TOPIC GROUP [ARGS]. Each mode prints what it did, a line each,
// and exits 0 when it is complete, 3 when its time ran out, 1 on an exception.
//
//   produce COUNT              sync sends "java-<i>" (tags TagJ, keys KJ<i>, property origin=java):
//                              "SENT <status> <msgId>" each
//   consume COUNT SECONDS      a push consumer from the first offset: "GOT <body>|<tags>|<keys>|<origin>" for each
//                              new body, until COUNT bodies came
//   orderly SECONDS            sends order-<o>-<s> (4 orders, 5 steps) to queue o, then an orderly consumer:
//                              "ORDER <o> <s> <queueId>" in the order consumed, until all 20 came
//   transaction SECONDS        a TransactionMQProducer sends commit-0, rollback-0 and check-0 (UNKNOW, committed
//                              when the broker checks it: "CHECKED check-0"), then commit-sentinel once check-0 came;
//                              a push consumer prints "GOT <body>" until the sentinel came (a topic of one queue:
//                              then every message committed before it came too)
//   request SECONDS            a responder (push consumer and producer) and a requester: "REPLY <body>"
//   sql SECONDS                a consumer of "a > 5 AND b = 'yes'"; sends sql-0..9 (a=i, b=yes for odd i) and
//                              sql-sentinel (a=100, b=yes) to queue 0: "GOT <body>" until the sentinel came
//   forms SECONDS              async, oneway, batch and delay-level-2 sends, then a lite pull consumer: "SENT <form>
//                              <status>" and "GOT <body> <delayed ms>" until the 12 bodies came
//   retry SECONDS              sends retry-0..2; a push consumer answers RECONSUME_LATER the first time it gets each
//                              and CONSUME_SUCCESS the second: "GOT <body> <reconsumeTimes> <topic>" until all came
//                              twice
//   broadcast SECONDS          two BROADCASTING consumers of one group, then sends cast-0..4: "GOT <consumer> <body>"
//                              until each consumer got every body
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.MessageSelector;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.ConsumeOrderlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.consumer.listener.MessageListenerOrderly;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.client.utils.MessageUtil;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.common.protocol.heartbeat.MessageModel;

public class JavaPeer {
    static String namesrv;
    static String topic;
    static String group;

    static void print(String line) {
        synchronized (System.out) {
            System.out.println(line);
            System.out.flush();
        }
    }

    static String body(Message msg) {
        return new String(msg.getBody(), StandardCharsets.UTF_8);
    }

    static Message message(String body) {
        return new Message(topic, body.getBytes(StandardCharsets.UTF_8));
    }

    static <T extends org.apache.rocketmq.client.ClientConfig> T configured(T client, String role) {
        client.setNamesrvAddr(namesrv);
        client.setInstanceName("JavaPeer-" + role + "-" + System.nanoTime());
        return client;
    }

    static DefaultMQProducer producer(String role) throws Exception {
        DefaultMQProducer producer = configured(new DefaultMQProducer(group + "_" + role), role);
        producer.start();
        return producer;
    }

    static DefaultMQPushConsumer pushConsumer(String role) {
        DefaultMQPushConsumer consumer = configured(new DefaultMQPushConsumer(group + "_" + role), role);
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        return consumer;
    }

    /** Whether `done` counted down within `seconds`; `consumer` is shut down either way. */
    static boolean awaitThenShutdown(CountDownLatch done, int seconds, DefaultMQPushConsumer consumer)
        throws InterruptedException {
        boolean complete = done.await(seconds, TimeUnit.SECONDS);
        consumer.shutdown();
        return complete;
    }

    /** A concurrent listener printing "GOT <body>" for each new body and counting down when `last` comes. */
    static MessageListenerConcurrently printing(CountDownLatch done, String last) {
        Set<String> seen = ConcurrentHashMap.newKeySet();
        return (msgs, context) -> {
            for (MessageExt msg : msgs) {
                String body = body(msg);
                if (seen.add(body)) {
                    print("GOT " + body);
                    if (body.equals(last)) {
                        done.countDown();
                    }
                }
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        };
    }

    public static void main(String[] args) {
        try {
            System.exit(run(args) ? 0 : 3);
        } catch (Throwable e) {  // the clients' threads would keep the JVM running
            e.printStackTrace();
            System.exit(1);
        }
    }

    static boolean run(String[] args) throws Exception {
        String mode = args[0];
        namesrv = args[1];
        topic = args[2];
        group = args[3];
        boolean complete;
        switch (mode) {
            case "produce": complete = produce(Integer.parseInt(args[4])); break;
            case "consume": complete = consume(Integer.parseInt(args[4]), Integer.parseInt(args[5])); break;
            case "orderly": complete = orderly(Integer.parseInt(args[4])); break;
            case "transaction": complete = transaction(Integer.parseInt(args[4])); break;
            case "request": complete = request(Integer.parseInt(args[4])); break;
            case "sql": complete = sql(Integer.parseInt(args[4])); break;
            case "forms": complete = forms(Integer.parseInt(args[4])); break;
            case "retry": complete = retry(Integer.parseInt(args[4])); break;
            case "broadcast": complete = broadcast(Integer.parseInt(args[4])); break;
            default: throw new IllegalArgumentException(mode);
        }
        return complete;
    }

    static boolean produce(int count) throws Exception {
        DefaultMQProducer producer = producer("produce");
        for (int i = 0; i < count; i++) {
            Message msg = new Message(topic, "TagJ", "KJ" + i, ("java-" + i).getBytes(StandardCharsets.UTF_8));
            msg.putUserProperty("origin", "java");
            SendResult result = producer.send(msg);
            print("SENT " + result.getSendStatus() + " " + result.getMsgId());
        }
        producer.shutdown();
        return true;
    }

    static boolean consume(int count, int seconds) throws Exception {
        Set<String> seen = ConcurrentHashMap.newKeySet();
        CountDownLatch done = new CountDownLatch(count);
        DefaultMQPushConsumer consumer = pushConsumer("consume");
        consumer.setConsumerGroup(group);
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (msgs, context) -> {
            for (MessageExt msg : msgs) {
                if (seen.add(body(msg))) {
                    print("GOT " + body(msg) + "|" + msg.getTags() + "|" + msg.getKeys() + "|"
                        + msg.getUserProperty("origin"));
                    done.countDown();
                }
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        return awaitThenShutdown(done, seconds, consumer);
    }

    static boolean orderly(int seconds) throws Exception {
        DefaultMQProducer producer = producer("orderly");
        for (int step = 0; step < 5; step++) {
            for (int order = 0; order < 4; order++) {
                producer.send(message("order-" + order + "-" + step),
                    (mqs, msg, arg) -> mqs.get((Integer) arg % mqs.size()), order);
            }
        }
        producer.shutdown();
        Set<String> seen = ConcurrentHashMap.newKeySet();
        CountDownLatch done = new CountDownLatch(20);
        DefaultMQPushConsumer consumer = pushConsumer("orderly");
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener((MessageListenerOrderly) (msgs, context) -> {
            for (MessageExt msg : msgs) {
                String[] parts = body(msg).split("-");
                if (seen.add(body(msg))) {
                    print("ORDER " + parts[1] + " " + parts[2] + " " + msg.getQueueId());
                    done.countDown();
                }
            }
            return ConsumeOrderlyStatus.SUCCESS;
        });
        consumer.start();
        return awaitThenShutdown(done, seconds, consumer);
    }

    static boolean transaction(int seconds) throws Exception {
        CountDownLatch checked = new CountDownLatch(1);
        TransactionMQProducer producer = configured(new TransactionMQProducer(group + "_tx"), "tx");
        producer.setTransactionListener(new TransactionListener() {
            public LocalTransactionState executeLocalTransaction(Message msg, Object arg) {
                String body = body(msg);
                if (body.startsWith("commit")) {
                    return LocalTransactionState.COMMIT_MESSAGE;
                }
                return body.startsWith("rollback") ? LocalTransactionState.ROLLBACK_MESSAGE
                    : LocalTransactionState.UNKNOW;
            }

            public LocalTransactionState checkLocalTransaction(MessageExt msg) {
                print("CHECKED " + body(msg));
                checked.countDown();
                return LocalTransactionState.COMMIT_MESSAGE;
            }
        });
        producer.start();
        CountDownLatch checkedCame = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        MessageListenerConcurrently printing = printing(done, "commit-sentinel");
        DefaultMQPushConsumer consumer = pushConsumer("tx");
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (msgs, context) -> {
            for (MessageExt msg : msgs) {
                if (body(msg).equals("check-0")) {
                    checkedCame.countDown();
                }
            }
            return printing.consumeMessage(msgs, context);
        });
        for (String body : new String[] {"commit-0", "rollback-0", "check-0"}) {
            print("SENT " + body + " " + producer.sendMessageInTransaction(message(body), null).getSendStatus());
        }
        consumer.start();
        long deadline = System.currentTimeMillis() + seconds * 1000L;
        boolean complete = checked.await(seconds, TimeUnit.SECONDS)
            && checkedCame.await(deadline - System.currentTimeMillis(), TimeUnit.MILLISECONDS);
        if (complete) {
            producer.sendMessageInTransaction(message("commit-sentinel"), null);
            complete = done.await(deadline - System.currentTimeMillis(), TimeUnit.MILLISECONDS);
        }
        consumer.shutdown();
        producer.shutdown();
        return complete;
    }

    static boolean request(int seconds) throws Exception {
        DefaultMQProducer replier = producer("replier");
        DefaultMQPushConsumer responder = pushConsumer("responder");
        responder.subscribe(topic, "*");
        responder.registerMessageListener((MessageListenerConcurrently) (msgs, context) -> {
            for (MessageExt msg : msgs) {
                try {
                    replier.send(MessageUtil.createReplyMessage(msg, ("re: " + body(msg)).getBytes(
                        StandardCharsets.UTF_8)), 3000);
                } catch (Exception e) {
                    e.printStackTrace();
                }
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        responder.start();
        DefaultMQProducer requester = producer("requester");
        long deadline = System.currentTimeMillis() + seconds * 1000L;
        boolean complete = false;
        for (int attempt = 0; !complete && System.currentTimeMillis() < deadline; attempt++) {
            try {  // a RequestTimeoutException until the responder's rebalance gave it the queues
                print("REPLY " + body(requester.request(message("ping-" + attempt), 3000)));
                complete = true;
            } catch (Exception e) {
                print("RETRY " + e);
            }
        }
        requester.shutdown();
        responder.shutdown();
        replier.shutdown();
        return complete;
    }

    static boolean sql(int seconds) throws Exception {
        CountDownLatch done = new CountDownLatch(1);
        DefaultMQPushConsumer consumer = pushConsumer("sql");
        consumer.subscribe(topic, MessageSelector.bySql("a > 5 AND b = 'yes'"));
        consumer.registerMessageListener(printing(done, "sql-sentinel"));
        consumer.start();
        DefaultMQProducer producer = producer("sql");
        MessageQueue queue0 = null;
        for (MessageQueue mq : producer.fetchPublishMessageQueues(topic)) {
            if (mq.getQueueId() == 0) {
                queue0 = mq;
            }
        }
        for (int i = 0; i < 10; i++) {
            Message msg = message("sql-" + i);
            msg.putUserProperty("a", String.valueOf(i));
            msg.putUserProperty("b", i % 2 == 1 ? "yes" : "no");
            producer.send(msg, queue0);
        }
        Message sentinel = message("sql-sentinel");
        sentinel.putUserProperty("a", "100");
        sentinel.putUserProperty("b", "yes");
        producer.send(sentinel, queue0);
        producer.shutdown();
        return awaitThenShutdown(done, seconds, consumer);
    }

    static boolean forms(int seconds) throws Exception {
        DefaultMQProducer producer = producer("forms");
        CountDownLatch sent = new CountDownLatch(3);
        for (int i = 0; i < 3; i++) {
            producer.send(message("async-" + i), new SendCallback() {
                public void onSuccess(SendResult result) {
                    print("SENT async " + result.getSendStatus());
                    sent.countDown();
                }

                public void onException(Throwable e) {
                    print("SENT async " + e);
                    sent.countDown();
                }
            });
        }
        for (int i = 0; i < 3; i++) {
            producer.sendOneway(message("oneway-" + i));
        }
        List<Message> batch = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            batch.add(message("batch-" + i));
        }
        print("SENT batch " + producer.send(batch).getSendStatus());
        Message delayed = message("delay-0");
        delayed.setDelayTimeLevel(2);
        long delayedAt = System.currentTimeMillis();
        print("SENT delay " + producer.send(delayed).getSendStatus());
        boolean complete = sent.await(seconds, TimeUnit.SECONDS);
        producer.shutdown();
        DefaultLitePullConsumer consumer = configured(new DefaultLitePullConsumer(group + "_lite"), "lite");
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.subscribe(topic, "*");
        consumer.start();
        Set<String> seen = ConcurrentHashMap.newKeySet();
        long deadline = delayedAt + seconds * 1000L;
        while (complete && seen.size() < 12 && System.currentTimeMillis() < deadline) {
            for (MessageExt msg : consumer.poll(1000)) {
                if (seen.add(body(msg))) {
                    print("GOT " + body(msg) + " " + (System.currentTimeMillis() - delayedAt));
                }
            }
        }
        consumer.shutdown();
        return complete && seen.size() == 12;
    }

    static boolean retry(int seconds) throws Exception {
        Set<String> seen = ConcurrentHashMap.newKeySet();
        CountDownLatch done = new CountDownLatch(3);
        DefaultMQPushConsumer consumer = pushConsumer("retry");
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (msgs, context) -> {
            for (MessageExt msg : msgs) {
                print("GOT " + body(msg) + " " + msg.getReconsumeTimes() + " " + msg.getTopic());
            }
            MessageExt msg = msgs.get(0);
            if (seen.add(body(msg))) {
                return ConsumeConcurrentlyStatus.RECONSUME_LATER;
            }
            done.countDown();
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.setConsumeMessageBatchMaxSize(1);
        consumer.start();
        DefaultMQProducer producer = producer("retry");
        for (int i = 0; i < 3; i++) {
            producer.send(message("retry-" + i));
        }
        producer.shutdown();
        return awaitThenShutdown(done, seconds, consumer);
    }

    static boolean broadcast(int seconds) throws Exception {
        CountDownLatch done = new CountDownLatch(10);
        List<DefaultMQPushConsumer> consumers = new ArrayList<>();
        for (String name : new String[] {"c1", "c2"}) {
            DefaultMQPushConsumer consumer = configured(new DefaultMQPushConsumer(group + "_cast"), name);
            consumer.setMessageModel(MessageModel.BROADCASTING);
            consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
            consumer.subscribe(topic, "*");
            Set<String> seen = ConcurrentHashMap.newKeySet();
            consumer.registerMessageListener((MessageListenerConcurrently) (msgs, context) -> {
                for (MessageExt msg : msgs) {
                    if (seen.add(body(msg))) {
                        print("GOT " + name + " " + body(msg));
                        done.countDown();
                    }
                }
                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
            });
            consumer.start();
            consumers.add(consumer);
        }
        DefaultMQProducer producer = producer("cast");
        for (int i = 0; i < 5; i++) {
            producer.send(message("cast-" + i));
        }
        producer.shutdown();
        boolean complete = done.await(seconds, TimeUnit.SECONDS);
        for (DefaultMQPushConsumer consumer : consumers) {
            consumer.shutdown();
        }
        return complete;
    }
}
