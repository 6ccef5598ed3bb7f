"""page_to_data: a client for the page-to-data API (sync and asyncio, on httpx).

    from page_to_data import PageToData

    ptd = PageToData(api_key="ptd_live_...", base_url="https://api.example.com")
    print(ptd.markdown(url="https://example.com/", sync=True).result)
"""
from ._client import AsyncPageToData, PageToData
from ._errors import PageToDataError, PageToDataTimeoutError, WebhookVerificationError
from ._types import (
    Accepted,
    CallInfo,
    Completed,
    ConsoleEntry,
    MarkdownOptions,
    Metadata,
    PageOptions,
    Processing,
    ScreenshotOptions,
    SiteJob,
)
from ._webhook import verify_webhook

__version__ = "0.1.0"

__all__ = [
    "PageToData",
    "AsyncPageToData",
    "PageToDataError",
    "PageToDataTimeoutError",
    "WebhookVerificationError",
    "verify_webhook",
    "Accepted",
    "CallInfo",
    "Completed",
    "ConsoleEntry",
    "MarkdownOptions",
    "Metadata",
    "PageOptions",
    "Processing",
    "ScreenshotOptions",
    "SiteJob",
]
