"""The NameServer test package: as a conftest without ``__init__.py`` this module puts ``tests/rocketmq_namesrv/``
on ``sys.path`` before the sub-directories are collected, so every NameServer test imports its helpers by module
name (``namesrv_support``)."""
