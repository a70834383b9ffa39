"""Java ``org.apache.rocketmq.store.timer``: the timer wheel of 5.3.3 (delay by any time)."""
