"""Java ``org.apache.rocketmq.filter.FilterFactory``."""
from __future__ import annotations

import threading
from typing import Dict, Optional

from rocketmq_filter.filter_spi import FilterSpi
from rocketmq_filter.sql_filter import SqlFilter

__all__ = ["FilterFactory"]


class FilterFactory:
    """The registered filter languages by type; ``FilterFactory.INSTANCE`` has :class:`SqlFilter`."""

    INSTANCE: "FilterFactory"
    _FILTER_SPI_HOLDER: Dict[str, FilterSpi] = {}
    _LOCK = threading.Lock()

    def register(self, filter_spi: FilterSpi) -> None:
        """Java ``register``: ValueError (IllegalArgumentException) when the type is taken."""
        with self._LOCK:
            if filter_spi.of_type() in self._FILTER_SPI_HOLDER:
                raise ValueError("Filter spi type(%s) already exist!" % filter_spi.of_type())
            self._FILTER_SPI_HOLDER[filter_spi.of_type()] = filter_spi

    def un_register(self, type_: str) -> Optional[FilterSpi]:
        """Java ``unRegister``: the removed filter, or None."""
        with self._LOCK:
            return self._FILTER_SPI_HOLDER.pop(type_, None)

    def get(self, type_: Optional[str]) -> Optional[FilterSpi]:
        """Java ``get``: the filter of ``type_``, None when none is registered."""
        return self._FILTER_SPI_HOLDER.get(type_)  # type: ignore[arg-type]


FilterFactory.INSTANCE = FilterFactory()
FilterFactory.INSTANCE.register(SqlFilter())
