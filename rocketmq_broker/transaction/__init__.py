"""Transactional messages: half messages, commit / rollback, check-back (Java
``org.apache.rocketmq.broker.transaction``)."""
