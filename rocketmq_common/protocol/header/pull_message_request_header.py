"""Java ``org.apache.rocketmq.common.protocol.header.PullMessageRequestHeader``,
with ``PullMessageResponseHeader``."""
from __future__ import annotations

from typing import Dict, Mapping, Optional

from rocketmq_common.rpc.topic_queue_request_header import TopicQueueRequestHeader
from rocketmq_remoting.common.bean import Prop
from rocketmq_remoting.protocol.command_custom_header import CommandCustomHeader, java_int, java_long
from rocketmq_remoting.protocol.fast_codes_header import FastCodesHeader

__all__ = ["PullMessageRequestHeader", "PullMessageResponseHeader"]


class PullMessageRequestHeader(TopicQueueRequestHeader, FastCodesHeader):
    """Java ``PullMessageRequestHeader``, a FastCodesHeader with Java's written-out codec. ``max_msg_bytes``
    (5.3.3; not sent while None) is the pull's size cap in bytes."""

    consumer_group = Prop(str, required=True)
    topic = Prop(str, required=True)
    queue_id = Prop(int, required=True)
    queue_offset = Prop(int, required=True)
    max_msg_nums = Prop(int, required=True)
    sys_flag = Prop(int, required=True)
    commit_offset = Prop(int, required=True)
    suspend_timeout_millis = Prop(int, required=True)
    subscription = Prop(str)
    sub_version = Prop(int, required=True)
    expression_type = Prop(str)
    max_msg_bytes = Prop(int)

    def get_consumer_group(self) -> str: return self.consumer_group
    def set_consumer_group(self, consumer_group: Optional[str]) -> None: self.consumer_group = consumer_group
    def get_topic(self) -> str: return self.topic
    def set_topic(self, topic: Optional[str]) -> None: self.topic = topic
    def get_queue_id(self) -> int: return self.queue_id
    def set_queue_id(self, queue_id: Optional[int]) -> None: self.queue_id = queue_id
    def get_queue_offset(self) -> int: return self.queue_offset
    def set_queue_offset(self, queue_offset: Optional[int]) -> None: self.queue_offset = queue_offset
    def get_max_msg_nums(self) -> int: return self.max_msg_nums
    def set_max_msg_nums(self, max_msg_nums: Optional[int]) -> None: self.max_msg_nums = max_msg_nums
    def get_sys_flag(self) -> int: return self.sys_flag
    def set_sys_flag(self, sys_flag: Optional[int]) -> None: self.sys_flag = sys_flag
    def get_commit_offset(self) -> int: return self.commit_offset
    def set_commit_offset(self, commit_offset: Optional[int]) -> None: self.commit_offset = commit_offset
    def get_suspend_timeout_millis(self) -> int: return self.suspend_timeout_millis
    def set_suspend_timeout_millis(self, suspend_timeout_millis: Optional[int]) -> None:
        self.suspend_timeout_millis = suspend_timeout_millis
    def get_subscription(self) -> str: return self.subscription
    def set_subscription(self, subscription: Optional[str]) -> None: self.subscription = subscription
    def get_sub_version(self) -> int: return self.sub_version
    def set_sub_version(self, sub_version: Optional[int]) -> None: self.sub_version = sub_version
    def get_expression_type(self) -> str: return self.expression_type
    def set_expression_type(self, expression_type: Optional[str]) -> None: self.expression_type = expression_type
    def get_max_msg_bytes(self) -> int: return self.max_msg_bytes
    def set_max_msg_bytes(self, max_msg_bytes: Optional[int]) -> None: self.max_msg_bytes = max_msg_bytes

    #: Java's Integer fields (the others are Long)
    _java_int_fields = ("queue_id", "max_msg_nums", "sys_flag", "max_msg_bytes")

    def encode(self, out: Dict[str, str]) -> None:
        """Java ``encode``, in 5.3.3's order (this class has no ``requestSource`` / ``proxyFrowardClientId``)."""
        if self.consumer_group is not None:
            out["consumerGroup"] = self.consumer_group
        if self.topic is not None:
            out["topic"] = self.topic
        if self.queue_id is not None:
            out["queueId"] = str(self.queue_id)
        if self.queue_offset is not None:
            out["queueOffset"] = str(self.queue_offset)
        if self.max_msg_nums is not None:
            out["maxMsgNums"] = str(self.max_msg_nums)
        if self.sys_flag is not None:
            out["sysFlag"] = str(self.sys_flag)
        if self.commit_offset is not None:
            out["commitOffset"] = str(self.commit_offset)
        if self.suspend_timeout_millis is not None:
            out["suspendTimeoutMillis"] = str(self.suspend_timeout_millis)
        if self.subscription is not None:
            out["subscription"] = self.subscription
        if self.sub_version is not None:
            out["subVersion"] = str(self.sub_version)
        if self.expression_type is not None:
            out["expressionType"] = self.expression_type
        if self.max_msg_bytes is not None:
            out["maxMsgBytes"] = str(self.max_msg_bytes)
        self._encode_base_fields(out)

    def decode(self, fields: Mapping[str, str]) -> None:
        """Java ``decode``."""
        cls = type(self)
        self.consumer_group = fields["consumerGroup"]
        self.topic = fields["topic"]
        self.queue_id = java_int(fields["queueId"], "queueId", cls)
        self.queue_offset = java_long(fields["queueOffset"], "queueOffset", cls)
        self.max_msg_nums = java_int(fields["maxMsgNums"], "maxMsgNums", cls)
        self.sys_flag = java_int(fields["sysFlag"], "sysFlag", cls)
        self.commit_offset = java_long(fields["commitOffset"], "commitOffset", cls)
        self.suspend_timeout_millis = java_long(fields["suspendTimeoutMillis"], "suspendTimeoutMillis",
                                                cls)
        get = fields.get
        s = get("subscription")
        if s is not None:
            self.subscription = s
        self.sub_version = java_long(fields["subVersion"], "subVersion", cls)
        s = get("expressionType")
        if s is not None:
            self.expression_type = s
        s = get("maxMsgBytes")
        if s is not None:
            self.max_msg_bytes = java_int(s, "maxMsgBytes", cls)
        self._decode_base_fields(fields)


