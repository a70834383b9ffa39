"""Java ``org.apache.rocketmq.common.message.MessageAccessor``: property access without the user checks."""
from __future__ import annotations

from typing import Dict, Optional

from rocketmq_common.message.message import Message
from rocketmq_common.message.message_const import MessageConst

__all__ = ["MessageAccessor"]

_PROPERTY_CONSUME_START_TIMESTAMP = MessageConst.PROPERTY_CONSUME_START_TIMESTAMP


class MessageAccessor:
    """Static helpers of Java ``MessageAccessor``."""

    @staticmethod
    def clear_property(msg: Message, name: str) -> None:
        """Java ``clearProperty``."""
        msg.clear_property(name)

    @staticmethod
    def set_properties(msg: Message, properties: Optional[Dict[str, str]]) -> None:
        """Java ``setProperties``."""
        msg.set_properties(properties)

    @staticmethod
    def put_property(msg: Message, name: str, value: str) -> None:
        """Java ``putProperty``."""
        msg.put_property(name, value)

    @staticmethod
    def set_transfer_flag(msg: Message, unit: str) -> None:
        """Java ``setTransferFlag``."""
        msg.put_property(MessageConst.PROPERTY_TRANSFER_FLAG, unit)

    @staticmethod
    def get_transfer_flag(msg: Message) -> Optional[str]:
        """Java ``getTransferFlag``."""
        return msg.get_property(MessageConst.PROPERTY_TRANSFER_FLAG)

    @staticmethod
    def set_correction_flag(msg: Message, unit: str) -> None:
        """Java ``setCorrectionFlag``."""
        msg.put_property(MessageConst.PROPERTY_CORRECTION_FLAG, unit)

    @staticmethod
    def get_correction_flag(msg: Message) -> Optional[str]:
        """Java ``getCorrectionFlag``."""
        return msg.get_property(MessageConst.PROPERTY_CORRECTION_FLAG)

    @staticmethod
    def set_origin_message_id(msg: Message, origin_message_id: str) -> None:
        """Java ``setOriginMessageId``."""
        msg.put_property(MessageConst.PROPERTY_ORIGIN_MESSAGE_ID, origin_message_id)

    @staticmethod
    def get_origin_message_id(msg: Message) -> Optional[str]:
        """Java ``getOriginMessageId``."""
        return msg.get_property(MessageConst.PROPERTY_ORIGIN_MESSAGE_ID)

    @staticmethod
    def set_mq2_flag(msg: Message, flag: str) -> None:
        """Java ``setMQ2Flag``."""
        msg.put_property(MessageConst.PROPERTY_MQ2_FLAG, flag)

    @staticmethod
    def get_mq2_flag(msg: Message) -> Optional[str]:
        """Java ``getMQ2Flag``."""
        return msg.get_property(MessageConst.PROPERTY_MQ2_FLAG)

    @staticmethod
    def set_reconsume_time(msg: Message, reconsume_times: str) -> None:
        """Java ``setReconsumeTime``."""
        msg.put_property(MessageConst.PROPERTY_RECONSUME_TIME, reconsume_times)

    @staticmethod
    def get_reconsume_time(msg: Message) -> Optional[str]:
        """Java ``getReconsumeTime``."""
        return msg.get_property(MessageConst.PROPERTY_RECONSUME_TIME)

    @staticmethod
    def set_max_reconsume_times(msg: Message, max_reconsume_times: str) -> None:
        """Java ``setMaxReconsumeTimes``."""
        msg.put_property(MessageConst.PROPERTY_MAX_RECONSUME_TIMES, max_reconsume_times)

    @staticmethod
    def get_max_reconsume_times(msg: Message) -> Optional[str]:
        """Java ``getMaxReconsumeTimes``."""
        return msg.get_property(MessageConst.PROPERTY_MAX_RECONSUME_TIMES)

    @staticmethod
    def set_consume_start_time_stamp(msg: Message, consume_start_time_stamp: str) -> None:
        """Java ``setConsumeStartTimeStamp``: a plain put into the properties, as Java's ``putProperty`` is. Every
        consumed message passes here (``ConsumeRequest.run``), and ``Message.put_property``'s type and separator
        check (an addition) would cost it about 40 Python instructions; a message's properties are checked again
        before it is sent (``Validators.check_message``)."""
        props = msg.properties
        if props is None:
            msg.put_property(_PROPERTY_CONSUME_START_TIMESTAMP, consume_start_time_stamp)
        else:
            props[_PROPERTY_CONSUME_START_TIMESTAMP] = consume_start_time_stamp

    @staticmethod
    def get_consume_start_time_stamp(msg: Message) -> Optional[str]:
        """Java ``getConsumeStartTimeStamp``."""
        return msg.get_property(MessageConst.PROPERTY_CONSUME_START_TIMESTAMP)

    @staticmethod
    def clone_message(msg: Message) -> Message:
        """Java ``cloneMessage``: a new Message with the same topic, body, flag and the *same* properties map."""
        new_msg = Message(msg.get_topic(), msg.get_body())
        new_msg.set_flag(msg.get_flag())
        new_msg.set_properties(msg.get_properties())
        return new_msg
