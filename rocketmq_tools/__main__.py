"""``python -m rocketmq_tools <command> ...``: the ``rocketmq`` command line (:mod:`rocketmq_tools.cli`)."""
from __future__ import annotations

import sys

from rocketmq_tools.cli import main

if __name__ == "__main__":
    sys.exit(main())
