"""TopicQueueMappingUtils: Java 5.3.3's TopicQueueMappingUtilsTest, plus the lookups the broker uses."""
from __future__ import annotations

import os
import random
import time

import pytest

from rocketmq_common.protocol.statictopic.logic_queue_mapping_item import LogicQueueMappingItem
from rocketmq_common.protocol.statictopic.topic_config_and_queue_mapping import TopicConfigAndQueueMapping
from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
from rocketmq_common.protocol.statictopic.topic_queue_mapping_utils import TopicQueueMappingUtils as Utils
from rocketmq_common.protocol.statictopic.topic_remapping_detail_wrapper import TopicRemappingDetailWrapper
from rocketmq_common.topic_config import TopicConfig


def target_brokers(num, suffix=""):
    return {"broker%s%d" % (suffix, i) for i in range(num)}


def broker_num_map(num, queues=0, one_more=False):
    result = {"broker%d" % i: queues for i in range(num)}
    if one_more:
        result["broker%d" % random.randrange(num)] = queues + 1
    return result


def check_id_to_broker(id_to_broker, num_map):
    counted = {}
    for i in range(len(id_to_broker)):
        counted[id_to_broker[i]] = counted.get(id_to_broker[i], 0) + 1
    assert counted == num_map


def check_all(topic, broker_config_map):
    Utils.check_name_epoch_num_consistence(topic, broker_config_map)
    Utils.check_physical_queue_consistence(broker_config_map)
    global_id_map = Utils.check_and_build_mapping_items(
        Utils.get_mapping_detail_from_config(broker_config_map.values()), False, True)
    Utils.check_if_reuse_physical_queue(global_id_map.values())
    return global_id_map


def test_allocator():
    for _ in range(10):
        num = 3
        allocator = Utils.build_mapping_allocator({}, broker_num_map(num), None)
        allocator.up_to_num(num * 2)
        assert set(allocator.get_broker_num_map().values()) == {2}
        assert len(allocator.get_id_to_broker()) == num * 2
        check_id_to_broker(allocator.get_id_to_broker(), allocator.get_broker_num_map())
        allocator.up_to_num(num * 3 - 1)
        assert all(2 <= v <= 3 for v in allocator.get_broker_num_map().values())
        assert len(allocator.get_id_to_broker()) == num * 3 - 1
        check_id_to_broker(allocator.get_id_to_broker(), allocator.get_broker_num_map())


def test_remapping_allocator():
    for i in range(10):
        num = (i + 2) * 2
        before = broker_num_map(num, num, one_more=True)
        allocator = Utils.build_mapping_allocator({}, broker_num_map(num), before)
        allocator.up_to_num(num * num + 1)
        assert allocator.get_broker_num_map() == before


def test_target_brokers_complete():
    detail = TopicQueueMappingDetail("static", 0, "broker2", 0)
    detail.hosted_queues[1] = []
    config_map = {"broker2": TopicConfigAndQueueMapping(TopicConfig("static", 0, 0), detail)}
    with pytest.raises(RuntimeError, match="does not in target brokers"):
        Utils.check_target_brokers_complete({"broker1"}, config_map)


def test_create_static_topic():
    topic = "static"
    config_map = {}
    for i in range(1, 10):
        targets = target_brokers(2 * i)
        non_targets = target_brokers(2 * i, "test")
        queue_num = 10 * i
        wrapper = Utils.create_topic_config_mapping(topic, queue_num, targets, config_map)
        assert wrapper.broker_config_map == config_map and len(config_map) == 2 * i
        assert wrapper.type == TopicRemappingDetailWrapper.TYPE_CREATE_OR_UPDATE
        assert Utils.check_name_epoch_num_consistence(topic, config_map)[1] == queue_num
        check_all(topic, config_map)
        for config in config_map.values():
            assert config.mapping_detail.bname not in non_targets
            assert config.read_queue_nums == config.write_queue_nums == 5
            assert config.mapping_detail.epoch > time.time() * 1000
            for items in config.mapping_detail.hosted_queues.values():
                for item in items:
                    assert item.start_offset == 0 and item.logic_offset == 0
                    assert item.queue_id < config_map[item.bname].write_queue_nums
    with pytest.raises(RuntimeError, match="equal the existed queue num"):
        Utils.create_topic_config_mapping(topic, 90, target_brokers(18), config_map)
    with pytest.raises(RuntimeError, match="Cannot decrease the queue num"):
        Utils.create_topic_config_mapping(topic, 10, target_brokers(18), config_map)


