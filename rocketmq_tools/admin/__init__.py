"""Java ``org.apache.rocketmq.tools.admin``: the admin facade (DefaultMQAdminExt) the mqadmin commands use."""
