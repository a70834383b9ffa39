"""Java ``org.apache.rocketmq.broker.loadbalance.MessageRequestModeManager`` (5.3.3): the request mode (PULL or
POP) set for each topic and group with SET_MESSAGE_REQUEST_MODE, persisted to
``<storePathRootDir>/config/messageRequestMode.json`` (``{"messageRequestModeMap":{topic:{group:body}}}``)."""
from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Dict, Optional

from rocketmq_broker.broker_path_config_helper import BrokerPathConfigHelper
from rocketmq_broker.config_manager import ConfigManager, pretty_json
from rocketmq_common.protocol.body.message_request_mode_serialize_wrapper import MessageRequestModeSerializeWrapper
from rocketmq_common.protocol.body.set_message_request_mode_request_body import SetMessageRequestModeRequestBody

if TYPE_CHECKING:
    from rocketmq_broker.broker_controller import BrokerController

__all__ = ["MessageRequestModeManager"]


class MessageRequestModeManager(ConfigManager):
    """See the module docstring."""

    def __init__(self, broker_controller: "BrokerController") -> None:
        super().__init__()
        self.broker_controller = broker_controller
        self.message_request_mode_map: Dict[str, Dict[str, SetMessageRequestModeRequestBody]] = {}
        self._lock = threading.Lock()

    def set_message_request_mode(self, topic: str, consumer_group: str,
                                 request_body: SetMessageRequestModeRequestBody) -> None:
        """Java ``setMessageRequestMode``."""
        with self._lock:
            self.message_request_mode_map.setdefault(topic, {})[consumer_group] = request_body

    def get_message_request_mode(self, topic: str, consumer_group: str) -> Optional[SetMessageRequestModeRequestBody]:
        """Java ``getMessageRequestMode``: None when never set."""
        groups = self.message_request_mode_map.get(topic)
        return groups.get(consumer_group) if groups is not None else None

    def get_message_request_mode_map(self) -> Dict[str, Dict[str, SetMessageRequestModeRequestBody]]:
        return self.message_request_mode_map

    def config_file_path(self) -> str:
        return BrokerPathConfigHelper.get_message_request_mode_path(
            self.broker_controller.get_message_store_config().store_path_root_dir)

    def encode(self, pretty_format: bool = False) -> str:
        with self._lock:
            wrapper = MessageRequestModeSerializeWrapper(message_request_mode_map={
                topic: dict(groups) for topic, groups in self.message_request_mode_map.items()})
        return pretty_json(wrapper.to_json_value()) if pretty_format else wrapper.to_json()

    def decode(self, json_string: str) -> None:
        wrapper = MessageRequestModeSerializeWrapper.from_json(json_string)
        if wrapper.message_request_mode_map is not None:
            with self._lock:
                self.message_request_mode_map = wrapper.message_request_mode_map
