"""enable_opentelemetry warns once when only the OpenTelemetry API's no-op providers are active (a subprocess each:
the global providers can be set once per process)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

_PROGRAM = """
import logging, sys
logging.basicConfig(level=logging.WARNING, stream=sys.stdout, format="%(levelname)s %(name)s %(message)s")
from rocketmq_client.producer.default_mq_producer import DefaultMQProducer
from rocketmq_client.consumer.default_mq_push_consumer import DefaultMQPushConsumer
from rocketmq_client.opentelemetry import enable_opentelemetry
kwargs = {}
if sys.argv[1] == "sdk":
    from opentelemetry.sdk.metrics import MeterProvider
    from opentelemetry.sdk.trace import TracerProvider
    kwargs = dict(meter_provider=MeterProvider(), tracer_provider=TracerProvider())
elif sys.argv[1] == "global":
    from opentelemetry import metrics, trace
    from opentelemetry.sdk.metrics import MeterProvider
    from opentelemetry.sdk.trace import TracerProvider
    metrics.set_meter_provider(MeterProvider())
    trace.set_tracer_provider(TracerProvider())
enable_opentelemetry(DefaultMQProducer("otel_warn_group", namesrv_addr="127.0.0.1:1"), **kwargs)
enable_opentelemetry(DefaultMQPushConsumer("otel_warn_group", namesrv_addr="127.0.0.1:1"), **kwargs)
print("done")
"""


def _run(mode: str) -> str:
    completed = subprocess.run([sys.executable, "-c", _PROGRAM, mode], cwd=str(ROOT), timeout=50,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.endswith("done\n")
    return completed.stdout


def test_the_api_alone_gives_one_warning() -> None:
    out = _run("api")
    warnings = [line for line in out.splitlines() if line.startswith("WARNING rocketmq_client.opentelemetry")]
    assert len(warnings) == 1, out
    assert "no-op MeterProvider and TracerProvider is active, so nothing is recorded" in warnings[0]
    assert "set_meter_provider" in warnings[0]


def test_sdk_providers_given_or_global_give_no_warning() -> None:
    for mode in ("sdk", "global"):
        assert _run(mode) == "done\n"
