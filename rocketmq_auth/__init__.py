"""Java's ``auth`` module (``org.apache.rocketmq.auth``, 5.3.3): the users and ACLs of ACL 2.0, their models, the
metadata managers the broker's admin requests use and the local metadata providers that keep them.

What a 5.3.3 broker keeps in RocksDB (``<store>/config/users``, ``<store>/config/acls``) the local providers here
keep in JSON files (``<store>/config/users.json``, ``<store>/config/acls.json``). A broker without a configured
metadata provider (5.3.3's default) refuses every user and ACL request, as Java's does. Enforcing ACL 2.0 on
client requests (authentication and authorization) is not part of this package."""
