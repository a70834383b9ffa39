"""The remote address strategies (RemoteAddressStrategyFactory): the patterns Java accepts and refuses, and
expand_ip."""
from __future__ import annotations

import pytest

from rocketmq_acl.common.acl_exception import AclException
from rocketmq_acl.common.acl_utils import AclUtils
from rocketmq_acl.plain.plain_access_resource import PlainAccessResource
from rocketmq_acl.plain.remote_address_strategy_factory import RemoteAddressStrategyFactory


def _matches(pattern: str, address: str) -> bool:
    strategy = RemoteAddressStrategyFactory().get_remote_address_strategy(pattern)
    return strategy.match(PlainAccessResource(white_remote_address=address))


@pytest.mark.parametrize("pattern, yes, no", [
    ("", [], ["127.0.0.1"]),
    ("*", ["1.2.3.4", "::1"], []),
    ("192.168.0.1", ["192.168.0.1"], ["192.168.0.2"]),
    ("192.168.0.1,192.168.0.3", ["192.168.0.3"], ["192.168.0.2"]),
    ("192.168.0.{1,2}", ["192.168.0.2"], ["192.168.0.3"]),
    ("192.168.*.*", ["192.168.200.9"], ["192.169.0.1"]),
    ("192.168.1-10.*", ["192.168.10.1"], ["192.168.11.1"]),
    ("192.168.0.1-20", ["192.168.0.20"], ["192.168.0.21"]),
    ("::1", ["0:0:0:0:0:0:0:1"], ["::2"]),
    ("1:2:3:4:5:6:7:1-ff", ["1:2:3:4:5:6:7:fe"], ["1:2:3:4:5:6:7:100"]),
    ("1:2:3:4:5:6:7:*", ["1:2:3:4:5:6:7:abcd"], ["1:2:3:4:5:6:8:1"]),
    ("1:2::{a,b}", ["1:2::b"], ["1:2::c"]),
])
def test_remote_address_strategies(pattern, yes, no) -> None:
    assert all(_matches(pattern, address) for address in yes)
    assert not any(_matches(pattern, address) for address in no)


@pytest.mark.parametrize("pattern", ["192.168.0", "300.1.1.1", "192.168.0.-1", "192.168.0.20-1", "1.2.3.{4,x}"])
def test_bad_address_patterns(pattern) -> None:
    with pytest.raises(AclException):
        RemoteAddressStrategyFactory().get_remote_address_strategy(pattern)


def test_expand_ip() -> None:
    assert AclUtils.expand_ip("::1", 8) == "0000:0000:0000:0000:0000:0000:0000:0001"
    assert AclUtils.expand_ip("fe80::a:B", 8) == "FE80:0000:0000:0000:0000:0000:000A:000B"