def test_remapping_static_topic():
    topic = "static"
    config_map = {}
    wrapper = Utils.create_topic_config_mapping(topic, 7, target_brokers(2), config_map)
    assert wrapper.broker_config_map == config_map and len(config_map) == 2
    check_all(topic, config_map)
    for i in range(10):
        targets = target_brokers(2, "test%d" % i)
        wrapper = Utils.remapping_static_topic(topic, config_map, targets)
        assert wrapper.type == TopicRemappingDetailWrapper.TYPE_REMAPPING
        assert wrapper.broker_to_map_in == targets
        global_id_map = check_all(topic, config_map)
        Utils.check_leader_in_target_brokers(global_id_map.values(), targets)
        assert len(config_map) == (i + 2) * 2
        # complete the logic offsets, as the brokers do
        for config in config_map.values():
            if config.mapping_detail.bname not in targets:
                continue
            for items in config.mapping_detail.hosted_queues.values():
                assert len(items) == i + 2
                items[-1].logic_offset = i + 1


def test_remapping_static_topic_stability():
    topic = "static"
    config_map = {}
    original = target_brokers(2)
    Utils.create_topic_config_mapping(topic, 7, original, config_map)
    for _ in range(10):
        wrapper = Utils.remapping_static_topic(topic, config_map, original)
        assert wrapper.broker_config_map == config_map and len(config_map) == 2
        assert not wrapper.broker_to_map_in and not wrapper.broker_to_map_out


def test_remapping_4_queues_from_one_broker_to_two():
    config_map = {}
    Utils.create_topic_config_mapping("st", 4, {"broker-a"}, config_map)
    wrapper = Utils.remapping_static_topic("st", config_map, {"broker-a", "broker-b"})
    assert wrapper.broker_to_map_in == {"broker-b"} and wrapper.broker_to_map_out == {"broker-a"}
    b = config_map["broker-b"]
    assert b.write_queue_nums == b.read_queue_nums == 2
    moved = sorted(b.mapping_detail.hosted_queues)
    assert len(moved) == 2
    for global_id in moved:
        items = b.mapping_detail.hosted_queues[global_id]
        assert items is config_map["broker-a"].mapping_detail.hosted_queues[global_id]  # the same list
        assert [(x.gen, x.bname, x.logic_offset) for x in items] == [(0, "broker-a", 0), (1, "broker-b", -1)]
    assert TopicQueueMappingDetail.build_id_map(b.mapping_detail, 0) == {moved[0]: 0, moved[1]: 1}


def test_utils_check():
    topic = "static"
    config_map = {}
    targets = target_brokers(2)
    Utils.create_topic_config_mapping(topic, 10, targets, config_map)
    config = next(iter(config_map.values()))
    items = next(iter(config.mapping_detail.hosted_queues.values()))
    max_epoch = Utils.check_name_epoch_num_consistence(topic, config_map)[0]
    details = lambda: Utils.get_mapping_detail_from_config(config_map.values())  # noqa: E731
    broken = [
        (lambda: setattr(config.mapping_detail, "topic", "xxxx"),
         lambda: Utils.check_name_epoch_num_consistence(topic, config_map),
         lambda: setattr(config.mapping_detail, "topic", topic)),
        (lambda: setattr(config.mapping_detail, "total_queues", 1),
         lambda: Utils.check_name_epoch_num_consistence(topic, config_map),
         lambda: setattr(config.mapping_detail, "total_queues", 10)),
        (lambda: setattr(config.mapping_detail, "epoch", 0),
         lambda: Utils.check_name_epoch_num_consistence(topic, config_map),
         lambda: setattr(config.mapping_detail, "epoch", max_epoch)),
        (lambda: config.mapping_detail.hosted_queues.__setitem__(
            10000, [LogicQueueMappingItem(1, 1, config.mapping_detail.bname, 0, 0, -1, -1, -1)]),
         lambda: Utils.check_and_build_mapping_items(details(), False, True),
         lambda: config.mapping_detail.hosted_queues.pop(10000)),
        (lambda: setattr(config, "write_queue_nums", 1),
         lambda: Utils.check_physical_queue_consistence(config_map),
         lambda: setattr(config, "write_queue_nums", 5)),
        (lambda: items.append(LogicQueueMappingItem(1, 1, config.mapping_detail.bname, 0, 0, -1, -1, -1)),
         lambda: Utils.check_if_reuse_physical_queue(Utils.check_and_build_mapping_items(details(), False,
                                                                                          True).values()),
         lambda: items.pop()),
    ]
    for breaking, check, repair in broken:
        breaking()
        with pytest.raises(RuntimeError):
            check()
        repair()
        check()


