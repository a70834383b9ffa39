// The official Java 5.3.3 producer's delay by any time, for tests/interop/test_timer5.py: run as
// JavaTimer5 NAMESRV TOPIC GROUP, it sends "sec" with setDelayTimeSec(2), "ms" with setDelayTimeMs(1500) and "at"
// with setDeliverTimeMs(now + 2500), printing "SENT <body> <status> <earliest deliver ms>" for each (the time
// before the send plus the delay), then exits 0 (1 on an exception).
import java.nio.charset.StandardCharsets;

import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.message.Message;

public class JavaTimer5 {
    public static void main(String[] args) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer(args[2]);
        producer.setNamesrvAddr(args[0]);
        producer.start();
        try {
            for (String body : new String[] {"sec", "ms", "at"}) {
                Message msg = new Message(args[1], body.getBytes(StandardCharsets.UTF_8));
                long earliest = System.currentTimeMillis();
                if (body.equals("sec")) {
                    msg.setDelayTimeSec(2);
                    earliest += 2000;
                } else if (body.equals("ms")) {
                    msg.setDelayTimeMs(1500);
                    earliest += 1500;
                } else {
                    earliest += 2500;
                    msg.setDeliverTimeMs(earliest);
                }
                SendResult result = producer.send(msg);
                System.out.println("SENT " + body + " " + result.getSendStatus() + " " + earliest);
            }
        } finally {
            producer.shutdown();
        }
        System.exit(0);
    }
}
