"""Java ``org.apache.rocketmq.broker.auth.converter`` (5.3.3): the wire forms of users and ACLs to the models."""
