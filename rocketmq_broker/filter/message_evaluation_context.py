"""Java ``org.apache.rocketmq.broker.filter.MessageEvaluationContext``."""
from __future__ import annotations

from typing import Any, Dict, Optional

from rocketmq_filter.expression.evaluation_context import EvaluationContext

__all__ = ["MessageEvaluationContext"]


class MessageEvaluationContext(EvaluationContext):
    """A message's properties (``TAGS``, ``KEYS`` and the user properties) as filter variables."""

    def __init__(self, properties: Optional[Dict[str, str]]) -> None:
        self.properties = properties

    def get(self, name: str) -> Any:
        if self.properties is None:
            return None
        return self.properties.get(name)

    def key_values(self) -> Optional[Dict[str, Any]]:
        if self.properties is None:
            return None
        return dict(self.properties)