def test_item_list_checks():
    ok = [LogicQueueMappingItem(0, 0, "a", 0, 0, 10), LogicQueueMappingItem(1, 0, "b", 20, 0, -1)]
    Utils.check_logic_queue_mapping_item_offset(ok)
    with pytest.raises(RuntimeError, match="gen does not increase"):
        Utils.check_logic_queue_mapping_item_offset([ok[1], ok[0]])
    with pytest.raises(RuntimeError, match="non-latest item has negative logic offset"):
        Utils.check_logic_queue_mapping_item_offset([LogicQueueMappingItem(0, 0, "a", -1), ok[1]])
    with pytest.raises(RuntimeError, match="max logic offset"):
        Utils.check_logic_queue_mapping_item_offset([LogicQueueMappingItem(0, 0, "a", 0, 0, 30), ok[1]])
    pending = LogicQueueMappingItem(2, 1, "c", -1, 0, -1)
    Utils.make_sure_logic_queue_mapping_item_immutable(ok, ok + [pending], False, False)
    with pytest.raises(RuntimeError, match="new leader is different"):
        Utils.make_sure_logic_queue_mapping_item_immutable(ok, ok + [pending], True, False)
    with pytest.raises(RuntimeError, match="null or empty"):
        Utils.make_sure_logic_queue_mapping_item_immutable(ok, [], True, False)


def test_lookups():
    items = [LogicQueueMappingItem(0, 0, "a", 0, 0, 100), LogicQueueMappingItem(1, 0, "b", 100, 0, 50),
             LogicQueueMappingItem(2, 0, "c", -1, 0, -1)]
    assert Utils.find_logic_queue_mapping_item(items, 120, True) is items[1]
    assert Utils.find_logic_queue_mapping_item(items, 120, False) is items[2]  # -1 <= anything
    assert Utils.find_logic_queue_mapping_item(items, 5, True) is items[0]
    assert Utils.find_logic_queue_mapping_item(items, -5, True) is items[0]  # out of range: the first
    assert Utils.find_logic_queue_mapping_item([], 0, True) is None
    assert Utils.find_next(items, items[0], True) is items[1]
    assert Utils.find_next(items, items[1], True) is None  # the next has no logic offset yet
    assert Utils.find_next(items, items[1], False) is items[2]
    assert Utils.find_next(items, items[2], False) is None
    assert Utils.get_leader_item(items) is items[2] and Utils.get_leader_broker(items) == "c"
    assert Utils.check_if_leader(items, TopicQueueMappingDetail("t", 1, "c", 0))
    assert not Utils.check_if_leader(items, TopicQueueMappingDetail("t", 1, "a", 0))
    assert not Utils.check_if_leader([], TopicQueueMappingDetail("t", 1, "a", 0))
    assert Utils.get_mock_broker_name("__global__") == "__syslo__global__"
    assert Utils.get_mock_broker_name("s1") == "__syslo__s1"
    assert Utils.block_seq_round_up(0, 10000) == 10000
    assert Utils.block_seq_round_up(4999, 10000) == 10000
    assert Utils.block_seq_round_up(5000, 10000) == 20000
    assert Utils.find_max_epoch_and_queue_num([TopicQueueMappingDetail("t", 3, "a", 5),
                                               TopicQueueMappingDetail("t", 4, "b", 2)]) == (5, 4)
    with pytest.raises(RuntimeError, match="non-target broker exist"):
        Utils.check_non_target_brokers({"a"}, {"a", "b"})


def test_write_to_temp(tmp_path, monkeypatch):
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    wrapper = TopicRemappingDetailWrapper("st", TopicRemappingDetailWrapper.TYPE_CREATE_OR_UPDATE, 42)
    before = Utils.write_to_temp(wrapper, False)
    after = Utils.write_to_temp(wrapper, True)
    assert before == os.path.join(str(tmp_path), "st-42.before") and after.endswith("st-42.after")
    assert TopicRemappingDetailWrapper.from_json(open(before).read()).epoch == 42
