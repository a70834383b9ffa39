"""Java ``org.apache.rocketmq.acl.plain.PlainAccessValidator``: the broker's check of signed requests."""
from __future__ import annotations

from typing import TYPE_CHECKING, List, Optional

from rocketmq_acl.access_resource import AccessResource
from rocketmq_acl.access_validator import AccessValidator
from rocketmq_acl.common.acl_exception import AclException
from rocketmq_acl.common.acl_utils import AclUtils
from rocketmq_acl.common.permission import Permission
from rocketmq_acl.common.session_credentials import SessionCredentials
from rocketmq_acl.plain.plain_access_resource import PlainAccessResource
from rocketmq_acl.plain.plain_permission_manager import PlainPermissionManager
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.header.get_consumer_list_by_group_request_header import \
    GetConsumerListByGroupRequestHeader
from rocketmq_common.protocol.header.unregister_client_request_header import UnregisterClientRequestHeader
from rocketmq_common.protocol.header.update_consumer_offset_request_header import UpdateConsumerOffsetRequestHeader
from rocketmq_common.protocol.heartbeat.heartbeat_data import HeartbeatData
from rocketmq_common.protocol.request_code import RequestCode
from rocketmq_remoting.protocol.remoting_command import RemotingCommand

if TYPE_CHECKING:
    from rocketmq_common.plain_access_config import PlainAccessConfig
    from rocketmq_common.acl_config import AclConfig

__all__ = ["PlainAccessValidator"]

_retry_topic = PlainAccessResource.get_retry_topic


class PlainAccessValidator(AccessValidator):
    """``PlainAccessValidator(plain_permission_manager=None)`` (default: a :class:`PlainPermissionManager` on
    the RocketMQ home / ``rocketmq.acl.plain.file``). The broker runs ``validate(parse(request, addr))`` before
    every request; an :class:`AclException` becomes Java's SYSTEM_ERROR answer."""

    def __init__(self, plain_permission_manager: Optional[PlainPermissionManager] = None) -> None:
        self.acl_plug_engine = plain_permission_manager if plain_permission_manager is not None \
            else PlainPermissionManager()

    def parse(self, request: RemotingCommand, remote_addr: Optional[str]) -> AccessResource:
        """Java ``parse``: the caller's address (without port), keys, signature, the resources the request code
        needs (SUB on ``%RETRY%<group>`` for a group) and the signed content."""
        resource = PlainAccessResource()
        if remote_addr is not None and ":" in remote_addr:
            resource.white_remote_address = remote_addr[:remote_addr.rfind(":")]
        else:
            resource.white_remote_address = remote_addr
        resource.request_code = request.code
        ext = request.ext_fields
        if ext is None:
            return resource
        resource.access_key = ext.get(SessionCredentials.ACCESS_KEY)
        resource.signature = ext.get(SessionCredentials.SIGNATURE)
        resource.secret_token = ext.get(SessionCredentials.SECURITY_TOKEN)
        try:
            self._add_needed_resources(request, ext, resource)
        except AclException:
            raise
        except Exception as e:
            raise AclException(str(e)) from e
        fields = AclUtils.sorted_fields((key, value) for key, value in ext.items()
                                        if key != SessionCredentials.SIGNATURE
                                        and key != MixAll.UNIQUE_MSG_QUERY_FLAG)
        resource.content = AclUtils.combine_request_content(request, fields)
        return resource

    @staticmethod
    def _add_needed_resources(request: RemotingCommand, ext: dict, resource: PlainAccessResource) -> None:
        code = request.code
        if code == RequestCode.SEND_MESSAGE or code == RequestCode.SEND_MESSAGE_V2:
            topic = ext.get("topic" if code == RequestCode.SEND_MESSAGE else "b")
            if PlainAccessResource.is_retry_topic(topic):
                resource.add_resource_and_perm(
                    _retry_topic(ext.get("group" if code == RequestCode.SEND_MESSAGE else "a")), Permission.SUB)
            else:
                resource.add_resource_and_perm(topic, Permission.PUB)
        elif code == RequestCode.CONSUMER_SEND_MSG_BACK:
            resource.add_resource_and_perm(_retry_topic(ext.get("group")), Permission.SUB)
        elif code == RequestCode.PULL_MESSAGE:
            resource.add_resource_and_perm(ext.get("topic"), Permission.SUB)
            resource.add_resource_and_perm(_retry_topic(ext.get("consumerGroup")), Permission.SUB)
        elif code == RequestCode.QUERY_MESSAGE:
            resource.add_resource_and_perm(ext.get("topic"), Permission.SUB)
        elif code == RequestCode.HEART_BEAT:
            heartbeat_data = HeartbeatData.decode(request.body)  # type: ignore[arg-type]
            for data in heartbeat_data.consumer_data_set:
                resource.add_resource_and_perm(_retry_topic(data.group_name), Permission.SUB)
                for subscription_data in data.subscription_data_set:
                    resource.add_resource_and_perm(subscription_data.topic, Permission.SUB)
        elif code == RequestCode.UNREGISTER_CLIENT:
            unregister_header = UnregisterClientRequestHeader.decode_ext_fields(ext)
            resource.add_resource_and_perm(_retry_topic(unregister_header.consumer_group), Permission.SUB)
        elif code == RequestCode.GET_CONSUMER_LIST_BY_GROUP:
            consumer_list_header = GetConsumerListByGroupRequestHeader.decode_ext_fields(ext)
            resource.add_resource_and_perm(_retry_topic(consumer_list_header.consumer_group), Permission.SUB)
        elif code == RequestCode.UPDATE_CONSUMER_OFFSET:
            offset_header = UpdateConsumerOffsetRequestHeader.decode_ext_fields(ext)
            resource.add_resource_and_perm(_retry_topic(offset_header.consumer_group), Permission.SUB)
            resource.add_resource_and_perm(offset_header.topic, Permission.SUB)

    def validate(self, access_resource: AccessResource) -> None:
        """Java ``validate``: raises :class:`AclException` (see :meth:`PlainPermissionManager.validate`)."""
        self.acl_plug_engine.validate(access_resource)  # type: ignore[arg-type]

    def get_all_acl_config_version(self) -> dict:
        """Java ``getAllAclConfigVersion``: the DataVersion of each loaded file."""
        return self.acl_plug_engine.get_data_version_map()

    def update_access_config(self, plain_access_config: "PlainAccessConfig") -> bool:
        """Java ``updateAccessConfig``."""
        return self.acl_plug_engine.update_access_config(plain_access_config)

    def delete_access_config(self, access_key: str) -> bool:
        """Java ``deleteAccessConfig``."""
        return self.acl_plug_engine.delete_access_config(access_key)

    def get_acl_config_version(self) -> str:
        """Java ``getAclConfigVersion``."""
        return self.acl_plug_engine.get_acl_config_data_version()

    def update_global_white_addrs_config(self, global_white_addrs_list: List[str],
                                         acl_file_full_path: Optional[str] = None) -> bool:
        """Java ``updateGlobalWhiteAddrsConfig`` (both overloads)."""
        return self.acl_plug_engine.update_global_white_addrs_config(global_white_addrs_list, acl_file_full_path)

    def get_all_acl_config(self) -> "AclConfig":
        """Java ``getAllAclConfig``."""
        return self.acl_plug_engine.get_all_acl_config()

    def shutdown(self) -> None:
        """Stop the file watcher (Python addition)."""
        self.acl_plug_engine.shutdown()
