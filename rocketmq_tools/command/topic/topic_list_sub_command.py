"""Java ``org.apache.rocketmq.tools.command.topic.TopicListSubCommand``: ``topicList``."""
from __future__ import annotations

import argparse
import logging
from typing import List, Optional

from rocketmq_client.exception import MQBrokerException, MQClientException
from rocketmq_common.java_hash_map import java_hash_set_order
from rocketmq_common.mix_all import MixAll
from rocketmq_common.protocol.body.group_list import GroupList
from rocketmq_common.protocol.body.cluster_info import ClusterInfo
from rocketmq_common.util_all import UtilAll
from rocketmq_tools.admin.default_mq_admin_ext import DefaultMQAdminExt
from rocketmq_tools.command.sub_command import SubCommand
from rocketmq_tools.command.support import new_admin

__all__ = ["TopicListSubCommand", "name_server_topics", "broker_groups"]

log = logging.getLogger(__name__)


def name_server_topics(admin: DefaultMQAdminExt) -> List[str]:
    """Every topic of the name server in the order Java's mqadmin prints them: that of the ``HashSet`` its
    ``TopicList`` decodes into."""
    return java_hash_set_order(admin.fetch_all_topic_list().topic_list or ())


def broker_groups(group_list: Optional[GroupList]) -> List[str]:
    """The groups of a ``GroupList`` in the order of Java's ``HashSet`` of them."""
    return java_hash_set_order((group_list.group_list if group_list is not None else None) or ())


class TopicListSubCommand(SubCommand):
    """Every topic the name server knows; ``-c`` with its cluster and consumer groups."""

    def command_name(self) -> str:
        return "topicList"

    def command_desc(self) -> str:
        return "Fetch all topic list from name server"

    def build_commandline_options(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("-c", "--clusterModel", action="store_true", help="clusterModel")

    def execute(self, args: argparse.Namespace) -> int:
        with new_admin(args.namesrv_addr) as admin:
            topics = name_server_topics(admin)
            if not args.clusterModel:
                for topic in topics:
                    print(topic)
                return 0
            cluster_info = admin.examine_broker_cluster_info()
            print("%-20s  %-48s  %-48s" % ("#Cluster Name", "#Topic", "#Consumer Group"))
            for topic in topics:
                if topic.startswith((MixAll.RETRY_GROUP_TOPIC_PREFIX, MixAll.DLQ_GROUP_TOPIC_PREFIX)):
                    continue
                cluster_name: Optional[str] = ""
                groups = [""]
                try:
                    cluster_name = self.find_topic_belong_to_which_cluster(topic, cluster_info, admin)
                    groups = broker_groups(admin.query_topic_consume_by_who(topic)) or [""]
                except (MQClientException, MQBrokerException):
                    log.debug("no cluster or group for topic %s", topic, exc_info=True)
                for group in groups:
                    print("%-20s  %-64s  %-64s" % (UtilAll.front_string_at_least(cluster_name, 20),
                                                   UtilAll.front_string_at_least(topic, 64),
                                                   UtilAll.front_string_at_least(group, 64)))
        return 0

    @staticmethod
    def find_topic_belong_to_which_cluster(topic: str, cluster_info: ClusterInfo,
                                           admin: DefaultMQAdminExt) -> Optional[str]:
        """Java ``findTopicBelongToWhichCluster``: the cluster of the topic's first broker."""
        broker_datas = admin.examine_topic_route_info(topic).broker_datas
        if not broker_datas:
            return None
        broker_name = broker_datas[0].broker_name
        for cluster_name, broker_names in (cluster_info.cluster_addr_table or {}).items():
            if broker_name in broker_names:
                return cluster_name
        return None
