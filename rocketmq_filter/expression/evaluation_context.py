"""Java ``org.apache.rocketmq.filter.expression.EvaluationContext``."""
from __future__ import annotations

from typing import Any, Dict, Optional

__all__ = ["EvaluationContext"]


class EvaluationContext:
    """The variables an expression is evaluated against (a message's properties on the broker)."""

    def get(self, name: str) -> Any:
        """Java ``get``: the value of ``name``, None when absent."""
        raise NotImplementedError

    def key_values(self) -> Optional[Dict[str, Any]]:
        """Java ``keyValues``: a copy of every variable."""
        raise NotImplementedError
