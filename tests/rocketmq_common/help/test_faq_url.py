"""FAQUrl: the suggestion text with Java's links."""
from __future__ import annotations

from rocketmq_common.help.faq_url import FAQUrl


def test_faq_url() -> None:
    assert FAQUrl.suggest_todo(FAQUrl.NO_TOPIC_ROUTE_INFO) == \
        "\nSee http://rocketmq.apache.org/docs/faq/ for further details."
    assert FAQUrl.attach_default_url("boom") == \
        "boom\nFor more information, please visit the url, http://rocketmq.apache.org/docs/faq/"
    tipped = "x" + FAQUrl.suggest_todo(FAQUrl.SEND_MSG_FAILED)
    assert FAQUrl.attach_default_url(tipped) == tipped
    assert FAQUrl.attach_default_url(None) is None
