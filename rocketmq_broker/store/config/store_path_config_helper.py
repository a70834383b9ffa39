"""Java ``org.apache.rocketmq.store.config.StorePathConfigHelper``: the paths below the store root."""
from __future__ import annotations

import os

__all__ = ["StorePathConfigHelper"]


class StorePathConfigHelper:
    """Static path helpers."""

    @staticmethod
    def get_store_path_consume_queue(root_dir: str) -> str:
        """Java ``getStorePathConsumeQueue``."""
        return os.path.join(root_dir, "consumequeue")

    @staticmethod
    def get_store_path_consume_queue_ext(root_dir: str) -> str:
        """Java ``getStorePathConsumeQueueExt``."""
        return os.path.join(root_dir, "consumequeue_ext")

    @staticmethod
    def get_store_path_index(root_dir: str) -> str:
        """Java ``getStorePathIndex``."""
        return os.path.join(root_dir, "index")

    @staticmethod
    def get_store_checkpoint(root_dir: str) -> str:
        """Java ``getStoreCheckpoint``."""
        return os.path.join(root_dir, "checkpoint")

    @staticmethod
    def get_abort_file(root_dir: str) -> str:
        """Java ``getAbortFile``: present while the store runs; left behind by a crash."""
        return os.path.join(root_dir, "abort")

    @staticmethod
    def get_lock_file(root_dir: str) -> str:
        """Java ``getLockFile``."""
        return os.path.join(root_dir, "lock")

    @staticmethod
    def get_delay_offset_store_path(root_dir: str) -> str:
        """Java ``getDelayOffsetStorePath``."""
        return os.path.join(root_dir, "config", "delayOffset.json")
