"""The flag words MessageSysFlag, PullSysFlag, TopicSysFlag and SubscriptionSysFlag (PROTOCOL.md §5.4)."""
from __future__ import annotations

import pytest

from rocketmq_common.compression.compression_type import CompressionType
from rocketmq_common.sysflag.message_sys_flag import MessageSysFlag
from rocketmq_common.sysflag.pull_sys_flag import PullSysFlag
from rocketmq_common.sysflag.subscription_sys_flag import SubscriptionSysFlag
from rocketmq_common.sysflag.topic_sys_flag import TopicSysFlag


def test_message_sys_flag() -> None:
    assert (MessageSysFlag.COMPRESSED_FLAG, MessageSysFlag.MULTI_TAGS_FLAG, MessageSysFlag.TRANSACTION_PREPARED_TYPE,
            MessageSysFlag.TRANSACTION_COMMIT_TYPE, MessageSysFlag.TRANSACTION_ROLLBACK_TYPE,
            MessageSysFlag.BORNHOST_V6_FLAG, MessageSysFlag.STOREHOSTADDRESS_V6_FLAG, MessageSysFlag.NEED_UNWRAP_FLAG,
            MessageSysFlag.INNER_BATCH_FLAG, MessageSysFlag.COMPRESSION_LZ4_TYPE, MessageSysFlag.COMPRESSION_ZSTD_TYPE,
            MessageSysFlag.COMPRESSION_ZLIB_TYPE, MessageSysFlag.COMPRESSION_TYPE_COMPARATOR) == (
        1, 2, 4, 8, 12, 16, 32, 64, 128, 0x100, 0x200, 0x300, 0x700)
    assert MessageSysFlag.get_transaction_value(0x30D) == 12
    assert MessageSysFlag.reset_transaction_value(0x30D, MessageSysFlag.TRANSACTION_COMMIT_TYPE) == 0x309
    assert MessageSysFlag.clear_compressed_flag(769) == 768
    assert MessageSysFlag.check(0x201, MessageSysFlag.COMPRESSED_FLAG) and not MessageSysFlag.check(0x200, 0x1)
    assert MessageSysFlag.get_compression_type(0x301 & ~0x1) is CompressionType.ZLIB  # the type survives clearing
    assert MessageSysFlag.get_compression_type(769) is CompressionType.ZLIB
    assert MessageSysFlag.get_compression_type(1) is CompressionType.ZLIB
    assert MessageSysFlag.get_compression_type(0x101) is CompressionType.LZ4
    assert MessageSysFlag.get_compression_type(0x201) is CompressionType.ZSTD
    with pytest.raises(ValueError, match="Unknown compress type value: 4"):
        MessageSysFlag.get_compression_type(0x401)


def test_pull_sys_flag() -> None:
    assert PullSysFlag.build_sys_flag(False, True, False, False) == 2
    assert PullSysFlag.build_sys_flag(True, True, False, False) == 3
    assert PullSysFlag.build_sys_flag(False, False, True, False) == 4
    assert PullSysFlag.build_sys_flag(True, True, True, True, True) == 0x1F
    flag = PullSysFlag.build_sys_flag(True, True, True, True, True)
    assert all((PullSysFlag.has_commit_offset_flag(flag), PullSysFlag.has_suspend_flag(flag),
                PullSysFlag.has_subscription_flag(flag), PullSysFlag.has_class_filter_flag(flag),
                PullSysFlag.has_lite_pull_flag(flag)))
    cleared = PullSysFlag.clear_commit_offset_flag(flag)
    assert cleared == 0x1E and not PullSysFlag.has_commit_offset_flag(cleared)
    assert not any((PullSysFlag.has_suspend_flag(0), PullSysFlag.has_lite_pull_flag(0xF)))


def test_topic_and_subscription_sys_flag() -> None:
    assert TopicSysFlag.build_sys_flag(True, True) == 3 and TopicSysFlag.build_sys_flag(False, False) == 0
    assert TopicSysFlag.set_unit_flag(0) == 1 and TopicSysFlag.clear_unit_flag(3) == 2
    assert TopicSysFlag.set_unit_sub_flag(0) == 2 and TopicSysFlag.clear_unit_sub_flag(3) == 1
    assert TopicSysFlag.has_unit_flag(1) and not TopicSysFlag.has_unit_flag(2)
    assert TopicSysFlag.has_unit_sub_flag(2) and not TopicSysFlag.has_unit_sub_flag(1)
    assert SubscriptionSysFlag.build_sys_flag(True) == 1 and SubscriptionSysFlag.build_sys_flag(False) == 0
    assert SubscriptionSysFlag.set_unit_flag(2) == 3 and SubscriptionSysFlag.clear_unit_flag(3) == 2
    assert SubscriptionSysFlag.has_unit_flag(1) and not SubscriptionSysFlag.has_unit_flag(2)
