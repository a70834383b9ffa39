"""Java ``org.apache.rocketmq.common.namesrv.NamesrvConfig`` (kept with the NameServer in this project)."""
from __future__ import annotations

import os
from typing import Any

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

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if "rocketmq_home" not in kwargs:
            self.rocketmq_home = os.environ.get(MixAll.ROCKETMQ_HOME_ENV)
        if "kv_config_path" not in kwargs:
            self.kv_config_path = _user_home_path("namesrv", "kvConfig.json")
        if "config_store_path" not in kwargs:
            self.config_store_path = _user_home_path("namesrv", "namesrv.properties")
