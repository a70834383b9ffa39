"""Flag words (MessageSysFlag, PullSysFlag, TopicSysFlag, SubscriptionSysFlag), PermName, compression types,
MQVersion names (PROTOCOL.md §5.4, §9) and FAQUrl."""
from __future__ import annotations

import pytest

from rocketmq_common.compression.compression_type import CompressionType
from rocketmq_common.compression.compressor import UnsupportedCompressionException, ZlibCompressor
from rocketmq_common.compression.compressor_factory import CompressorFactory
from rocketmq_common.constant.perm_name import PermName
from rocketmq_common.help.faq_url import FAQUrl
from rocketmq_common.mq_version import MQVersion
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
    assert MessageSysFlag.get_compression_type(769) is CompressionType.ZLIB
    assert MessageSysFlag.get_compression_type(1) is CompressionType.ZLIB
    assert MessageSysFlag.get_compression_type(0x101) is CompressionType.LZ4
    assert MessageSysFlag.get_compression_type(0x201) is CompressionType.ZSTD
    with pytest.raises(ValueError, match="Unknown compress type value: 4"):
        MessageSysFlag.get_compression_type(0x401)


def test_compression_types_and_compressors() -> None:
    assert [(t.name, t.get_value(), t.get_compression_flag()) for t in CompressionType] == [
        ("LZ4", 1, 0x100), ("ZSTD", 2, 0x200), ("ZLIB", 3, 0x300)]
    assert CompressionType.of(" zlib ") is CompressionType.ZLIB
    with pytest.raises(ValueError, match="Unsupported compress type name: GZIP"):
        CompressionType.of("GZIP")
    zlib_compressor = CompressorFactory.get_compressor(CompressionType.ZLIB)
    assert isinstance(zlib_compressor, ZlibCompressor)
    assert zlib_compressor.decompress(zlib_compressor.compress(b"abc" * 100, 5)) == b"abc" * 100
    with pytest.raises(IOError):
        zlib_compressor.decompress(b"not zlib")
    for unsupported in (CompressionType.LZ4, CompressionType.ZSTD):
        with pytest.raises(UnsupportedCompressionException, match="%s compression is not supported" % unsupported.name):
            CompressorFactory.get_compressor(unsupported).decompress(b"x")
        with pytest.raises(UnsupportedCompressionException):
            CompressorFactory.get_compressor(unsupported).compress(b"x", 5)


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


@pytest.mark.parametrize("perm, text, readable, writeable, inherited", [
    (6, "RW-", True, True, False), (7, "RWX", True, True, True), (4, "R--", True, False, False),
    (2, "-W-", False, True, False), (0, "---", False, False, False), (8, "---", False, False, False),
])
def test_perm_name(perm: int, text: str, readable: bool, writeable: bool, inherited: bool) -> None:
    assert PermName.perm2string(perm) == text
    assert (PermName.is_readable(perm), PermName.is_writeable(perm), PermName.is_inherited(perm)) == (
        readable, writeable, inherited)


def test_mq_version_names() -> None:
    assert MQVersion.CURRENT_VERSION == 407
    assert MQVersion.get_version_desc(407) == "V4_9_7"
    assert MQVersion.get_version_desc(409) == "V4_9_8"
    assert [MQVersion.get_version_desc(393 + 2 * i) for i in range(9)] == ["V4_9_%d" % i for i in range(9)]
    assert MQVersion.get_version_desc(413) == "V5_0_0" and MQVersion.get_version_desc(412) == "V5_0_0_SNAPSHOT"
    assert MQVersion.get_version_desc(0) == "V3_0_0_SNAPSHOT"
    assert MQVersion.get_version_desc(15) == "V3_0_0_FINAL"
    assert MQVersion.get_version_desc(121) == "V3_4_9"
    # the irregular parts of the Java enum (ordinals read from MQVersion.java of 4.9.7)
    for name, ordinal in (("V3_0_1_SNAPSHOT", 16), ("V3_0_15", 45), ("V3_1_0", 47), ("V3_2_9", 85),
                          ("V3_3_1_SNAPSHOT", 86), ("V3_9_9", 211), ("V4_0_0", 213), ("V5_9_9", 611)):
        assert MQVersion.get_version_desc(ordinal) == name
    assert MQVersion.get_version_desc(401) == "V4_9_4"
    assert MQVersion.get_version_desc(len(MQVersion.VERSION_NAMES) - 1) == "HIGHER_VERSION"
    assert MQVersion.get_version_desc(100000) == "HIGHER_VERSION" == MQVersion.value2version(100000)
    assert len(MQVersion.VERSION_NAMES) == 613 and len(set(MQVersion.VERSION_NAMES)) == 613
    assert MQVersion.version_ordinal("V4_9_7") == 407
    with pytest.raises(ValueError):
        MQVersion.version_ordinal("V9_9_9")


def test_faq_url() -> None:
    assert FAQUrl.suggest_todo(FAQUrl.NO_TOPIC_ROUTE_INFO) == \
        "\nSee http://rocketmq.apache.org/docs/faq/ for further details."
    assert FAQUrl.attach_default_url("boom") == \
        "boom\nFor more information, please visit the url, http://rocketmq.apache.org/docs/faq/"
    tipped = "x" + FAQUrl.suggest_todo(FAQUrl.SEND_MSG_FAILED)
    assert FAQUrl.attach_default_url(tipped) == tipped
    assert FAQUrl.attach_default_url(None) is None
