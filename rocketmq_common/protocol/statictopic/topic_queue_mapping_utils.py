"""Java 5.3.3 ``org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingUtils``.

Java throws ``RuntimeException`` for an inconsistent mapping; here it is :class:`RuntimeError` with Java's
message. Maps Java iterates as ``HashMap`` (broker names) are walked in Java's iteration order
(:func:`~rocketmq_common.java_hash_map.java_hash_map_order`), logical queue ids in ascending order (a Java
``HashMap`` of small Integer keys), so that a plan comes out as Java's tools make it.
"""
from __future__ import annotations

import os
import random
import tempfile
import time
from collections import deque
from typing import Collection, Dict, List, Optional, Set, Tuple

from rocketmq_common.java_hash_map import java_hash_map_order
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.statictopic.logic_queue_mapping_item import LogicQueueMappingItem
from rocketmq_common.protocol.statictopic.topic_config_and_queue_mapping import TopicConfigAndQueueMapping
from rocketmq_common.protocol.statictopic.topic_queue_mapping_detail import TopicQueueMappingDetail
from rocketmq_common.protocol.statictopic.topic_queue_mapping_one import TopicQueueMappingOne
from rocketmq_common.protocol.statictopic.topic_remapping_detail_wrapper import TopicRemappingDetailWrapper
from rocketmq_common.topic_config import TopicConfig

__all__ = ["TopicQueueMappingUtils"]


def _now_millis() -> int:
    return int(time.time() * 1000)


