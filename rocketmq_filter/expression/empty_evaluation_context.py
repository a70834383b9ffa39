"""Java ``org.apache.rocketmq.filter.expression.EmptyEvaluationContext``."""
from __future__ import annotations

from typing import Any, Dict, Optional

from rocketmq_filter.expression.evaluation_context import EvaluationContext

__all__ = ["EmptyEvaluationContext"]


class EmptyEvaluationContext(EvaluationContext):
    """A context without variables."""

    def get(self, name: str) -> Any:
        return None

    def key_values(self) -> Optional[Dict[str, Any]]:
        return None
