"""Access control (Java module ``acl``, package ``org.apache.rocketmq.acl``).

Client side: :class:`rocketmq_acl.common.acl_client_rpc_hook.AclClientRPCHook` signs every request with a
:class:`rocketmq_acl.common.session_credentials.SessionCredentials`. Server side:
:class:`rocketmq_acl.plain.plain_access_validator.PlainAccessValidator` checks them against a ``plain_acl.yml``.
"""
