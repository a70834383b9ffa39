"""Java ``org.apache.rocketmq.acl.common.AclSigner``: Base64 of an HMAC (HmacSHA1 by default)."""
from __future__ import annotations

import base64
import hmac
import logging
from typing import Union

from rocketmq_acl.common.acl_exception import AclException
from rocketmq_acl.common.signing_algorithm import SigningAlgorithm

__all__ = ["AclSigner"]

log = logging.getLogger(__name__)

CAL_SIGNATURE_FAILED = 10015
CAL_SIGNATURE_FAILED_MSG = "[%s:signature-failed] unable to calculate a request signature. error=%s"


class AclSigner:
    """Static signing helpers."""

    DEFAULT_CHARSET = "utf-8"
    DEFAULT_ALGORITHM = SigningAlgorithm.HmacSHA1

    @staticmethod
    def cal_signature(data: Union[str, bytes], key: str, algorithm: SigningAlgorithm = DEFAULT_ALGORITHM,
                      charset: str = DEFAULT_CHARSET) -> str:
        """Java ``calSignature``: standard Base64 (with padding) of the HMAC of ``data`` keyed by ``key``
        (strings encoded with ``charset``). Raises :class:`AclException` (status ``CAL_SIGNATURE_FAILED``)."""
        try:
            raw = data.encode(charset) if isinstance(data, str) else bytes(data)
            mac = hmac.new(key.encode(charset), raw, algorithm.digest).digest()
            return base64.b64encode(mac).decode("ascii")
        except (TypeError, ValueError, AttributeError, LookupError) as e:
            # the cause names only types, never the key or the data
            message = CAL_SIGNATURE_FAILED_MSG % (CAL_SIGNATURE_FAILED, type(e).__name__)
            log.error(message)
            raise AclException(message, "CAL_SIGNATURE_FAILED", CAL_SIGNATURE_FAILED) from None
