#!/bin/sh
# Writes the fixture databases of this folder with RocksDB's ldb (Debian's rocksdb-tools 7.8.3), as a RocketMQ
# 5.3.3 broker lays out its kv configs (config/topics, config/subscriptionGroups, config/consumerOffsets: the
# default, kvDataVersion and forbidden column families; no compression, format_version 5). Each ldb command that
# opens a database writable first flushes the write-ahead log an earlier command left into a table, so every
# database has data in tables and, from its last command, in its log. Then only what a reader needs is kept.
# Run from this folder: sh make.sh
set -e
rm -rf topics subscriptionGroups consumerOffsets crc32c-snappy
T='"order":false,"perm":6,"readQueueNums":8,"topicFilterType":"SINGLE_TAG"'
topic() { echo "{\"attributes\":{},$T,\"topicName\":\"$1\",\"topicSysFlag\":0,\"writeQueueNums\":8}"; }
version() { echo "{\"counter\":$1,\"stateVersion\":0,\"timestamp\":173320000000$1}"; }
new() {
  ldb --db="$1" --create_if_missing --compression_type=no put seed seed
  ldb --db="$1" create_column_family kvDataVersion
  ldb --db="$1" create_column_family forbidden
  ldb --db="$1" delete seed
}
new topics
ldb --db=topics batchput TopicTest "$(topic TopicTest)" TopicA "$(topic TopicA)" TopicGone "$(topic TopicGone)" \
  SCHEDULE_TOPIC_XXXX "$(topic SCHEDULE_TOPIC_XXXX)"
ldb --db=topics --column_family=kvDataVersion put kvDataVersionKey "$(version 1)"
ldb --db=topics put TopicA "{\"attributes\":{\"message.type\":\"FIFO\"},\"order\":true,\"perm\":4,\"readQueueNums\":2,\"topicFilterType\":\"SINGLE_TAG\",\"topicName\":\"TopicA\",\"topicSysFlag\":0,\"writeQueueNums\":2}"
ldb --db=topics delete TopicGone
ldb --db=topics --column_family=kvDataVersion put kvDataVersionKey "$(version 2)"
ldb --db=topics batchput '%RETRY%GroupA' "$(topic '%RETRY%GroupA')" "Topic\"Quoted\"" "$(topic 'Topic\"Quoted\"')"

G='"attributes":{},"brokerId":0,"consumeBroadcastEnable":true,"consumeEnable":true,"consumeFromMinEnable":true,"consumeMessageOrderly":false,"consumeTimeoutMinute":15'
R='"groupRetryPolicy":{"type":"CUSTOMIZED"},"groupSysFlag":0,"notifyConsumerIdsChangedEnable":true,"retryMaxTimes":16,"retryQueueNums":1,"whichBrokerWhenConsumeSlowly":1'
group() { echo "{$G,\"groupName\":\"$1\",$R}"; }
new subscriptionGroups
ldb --db=subscriptionGroups batchput GroupA "$(group GroupA)" GroupB "$(group GroupB)"
ldb --db=subscriptionGroups --column_family=forbidden put GroupB '{"TopicTest":1}'
ldb --db=subscriptionGroups --column_family=kvDataVersion put kvDataVersionKey "$(version 3)"

new consumerOffsets
ldb --db=consumerOffsets batchput 'TopicTest@GroupA' '{"offsetTable":{"0":12,"1":3,"2":0,"3":7}}' \
  'TopicA@GroupB' '{"offsetTable":{"1":5,"0":9}}'
ldb --db=consumerOffsets put 'TopicTest@GroupA' '{"offsetTable":{"0":13,"1":3,"2":0,"3":8}}'

# the reader's CI test: 300 keys in snappy-compressed 512-byte blocks with CRC-32C checksums, hash-indexed data
# blocks and a delta-encoded index (the OPTIONS file edited for the next tables), 20 more keys in the log; its
# values are not JSON
ldb --db=crc32c-snappy --create_if_missing --compression_type=snappy put seed seed
ldb --db=crc32c-snappy create_column_family kvDataVersion
ldb --db=crc32c-snappy create_column_family forbidden
sed -i 's/^  checksum=.*/  checksum=kCRC32c/; s/^  block_size=.*/  block_size=512/; s/^  index_block_restart_interval=.*/  index_block_restart_interval=4/; s/^  data_block_index_type=.*/  data_block_index_type=kDataBlockBinaryAndHash/' \
  "$(ls crc32c-snappy/OPTIONS-* | tail -1)"
ldb --db=crc32c-snappy batchput $(awk 'BEGIN { for (i = 0; i < 300; i++) printf "key%05d value-%d-of-the-fixture ", i, i }')
ldb --db=crc32c-snappy batchput $(awk 'BEGIN { for (i = 0; i < 20; i++) printf "later%03d later-value-%d ", i, i }')

for db in topics subscriptionGroups consumerOffsets crc32c-snappy; do
  rm -f $db/LOCK $db/LOG $db/LOG.old.* $db/OPTIONS-*
done