class PullMessageResponseHeader(CommandCustomHeader, FastCodesHeader):
    """Java ``PullMessageResponseHeader`` (5.3.3), a FastCodesHeader with Java's written-out codec."""

    suggest_which_broker_id = Prop(int, required=True)
    next_begin_offset = Prop(int, required=True)
    min_offset = Prop(int, required=True)
    max_offset = Prop(int, required=True)
    #: 5.3.3: for a static topic, logical minus physical offset of the queue read (the client adds it to the
    #: offsets of the messages); the sys flags and the forbidden type are the broker's (not sent while None)
    offset_delta = Prop(int)
    topic_sys_flag = Prop(int)
    group_sys_flag = Prop(int)
    forbidden_type = Prop(int)

    def get_suggest_which_broker_id(self) -> int: return self.suggest_which_broker_id
    def set_suggest_which_broker_id(self, suggest_which_broker_id: Optional[int]) -> None:
        self.suggest_which_broker_id = suggest_which_broker_id
    def get_next_begin_offset(self) -> int: return self.next_begin_offset
    def set_next_begin_offset(self, next_begin_offset: Optional[int]) -> None:
        self.next_begin_offset = next_begin_offset
    def get_min_offset(self) -> int: return self.min_offset
    def set_min_offset(self, min_offset: Optional[int]) -> None: self.min_offset = min_offset
    def get_max_offset(self) -> int: return self.max_offset
    def set_max_offset(self, max_offset: Optional[int]) -> None: self.max_offset = max_offset
    def get_offset_delta(self) -> int: return self.offset_delta
    def set_offset_delta(self, offset_delta: Optional[int]) -> None: self.offset_delta = offset_delta
    def get_topic_sys_flag(self) -> int: return self.topic_sys_flag
    def set_topic_sys_flag(self, topic_sys_flag: Optional[int]) -> None: self.topic_sys_flag = topic_sys_flag
    def get_group_sys_flag(self) -> int: return self.group_sys_flag
    def set_group_sys_flag(self, group_sys_flag: Optional[int]) -> None: self.group_sys_flag = group_sys_flag
    def get_forbidden_type(self) -> int: return self.forbidden_type
    def set_forbidden_type(self, forbidden_type: Optional[int]) -> None: self.forbidden_type = forbidden_type

    _java_int_fields = ("topic_sys_flag", "group_sys_flag", "forbidden_type")

    def encode(self, out: Dict[str, str]) -> None:
        """Java ``encode``."""
        if self.suggest_which_broker_id is not None:
            out["suggestWhichBrokerId"] = str(self.suggest_which_broker_id)
        if self.next_begin_offset is not None:
            out["nextBeginOffset"] = str(self.next_begin_offset)
        if self.min_offset is not None:
            out["minOffset"] = str(self.min_offset)
        if self.max_offset is not None:
            out["maxOffset"] = str(self.max_offset)
        if self.offset_delta is not None:
            out["offsetDelta"] = str(self.offset_delta)
        if self.topic_sys_flag is not None:
            out["topicSysFlag"] = str(self.topic_sys_flag)
        if self.group_sys_flag is not None:
            out["groupSysFlag"] = str(self.group_sys_flag)
        if self.forbidden_type is not None:
            out["forbiddenType"] = str(self.forbidden_type)

    def decode(self, fields: Mapping[str, str]) -> None:
        """Java ``decode``."""
        cls = type(self)
        self.suggest_which_broker_id = java_long(fields["suggestWhichBrokerId"], "suggestWhichBrokerId",
                                                 cls)
        self.next_begin_offset = java_long(fields["nextBeginOffset"], "nextBeginOffset", cls)
        self.min_offset = java_long(fields["minOffset"], "minOffset", cls)
        self.max_offset = java_long(fields["maxOffset"], "maxOffset", cls)
        get = fields.get
        s = get("offsetDelta")
        if s is not None:
            self.offset_delta = java_long(s, "offsetDelta", cls)
        s = get("topicSysFlag")
        if s is not None:
            self.topic_sys_flag = java_int(s, "topicSysFlag", cls)
        s = get("groupSysFlag")
        if s is not None:
            self.group_sys_flag = java_int(s, "groupSysFlag", cls)
        s = get("forbiddenType")
        if s is not None:
            self.forbidden_type = java_int(s, "forbiddenType", cls)
