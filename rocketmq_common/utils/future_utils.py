"""Java ``org.apache.rocketmq.common.utils.FutureUtils`` (5.3.3), on :class:`CompletableFuture` (a light
:class:`concurrent.futures.Future`, Java's ``CompletableFuture``)."""
from __future__ import annotations

import concurrent.futures
from typing import Any, TypeVar

from rocketmq_remoting.common.completable_future import CompletableFuture

__all__ = ["FutureUtils"]

T = TypeVar("T")


class FutureUtils:
    """See the module docstring."""

    @staticmethod
    def completed_future(value: T) -> "concurrent.futures.Future[T]":
        """JDK ``CompletableFuture.completedFuture``: a future done with ``value``."""
        future: "concurrent.futures.Future[T]" = CompletableFuture()
        future.set_result(value)
        return future

    @staticmethod
    def complete_exceptionally(t: BaseException) -> "concurrent.futures.Future[Any]":
        """Java ``completeExceptionally``: a future failed with ``t`` (its ``result()`` raises ``t``)."""
        future: "concurrent.futures.Future[Any]" = CompletableFuture()
        future.set_exception(t)
        return future