class TopicQueueMappingUtils:
    """Checks and plans of static-topic mappings (used by the admin tools and the broker)."""

    DEFAULT_BLOCK_SEQ_SIZE = 10000

    class MappingAllocator:
        """Java ``MappingAllocator``: hands out logical queue ids to the brokers with the fewest queues (ties
        broken at random, or, for a remapping, towards the brokers that had fewer queues before)."""

        def __init__(self, id_to_broker: Dict[int, str], broker_num_map: Dict[str, int],
                     broker_num_map_before_remapping: Optional[Dict[str, int]]) -> None:
            self.id_to_broker: Dict[int, str] = dict(id_to_broker)
            self.broker_num_map: Dict[str, int] = dict(broker_num_map)
            self.broker_num_map_before_remapping = broker_num_map_before_remapping
            self.current_index = 0
            self.least_brokers: List[str] = []

        def _fresh_state(self) -> None:
            min_num = None
            in_java_order: Dict[str, int] = java_hash_map_order(self.broker_num_map)  # type: ignore
            for broker, num in in_java_order.items():
                if min_num is None or num < min_num:
                    self.least_brokers = [broker]
                    min_num = num
                elif num == min_num:
                    self.least_brokers.append(broker)
            before = self.broker_num_map_before_remapping
            if before:
                # reduce the remapping
                self.least_brokers.sort(key=lambda b: before.get(b, 0))
            else:
                # reduce the imbalance
                random.shuffle(self.least_brokers)
            self.current_index = len(self.least_brokers) - 1

        def _next_broker(self) -> str:
            if not self.least_brokers:
                self._fresh_state()
            return self.least_brokers.pop(self.current_index % len(self.least_brokers))

        def get_broker_num_map(self) -> Dict[str, int]:
            """Java ``getBrokerNumMap``: queues per broker, as allocated so far."""
            return self.broker_num_map

        def up_to_num(self, max_queue_num: int) -> None:
            """Java ``upToNum``: allocate the ids from the current count up to ``max_queue_num``."""
            for i in range(len(self.id_to_broker), max_queue_num):
                next_broker = self._next_broker()
                self.broker_num_map[next_broker] = self.broker_num_map.get(next_broker, 0) + 1
                self.id_to_broker[i] = next_broker

        def get_id_to_broker(self) -> Dict[int, str]:
            """Java ``getIdToBroker``: logical queue id -> broker."""
            return self.id_to_broker

    @staticmethod
    def build_mapping_allocator(id_to_broker: Dict[int, str], broker_num_map: Dict[str, int],
                                broker_num_map_before_remapping: Optional[Dict[str, int]]
                                ) -> "TopicQueueMappingUtils.MappingAllocator":
        """Java ``buildMappingAllocator``."""
        return TopicQueueMappingUtils.MappingAllocator(id_to_broker, broker_num_map, broker_num_map_before_remapping)

    @staticmethod
    def find_max_epoch_and_queue_num(mapping_detail_list: List[TopicQueueMappingDetail]) -> Tuple[int, int]:
        """Java ``findMaxEpochAndQueueNum``: (max epoch or -1, max total queues or 0)."""
        epoch, queue_num = -1, 0
        for mapping_detail in mapping_detail_list:
            epoch = max(epoch, mapping_detail.epoch)
            queue_num = max(queue_num, mapping_detail.total_queues)
        return epoch, queue_num

    @staticmethod
    def get_mapping_detail_from_config(configs: Collection[TopicConfigAndQueueMapping]
                                       ) -> List[TopicQueueMappingDetail]:
        """Java ``getMappingDetailFromConfig``: the non-null mapping details."""
        return [c.mapping_detail for c in configs if c.mapping_detail is not None]

    @staticmethod
    def check_name_epoch_num_consistence(topic: Optional[str],
                                         broker_config_map: Optional[Dict[str, TopicConfigAndQueueMapping]]
                                         ) -> Optional[Tuple[int, int]]:
        """Java ``checkNameEpochNumConsistence``: every broker's mapping names the broker and the topic, is not
        dirty, and has the same scope, epoch and queue count; returns (epoch, queue count), None for no broker."""
        if not broker_config_map:
            return None
        max_epoch, max_num, scope = -1, -1, None
        for broker, config_mapping in broker_config_map.items():
            mapping_detail = config_mapping.mapping_detail
            if mapping_detail is None:
                raise RuntimeError("Mapping info should not be null in broker " + broker)
            if broker != mapping_detail.bname:
                raise RuntimeError("The broker name is not equal %s != %s " % (broker, mapping_detail.bname))
            if mapping_detail.dirty:
                raise RuntimeError("The mapping info is dirty in broker  " + broker)
            if config_mapping.topic_name != mapping_detail.topic:
                raise RuntimeError("The topic name is inconsistent in broker  " + broker)
            if topic is not None and topic != mapping_detail.topic:
                raise RuntimeError("The topic name is not match for broker  " + broker)
            if scope is not None and scope != mapping_detail.scope:
                raise RuntimeError("scope does not match %s != %s in %s" % (mapping_detail.scope, scope, broker))
            scope = mapping_detail.scope
            if max_epoch != -1 and max_epoch != mapping_detail.epoch:
                raise RuntimeError("epoch does not match %d != %d in %s" % (max_epoch, mapping_detail.epoch,
                                                                           mapping_detail.bname))
            max_epoch = mapping_detail.epoch
            if max_num != -1 and max_num != mapping_detail.total_queues:
                raise RuntimeError("total queue number does not match %d != %d in %s" % (
                    max_num, mapping_detail.total_queues, mapping_detail.bname))
            max_num = mapping_detail.total_queues
        return max_epoch, max_num

    @staticmethod
    def get_mock_broker_name(scope: str) -> str:
        """Java ``getMockBrokerName``: ``__syslo__global__`` for the global scope, ``__syslo__<scope>`` else."""
        assert scope is not None
        if scope == MixAll.METADATA_SCOPE_GLOBAL:
            return MixAll.LOGICAL_QUEUE_MOCK_BROKER_PREFIX + scope[2:]
        return MixAll.LOGICAL_QUEUE_MOCK_BROKER_PREFIX + scope

    @staticmethod
    def make_sure_logic_queue_mapping_item_immutable(old_items: Optional[List[LogicQueueMappingItem]],
                                                     new_items: Optional[List[LogicQueueMappingItem]],
                                                     epoch_equal: bool, is_clean: bool) -> None:
        """Java ``makeSureLogicQueueMappingItemImmutable``: an update keeps the items both lists have; with an
        equal epoch the leader is the same."""
        if not old_items:
            return
        if not new_items:
            raise RuntimeError("The new item list is null or empty")
        iold = inew = 0
        while iold < len(old_items) and inew < len(new_items):
            new_item, old_item = new_items[inew], old_items[iold]
            if new_item.gen < old_item.gen:
                # the earliest item may have been deleted concurrently
                inew += 1
            elif old_item.gen < new_item.gen:
                # mapped back to a broker that held the queue before, or the earliest item was cleaned
                iold += 1
            else:
                assert old_item.bname == new_item.bname
                assert old_item.queue_id == new_item.queue_id
                assert old_item.start_offset == new_item.start_offset
                if old_item.logic_offset != -1:
                    assert old_item.logic_offset == new_item.logic_offset
                iold += 1
                inew += 1
        if epoch_equal:
            old_leader, new_leader = old_items[-1], new_items[-1]
            if (new_leader.gen != old_leader.gen or new_leader.bname != old_leader.bname
                    or new_leader.queue_id != old_leader.queue_id
                    or new_leader.start_offset != old_leader.start_offset):
                raise RuntimeError("The new leader is different but epoch equal")

    @staticmethod
    def check_logic_queue_mapping_item_offset(items: Optional[List[LogicQueueMappingItem]]) -> None:
        """Java ``checkLogicQueueMappingItemOffset``: generations and logic offsets increase, fields are not
        negative, only the latest item may lack its logic offset."""
        if not items:
            return
        last_gen, last_offset = -1, -1
        for i in range(len(items) - 1, -1, -1):
            item = items[i]
            if item.start_offset < 0 or item.gen < 0 or item.queue_id < 0:
                raise RuntimeError("The field is illegal, should not be negative")
            if len(items) >= 2 and i <= len(items) - 2 and items[i].logic_offset < 0:
                raise RuntimeError("The non-latest item has negative logic offset")
            if last_gen != -1 and item.gen >= last_gen:
                raise RuntimeError("The gen does not increase monotonically")
            if item.end_offset != -1 and item.end_offset < item.start_offset:
                raise RuntimeError("The endOffset is smaller than the start offset")
            if last_offset != -1 and item.logic_offset != -1:
                if item.logic_offset >= last_offset:
                    raise RuntimeError("The base logic offset does not increase monotonically")
                if item.compute_max_static_queue_offset() >= last_offset:
                    raise RuntimeError("The max logic offset does not increase monotonically")
            last_gen = item.gen
            last_offset = item.logic_offset

    @staticmethod
    def check_if_reuse_physical_queue(mapping_ones: Collection[TopicQueueMappingOne]) -> None:
        """Java ``checkIfReusePhysicalQueue``: no physical queue serves two logical queues."""
        physical_queue_id_map: Dict[str, TopicQueueMappingOne] = {}
        for mapping_one in mapping_ones:
            for item in mapping_one.items:
                physical_queue_id = "%s-%d" % (item.bname, item.queue_id)
                if physical_queue_id in physical_queue_id_map:
                    raise RuntimeError("Topic %s global queue id %d and %d shared the same physical queue %s" % (
                        mapping_one.topic, mapping_one.global_id,
                        physical_queue_id_map[physical_queue_id].global_id, physical_queue_id))
                physical_queue_id_map[physical_queue_id] = mapping_one

    @staticmethod
    def check_leader_in_target_brokers(mapping_ones: Collection[TopicQueueMappingOne],
                                       target_brokers: Set[str]) -> None:
        """Java ``checkLeaderInTargetBrokers``."""
        for mapping_one in mapping_ones:
            if mapping_one.bname not in target_brokers:
                raise RuntimeError("The leader broker does not in target broker")

    @staticmethod
    def check_physical_queue_consistence(broker_config_map: Dict[str, TopicConfigAndQueueMapping]) -> None:
        """Java ``checkPhysicalQueueConsistence``: read queues >= write queues, items start at physical offset
        0 on an existing broker, within its write queues."""
        for config_mapping in broker_config_map.values():
            assert config_mapping is not None and config_mapping.mapping_detail is not None
            if config_mapping.read_queue_nums < config_mapping.write_queue_nums:
                raise RuntimeError("Read queues is smaller than write queues")
            for items in config_mapping.mapping_detail.hosted_queues.values():
                for item in items:
                    if item.start_offset != 0:
                        raise RuntimeError("The start offset does not begin from 0")
                    topic_config = broker_config_map.get(item.bname)
                    if topic_config is None:
                        raise RuntimeError("The broker of item does not exist")
                    if item.queue_id >= topic_config.write_queue_nums:
                        raise RuntimeError("The physical queue id is overflow the write queues")

    @staticmethod
    def check_and_build_mapping_items(mapping_detail_list: List[TopicQueueMappingDetail], replace: bool,
                                      check_consistence: bool) -> Dict[int, TopicQueueMappingOne]:
        """Java ``checkAndBuildMappingItems``: logical queue id -> its leader's view, from the details (newest
        epoch first; sorts the list in place, as Java does); with ``check_consistence`` every id below the queue
        count is there."""
        mapping_detail_list.sort(key=lambda d: -d.epoch)
        max_num = 0
        global_id_map: Dict[int, TopicQueueMappingOne] = {}
        for mapping_detail in mapping_detail_list:
            max_num = max(max_num, mapping_detail.total_queues)
            for global_id, items in mapping_detail.hosted_queues.items():
                TopicQueueMappingUtils.check_logic_queue_mapping_item_offset(items)
                leader_broker_name = TopicQueueMappingUtils.get_leader_broker(items)
                if leader_broker_name != mapping_detail.bname:
                    continue  # not the leader
                if global_id in global_id_map:
                    if not replace:
                        raise RuntimeError("The queue id is duplicated in broker %s %s" % (
                            leader_broker_name, mapping_detail.bname))
                else:
                    global_id_map[global_id] = TopicQueueMappingOne(mapping_detail, mapping_detail.topic,
                                                                    mapping_detail.bname, global_id, items)
        if check_consistence:
            if max_num != len(global_id_map):
                raise RuntimeError("The total queue number in config does not match the real hosted queues %d != %d"
                                   % (max_num, len(global_id_map)))
            for i in range(max_num):
                if i not in global_id_map:
                    raise RuntimeError("The queue number %s is not in globalIdMap" % i)
        TopicQueueMappingUtils.check_if_reuse_physical_queue(global_id_map.values())
        return global_id_map

    @staticmethod
    def get_leader_broker(items: List[LogicQueueMappingItem]) -> str:
        """Java ``getLeaderBroker``: the broker of the last item."""
        return TopicQueueMappingUtils.get_leader_item(items).bname

    @staticmethod
    def get_leader_item(items: List[LogicQueueMappingItem]) -> LogicQueueMappingItem:
        """Java ``getLeaderItem``: the last item."""
        assert len(items) > 0
        return items[-1]

    @staticmethod
    def write_to_temp(wrapper: TopicRemappingDetailWrapper, after: bool) -> str:
        """Java ``writeToTemp``: the wrapper's JSON in ``<tmpdir>/<topic>-<epoch>.before`` (``.after``); returns
        the file name. RuntimeError when it cannot be written."""
        suffix = TopicRemappingDetailWrapper.SUFFIX_AFTER if after else TopicRemappingDetailWrapper.SUFFIX_BEFORE
        file_name = os.path.join(tempfile.gettempdir(), "%s-%d%s" % (wrapper.topic, wrapper.epoch, suffix))
        try:
            MixAll.string2file(wrapper.to_json(), file_name)
        except OSError as e:
            raise RuntimeError("write file failed " + file_name) from e
        return file_name

    @staticmethod
    def block_seq_round_up(offset: int, block_seq_size: int) -> int:
        """Java ``blockSeqRoundUp``: the next block boundary past ``offset``, one more when past half a block."""
        num, left = offset // block_seq_size, offset % block_seq_size
        if left < block_seq_size // 2:
            return (num + 1) * block_seq_size
        return (num + 2) * block_seq_size

    @staticmethod
    def check_target_brokers_complete(target_brokers: Set[str],
                                      broker_config_map: Dict[str, TopicConfigAndQueueMapping]) -> None:
        """Java ``checkTargetBrokersComplete``: every broker that hosts queues is a target."""
        for broker, config_mapping in broker_config_map.items():
            if not config_mapping.mapping_detail.hosted_queues:
                continue
            if broker not in target_brokers:
                raise RuntimeError("The existed broker " + broker + " does not in target brokers ")

    @staticmethod
    def check_non_target_brokers(target_brokers: Set[str], non_target_brokers: Set[str]) -> None:
        """Java ``checkNonTargetBrokers``."""
        for broker in non_target_brokers:
            if broker in target_brokers:
                raise RuntimeError("The non-target broker exist in target broker")

    @staticmethod
    def _check_plan(topic: str, broker_config_map: Dict[str, TopicConfigAndQueueMapping]
                    ) -> Tuple[Tuple[int, int], Dict[int, TopicQueueMappingOne]]:
        """The checks Java's plans run before and after planning (name, epoch and count, items, physical
        queues): ((epoch, queue count), the mapping by logical queue id)."""
        epoch_and_num = TopicQueueMappingUtils.check_name_epoch_num_consistence(topic, broker_config_map)
        global_id_map = TopicQueueMappingUtils.check_and_build_mapping_items(
            TopicQueueMappingUtils.get_mapping_detail_from_config(broker_config_map.values()), False, True)
        TopicQueueMappingUtils.check_if_reuse_physical_queue(global_id_map.values())
        TopicQueueMappingUtils.check_physical_queue_consistence(broker_config_map)
        return epoch_and_num or (-1, -1), global_id_map

    @staticmethod
    def create_topic_config_mapping(topic: str, queue_num: int, target_brokers: Set[str],
                                    broker_config_map: Dict[str, TopicConfigAndQueueMapping]
                                    ) -> TopicRemappingDetailWrapper:
        """Java ``createTopicConfigMapping``: plan a static topic of ``queue_num`` logical queues (new, or grown
        from the mapping in ``broker_config_map``, which is updated in place) over ``target_brokers``."""
        TopicQueueMappingUtils.check_target_brokers_complete(target_brokers, broker_config_map)
        global_id_map: Dict[int, TopicQueueMappingOne] = {}
        max_epoch_and_num: Tuple[int, int] = (_now_millis(), queue_num)
        if broker_config_map:
            max_epoch_and_num, global_id_map = TopicQueueMappingUtils._check_plan(topic, broker_config_map)
        if queue_num < len(global_id_map):
            raise RuntimeError("Cannot decrease the queue num for static topic %d < %d" % (queue_num,
                                                                                         len(global_id_map)))
        if queue_num == len(global_id_map):
            raise RuntimeError("The topic queue num is equal the existed queue num, do nothing")

        broker_num_map = {broker: 0 for broker in target_brokers}
        old_id_to_broker: Dict[int, str] = {}
        for global_id in sorted(global_id_map):
            leader_broker = global_id_map[global_id].bname
            old_id_to_broker[global_id] = leader_broker
            broker_num_map[leader_broker] = broker_num_map.get(leader_broker, 0) + 1
        allocator = TopicQueueMappingUtils.build_mapping_allocator(old_id_to_broker, broker_num_map, None)
        allocator.up_to_num(queue_num)
        new_id_to_broker = allocator.get_id_to_broker()

        new_epoch = max(max_epoch_and_num[0] + 1000, _now_millis())
        for queue_id in sorted(new_id_to_broker):
            broker = new_id_to_broker[queue_id]
            if queue_id in global_id_map:
                continue  # ignore the existing
            config_mapping = broker_config_map.get(broker)
            if config_mapping is None:
                config_mapping = TopicConfigAndQueueMapping(
                    TopicConfig(topic), TopicQueueMappingDetail(topic, 0, broker, _now_millis()))
                config_mapping.write_queue_nums = 1
                config_mapping.read_queue_nums = 1
                broker_config_map[broker] = config_mapping
            else:
                config_mapping.write_queue_nums += 1
                config_mapping.read_queue_nums += 1
            mapping_item = LogicQueueMappingItem(0, config_mapping.write_queue_nums - 1, broker, 0, 0, -1, -1, -1)
            TopicQueueMappingDetail.put_mapping_info(config_mapping.mapping_detail, queue_id, [mapping_item])

        for config_mapping in broker_config_map.values():
            config_mapping.mapping_detail.epoch = new_epoch
            config_mapping.mapping_detail.total_queues = queue_num
        TopicQueueMappingUtils._check_plan(topic, broker_config_map)  # double check the config
        return TopicRemappingDetailWrapper(topic, TopicRemappingDetailWrapper.TYPE_CREATE_OR_UPDATE, new_epoch,
                                           broker_config_map, set(), set())

    @staticmethod
    def remapping_static_topic(topic: str, broker_config_map: Dict[str, TopicConfigAndQueueMapping],
                               target_brokers: Set[str]) -> TopicRemappingDetailWrapper:
        """Java ``remappingStaticTopic``: plan moving the leaders of the logical queues onto ``target_brokers``
        (each moved queue gets a new item, logic offset -1, on a new physical queue of its new broker;
        ``broker_config_map`` is updated in place). A broker either takes queues in or gives them out."""
        (max_epoch, max_num), global_id_map = TopicQueueMappingUtils._check_plan(topic, broker_config_map)

        broker_num_map = {broker: 0 for broker in target_brokers}
        broker_num_map_before_remapping: Dict[str, int] = {}
        for global_id in sorted(global_id_map):
            bname = global_id_map[global_id].bname
            broker_num_map_before_remapping[bname] = broker_num_map_before_remapping.get(bname, 0) + 1
        allocator = TopicQueueMappingUtils.build_mapping_allocator({}, broker_num_map,
                                                                   broker_num_map_before_remapping)
        allocator.up_to_num(max_num)
        expected_broker_num_map: Dict[str, int] = dict(
            java_hash_map_order(allocator.get_broker_num_map()))  # type: ignore
        wait_assign_queues: deque = deque()
        # the global ids need not come in natural order: for one broker, either "map in" or "map out"
        expected_id_to_broker: Dict[int, str] = {}
        for queue_id in sorted(global_id_map):
            leader_broker = global_id_map[queue_id].bname
            if leader_broker in expected_broker_num_map:
                if expected_broker_num_map[leader_broker] > 0:
                    expected_id_to_broker[queue_id] = leader_broker
                    expected_broker_num_map[leader_broker] -= 1
                else:
                    wait_assign_queues.append(queue_id)
                    del expected_broker_num_map[leader_broker]
            else:
                wait_assign_queues.append(queue_id)
        for broker, queue_num in expected_broker_num_map.items():
            for _ in range(queue_num):
                expected_id_to_broker[wait_assign_queues.popleft()] = broker
        new_epoch = max(max_epoch + 1000, _now_millis())

        brokers_to_map_out: Set[str] = set()
        brokers_to_map_in: Set[str] = set()
        for queue_id in sorted(expected_id_to_broker):
            broker = expected_id_to_broker[queue_id]
            mapping_one = global_id_map[queue_id]
            if mapping_one.bname == broker:
                continue
            map_in_broker, map_out_broker = broker, mapping_one.bname
            brokers_to_map_in.add(map_in_broker)
            brokers_to_map_out.add(map_out_broker)
            map_in_config = broker_config_map.get(map_in_broker)
            map_out_config = broker_config_map[map_out_broker]
            if map_in_config is None:
                map_in_config = TopicConfigAndQueueMapping(
                    TopicConfig(topic, 0, 0), TopicQueueMappingDetail(topic, max_num, map_in_broker, new_epoch))
                broker_config_map[map_in_broker] = map_in_config
            map_in_config.write_queue_nums += 1
            map_in_config.read_queue_nums += 1
            items = list(mapping_one.items)
            last = items[-1]
            items.append(LogicQueueMappingItem(last.gen + 1, map_in_config.write_queue_nums - 1, map_in_broker,
                                               -1, 0, -1, -1, -1))
            # the same list object in both details
            TopicQueueMappingDetail.put_mapping_info(map_in_config.mapping_detail, queue_id, items)
            TopicQueueMappingDetail.put_mapping_info(map_out_config.mapping_detail, queue_id, items)

        for config_mapping in broker_config_map.values():
            config_mapping.mapping_detail.epoch = new_epoch
            config_mapping.mapping_detail.total_queues = max_num
        global_id_map = TopicQueueMappingUtils._check_plan(topic, broker_config_map)[1]  # double check
        TopicQueueMappingUtils.check_leader_in_target_brokers(global_id_map.values(), target_brokers)
        return TopicRemappingDetailWrapper(topic, TopicRemappingDetailWrapper.TYPE_REMAPPING, new_epoch,
                                           broker_config_map, brokers_to_map_in, brokers_to_map_out)

    @staticmethod
    def find_logic_queue_mapping_item(mapping_items: Optional[List[LogicQueueMappingItem]], logic_offset: int,
                                      ignore_negative: bool) -> Optional[LogicQueueMappingItem]:
        """Java ``findLogicQueueMappingItem``: the latest item starting at or before ``logic_offset`` (else the
        first one: the offset may be out of range); items without a logic offset skipped if ``ignore_negative``."""
        if not mapping_items:
            return None
        for item in reversed(mapping_items):
            if ignore_negative and item.logic_offset < 0:
                continue
            if logic_offset >= item.logic_offset:
                return item
        for item in mapping_items:
            if not (ignore_negative and item.logic_offset < 0):
                return item
        return None

    @staticmethod
    def find_next(items: Optional[List[LogicQueueMappingItem]], current_item: Optional[LogicQueueMappingItem],
                  ignore_negative: bool) -> Optional[LogicQueueMappingItem]:
        """Java ``findNext``: the item after ``current_item`` (same generation), None at the end."""
        if items is None or current_item is None:
            return None
        for i, item in enumerate(items):
            if ignore_negative and item.logic_offset < 0:
                continue
            if item.gen == current_item.gen:
                if i < len(items) - 1:
                    nxt = items[i + 1]
                    return None if ignore_negative and nxt.logic_offset < 0 else nxt
                return None
        return None

    @staticmethod
    def check_if_leader(items: Optional[List[LogicQueueMappingItem]],
                        mapping_detail: Optional[TopicQueueMappingDetail]) -> bool:
        """Java ``checkIfLeader``: the last item is on the detail's broker."""
        if not items or mapping_detail is None:
            return False
        return items[-1].bname == mapping_detail.bname
