"""Java ``org.apache.rocketmq.acl.plain.PlainPermissionManager``: accounts of the ACL files and the checks.

Files: every ``*.yml``/``*.yaml`` under ``<rocketmq home>/conf/acl`` plus the default file, Java's
``<rocketmq home>/<rocketmq.acl.plain.file>`` (default ``conf/plain_acl.yml``). Here the default file may also
be given directly (``default_acl_file``; an absolute path is used as is, a relative one is taken under the
home), so a broker needs no RocketMQ home. Files are reloaded when they change (``AclFileWatchService``), and at
once after mqadmin's updates (:meth:`PlainPermissionManager.update_access_config`, ``delete_access_config``,
``update_global_white_addrs_config``), which write the YAML file with its version bumped.
Secret keys are never logged.
"""
from __future__ import annotations

import logging
import os
from typing import Any, Dict, List, Mapping, Optional

from rocketmq_acl.common.acl_constants import AclConstants
from rocketmq_acl.common.acl_exception import AclException
from rocketmq_acl.common.acl_file_watch_service import WATCH_INTERVAL, AclFileWatchService, list_acl_files
from rocketmq_acl.common.acl_utils import AclUtils
from rocketmq_acl.common.permission import Permission
from rocketmq_acl.plain.plain_access_resource import PlainAccessResource
from rocketmq_acl.plain.remote_address_strategy import RemoteAddressStrategy
from rocketmq_acl.plain.remote_address_strategy_factory import RemoteAddressStrategyFactory
from rocketmq_common.acl_config import AclConfig
from rocketmq_common.data_version import DataVersion
from rocketmq_common.mix_all import MixAll
from rocketmq_common.plain_access_config import PlainAccessConfig
from rocketmq_common.topic.topic_validator import TopicValidator
from rocketmq_remoting.common.bean import Bean, MapOf, Prop
from rocketmq_remoting.netty.netty_system_config import get_system_property

__all__ = ["PlainPermissionManager", "ACL_PLAIN_FILE_PROPERTY", "DEFAULT_PLAIN_ACL_FILE"]

log = logging.getLogger(__name__)

#: Java system property naming the default ACL file, relative to the RocketMQ home
ACL_PLAIN_FILE_PROPERTY = "rocketmq.acl.plain.file"
DEFAULT_PLAIN_ACL_FILE = "conf/plain_acl.yml"


