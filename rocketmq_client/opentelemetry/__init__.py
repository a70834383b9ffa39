"""OpenTelemetry metrics and tracing for RocketMQ clients (the ``otel`` extra: opentelemetry-api).

Nothing of the client imports this package: only an application calling :func:`enable_opentelemetry` does.

- Metrics (RocketMQ 5.x clients' names, units and attributes): :mod:`rocketmq_client.opentelemetry.client_metrics`.
- Tracing: a PRODUCER span per send and a CONSUMER span per consumed message, the W3C trace context carried in the
  ``traceparent`` / ``tracestate`` message properties (see
  :mod:`rocketmq_client.opentelemetry.consume_message_open_telemetry_hook_impl`).

The hooks are Java's: :class:`SendMessageOpenTelemetryHookImpl` (a SendMessageHook) and
:class:`ConsumeMessageOpenTelemetryHookImpl` (a ConsumeMessageHook and FilterMessageHook). See
docs/opentelemetry.md.
"""
from __future__ import annotations

try:
    import opentelemetry.metrics  # noqa: F401
    import opentelemetry.trace  # noqa: F401
except ImportError as e:  # pragma: no cover - exercised in a subprocess
    raise ImportError("rocketmq_client.opentelemetry needs the OpenTelemetry API: pip install opentelemetry-api "
                      "opentelemetry-sdk (from a checkout of rocketmq-py: pip install '.[otel]' opentelemetry-sdk)"
                      ) from e

from rocketmq_client.opentelemetry.client_metrics import ClientMetrics
from rocketmq_client.opentelemetry.consume_message_open_telemetry_hook_impl import \
    ConsumeMessageOpenTelemetryHookImpl
from rocketmq_client.opentelemetry.instrument import enable_opentelemetry
from rocketmq_client.opentelemetry.send_message_open_telemetry_hook_impl import SendMessageOpenTelemetryHookImpl

__all__ = ["enable_opentelemetry", "ClientMetrics", "SendMessageOpenTelemetryHookImpl",
           "ConsumeMessageOpenTelemetryHookImpl"]
