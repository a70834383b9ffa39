"""Java ``org.apache.rocketmq.common.namesrv.NamesrvConfig`` (kept with the NameServer in this project)."""
from __future__ import annotations

import os
from typing import Any, Optional

from rocketmq_common.mix_all import MixAll
from rocketmq_remoting.common.bean import Bean, Prop

__all__ = ["NamesrvConfig"]


def _user_home_path(*parts: str) -> str:
    return os.path.join(os.path.expanduser("~"), *parts)


class NamesrvConfig(Bean):
    """NameServer settings; Java names and defaults (properties file keys are the Java field names).

    ``kv_config_path`` defaults to ``~/namesrv/kvConfig.json`` and ``config_store_path`` (where
    ``UPDATE_NAMESRV_CONFIG`` persists the settings) to ``~/namesrv/namesrv.properties``, resolved when the
    object is created; ``rocketmq_home`` comes from the ``ROCKETMQ_HOME`` environment variable.
    ``cluster_test`` is accepted but the cluster-test processor is not implemented.
    """

    rocketmq_home = Prop(str)
    kv_config_path = Prop(str)
    config_store_path = Prop(str)
    product_env_name = Prop(str, "center")
    cluster_test = Prop(bool, False)
    order_message_enable = Prop(bool, False)

    def get_rocketmq_home(self) -> str: return self.rocketmq_home
    def set_rocketmq_home(self, rocketmq_home: Optional[str]) -> None: self.rocketmq_home = rocketmq_home
    def get_kv_config_path(self) -> str: return self.kv_config_path
    def set_kv_config_path(self, kv_config_path: Optional[str]) -> None: self.kv_config_path = kv_config_path
    def get_config_store_path(self) -> str: return self.config_store_path
    def set_config_store_path(self, config_store_path: Optional[str]) -> None:
        self.config_store_path = config_store_path
    def get_product_env_name(self) -> str: return self.product_env_name
    def set_product_env_name(self, product_env_name: str) -> None: self.product_env_name = product_env_name
    def get_cluster_test(self) -> bool: return self.cluster_test
    def is_cluster_test(self) -> bool: return self.cluster_test
    def set_cluster_test(self, cluster_test: bool) -> None: self.cluster_test = cluster_test
    def get_order_message_enable(self) -> bool: return self.order_message_enable
    def is_order_message_enable(self) -> bool: return self.order_message_enable
    def set_order_message_enable(self, order_message_enable: bool) -> None:
        self.order_message_enable = order_message_enable

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if "rocketmq_home" not in kwargs:
            self.rocketmq_home = os.environ.get(MixAll.ROCKETMQ_HOME_ENV)
        if "kv_config_path" not in kwargs:
            self.kv_config_path = _user_home_path("namesrv", "kvConfig.json")
        if "config_store_path" not in kwargs:
            self.config_store_path = _user_home_path("namesrv", "namesrv.properties")
