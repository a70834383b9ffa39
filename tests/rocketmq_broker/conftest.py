"""The broker test package: as a conftest without ``__init__.py`` this module puts ``tests/rocketmq_broker/`` on
``sys.path`` before the sub-directories are collected, so every broker test imports its helpers by module name
(``broker_support``, ``broker_process_support``)."""
