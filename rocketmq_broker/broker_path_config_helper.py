"""Java ``org.apache.rocketmq.broker.BrokerPathConfigHelper``: where the broker keeps its JSON configuration."""
from __future__ import annotations

import os

__all__ = ["BrokerPathConfigHelper"]


class BrokerPathConfigHelper:
    """Paths under ``<storePathRootDir>/config``. Java keeps the broker properties path in a static field
    (``~/store/config/broker.properties`` or the ``-c`` file); here it is per broker: the ``-c`` file, else
    :meth:`get_broker_config_path` of the store root."""

    @staticmethod
    def get_broker_config_path(root_dir: str) -> str:
        return os.path.join(root_dir, "config", "broker.properties")

    @staticmethod
    def get_topic_config_path(root_dir: str) -> str:
        return os.path.join(root_dir, "config", "topics.json")

    @staticmethod
    def get_consumer_offset_path(root_dir: str) -> str:
        return os.path.join(root_dir, "config", "consumerOffset.json")

    @staticmethod
    def get_subscription_group_path(root_dir: str) -> str:
        return os.path.join(root_dir, "config", "subscriptionGroup.json")

    @staticmethod
    def get_consumer_filter_path(root_dir: str) -> str:
        return os.path.join(root_dir, "config", "consumerFilter.json")

    @staticmethod
    def get_timer_check_path(root_dir: str) -> str:
        """Java 5.3.3 ``getTimerCheckPath``: the timer store's checkpoint."""
        return os.path.join(root_dir, "config", "timercheck")

    @staticmethod
    def get_message_request_mode_path(root_dir: str) -> str:
        """Java 5.3.3 ``getMessageRequestModePath``: the POP/PULL mode of each topic and group."""
        return os.path.join(root_dir, "config", "messageRequestMode.json")

    @staticmethod
    def get_topic_queue_mapping_path(root_dir: str) -> str:
        """Java 5.3.3 ``getTopicQueueMappingPath``: the static-topic mappings the broker hosts."""
        return os.path.join(root_dir, "config", "topicQueueMapping.json")
