"""The remoting test package: as a conftest without ``__init__.py`` this module puts ``tests/rocketmq_remoting/``
on ``sys.path`` before the sub-directories are collected, so every remoting test imports its helpers by module name
(``remoting_support``); the peer script ``hostile_peer_server.py`` lives beside it."""
