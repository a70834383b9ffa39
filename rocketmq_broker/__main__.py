"""``python -m rocketmq_broker``: run a broker (see :mod:`rocketmq_broker.broker_startup`)."""
from __future__ import annotations

import sys

from rocketmq_broker.broker_startup import main

if __name__ == "__main__":
    sys.exit(main())
