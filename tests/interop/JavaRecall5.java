// The official Java 5.3.3 producer's recall, for tests/interop/test_recall5.py. Two modes:
//   JavaRecall5 send NAMESRV TOPIC GROUP DELAY_MS BODY...   sends each body with setDelayTimeMs(DELAY_MS), printing
//                                                            "SENT <body> <status> <msgId> <recallHandle>"
//   JavaRecall5 recall NAMESRV TOPIC GROUP HANDLE...         recalls each handle, printing "RECALLED <msgId>" or
//                                                            "FAILED <responseCode> <errorMessage>"
// then exits 0 (1 on an exception the mode does not print).
import java.nio.charset.StandardCharsets;

import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.message.Message;

public class JavaRecall5 {
    public static void main(String[] args) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer(args[3]);
        producer.setNamesrvAddr(args[1]);
        producer.start();
        try {
            if (args[0].equals("send")) {
                long delayMs = Long.parseLong(args[4]);
                for (int i = 5; i < args.length; i++) {
                    Message msg = new Message(args[2], args[i].getBytes(StandardCharsets.UTF_8));
                    msg.setDelayTimeMs(delayMs);
                    SendResult result = producer.send(msg);
                    System.out.println("SENT " + args[i] + " " + result.getSendStatus() + " " + result.getMsgId()
                        + " " + result.getRecallHandle());
                }
            } else {
                for (int i = 4; i < args.length; i++) {
                    try {
                        System.out.println("RECALLED " + producer.recallMessage(args[2], args[i]));
                    } catch (MQBrokerException e) {
                        System.out.println("FAILED " + e.getResponseCode() + " " + e.getErrorMessage());
                    } catch (MQClientException e) {
                        System.out.println("FAILED " + e.getResponseCode() + " " + e.getErrorMessage());
                    }
                }
            }
        } finally {
            producer.shutdown();
        }
        System.exit(0);
    }
}
