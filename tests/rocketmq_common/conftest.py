"""The rocketmq_common test package: as a conftest without ``__init__.py`` this module puts
``tests/rocketmq_common/`` on ``sys.path`` before the sub-directories are collected, so every test of the package
imports its helpers by module name (``common_support``)."""
