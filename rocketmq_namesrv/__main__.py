"""``python -m rocketmq_namesrv [-p 9876] [-c namesrv.properties]``: run a NameServer until Ctrl-C / SIGTERM."""
from __future__ import annotations

import sys

from rocketmq_namesrv.namesrv_startup import main

if __name__ == "__main__":
    sys.exit(main())
