"""Standard Webhooks verification (HMAC-SHA256 over ``id.timestamp.body``), standard library only."""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import time
from typing import Any, Mapping, Optional, Union

from ._errors import WebhookVerificationError

TOLERANCE_S = 5 * 60


def verify_webhook(
    body: Union[str, bytes],
    headers: Mapping[str, str],
    secret: str,
    now: Optional[float] = None,
) -> Any:
    """Checks a result delivery's signature with the project's ``whsec_...`` secret and returns
    the parsed payload. Pass the body exactly as received (the raw bytes or text)."""
    lower = {k.lower(): v for k, v in headers.items()}
    msg_id, timestamp, signatures = (
        lower.get("webhook-id"),
        lower.get("webhook-timestamp"),
        lower.get("webhook-signature"),
    )
    if not msg_id or not timestamp or not signatures:
        raise WebhookVerificationError("Missing required headers")
    try:
        sent_at = int(timestamp)
    except ValueError:
        raise WebhookVerificationError("Invalid Signature Headers") from None
    skew = int(now if now is not None else time.time()) - sent_at
    if skew > TOLERANCE_S:
        raise WebhookVerificationError("Message timestamp too old")
    if skew < -TOLERANCE_S:
        raise WebhookVerificationError("Message timestamp too new")
    key = base64.b64decode(secret[6:] if secret.startswith("whsec_") else secret)
    text = body.decode("utf-8") if isinstance(body, bytes) else body
    expected = hmac.new(key, f"{msg_id}.{sent_at}.{text}".encode(), hashlib.sha256).digest()
    for entry in signatures.split(" "):
        version, _, signature = entry.partition(",")
        if version != "v1" or not signature:
            continue
        try:
            given = base64.b64decode(signature)
        except ValueError:
            continue
        if hmac.compare_digest(given, expected):
            return json.loads(text)
    raise WebhookVerificationError("No matching signature found")
