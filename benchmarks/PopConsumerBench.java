import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * The Java 5.3.3 client's POP consumption: a DefaultMQPushConsumer with setClientRebalance(false) in a group the
 * runner put in POP mode consumes N pre-produced messages (the POP defaults: 32 per pop, 20 consume threads), timed
 * from the first message to the N-th distinct one. Compiled and run by pop_consumer_bench.py against the 5.3.3
 * jars. Usage: PopConsumerBench NAMESRV TOPIC GROUP N
 */
public class PopConsumerBench {
    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[3]);
        Set<String> seen = ConcurrentHashMap.newKeySet();
        AtomicInteger deliveries = new AtomicInteger();
        AtomicLong first = new AtomicLong();
        CountDownLatch done = new CountDownLatch(1);
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(args[2]);
        consumer.setNamesrvAddr(args[0]);
        consumer.setInstanceName("pcb_" + System.nanoTime());
        consumer.setClientRebalance(false);
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.subscribe(args[1], "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (msgs, context) -> {
            first.compareAndSet(0, System.nanoTime());
            for (MessageExt msg : msgs) {
                deliveries.incrementAndGet();
                seen.add(new String(msg.getBody(), StandardCharsets.UTF_8));
            }
            if (seen.size() >= n) {
                done.countDown();
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long c0 = os.getProcessCpuTime();
        consumer.start();
        done.await(600, TimeUnit.SECONDS);
        double el = (System.nanoTime() - first.get()) / 1e9;
        long cpu = os.getProcessCpuTime() - c0;
        consumer.shutdown();
        System.out.println(String.format(Locale.ROOT, "RESULT java pop msgs=%d %.0f msgs/s deliveries=%d cpu_s_per_1000=%.3f",
            seen.size(), seen.size() / el, deliveries.get(), cpu / 1e9 / n * 1000));
        System.exit(0);
    }
}
