"""SQL92 message filtering (Java module ``filter``, package ``org.apache.rocketmq.filter``).

``FilterFactory.INSTANCE.get("SQL92").compile("a > 5 AND TAGS IN ('x')")`` gives a
:class:`~rocketmq_filter.expression.boolean_expression.BooleanExpression`; ``evaluate(context)`` answers
``True``, ``False`` or ``None`` (unknown) over an :class:`~rocketmq_filter.expression.evaluation_context.
EvaluationContext` such as a message's properties.
"""
