"""Java ``org.apache.rocketmq.acl.common.SessionCredentials``: access key, secret key and optional token."""
from __future__ import annotations

import os
from typing import Any, Mapping, Optional

from rocketmq_common.mix_all import MixAll
from rocketmq_remoting.common.bean import Bean, Prop, java_string
from rocketmq_remoting.netty.netty_system_config import get_system_property

__all__ = ["SessionCredentials"]

_HIDDEN = "******"


def _key_file() -> str:
    return get_system_property("rocketmq.client.keyFile", "ROCKETMQ_CLIENT_KEY_FILE",
                               os.path.join(os.path.expanduser("~"), "key")) or ""


class SessionCredentials(Bean):
    """``SessionCredentials(access_key, secret_key, security_token=None)``; with no argument the credentials
    are read from the key file (Java: ``rocketmq.client.keyFile``, default ``~/key``; properties
    ``AccessKey``, ``SecretKey``, ``SecurityToken``). ``repr``/``str`` never show the secret key or the token."""

    CHARSET = "utf-8"
    ACCESS_KEY = "AccessKey"
    SECRET_KEY = "SecretKey"
    SIGNATURE = "Signature"
    SECURITY_TOKEN = "SecurityToken"

    access_key = Prop(str)
    secret_key = Prop(str)
    security_token = Prop(str)
    signature = Prop(str)

    def get_access_key(self) -> str: return self.access_key
    def set_access_key(self, access_key: Optional[str]) -> None: self.access_key = access_key
    def get_secret_key(self) -> str: return self.secret_key
    def set_secret_key(self, secret_key: Optional[str]) -> None: self.secret_key = secret_key
    def get_security_token(self) -> str: return self.security_token
    def set_security_token(self, security_token: Optional[str]) -> None: self.security_token = security_token
    def get_signature(self) -> str: return self.signature
    def set_signature(self, signature: Optional[str]) -> None: self.signature = signature

    def __init__(self, access_key: Optional[str] = None, secret_key: Optional[str] = None,
                 security_token: Optional[str] = None) -> None:
        super().__init__()
        if access_key is None and secret_key is None and security_token is None:
            key_content = MixAll.file2string(_key_file())
            if key_content is not None:
                prop = MixAll.string2properties(key_content)
                if prop is not None:
                    self.update_content(prop)
            return
        self.access_key = access_key
        self.secret_key = secret_key
        self.security_token = security_token

    @classmethod
    def key_file(cls) -> str:
        """Java ``KEY_FILE``: the file the no-argument constructor reads."""
        return _key_file()

    def update_content(self, prop: Mapping[str, str]) -> None:
        """Java ``updateContent``: take ``AccessKey``, ``SecretKey`` and ``SecurityToken`` (trimmed) when present."""
        value = prop.get(self.ACCESS_KEY)
        if value is not None:
            self.access_key = value.strip()
        value = prop.get(self.SECRET_KEY)
        if value is not None:
            self.secret_key = value.strip()
        value = prop.get(self.SECURITY_TOKEN)
        if value is not None:
            self.security_token = value.strip()

    def __eq__(self, other: Any) -> bool:
        return (type(other) is type(self) and self.access_key == other.access_key
                and self.secret_key == other.secret_key and self.signature == other.signature)

    def __hash__(self) -> int:
        return hash((self.access_key, self.secret_key, self.signature))

    def __repr__(self) -> str:
        return "SessionCredentials [accessKey=%s, secretKey=%s, signature=%s, SecurityToken=%s]" % tuple(map(
            java_string, (self.access_key, _HIDDEN if self.secret_key is not None else None, self.signature,
                          _HIDDEN if self.security_token is not None else None)))
