"""Typed errors: every non-2xx answer of the API, and every way of not getting one."""
from __future__ import annotations

from typing import Any, Dict, Optional


class PageToDataError(Exception):
    """A refused request, a failed page, or no answer at all (``status`` 0).

    ``code`` is machine-readable: the API's error code (``invalid_url``, ``quota_exceeded``, ...),
    the failure code of an operation that ran and failed (``not_found``, ``timeout``, ...), or the
    client's own (``network_error``, ``timeout``, ``wait_timeout``, ``http_<status>``).
    """

    def __init__(self, status: int, body: Dict[str, Any], retry_after: Optional[float] = None) -> None:
        code = body.get("code")
        operational = isinstance(code, str) and body.get("error") != code
        message = (
            body.get("error") or "The operation failed."
            if operational
            else body.get("message") or body.get("error") or f"HTTP {status}"
        )
        super().__init__(message)
        self.message: str = message
        self.status = status
        self.code: str = code if operational else (body.get("error") or f"http_{status}")
        self.body = body
        self.token: Optional[str] = body.get("token")
        self.retry_after: Optional[float] = retry_after if retry_after is not None else body.get("retry_after")
        self.limit: Optional[int] = body.get("limit")
        self.used: Optional[int] = body.get("used")
        self.needed: Optional[int] = body.get("needed")
        self.resets_at: Optional[str] = body.get("resets_at")
        self.running: Optional[int] = body.get("running")

    @property
    def is_operational_failure(self) -> bool:
        """The analysis ran and failed (422 with the spec's sentence); retrying later may help."""
        return self.status == 422 and self.body.get("error") != self.code

    def __repr__(self) -> str:
        return f"PageToDataError(status={self.status}, code={self.code!r}, message={self.message!r})"


class PageToDataTimeoutError(PageToDataError):
    """wait_for_result gave up before the result was ready; the work goes on server-side."""

    def __init__(self, token: str, waited_s: float) -> None:
        super().__init__(
            0,
            {
                "error": "wait_timeout",
                "message": f"The result of {token} was not ready after {round(waited_s)} s; "
                "collect it later with get_result().",
                "token": token,
            },
        )


class WebhookVerificationError(Exception):
    """A delivery whose signature or timestamp does not check out."""
