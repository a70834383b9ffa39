"""Java ``org.apache.rocketmq.acl.plain``: the ``plain_acl.yml`` validator the broker runs."""
