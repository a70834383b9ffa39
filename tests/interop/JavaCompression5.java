// The official 5.3.3 client's body compression as a peer of tests/interop/test_compression5.py: compiled against
// the 5.3.3 jars, run as JavaCompression5 MODE ARGS. Exits 0 when complete, 3 when its time ran out, 1 on an error.
//
//   compress TYPE LEVEL IN OUT     CompressorFactory's TYPE compressor: OUT = compress(IN, LEVEL)
//   decompress TYPE IN OUT         OUT = decompress(IN)
//   produce NAMESRV TOPIC TYPE LEVEL COUNT
//                                  a DefaultMQProducer with setCompressType(TYPE) and setCompressLevel(LEVEL) sends
//                                  body(TYPE, i) for i < COUNT: "SENT <status> <msgId>" each
//   consume NAMESRV TOPIC GROUP COUNT SECONDS
//                                  a push consumer from the first offset: "GOT <md5 of body> <sysFlag>" for each new
//                                  body, until COUNT came
// body(TAG, i) is "<TAG>-<i>|" repeated to 5000 bytes (over compressMsgBodyOverHowmuch, 4 KiB).
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.security.MessageDigest;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.compression.CompressionType;
import org.apache.rocketmq.common.compression.CompressorFactory;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;

public class JavaCompression5 {
    static byte[] body(String tag, int i) {
        String unit = tag + "-" + i + "|";
        StringBuilder sb = new StringBuilder();
        while (sb.length() < 5000) {
            sb.append(unit);
        }
        return sb.substring(0, 5000).getBytes(StandardCharsets.US_ASCII);
    }

    static String md5(byte[] data) throws Exception {
        return String.format("%032x", new BigInteger(1, MessageDigest.getInstance("MD5").digest(data)));
    }

    public static void main(String[] args) throws Exception {
        try {
            System.exit(run(args));
        } catch (Throwable t) {
            t.printStackTrace(System.out);
            System.exit(1);
        }
    }

    static int run(String[] args) throws Exception {
        switch (args[0]) {
            case "compress":
                Files.write(Paths.get(args[4]), CompressorFactory.getCompressor(CompressionType.of(args[1]))
                    .compress(Files.readAllBytes(Paths.get(args[3])), Integer.parseInt(args[2])));
                return 0;
            case "decompress":
                Files.write(Paths.get(args[3]), CompressorFactory.getCompressor(CompressionType.of(args[1]))
                    .decompress(Files.readAllBytes(Paths.get(args[2]))));
                return 0;
            case "produce":
                return produce(args[1], args[2], args[3], Integer.parseInt(args[4]), Integer.parseInt(args[5]));
            case "consume":
                return consume(args[1], args[2], args[3], Integer.parseInt(args[4]), Integer.parseInt(args[5]));
            default:
                throw new IllegalArgumentException("unknown mode " + args[0]);
        }
    }

    static int produce(String namesrv, String topic, String type, int level, int count) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("JavaZipPG_" + type + "_" + System.nanoTime());
        producer.setNamesrvAddr(namesrv);
        producer.setInstanceName("java-zip-" + System.nanoTime());
        producer.setCompressType(CompressionType.of(type));
        producer.setCompressLevel(level);
        producer.start();
        try {
            for (int i = 0; i < count; i++) {
                SendResult result = producer.send(new Message(topic, "TagZ", body(type, i)));
                System.out.println("SENT " + result.getSendStatus() + " " + result.getMsgId());
            }
        } finally {
            producer.shutdown();
        }
        return 0;
    }

    static int consume(String namesrv, String topic, String group, int count, int seconds) throws Exception {
        Set<String> seen = ConcurrentHashMap.newKeySet();
        CountDownLatch done = new CountDownLatch(count);
        DefaultMQPushConsumer consumer = new DefaultMQPushConsumer(group);
        consumer.setNamesrvAddr(namesrv);
        consumer.setInstanceName("java-zip-" + System.nanoTime());
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener((MessageListenerConcurrently) (msgs, context) -> {
            for (MessageExt msg : msgs) {
                try {
                    String digest = md5(msg.getBody());
                    if (seen.add(digest)) {
                        synchronized (System.out) {
                            System.out.println("GOT " + digest + " " + msg.getSysFlag());
                            System.out.flush();
                        }
                        done.countDown();
                    }
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            }
            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
        });
        consumer.start();
        try {
            return done.await(seconds, TimeUnit.SECONDS) ? 0 : 3;
        } finally {
            consumer.shutdown();
        }
    }
}
