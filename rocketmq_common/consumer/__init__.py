"""Consumer-side enums shared with the broker (Java ``org.apache.rocketmq.common.consumer``)."""
