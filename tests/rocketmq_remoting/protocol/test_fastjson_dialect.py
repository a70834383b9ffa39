"""fastjson dialect: integer and object map keys, $ref, and what we write back."""
import pytest

from rocketmq_remoting.common.bean import Bean, ListOf, MapOf, Prop, SetOf
from rocketmq_remoting.protocol import fastjson
from rocketmq_remoting.protocol.remoting_serializable import RemotingSerializable


class Mq(Bean):
    topic = Prop(str)
    broker_name = Prop(str)
    queue_id = Prop(int, 0)


class Body(RemotingSerializable):
    broker_addrs = Prop(MapOf(int, str), {})
    offset_table = Prop(MapOf(Mq, int), {})
    names = Prop(SetOf(str), set())
    queues = Prop(ListOf(Mq), [])
    ratio = Prop(float)
    enabled = Prop(bool, False)


def test_standard_json_takes_the_fast_path():
    assert fastjson.loads('{"a":[1,2.5,"x",null,true]}') == {"a": [1, 2.5, "x", None, True]}


def test_integer_keys_unquoted():
    text = '{"brokerAddrTable":{"broker-a":{"brokerAddrs":{0:"127.0.0.1:10911",1:"127.0.0.1:10921"}}}}'
    value = fastjson.loads(text)
    assert value["brokerAddrTable"]["broker-a"]["brokerAddrs"] == {0: "127.0.0.1:10911", 1: "127.0.0.1:10921"}


def test_object_keys_become_hashable_dicts():
    text = ('{"offsetTable":{{"brokerName":"broker-a","queueId":0,"topic":"T"}:{"brokerOffset":6},'
            '{"brokerName":"broker-a","queueId":1,"topic":"T"}:{"brokerOffset":7}}}')
    table = fastjson.loads(text)["offsetTable"]
    key = fastjson.JsonObjectKey({"brokerName": "broker-a", "queueId": 1, "topic": "T"})
    assert table[key] == {"brokerOffset": 7}


def test_patterns_inside_strings_are_left_alone():
    text = '{"remark":"{0:\\"x\\"} , {1:2}","m":{7:"\\u0001\\ud83d\\ude00\\n"}}'
    assert fastjson.loads(text) == {"remark": '{0:"x"} , {1:2}', "m": {7: "\x01\U0001F600\n"}}


def test_numbers_and_literals_in_fallback():
    value = fastjson.loads('{1:-2,2:3.5e2,3:true,4:false,5:null,6:[],7:{}}')
    assert value == {1: -2, 2: 350.0, 3: True, 4: False, 5: None, 6: [], 7: {}}


def test_ref_resolution():
    text = '{"queueDatas":[{"brokerName":"b","perm":6}],"again":{"$ref":"$.queueDatas[0]"},"self":{"$ref":"$"}}'
    value = fastjson.loads(text)
    assert value["again"] == {"brokerName": "b", "perm": 6}
    assert value["self"] is value


@pytest.mark.parametrize("text", ["{0:}", "{0 \"a\"}", "[1,2", '{"a":1} x', '"abc', "{a}", "{'a:1}", "[1 2]",
                                  "{\"a\":1 /* unterminated", "{\"a\":tru}", "{\"a\":'x\\q'}"])
def test_garbage_is_rejected(text):
    with pytest.raises(ValueError):
        fastjson.loads(text)


@pytest.mark.parametrize("text, value", [
    ("{'a':1}", {"a": 1}),  # AllowSingleQuotes
    ("{a:'x\\'y'}", {"a": "x'y"}),  # AllowUnQuotedFieldNames, and the \\' escape
    ("{true:1,null:2}", {"true": 1, "null": 2}),  # an unquoted name is a string whatever it spells
    ("{1:2,}", {1: 2}),  # AllowArbitraryCommas: a trailing comma
    ("{,,\"a\":[1,,2,],}", {"a": [1, 2]}),  # ... and repeated ones, in objects and arrays
    ("{\"a\" /* c */ : 1 // c\n}", {"a": 1}),  # comments where whitespace may be
    ("[\"\\x41\\v\\0\"]", ["A\v\0"]),  # fastjson's extra escapes
])
def test_what_fastjson_default_features_accept(text, value):
    assert fastjson.loads(text) == value


def test_body_round_trip_and_fastjson_form():
    body = Body(broker_addrs={0: "127.0.0.1:10911"}, offset_table={Mq(topic="T", broker_name="b", queue_id=0): 100},
                names={"y", "x"}, queues=[Mq(topic="T", broker_name="b", queue_id=1)], ratio=0.5, enabled=True)
    text = body.to_json()
    # sorted property names, int keys quoted (fastjson reads them), MessageQueue keys as objects like fastjson
    assert text == ('{"brokerAddrs":{"0":"127.0.0.1:10911"},"enabled":true,"names":["x","y"],'
                    '"offsetTable":{{"brokerName":"b","queueId":0,"topic":"T"}:100},'
                    '"queues":[{"brokerName":"b","queueId":1,"topic":"T"}],"ratio":0.5}')
    back = Body.decode(body.encode())
    assert back.broker_addrs == {0: "127.0.0.1:10911"}
    (mq, offset), = back.offset_table.items()
    assert (mq.topic, mq.broker_name, mq.queue_id, offset) == ("T", "b", 0, 100)
    assert back.names == {"x", "y"} and back.ratio == 0.5 and back.enabled is True
    assert back.queues[0].queue_id == 1


def test_nulls_omitted_and_unknown_keys_ignored():
    assert Body().to_json() == '{"brokerAddrs":{},"enabled":false,"names":[],"offsetTable":{},"queues":[]}'
    back = Body.from_json('{"unknown":1,"brokerAddrs":{"3":"x"}}')
    assert back.broker_addrs == {3: "x"} and back.ratio is None and back.offset_table == {}
