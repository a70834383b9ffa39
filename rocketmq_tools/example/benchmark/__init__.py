"""Java ``org.apache.rocketmq.example.benchmark``: producer and consumer load generators with live statistics."""