def _text(value: Any) -> Optional[str]:
    """A YAML scalar as the String fastjson makes of it."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class PlainPermissionManager(Bean):
    """``PlainPermissionManager(file_home=None, default_acl_file=None, watch=True)``: ``file_home`` defaults to
    ``rocketmq.home.dir`` / ``ROCKETMQ_HOME``, ``default_acl_file`` to the ``rocketmq.acl.plain.file`` property
    (``ROCKETMQ_ACL_PLAIN_FILE``) or ``conf/plain_acl.yml``. Loads at once (raising :class:`AclException` for a
    bad file) and, with ``watch``, starts the file watcher; call :meth:`shutdown` to stop it."""

    #: ACL file path -> the data version of its last load (a MapOf Prop is a Prop[Any]: the annotation types it)
    data_version_map: Prop[Dict[str, DataVersion]] = Prop(MapOf(str, DataVersion), required=True)

    def get_data_version_map(self) -> Dict[str, DataVersion]: return self.data_version_map
    def set_data_version_map(self, data_version_map: Optional[Dict[str, DataVersion]]) -> None:
        self.data_version_map = data_version_map

    def __init__(self, file_home: Optional[str] = None, default_acl_file: Optional[str] = None,
                 watch: bool = True, watch_interval_millis: int = WATCH_INTERVAL) -> None:
        self.file_home = file_home if file_home is not None else get_system_property(
            MixAll.ROCKETMQ_HOME_PROPERTY, MixAll.ROCKETMQ_HOME_ENV, None)
        acl_file = default_acl_file if default_acl_file is not None else get_system_property(
            ACL_PLAIN_FILE_PROPERTY, "ROCKETMQ_ACL_PLAIN_FILE", DEFAULT_PLAIN_ACL_FILE)
        home = self.file_home or ""
        self.default_acl_dir: Optional[str] = MixAll.deal_file_path(os.path.join(home, "conf", "acl")) \
            if home else None
        if os.path.isabs(acl_file or ""):
            self.default_acl_file: Optional[str] = MixAll.deal_file_path(acl_file)
        else:
            self.default_acl_file = MixAll.deal_file_path(os.path.join(home, acl_file)) if home else None
        self.acl_plain_access_resource_map: Dict[str, Dict[str, PlainAccessResource]] = {}
        self.access_key_table: Dict[str, str] = {}
        self.global_white_remote_address_strategy: List[RemoteAddressStrategy] = []
        self.global_white_remote_address_strategy_map: Dict[str, List[RemoteAddressStrategy]] = {}
        self.remote_address_strategy_factory = RemoteAddressStrategyFactory()
        self.data_version_map = {}
        self.file_list: List[str] = []
        self.acl_file_watch_service: Optional[AclFileWatchService] = None
        self.load()
        if watch and self.default_acl_file is not None:
            self._watch(watch_interval_millis)

    # ------------------------------------------------------------------ loading

    def get_all_acl_files(self, path: Optional[str]) -> List[str]:
        """Java ``getAllAclFiles``."""
        return list_acl_files(path) if path else []

    def load(self) -> None:
        """Java ``load()``: (re)read every ACL file; nothing without a default file (no RocketMQ home)."""
        if self.default_acl_file is None:
            return
        self._assure_acl_config_files_exist()
        file_list = self.get_all_acl_files(self.default_acl_dir)
        if os.path.exists(self.default_acl_file) and self.default_acl_file not in file_list:
            file_list.append(self.default_acl_file)
        resource_map: Dict[str, Dict[str, PlainAccessResource]] = {}
        access_key_table: Dict[str, str] = {}
        global_white: List[RemoteAddressStrategy] = []
        global_white_map: Dict[str, List[RemoteAddressStrategy]] = {}
        data_version_map: Dict[str, DataVersion] = {}
        for name in file_list:
            current = MixAll.deal_file_path(name)
            data = AclUtils.get_yaml_data_object(current)
            if not isinstance(data, dict) or not data:
                log.warning("No data in file %s", current)
                continue
            strategies = self._global_white_strategies(data)
            if strategies:
                global_white_map[current] = strategies
                global_white.extend(strategies)
            accounts: Dict[str, PlainAccessResource] = {}
            for config in self._accounts(data, current):
                resource = self.build_plain_access_resource(config)
                if resource.access_key not in access_key_table:
                    accounts[resource.access_key] = resource  # type: ignore[index]
                    access_key_table[resource.access_key] = current  # type: ignore[index]
                else:
                    log.warning("The accesssKey %s is repeated in multiple ACL files", resource.access_key)
            if accounts:
                resource_map[current] = accounts
            data_version_map[current] = self._data_version(data)
            log.info("Broker plain acl conf file %s: %d accounts, %d global white addresses", current,
                     len(accounts), len(strategies))
        self.file_list = file_list
        self.data_version_map = data_version_map
        self.global_white_remote_address_strategy_map = global_white_map
        self.global_white_remote_address_strategy = global_white
        self.acl_plain_access_resource_map = resource_map
        self.access_key_table = access_key_table

    def load_file(self, acl_file_path: str) -> None:
        """Java ``load(String)``: re-read one changed file."""
        path = MixAll.deal_file_path(acl_file_path)
        data = AclUtils.get_yaml_data_object(path)
        if not isinstance(data, dict) or not data:
            log.warning("No data in %s, skip it", path)
            return
        strategies = self._global_white_strategies(data)
        accounts: Dict[str, PlainAccessResource] = {}
        access_key_table = dict(self.access_key_table)
        for key in [k for k, f in access_key_table.items() if f == path]:
            del access_key_table[key]
        for config in self._accounts(data, path):
            resource = self.build_plain_access_resource(config)
            if resource.access_key not in access_key_table:
                accounts[resource.access_key] = resource  # type: ignore[index]
                access_key_table[resource.access_key] = path  # type: ignore[index]
        global_white_map = dict(self.global_white_remote_address_strategy_map)
        global_white_map[path] = strategies
        resource_map = dict(self.acl_plain_access_resource_map)
        resource_map[path] = accounts
        self.data_version_map[path] = self._data_version(data)
        self.global_white_remote_address_strategy_map = global_white_map
        self.global_white_remote_address_strategy = [s for lst in global_white_map.values() for s in lst]
        self.acl_plain_access_resource_map = resource_map
        self.access_key_table = access_key_table
        log.info("Reloaded plain acl conf file %s: %d accounts", path, len(accounts))

    def _global_white_strategies(self, data: Dict[str, Any]) -> List[RemoteAddressStrategy]:
        addresses = data.get(AclConstants.CONFIG_GLOBAL_WHITE_ADDRS) or []
        if not isinstance(addresses, list):
            addresses = [addresses]
        return [self.remote_address_strategy_factory.get_remote_address_strategy(
            None if a is None else str(a)) for a in addresses]

    @staticmethod
    def access_config_from_yaml(account: Mapping[str, Any]) -> PlainAccessConfig:
        """An account mapping of ``plain_acl.yml`` as a PlainAccessConfig (Java converts the YAML map with
        fastjson: unknown keys ignored, scalars converted as fastjson converts them)."""
        admin = account.get(AclConstants.CONFIG_ADMIN_ROLE)

        def perms(key: str) -> Optional[List[str]]:
            value = account.get(key)
            if value is None:
                return None
            if not isinstance(value, list):
                value = [value]
            return [_text(item) for item in value if item is not None]  # type: ignore[misc]

        return PlainAccessConfig(access_key=_text(account.get(AclConstants.CONFIG_ACCESS_KEY)),
                                 secret_key=_text(account.get(AclConstants.CONFIG_SECRET_KEY)),
                                 white_remote_address=_text(account.get(AclConstants.CONFIG_WHITE_ADDR)),
                                 admin=admin is True or (isinstance(admin, str) and admin.strip().lower() == "true"),
                                 default_topic_perm=_text(account.get(AclConstants.CONFIG_DEFAULT_TOPIC_PERM)),
                                 default_group_perm=_text(account.get(AclConstants.CONFIG_DEFAULT_GROUP_PERM)),
                                 topic_perms=perms(AclConstants.CONFIG_TOPIC_PERMS),
                                 group_perms=perms(AclConstants.CONFIG_GROUP_PERMS))

    @staticmethod
    def _accounts(data: Dict[str, Any], path: str) -> List[PlainAccessConfig]:
        accounts = data.get(AclConstants.CONFIG_ACCOUNTS) or []
        if not isinstance(accounts, list) or not all(isinstance(a, dict) for a in accounts):
            raise AclException("%s: %s must be a list of accounts" % (path, AclConstants.CONFIG_ACCOUNTS))
        return [PlainPermissionManager.access_config_from_yaml(account) for account in accounts]

    @staticmethod
    def _data_version(data: Dict[str, Any]) -> DataVersion:
        data_version = DataVersion()
        versions = data.get(AclConstants.CONFIG_DATA_VERSION)
        if isinstance(versions, list) and versions and isinstance(versions[0], dict):
            first = versions[0]
            data_version.set_timestamp(int(first.get(AclConstants.CONFIG_TIME_STAMP) or 0))
            data_version.set_counter(int(first.get(AclConstants.CONFIG_COUNTER) or 0))
        return data_version

    def _assure_acl_config_files_exist(self) -> None:
        """Java ``assureAclConfigFilesExist``: create an empty default file when there is none."""
        assert self.default_acl_file is not None
        if not os.path.exists(self.default_acl_file):
            try:
                with open(self.default_acl_file, "x", encoding="utf-8"):
                    pass
            except FileExistsError:
                pass
            except OSError as e:
                log.error("Error in creating %s: %s", self.default_acl_file, e)
                raise AclException(str(e)) from None

    def _watch(self, interval_millis: int) -> None:
        assert self.default_acl_file is not None
        service = AclFileWatchService(self.default_acl_dir or "", self.default_acl_file, self, interval_millis)
        service.start()
        self.acl_file_watch_service = service
        log.info("Succeed to start AclFileWatchService")

    def on_file_changed(self, acl_file_name: str) -> None:
        """Watcher callback: one file changed."""
        self.load_file(acl_file_name)

    def on_file_num_changed(self, path: str) -> None:
        """Watcher callback: files were added or removed."""
        self.load()

    def is_watch_start(self) -> bool:
        return self.acl_file_watch_service is not None

    def shutdown(self) -> None:
        """Stop the file watcher (Python addition: Java's runs until the JVM exits)."""
        service = self.acl_file_watch_service
        if service is not None:
            service.shutdown()
            self.acl_file_watch_service = None

    # ------------------------------------------------------------------ accounts

    @staticmethod
    def check_plain_access_config(plain_access_config: PlainAccessConfig) -> None:
        """Java ``checkPlainAccessConfig``: both keys present and longer than 6 characters (the message
        hides the secret key)."""
        access_key = plain_access_config.access_key
        secret_key = plain_access_config.secret_key
        if access_key is None or secret_key is None or len(access_key) <= AclConstants.ACCESS_KEY_MIN_LENGTH \
                or len(secret_key) <= AclConstants.SECRET_KEY_MIN_LENGTH:
            raise AclException("The accessKey=%s and secretKey=%s cannot be null and length should longer than 6"
                               % (access_key, None if secret_key is None else "******"))

    def build_plain_access_resource(self, plain_access_config: PlainAccessConfig) -> PlainAccessResource:
        """Java ``buildPlainAccessResource``."""
        self.check_plain_access_config(plain_access_config)
        resource = PlainAccessResource(access_key=plain_access_config.access_key,
                                       secret_key=plain_access_config.secret_key,
                                       white_remote_address=plain_access_config.white_remote_address,
                                       admin=plain_access_config.admin)
        resource.default_group_perm = Permission.parse_perm_from_string(plain_access_config.default_group_perm)
        resource.default_topic_perm = Permission.parse_perm_from_string(plain_access_config.default_topic_perm)
        Permission.parse_resource_perms(resource, False, plain_access_config.group_perms)
        Permission.parse_resource_perms(resource, True, plain_access_config.topic_perms)
        resource.remote_address_strategy = self.remote_address_strategy_factory.get_remote_address_strategy(
            resource.white_remote_address)
        return resource

    # ------------------------------------------------------------------ checks

    def validate(self, plain_access_resource: PlainAccessResource) -> None:
        """Java ``validate``: global white addresses, account, its white address, signature, permissions.
        Raises :class:`AclException` with Java's messages."""
        for strategy in self.global_white_remote_address_strategy:
            if strategy.match(plain_access_resource):
                return
        access_key = plain_access_resource.access_key
        if access_key is None:
            raise AclException("No accessKey is configured")
        acl_file_name = self.access_key_table.get(access_key)
        if acl_file_name is None:
            raise AclException("No acl config for %s" % access_key)
        owned_access = self.acl_plain_access_resource_map.get(acl_file_name, {}).get(access_key)
        if owned_access is None:
            raise AclException("No PlainAccessResource for accessKey=%s" % access_key)
        if owned_access.remote_address_strategy.match(plain_access_resource):
            return
        signature = AclUtils.cal_signature(plain_access_resource.content or b"",
                                           owned_access.secret_key)
        if signature != plain_access_resource.signature:
            raise AclException("Check signature failed for accessKey=%s" % access_key)
        perm_map = plain_access_resource.resource_perm_map
        if perm_map is not None and perm_map.get(TopicValidator.RMQ_SYS_TRACE_TOPIC) == Permission.PUB:
            return
        self.check_perm(plain_access_resource, owned_access)

    def check_perm(self, need_checked_access: PlainAccessResource, owned_access: PlainAccessResource) -> None:
        """Java ``checkPerm``: admin-only codes, then each needed resource against the owned or default perm."""
        if Permission.need_admin_perm(need_checked_access.request_code) and not owned_access.admin:
            raise AclException("Need admin permission for request code=%d, but accessKey=%s is not"
                               % (need_checked_access.request_code, owned_access.access_key))
        needed = need_checked_access.resource_perm_map
        owned = owned_access.resource_perm_map
        if needed is None:
            return
        if owned is None and owned_access.admin:
            return
        for resource, needed_perm in needed.items():
            is_group = PlainAccessResource.is_retry_topic(resource)
            if owned is None or resource not in owned:
                owned_perm = owned_access.default_group_perm if is_group else owned_access.default_topic_perm
            else:
                owned_perm = owned[resource]
            if not Permission.check_permission(needed_perm, owned_perm):
                raise AclException("No default permission for %s" % PlainAccessResource.print_str(resource, is_group))

    # ------------------------------------------------------------------ configuration updates (mqadmin)

    def update_acl_config_file_version(self, acl_file_name: str, update_acl_config_map: Dict[str, Any]
                                       ) -> Dict[str, Any]:
        """Java ``updateAclConfigFileVersion``: the file's ``dataVersion`` entry moved to its next version."""
        data_version = self._data_version(update_acl_config_map)
        data_version.next_version()
        update_acl_config_map[AclConstants.CONFIG_DATA_VERSION] = [
            {AclConstants.CONFIG_COUNTER: data_version.counter, AclConstants.CONFIG_TIME_STAMP: data_version.timestamp}]
        self.data_version_map[acl_file_name] = data_version
        return update_acl_config_map

    @staticmethod
    def create_acl_access_config_map(existed_account_map: Optional[Dict[str, Any]],
                                     plain_access_config: PlainAccessConfig) -> Dict[str, Any]:
        """Java ``createAclAccessConfigMap``: the YAML account of ``plain_access_config`` (merged into the
        existing one: what the config leaves unset is kept)."""
        account: Dict[str, Any] = existed_account_map if existed_account_map is not None else {}
        access_key = plain_access_config.access_key
        if not access_key or len(access_key) <= AclConstants.ACCESS_KEY_MIN_LENGTH:
            raise AclException("The accessKey=%s cannot be null and length should longer than 6" % access_key)
        account[AclConstants.CONFIG_ACCESS_KEY] = access_key
        secret_key = plain_access_config.secret_key
        if secret_key:
            if len(secret_key) <= AclConstants.SECRET_KEY_MIN_LENGTH:
                raise AclException("The secretKey=****** value length should longer than 6")
            account[AclConstants.CONFIG_SECRET_KEY] = secret_key
        if plain_access_config.white_remote_address is not None:
            account[AclConstants.CONFIG_WHITE_ADDR] = plain_access_config.white_remote_address
        account[AclConstants.CONFIG_ADMIN_ROLE] = bool(plain_access_config.admin)
        if plain_access_config.default_topic_perm:
            account[AclConstants.CONFIG_DEFAULT_TOPIC_PERM] = plain_access_config.default_topic_perm
        if plain_access_config.default_group_perm:
            account[AclConstants.CONFIG_DEFAULT_GROUP_PERM] = plain_access_config.default_group_perm
        if plain_access_config.topic_perms is not None:
            account[AclConstants.CONFIG_TOPIC_PERMS] = list(plain_access_config.topic_perms)
        if plain_access_config.group_perms is not None:
            account[AclConstants.CONFIG_GROUP_PERMS] = list(plain_access_config.group_perms)
        return account

    def _read_file_map(self, path: str) -> Dict[str, Any]:
        data = AclUtils.get_yaml_data_object(path)
        return data if isinstance(data, dict) else {}

    def _write_and_reload(self, path: str, data: Dict[str, Any]) -> bool:
        # Java writes the file and updates its maps (the file watcher reloads it later); here the file is
        # reloaded at once, so the broker checks the new accounts and white addresses from the next request
        if not AclUtils.write_data_object(path, self.update_acl_config_file_version(path, data)):
            return False
        if path not in self.file_list:
            self.file_list.append(path)
        self.load_file(path)
        return True

    def update_access_config(self, plain_access_config: Optional[PlainAccessConfig]) -> bool:
        """Java ``updateAccessConfig``: update the account in the file that holds it, else add it to the default
        file; the file is written (its version bumped) and reloaded. Raises :class:`AclException` for an invalid
        account."""
        if plain_access_config is None:
            raise AclException("Parameter value plainAccessConfig is null, Please check your parameter")
        if self.default_acl_file is None:
            raise AclException("The broker has no ACL file (no RocketMQ home)")
        self.check_plain_access_config(plain_access_config)
        Permission.check_resource_perms(plain_access_config.topic_perms)
        Permission.check_resource_perms(plain_access_config.group_perms)
        self.build_plain_access_resource(plain_access_config)  # every permission parses
        access_key = plain_access_config.access_key
        path = self.access_key_table.get(access_key)  # type: ignore[arg-type]
        if path is None:
            path = self.default_acl_file
            self._assure_acl_config_files_exist()
        data = self._read_file_map(path)
        accounts = data.get(AclConstants.CONFIG_ACCOUNTS)
        if not isinstance(accounts, list):
            accounts = []
        existing = next((a for a in accounts if isinstance(a, dict)
                         and str(a.get(AclConstants.CONFIG_ACCESS_KEY)) == access_key), None)
        if existing is not None:
            accounts.remove(existing)
        accounts.append(self.create_acl_access_config_map(existing, plain_access_config))
        data[AclConstants.CONFIG_ACCOUNTS] = accounts
        return self._write_and_reload(path, data)

    def delete_access_config(self, access_key: Optional[str]) -> bool:
        """Java ``deleteAccessConfig``: remove the account from its file (False when there is none)."""
        if not access_key:
            log.error("Parameter value accesskey is null or empty String,Please check your parameter")
            return False
        path = self.access_key_table.get(access_key)
        if path is None:
            return False
        data = self._read_file_map(path)
        if not data:
            log.warning("No data found in %s when deleting access config of %s", path, access_key)
            return True
        accounts = data.get(AclConstants.CONFIG_ACCOUNTS) or []
        kept = [a for a in accounts if not (isinstance(a, dict)
                                            and str(a.get(AclConstants.CONFIG_ACCESS_KEY)) == access_key)]
        if len(kept) == len(accounts):
            return False
        data[AclConstants.CONFIG_ACCOUNTS] = kept
        return self._write_and_reload(path, data)

    def update_global_white_addrs_config(self, global_white_addrs_list: Optional[List[str]],
                                         file_name: Optional[str] = None) -> bool:
        """Java ``updateGlobalWhiteAddrsConfig``: replace the global white addresses of ``file_name`` (the
        default file when empty), which must be an existing ACL file under the RocketMQ home (or the default
        file)."""
        if not file_name:
            file_name = self.default_acl_file
        if global_white_addrs_list is None or file_name is None:
            log.error("Parameter value globalWhiteAddrsList is null,Please check your parameter")
            return False
        path = MixAll.deal_file_path(file_name)
        if not os.path.isfile(path):
            log.error("Parameter value %s is not exist or is a directory, please check your parameter", path)
            return False
        if path != self.default_acl_file and not (self.file_home and path.startswith(self.file_home)):
            log.error("Parameter value %s is not in the directory rocketmq.home.dir %s", path, self.file_home)
            return False
        if not path.endswith((".yml", ".yaml")):
            log.error("Parameter value %s is not a ACL configuration file", path)
            return False
        data = self._read_file_map(path)
        data[AclConstants.CONFIG_GLOBAL_WHITE_ADDRS] = list(global_white_addrs_list)
        return self._write_and_reload(path, data)

    def get_all_acl_config(self) -> AclConfig:
        """Java ``getAllAclConfig``: the global white addresses and the accounts of every file (an access key
        once)."""
        configs: List[PlainAccessConfig] = []
        white_addrs: List[str] = []
        seen = set()
        for path in self.file_list:
            data = self._read_file_map(path)
            addrs = data.get(AclConstants.CONFIG_GLOBAL_WHITE_ADDRS) or []
            white_addrs.extend(str(a) for a in (addrs if isinstance(addrs, list) else [addrs]) if a is not None)
            accounts = data.get(AclConstants.CONFIG_ACCOUNTS) or []
            for account in accounts if isinstance(accounts, list) else []:
                if isinstance(account, dict):
                    config = PlainPermissionManager.access_config_from_yaml(account)
                    if config.access_key not in seen:
                        seen.add(config.access_key)
                        configs.append(config)
        return AclConfig(global_white_addrs=white_addrs, plain_access_configs=configs)

    def get_acl_config_data_version(self) -> str:
        """Java ``getAclConfigDataVersion`` (deprecated in Java): the default file's version as JSON."""
        return self.data_version_map.get(self.default_acl_file or "", DataVersion()).to_json()
