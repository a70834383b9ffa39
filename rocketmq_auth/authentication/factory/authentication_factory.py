"""Java ``org.apache.rocketmq.auth.authentication.factory.AuthenticationFactory`` (5.3.3): the metadata manager
and provider of a broker's :class:`~rocketmq_auth.config.auth_config.AuthConfig`.

Java keeps one provider per ``configName`` in a static map for the JVM's life; here the providers are kept per
``AuthConfig`` object (for as long as it lives), so that the brokers of one process (an embedded cluster, a
broker restarted on its store) each have their own. The authentication and authorization managers of one broker
share the providers, as in Java. A provider's class is named as in Java (``org.apache.rocketmq.auth...``, mapped
to this package) or by its Python path (``package.module.Class``)."""
from __future__ import annotations

import importlib
import re
import threading
import weakref
from typing import TYPE_CHECKING, Any, Callable, Dict, Optional, cast

from rocketmq_auth.config.auth_config import AuthConfig

if TYPE_CHECKING:
    from rocketmq_auth.authentication.manager.authentication_metadata_manager import AuthenticationMetadataManager
    from rocketmq_auth.authentication.provider.authentication_metadata_provider import \
        AuthenticationMetadataProvider

__all__ = ["AuthenticationFactory", "compute_if_absent", "load_class", "metadata_provider"]

METADATA_PROVIDER_PREFIX = "METADATA_PROVIDER_"
_JAVA_PREFIX = "org.apache.rocketmq."
_INSTANCES: "weakref.WeakKeyDictionary[AuthConfig, Dict[str, Any]]" = weakref.WeakKeyDictionary()
_LOCK = threading.Lock()


def load_class(class_name: str) -> Any:
    """The class of a Java name (``org.apache.rocketmq.auth.x.FooBar`` -> ``rocketmq_auth.x.foo_bar.FooBar``) or
    of a Python path (``package.module.Class``); ImportError / AttributeError when there is none."""
    module_name, _, name = class_name.strip().rpartition(".")
    if class_name.startswith(_JAVA_PREFIX):
        package = module_name[len(_JAVA_PREFIX):].split(".")
        module_name = ".".join(["rocketmq_" + package[0], *package[1:], re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()])
    return getattr(importlib.import_module(module_name), name)


def compute_if_absent(config: AuthConfig, key: str, function: Callable[[], Any]) -> Any:
    """Java ``computeIfAbsent``: the instance of ``key`` for ``config``, made by ``function`` the first time (a
    None result is not kept)."""
    with _LOCK:
        instances = _INSTANCES.setdefault(config, {})
        result = instances.get(key)
        if result is None:
            result = function()
            if result is not None:
                instances[key] = result
        return result


def metadata_provider(config: AuthConfig, what: str, class_name: Optional[str],
                      metadata_service: Optional[Callable[[], Any]]) -> Any:
    """The ``what`` ("authentication" / "authorization") metadata provider of ``config``: ``class_name``
    loaded and initialized the first time; None when no class is named. RuntimeError when it cannot be
    loaded."""
    def load() -> Any:
        if not class_name or not class_name.strip():
            return None
        try:
            result = load_class(class_name)()
            result.initialize(config, metadata_service)
        except Exception as e:
            raise RuntimeError("Failed to load the %s metadata provider %s: %s" % (what, class_name, e)) from e
        return result

    return compute_if_absent(config, METADATA_PROVIDER_PREFIX + what, load)


class AuthenticationFactory:
    """See the module docstring."""

    @staticmethod
    def get_metadata_manager(config: AuthConfig) -> "AuthenticationMetadataManager":
        """Java ``getMetadataManager``."""
        from rocketmq_auth.authentication.manager.authentication_metadata_manager_impl import \
            AuthenticationMetadataManagerImpl
        return AuthenticationMetadataManagerImpl(config)

    @staticmethod
    def get_metadata_provider(config: Optional[AuthConfig],
                              metadata_service: Optional[Callable[[], Any]] = None
                              ) -> Optional["AuthenticationMetadataProvider"]:
        """Java ``getMetadataProvider``: the configured provider, initialized; None when none is configured.
        RuntimeError when it cannot be loaded."""
        if config is None:
            return None
        return cast(Optional["AuthenticationMetadataProvider"], metadata_provider(
            config, "authentication", config.authentication_metadata_provider, metadata_service))
