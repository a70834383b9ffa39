"""Shared model of the RocketMQ protocol (Java ``org.apache.rocketmq.common``)."""

import logging

# A library logs; the application decides where (Java: the client logs to its own files, never the console).
logging.getLogger(__name__).addHandler(logging.NullHandler())
