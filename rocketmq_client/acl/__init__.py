"""ACL for clients: re-exports of :class:`AclClientRPCHook` and :class:`SessionCredentials` (Java
``org.apache.rocketmq.acl.common``; their home is :mod:`rocketmq_acl.common`).

::

    producer = DefaultMQProducer("PG", AclClientRPCHook(SessionCredentials("myAccessKey", "mySecretKey")))
"""
from rocketmq_acl.common.acl_client_rpc_hook import AclClientRPCHook
from rocketmq_acl.common.session_credentials import SessionCredentials

__all__ = ["AclClientRPCHook", "SessionCredentials"]
