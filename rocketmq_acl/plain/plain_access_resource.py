"""Java ``org.apache.rocketmq.acl.plain.PlainAccessResource``."""
from __future__ import annotations

from typing import Dict, Optional

from rocketmq_acl.access_resource import AccessResource
from rocketmq_common.mix_all import MixAll
from rocketmq_acl.plain.remote_address_strategy import RemoteAddressStrategy
from rocketmq_remoting.common.bean import Bean, MapOf, Prop, java_string

__all__ = ["PlainAccessResource"]


class PlainAccessResource(Bean, AccessResource):
    """One side of a check: what a request needs (parsed from it) or what an account owns (from the file).

    Resources are topics; a group ``G`` appears as its retry topic ``%RETRY%G``. ``repr`` hides the secret key
    and the signed content."""

    access_key = Prop(str)
    secret_key = Prop(str)
    white_remote_address = Prop(str)
    admin = Prop(bool, False)
    default_topic_perm = Prop(int, 1)
    default_group_perm = Prop(int, 1)
    #: resource -> permission bits (None until a resource is added; a MapOf Prop is a Prop[Any]: the annotation
    #: gives its reads their type)
    resource_perm_map: Prop[Optional[Dict[str, int]]] = Prop(MapOf(str, int))
    #: owned side only
    remote_address_strategy = Prop(RemoteAddressStrategy)
    request_code = Prop(int, 0)
    content = Prop(bytes)
    signature = Prop(str)
    secret_token = Prop(str)
    recognition = Prop(str)

    def get_access_key(self) -> str: return self.access_key
    def set_access_key(self, access_key: Optional[str]) -> None: self.access_key = access_key
    def get_secret_key(self) -> str: return self.secret_key
    def set_secret_key(self, secret_key: Optional[str]) -> None: self.secret_key = secret_key
    def get_white_remote_address(self) -> str: return self.white_remote_address
    def set_white_remote_address(self, white_remote_address: Optional[str]) -> None:
        self.white_remote_address = white_remote_address
    def get_admin(self) -> bool: return self.admin
    def is_admin(self) -> bool: return self.admin
    def set_admin(self, admin: bool) -> None: self.admin = admin
    def get_default_topic_perm(self) -> int: return self.default_topic_perm
    def set_default_topic_perm(self, default_topic_perm: int) -> None: self.default_topic_perm = default_topic_perm
    def get_default_group_perm(self) -> int: return self.default_group_perm
    def set_default_group_perm(self, default_group_perm: int) -> None: self.default_group_perm = default_group_perm
    def get_resource_perm_map(self) -> Optional[Dict[str, int]]: return self.resource_perm_map
    def set_resource_perm_map(self, resource_perm_map: Optional[Dict[str, int]]) -> None:
        self.resource_perm_map = resource_perm_map
    def get_remote_address_strategy(self) -> RemoteAddressStrategy: return self.remote_address_strategy
    def set_remote_address_strategy(self, remote_address_strategy: Optional[RemoteAddressStrategy]) -> None:
        self.remote_address_strategy = remote_address_strategy
    def get_request_code(self) -> int: return self.request_code
    def set_request_code(self, request_code: int) -> None: self.request_code = request_code
    def get_content(self) -> bytes: return self.content
    def set_content(self, content: Optional[bytes]) -> None: self.content = content
    def get_signature(self) -> str: return self.signature
    def set_signature(self, signature: Optional[str]) -> None: self.signature = signature
    def get_secret_token(self) -> str: return self.secret_token
    def set_secret_token(self, secret_token: Optional[str]) -> None: self.secret_token = secret_token
    def get_recognition(self) -> str: return self.recognition
    def set_recognition(self, recognition: Optional[str]) -> None: self.recognition = recognition

    @staticmethod
    def is_retry_topic(topic: Optional[str]) -> bool:
        return topic is not None and topic.startswith(MixAll.RETRY_GROUP_TOPIC_PREFIX)

    @staticmethod
    def print_str(resource: Optional[str], is_group: bool) -> Optional[str]:
        """Java ``printStr``: ``group:G`` or ``topic:T``."""
        if resource is None:
            return None
        if is_group:
            return "group:%s" % PlainAccessResource.get_group_from_retry_topic(resource)
        return "topic:%s" % resource

    @staticmethod
    def get_group_from_retry_topic(retry_topic: Optional[str]) -> Optional[str]:
        if retry_topic is None:
            return None
        return retry_topic[len(MixAll.RETRY_GROUP_TOPIC_PREFIX):]

    @staticmethod
    def get_retry_topic(group: Optional[str]) -> Optional[str]:
        if group is None:
            return None
        return MixAll.get_retry_topic(group)

    def add_resource_and_perm(self, resource: Optional[str], perm: int) -> None:
        """Java ``addResourceAndPerm`` (a None resource is ignored)."""
        if resource is None:
            return
        if self.resource_perm_map is None:
            self.resource_perm_map = {}
        self.resource_perm_map[resource] = perm

    def __repr__(self) -> str:
        return ("PlainAccessResource [accessKey=%s, secretKey=%s, whiteRemoteAddress=%s, admin=%s, "
                "defaultTopicPerm=%s, defaultGroupPerm=%s, resourcePermMap=%s, requestCode=%s, signature=%s]" % tuple(
                    map(java_string, (self.access_key, "******" if self.secret_key is not None else None,
                                      self.white_remote_address, self.admin, self.default_topic_perm,
                                      self.default_group_perm, self.resource_perm_map, self.request_code,
                                      self.signature))))
