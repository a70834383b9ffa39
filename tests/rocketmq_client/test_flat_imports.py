"""The public client API imports from ``rocketmq_client`` (the mirrored Java paths stay), with no import cycle
whichever module a program imports first."""
from __future__ import annotations

import importlib
import pathlib
import subprocess
import sys
import textwrap

import pytest

import rocketmq_client

ROOT = pathlib.Path(__file__).resolve().parents[2]

#: the names the issue lists, beside the rest of ``__all__``
REQUIRED = ["DefaultMQProducer", "TransactionMQProducer", "DefaultMQPushConsumer", "DefaultMQPullConsumer",
            "DefaultLitePullConsumer", "MessageListenerConcurrently", "MessageListenerOrderly",
            "ConsumeConcurrentlyStatus", "ConsumeOrderlyStatus", "Message", "MessageExt", "MessageQueue", "SendResult",
            "SendStatus", "SendCallback", "MessageSelector", "ConsumeFromWhere", "MessageModel",
            "LocalTransactionState", "TransactionListener", "MessageQueueSelector", "SelectMessageQueueByHash",
            "SelectMessageQueueByRandom", "SelectMessageQueueByMachineRoom", "AllocateMessageQueueAveragely",
            "AllocateMessageQueueAveragelyByCircle", "AllocateMessageQueueByConfig",
            "AllocateMessageQueueByMachineRoom", "AllocateMachineRoomNearby", "AllocateMessageQueueConsistentHash",
            "AclClientRPCHook", "SessionCredentials", "RemotingHelper", "MQClientException", "MQBrokerException",
            "RequestTimeoutException", "RemotingException", "IllegalStateException", "AclException", "MQException"]


def test_all_lists_every_required_name_and_each_is_the_deep_class() -> None:
    assert set(REQUIRED) <= set(rocketmq_client.__all__)
    assert len(set(rocketmq_client.__all__)) == len(rocketmq_client.__all__)
    for name in rocketmq_client.__all__:
        value = getattr(rocketmq_client, name)
        deep = importlib.import_module(value.__module__)
        assert getattr(deep, name) is value, name


@pytest.mark.timeout(150)
def test_a_fresh_interpreter_imports_the_package_and_each_name_whatever_is_imported_first() -> None:
    """One subprocess: for the package and for each module defining a listed name, forget every rocketmq module,
    import that one first, then every name of ``rocketmq_client.__all__``."""
    modules = sorted({getattr(rocketmq_client, name).__module__ for name in rocketmq_client.__all__})
    script = textwrap.dedent('''
        import importlib, sys
        firsts = ["rocketmq_client"] + %r
        for first in firsts:
            for loaded in [m for m in sys.modules if m.split(".")[0].startswith("rocketmq_")]:
                del sys.modules[loaded]
            importlib.import_module(first)
            package = importlib.import_module("rocketmq_client")
            missing = [name for name in package.__all__ if not hasattr(package, name)]
            assert not missing, (first, missing)
            namespace = {}
            exec("from rocketmq_client import *", namespace)
            assert set(package.__all__) <= set(namespace), first
        print("OK", len(firsts))
    ''' % (modules,))
    completed = subprocess.run([sys.executable, "-c", script], cwd=str(ROOT), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, universal_newlines=True, timeout=140)
    assert completed.returncode == 0, completed.stderr[-3000:]
    assert completed.stdout.strip() == "OK %d" % (len(modules) + 1)
