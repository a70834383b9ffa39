"""The POP records of the revive topic (Java ``org.apache.rocketmq.store.pop``, 5.3.3)."""
