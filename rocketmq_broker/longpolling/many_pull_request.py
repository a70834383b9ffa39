"""Java ``org.apache.rocketmq.broker.longpolling.ManyPullRequest``: the pulls held for one queue."""
from __future__ import annotations

import threading
from typing import List, Optional

from rocketmq_broker.longpolling.pull_request import PullRequest
from rocketmq_remoting.common.bean import Bean, ListOf, Prop

__all__ = ["ManyPullRequest"]


class ManyPullRequest(Bean):
    """A synchronized list of :class:`PullRequest`."""

    pull_request_list = Prop(ListOf(PullRequest), [])

    def get_pull_request_list(self) -> List[PullRequest]: return self.pull_request_list
    def set_pull_request_list(self, pull_request_list: List[PullRequest]) -> None:
        self.pull_request_list = pull_request_list

    def __init__(self) -> None:
        super().__init__()  # the declared defaults
        self._lock = threading.Lock()

    def add_pull_request(self, pull_request: PullRequest) -> None:
        """Java ``addPullRequest(PullRequest)``."""
        with self._lock:
            self.pull_request_list.append(pull_request)

    def add_pull_requests(self, many: List[PullRequest]) -> None:
        """Java ``addPullRequest(List<PullRequest>)``."""
        with self._lock:
            self.pull_request_list.extend(many)

    def clone_list_and_clear(self) -> Optional[List[PullRequest]]:
        """Java ``cloneListAndClear``: take every held request (None when there is none)."""
        with self._lock:
            if not self.pull_request_list:
                return None
            result = self.pull_request_list
            self.pull_request_list = []
            return result
