"""Request options (TypedDicts: a misspelled key is a type checker's error) and typed results."""
from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any, Dict, Generic, List, Optional, TypeVar

if sys.version_info >= (3, 8):
    from typing import Literal, TypedDict
else:  # pragma: no cover
    from typing_extensions import Literal, TypedDict

Operation = Literal["html", "markdown", "screenshot", "meta", "summarize", "keywords", "lighthouse", "console"]
Endpoint = Literal[
    "html", "markdown", "screenshot", "meta", "summarize", "keywords", "lighthouse", "console", "scrape"
]


class PageOptions(TypedDict, total=False):
    wait_for_selector: str
    delay: int
    block_ads: bool
    block_cookie_banners: bool
    remove_selectors: List[str]


class ScreenshotOptions(TypedDict, total=False):
    full_page: bool
    full_page_max_height: int
    viewport_width: int
    viewport_height: int
    device_scale_factor: int
    selector: str
    format: Literal["png", "jpeg", "webp"]
    quality: int
    omit_background: bool
    dark_mode: bool
    hide_selectors: List[str]
    styles: str


class MarkdownOptions(TypedDict, total=False):
    include_title: bool


class Metadata(TypedDict):
    title: Optional[str]
    description: Optional[str]
    language: Optional[str]
    main_image_url: Optional[str]
    favicon_url: Optional[str]
    author_name: Optional[str]
    feed_url: Optional[str]
    publication_date: Optional[str]
    additional_author_information: Optional[Dict[str, Any]]


class ConsoleEntry(TypedDict):
    type: Literal["error", "warning", "exception"]
    text: str


T = TypeVar("T")


@dataclass
class CallInfo:
    """What the response headers said about a call."""

    token: str
    cached: bool = False
    #: Credits spent (held, for an async acknowledgement); None on get_result.
    cost: Optional[int] = None
    remaining: Optional[int] = None
    concurrency_limit: Optional[int] = None
    #: AI operations: which method produced the result (X-Produced-By).
    produced_by: Optional[str] = None


@dataclass
class Completed(CallInfo, Generic[T]):
    """A finished request: ``result`` is the Markdown, HTML, Base64 image, Metadata, ..."""

    result: T = None  # type: ignore[assignment]
    status: Literal["complete"] = "complete"


@dataclass
class Accepted(CallInfo):
    """An async request's acknowledgement: collect it with wait_for_result(token)."""

    labels: Optional[Dict[str, str]] = None
    status: Literal["accepted"] = "accepted"


@dataclass
class Processing:
    token: str
    retry_after: Optional[float] = None
    status: Literal["processing"] = "processing"


@dataclass
class SiteJob:
    """A crawl's or batch's status (GET /crawl/{token}); ``data`` holds the pages of this answer."""

    token: str
    status: str
    total: int
    completed: int
    failed: int
    credits_used: int
    data: List[Dict[str, Any]] = field(default_factory=list)
    next: Optional[str] = None
    stopped_reason: Optional[str] = None
    labels: Optional[Dict[str, str]] = None
