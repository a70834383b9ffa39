import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;

/**
 * The Java 5.3.3 client's auto-batched async send, the workload of the anchors' Bench.java asyncSend: N async sends
 * of SIZE bytes issued at once from one thread, timed until every callback came. Compiled and run by
 * auto_batch_bench.py against the 5.3.3 jars. Usage: AutoBatchBench NAMESRV TOPIC N SIZE
 */
public class AutoBatchBench {
    public static void main(String[] args) throws Exception {
        String namesrv = args[0];
        String topic = args[1];
        int n = Integer.parseInt(args[2]);
        byte[] body = new byte[Integer.parseInt(args[3])];
        java.util.Arrays.fill(body, (byte) 'x');
        DefaultMQProducer p = new DefaultMQProducer("AutoBatchBenchPG_" + System.nanoTime());
        p.setNamesrvAddr(namesrv);
        p.setInstanceName("abb_" + System.nanoTime());
        p.setAutoBatch(true);
        p.start();
        for (int i = 0; i < 200; i++) {
            p.send(new Message(topic, body));
        }
        final AtomicInteger ok = new AtomicInteger();
        final AtomicInteger fails = new AtomicInteger();
        final CountDownLatch done = new CountDownLatch(n);
        SendCallback cb = new SendCallback() {
            public void onSuccess(SendResult r) {
                if (r != null && r.getSendStatus() == SendStatus.SEND_OK) {
                    ok.incrementAndGet();
                } else {
                    fails.incrementAndGet();
                }
                done.countDown();
            }

            public void onException(Throwable e) {
                fails.incrementAndGet();
                done.countDown();
            }
        };
        com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long c0 = os.getProcessCpuTime();
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            try {
                p.send(new Message(topic, body), cb);
            } catch (Exception e) {
                fails.incrementAndGet();
                done.countDown();
            }
        }
        done.await(300, TimeUnit.SECONDS);
        double el = (System.nanoTime() - t0) / 1e9;
        long cpu = os.getProcessCpuTime() - c0;
        p.shutdown();
        System.out.println(String.format(Locale.ROOT, "RESULT java auto-batch-async msgs=%d %.0f msgs/s ok=%d failures=%d cpu_s_per_1000=%.3f",
            n, n / el, ok.get(), fails.get(), cpu / 1e9 / n * 1000));
    }
}
