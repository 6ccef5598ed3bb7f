"""The clients: PageToData (sync) and AsyncPageToData, one method per operation, on httpx.

Same rules as the TypeScript SDK: network errors, 5xx (not 504) and the 429s that clear with time
(rate_limited, concurrency_limit) are retried with backoff, honouring Retry-After; a default
timeout bounds every call; everything that goes wrong is a PageToDataError.
"""
from __future__ import annotations

import asyncio
import os
import random
import time
import uuid
from email.utils import parsedate_to_datetime
from typing import TYPE_CHECKING, Any, AsyncIterator, Dict, Iterator, List, Optional, Tuple, Union, overload

import httpx

from ._errors import PageToDataError, PageToDataTimeoutError
from ._types import (
    Accepted,
    CallInfo,
    Completed,
    ConsoleEntry,
    Literal,
    MarkdownOptions,
    Metadata,
    PageOptions,
    Processing,
    ScreenshotOptions,
    SiteJob,
    TypedDict,
)

if TYPE_CHECKING:  # Unpack for **kwargs (PEP 692) is for type checkers only
    from typing_extensions import Unpack

__all__ = ["PageToData", "AsyncPageToData"]

DEFAULT_BASE_URL = "http://localhost:3000"


class PageFields(TypedDict, total=False):
    max_age: Union[int, str]
    labels: Dict[str, str]
    residential: bool
    page_options: PageOptions
    report_to: str


class MarkdownFields(PageFields, total=False):
    markdown_options: MarkdownOptions


class ScreenshotFields(PageFields, total=False):
    screenshot_options: ScreenshotOptions


class LighthouseFields(PageFields, total=False):
    device: Literal["mobile", "desktop"]
    include_audits: Union[bool, str]


class ScrapeFields(PageFields, total=False):
    operations: List[str]
    markdown_options: MarkdownOptions
    screenshot_options: ScreenshotOptions
    device: Literal["mobile", "desktop"]
    include_audits: Union[bool, str]


def _checked(fields: Any, options: Dict[str, Any]) -> Dict[str, Any]:
    """Unknown options fail here, as a misspelled keyword does, instead of costing a 422."""
    allowed = set()
    for klass in fields.__mro__:
        allowed |= set(getattr(klass, "__annotations__", {}))
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise TypeError(f"unexpected option(s) {', '.join(unknown)}; known: {', '.join(sorted(allowed))}")
    return {k: v for k, v in options.items() if v is not None}


def _retry_after(res: httpx.Response) -> Optional[float]:
    value = res.headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        try:
            return max(0.0, parsedate_to_datetime(value).timestamp() - time.time())
        except (TypeError, ValueError):
            return None


def _int_header(res: httpx.Response, name: str) -> Optional[int]:
    value = res.headers.get(name)
    return int(value) if value not in (None, "") else None


def _error_from(res: httpx.Response) -> PageToDataError:
    try:
        body = res.json()
        if not isinstance(body, dict):
            raise ValueError
    except ValueError:
        body = {"error": f"http_{res.status_code}", "message": res.text[:500] or res.reason_phrase}
    return PageToDataError(res.status_code, body, _retry_after(res))


def _info(res: httpx.Response) -> Dict[str, Any]:
    return {
        "token": res.headers.get("x-result-token", ""),
        "cached": res.headers.get("x-cache") == "hit",
        "cost": _int_header(res, "x-quota-cost"),
        "remaining": _int_header(res, "x-quota-remaining"),
        "concurrency_limit": _int_header(res, "x-concurrency-limit"),
        "produced_by": res.headers.get("x-produced-by"),
    }


def _parse(res: httpx.Response) -> Any:
    return res.json() if res.headers.get("content-type", "").startswith("application/json") else res.text


class _Base:
    """Settings and the decisions both clients share; the I/O is theirs."""

    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        *,
        max_retries: int = 4,
        retry_delay: float = 1.0,
        timeout: float = 90.0,
    ) -> None:
        key = api_key or os.environ.get("PAGE_TO_DATA_API_KEY")
        if not key:
            raise ValueError("No API key: pass api_key=... or set PAGE_TO_DATA_API_KEY.")
        self.base_url = (base_url or os.environ.get("PAGE_TO_DATA_URL") or DEFAULT_BASE_URL).rstrip("/")
        self.max_retries = max_retries
        self.retry_delay = retry_delay
        self.timeout = timeout
        self._headers = {"authorization": f"Bearer {key}", "accept": "application/json, text/*"}

    def _headers_for(self, idempotency_key: Optional[str]) -> Dict[str, str]:
        return {**self._headers, **({"idempotency-key": idempotency_key} if idempotency_key else {})}

    def _backoff(self, attempt: int) -> float:
        return min(30.0, self.retry_delay * 2**attempt * (1 + random.random() * 0.25))

    def _unreachable(self, err: Exception) -> PageToDataError:
        if isinstance(err, httpx.TimeoutException):
            return PageToDataError(
                0, {"error": "timeout", "message": f"No answer from {self.base_url} within {self.timeout:g} s."}
            )
        return PageToDataError(
            0, {"error": "network_error", "message": f"Could not reach {self.base_url} ({err.__class__.__name__}: {err})."}
        )

    def _wait_before_retry(self, res: httpx.Response, attempt: int) -> Optional[float]:
        """Seconds to wait before sending again, or None when this answer is final."""
        if attempt >= self.max_retries:
            return None
        if res.status_code == 429:
            try:
                code = res.json().get("error")
            except ValueError:
                code = None
            if code not in ("rate_limited", "concurrency_limit"):
                return None
        elif res.status_code < 500 or res.status_code in (501, 504):
            return None
        after = _retry_after(res)
        return min(60.0, after if after is not None else self._backoff(attempt))

    @staticmethod
    def _body_key(body: Dict[str, Any], idempotency_key: Optional[str]) -> Optional[str]:
        # Async requests get a key, so that a retry after a lost answer replays instead of running twice.
        return idempotency_key or (None if body.get("sync") else f"sdk-{uuid.uuid4()}")

    def _operation_answer(self, res: httpx.Response, sync: bool) -> Union[Completed[Any], Accepted]:
        if res.status_code >= 400:
            raise _error_from(res)
        info = _info(res)
        if sync:
            return Completed(result=_parse(res), **info)
        ack = res.json()
        return Accepted(**{**info, "token": ack["token"]}, labels=ack.get("labels"))

    def _result_answer(self, res: httpx.Response, token: str) -> Union[Completed[Any], Processing]:
        if res.status_code == 202:
            return Processing(token=token, retry_after=_retry_after(res))
        if res.status_code >= 400:
            raise _error_from(res)
        return Completed(result=_parse(res), **{**_info(res), "token": token, "cost": None})

    @staticmethod
    def _site_job(body: Dict[str, Any]) -> SiteJob:
        known = {k: body.get(k) for k in SiteJob.__dataclass_fields__ if k in body}
        return SiteJob(**known)

    @staticmethod
    def _status_path(kind: str, token: str, cursor: Optional[str]) -> Tuple[str, Dict[str, str]]:
        return f"/{kind}/{token}", ({"cursor": cursor} if cursor else {})


class PageToData(_Base):
    """The page-to-data API, synchronously::

        ptd = PageToData(api_key="ptd_live_...", base_url="https://api.example.com")
        print(ptd.markdown(url="https://example.com/", sync=True).result)
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        *,
        max_retries: int = 4,
        retry_delay: float = 1.0,
        timeout: float = 90.0,
        http_client: Optional[httpx.Client] = None,
    ) -> None:
        super().__init__(api_key, base_url, max_retries=max_retries, retry_delay=retry_delay, timeout=timeout)
        self._http = http_client or httpx.Client(timeout=timeout)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> "PageToData":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def send(
        self,
        method: str,
        path: str,
        json: Any = None,
        params: Optional[Dict[str, str]] = None,
        idempotency_key: Optional[str] = None,
    ) -> httpx.Response:
        """One HTTP call with the key, the timeout and the retries; any answer is returned as it is."""
        for attempt in range(self.max_retries + 1):
            try:
                res = self._http.request(
                    method,
                    self.base_url + path,
                    json=json,
                    params=params,
                    headers=self._headers_for(idempotency_key),
                )
            except httpx.TimeoutException as err:
                raise self._unreachable(err) from err
            except httpx.TransportError as err:
                if attempt >= self.max_retries:
                    raise self._unreachable(err) from err
                time.sleep(self._backoff(attempt))
                continue
            wait = self._wait_before_retry(res, attempt)
            if wait is None:
                return res
            time.sleep(wait)
        raise AssertionError("unreachable")

    def run(
        self,
        endpoint: str,
        body: Dict[str, Any],
        idempotency_key: Optional[str] = None,
        wait_on_timeout: bool = True,
    ) -> Any:
        """Any operation by name: a sync request returns Completed, an async one Accepted."""
        sync = bool(body.get("sync"))
        res = self.send("POST", f"/{endpoint}", body, idempotency_key=self._body_key(body, idempotency_key))
        if res.status_code == 504 and wait_on_timeout:
            err = _error_from(res)
            if err.code == "processing_timeout" and err.token:
                return self.wait_for_result(err.token)
            raise err
        return self._operation_answer(res, sync)

    @overload
    def html(self, url: str, *, sync: Literal[True], **options: Unpack[PageFields]) -> Completed[str]: ...
    @overload
    def html(self, url: str, *, sync: Literal[False] = False, **options: Unpack[PageFields]) -> Accepted: ...
    @overload
    def html(self, url: str, *, sync: bool, **options: Unpack[PageFields]) -> Union[Completed[str], Accepted]: ...
    def html(self, url: str, *, sync: bool = False, **options: Any) -> Any:
        """Rendered HTML of the page (after its scripts ran)."""
        return self.run("html", {**_checked(PageFields, options), "url": url, "sync": sync})

    @overload
    def markdown(self, url: str, *, sync: Literal[True], **options: Unpack[MarkdownFields]) -> Completed[str]: ...
    @overload
    def markdown(self, url: str, *, sync: Literal[False] = False, **options: Unpack[MarkdownFields]) -> Accepted: ...
    @overload
    def markdown(self, url: str, *, sync: bool, **options: Unpack[MarkdownFields]) -> Union[Completed[str], Accepted]: ...
    def markdown(self, url: str, *, sync: bool = False, **options: Any) -> Any:
        """The page's main content as Markdown."""
        return self.run("markdown", {**_checked(MarkdownFields, options), "url": url, "sync": sync})

    @overload
    def screenshot(self, url: str, *, sync: Literal[True], **options: Unpack[ScreenshotFields]) -> Completed[str]: ...
    @overload
    def screenshot(self, url: str, *, sync: Literal[False] = False, **options: Unpack[ScreenshotFields]) -> Accepted: ...
    @overload
    def screenshot(self, url: str, *, sync: bool, **options: Unpack[ScreenshotFields]) -> Union[Completed[str], Accepted]: ...
    def screenshot(self, url: str, *, sync: bool = False, **options: Any) -> Any:
        """A screenshot, Base64-encoded (decode with base64.b64decode)."""
        return self.run("screenshot", {**_checked(ScreenshotFields, options), "url": url, "sync": sync})

    @overload
    def meta(self, url: str, *, sync: Literal[True], **options: Unpack[PageFields]) -> Completed[Metadata]: ...
    @overload
    def meta(self, url: str, *, sync: Literal[False] = False, **options: Unpack[PageFields]) -> Accepted: ...
    @overload
    def meta(self, url: str, *, sync: bool, **options: Unpack[PageFields]) -> Union[Completed[Metadata], Accepted]: ...
    def meta(self, url: str, *, sync: bool = False, **options: Any) -> Any:
        """The page's metadata: title, description, language, images, author, date."""
        return self.run("meta", {**_checked(PageFields, options), "url": url, "sync": sync})

    @overload
    def summarize(self, url: str, *, sync: Literal[True], **options: Unpack[PageFields]) -> Completed[str]: ...
    @overload
    def summarize(self, url: str, *, sync: Literal[False] = False, **options: Unpack[PageFields]) -> Accepted: ...
    @overload
    def summarize(self, url: str, *, sync: bool, **options: Unpack[PageFields]) -> Union[Completed[str], Accepted]: ...
    def summarize(self, url: str, *, sync: bool = False, **options: Any) -> Any:
        """A summary of the main content (AI)."""
        return self.run("summarize", {**_checked(PageFields, options), "url": url, "sync": sync})

    @overload
    def keywords(self, url: str, *, sync: Literal[True], **options: Unpack[PageFields]) -> Completed[List[str]]: ...
    @overload
    def keywords(self, url: str, *, sync: Literal[False] = False, **options: Unpack[PageFields]) -> Accepted: ...
    @overload
    def keywords(self, url: str, *, sync: bool, **options: Unpack[PageFields]) -> Union[Completed[List[str]], Accepted]: ...
    def keywords(self, url: str, *, sync: bool = False, **options: Any) -> Any:
        """Keywords of the main content, most relevant first (AI)."""
        return self.run("keywords", {**_checked(PageFields, options), "url": url, "sync": sync})

    @overload
    def lighthouse(self, url: str, *, sync: Literal[True], **options: Unpack[LighthouseFields]) -> Completed[Dict[str, Any]]: ...
    @overload
    def lighthouse(self, url: str, *, sync: Literal[False] = False, **options: Unpack[LighthouseFields]) -> Accepted: ...
    @overload
    def lighthouse(self, url: str, *, sync: bool, **options: Unpack[LighthouseFields]) -> Union[Completed[Dict[str, Any]], Accepted]: ...
    def lighthouse(self, url: str, *, sync: bool = False, **options: Any) -> Any:
        """A Lighthouse audit: category scores and lab metrics."""
        return self.run("lighthouse", {**_checked(LighthouseFields, options), "url": url, "sync": sync})

    @overload
    def console(self, url: str, *, sync: Literal[True], **options: Unpack[PageFields]) -> Completed[List[ConsoleEntry]]: ...
    @overload
    def console(self, url: str, *, sync: Literal[False] = False, **options: Unpack[PageFields]) -> Accepted: ...
    @overload
    def console(self, url: str, *, sync: bool, **options: Unpack[PageFields]) -> Union[Completed[List[ConsoleEntry]], Accepted]: ...
    def console(self, url: str, *, sync: bool = False, **options: Any) -> Any:
        """The console errors, warnings and exceptions of the page."""
        return self.run("console", {**_checked(PageFields, options), "url": url, "sync": sync})

    @overload
    def scrape(self, url: str, *, sync: Literal[True], **options: Unpack[ScrapeFields]) -> Completed[Dict[str, Any]]: ...
    @overload
    def scrape(self, url: str, *, sync: Literal[False] = False, **options: Unpack[ScrapeFields]) -> Accepted: ...
    @overload
    def scrape(self, url: str, *, sync: bool, **options: Unpack[ScrapeFields]) -> Union[Completed[Dict[str, Any]], Accepted]: ...
    def scrape(self, url: str, *, sync: bool = False, **options: Any) -> Any:
        """Several operations from one visit (pass operations=[...])."""
        return self.run("scrape", {**_checked(ScrapeFields, options), "url": url, "sync": sync})


    def get_result(self, token: str) -> Union[Completed[Any], Processing]:
        """One look at GET /result/{token}: Completed, or Processing while it runs."""
        return self._result_answer(self.send("GET", f"/result/{token}"), token)

    def wait_for_result(self, token: str, timeout: float = 600.0, poll_interval: float = 1.0) -> Completed[Any]:
        """Polls GET /result/{token} until the result is ready, as long as Retry-After asks."""
        started = time.monotonic()
        while True:
            state = self.get_result(token)
            if isinstance(state, Completed):
                return state
            elapsed = time.monotonic() - started
            if elapsed >= timeout:
                raise PageToDataTimeoutError(token, elapsed)
            time.sleep(min(state.retry_after or poll_interval, max(0.0, timeout - elapsed)))

    def map(self, url: str, **options: Any) -> List[str]:
        """POST /map: the site's URLs (1 credit)."""
        res = self.send("POST", "/map", {**options, "url": url})
        if res.status_code >= 400:
            raise _error_from(res)
        return list(res.json()["links"])

    def _start(self, kind: str, body: Dict[str, Any], idempotency_key: Optional[str]) -> Accepted:
        res = self.send("POST", f"/{kind}", body, idempotency_key=idempotency_key or f"sdk-{uuid.uuid4()}")
        return self._operation_answer(res, False)  # type: ignore[return-value]

    def crawl(self, url: str, idempotency_key: Optional[str] = None, **options: Any) -> Accepted:
        """POST /crawl: starts crawling the site; follow it with crawl_pages() or wait_for_crawl()."""
        return self._start("crawl", {**options, "url": url}, idempotency_key)

    def batch(self, urls: List[str], idempotency_key: Optional[str] = None, **options: Any) -> Accepted:
        """POST /batch: one entry per URL, in the order given."""
        return self._start("batch", {**options, "urls": list(urls)}, idempotency_key)

    def crawl_status(self, token: str, cursor: Optional[str] = None, kind: str = "crawl") -> SiteJob:
        path, params = self._status_path(kind, token, cursor)
        res = self.send("GET", path, params=params)
        if res.status_code >= 400:
            raise _error_from(res)
        return self._site_job(res.json())

    def batch_status(self, token: str, cursor: Optional[str] = None) -> SiteJob:
        return self.crawl_status(token, cursor, kind="batch")

    def cancel_crawl(self, token: str, kind: str = "crawl") -> Dict[str, Any]:
        res = self.send("DELETE", f"/{kind}/{token}")
        if res.status_code >= 400:
            raise _error_from(res)
        return dict(res.json())

    def cancel_batch(self, token: str) -> Dict[str, Any]:
        return self.cancel_crawl(token, kind="batch")

    def crawl_pages(self, token: str, kind: str = "crawl", poll_interval: float = 1.0) -> Iterator[Dict[str, Any]]:
        """Every page of a crawl (or batch: kind="batch"), each once, as it finishes."""
        cursor: Optional[str] = None
        while True:
            status = self.crawl_status(token, cursor, kind=kind)
            yield from status.data
            if status.next is None:
                return
            cursor = status.next
            if not status.data:
                time.sleep(poll_interval)

    def wait_for_crawl(self, token: str, kind: str = "crawl") -> List[Dict[str, Any]]:
        return list(self.crawl_pages(token, kind=kind))

    def wait_for_batch(self, token: str) -> List[Dict[str, Any]]:
        return self.wait_for_crawl(token, kind="batch")


class AsyncPageToData(_Base):
    """The page-to-data API, with asyncio::

        ptd = AsyncPageToData(api_key="ptd_live_...", base_url="https://api.example.com")
        print((await ptd.markdown(url="https://example.com/", sync=True)).result)
    """

    def __init__(
        self,
        api_key: Optional[str] = None,
        base_url: Optional[str] = None,
        *,
        max_retries: int = 4,
        retry_delay: float = 1.0,
        timeout: float = 90.0,
        http_client: Optional[httpx.AsyncClient] = None,
    ) -> None:
        super().__init__(api_key, base_url, max_retries=max_retries, retry_delay=retry_delay, timeout=timeout)
        self._http = http_client or httpx.AsyncClient(timeout=timeout)

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> "AsyncPageToData":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()

    async def send(
        self,
        method: str,
        path: str,
        json: Any = None,
        params: Optional[Dict[str, str]] = None,
        idempotency_key: Optional[str] = None,
    ) -> httpx.Response:
        """One HTTP call with the key, the timeout and the retries; any answer is returned as it is."""
        for attempt in range(self.max_retries + 1):
            try:
                res = await self._http.request(
                    method,
                    self.base_url + path,
                    json=json,
                    params=params,
                    headers=self._headers_for(idempotency_key),
                )
            except httpx.TimeoutException as err:
                raise self._unreachable(err) from err
            except httpx.TransportError as err:
                if attempt >= self.max_retries:
                    raise self._unreachable(err) from err
                await asyncio.sleep(self._backoff(attempt))
                continue
            wait = self._wait_before_retry(res, attempt)
            if wait is None:
                return res
            await asyncio.sleep(wait)
        raise AssertionError("unreachable")

    async def run(
        self,
        endpoint: str,
        body: Dict[str, Any],
        idempotency_key: Optional[str] = None,
        wait_on_timeout: bool = True,
    ) -> Any:
        """Any operation by name: a sync request returns Completed, an async one Accepted."""
        sync = bool(body.get("sync"))
        res = await self.send("POST", f"/{endpoint}", body, idempotency_key=self._body_key(body, idempotency_key))
        if res.status_code == 504 and wait_on_timeout:
            err = _error_from(res)
            if err.code == "processing_timeout" and err.token:
                return await self.wait_for_result(err.token)
            raise err
        return self._operation_answer(res, sync)

    @overload
    async def html(self, url: str, *, sync: Literal[True], **options: Unpack[PageFields]) -> Completed[str]: ...
    @overload
    async def html(self, url: str, *, sync: Literal[False] = False, **options: Unpack[PageFields]) -> Accepted: ...
    @overload
    async def html(self, url: str, *, sync: bool, **options: Unpack[PageFields]) -> Union[Completed[str], Accepted]: ...
    async def html(self, url: str, *, sync: bool = False, **options: Any) -> Any:
        """Rendered HTML of the page (after its scripts ran)."""
        return await self.run("html", {**_checked(PageFields, options), "url": url, "sync": sync})

    @overload
    async def markdown(self, url: str, *, sync: Literal[True], **options: Unpack[MarkdownFields]) -> Completed[str]: ...
    @overload
    async def markdown(self, url: str, *, sync: Literal[False] = False, **options: Unpack[MarkdownFields]) -> Accepted: ...
    @overload
    async def markdown(self, url: str, *, sync: bool, **options: Unpack[MarkdownFields]) -> Union[Completed[str], Accepted]: ...
    async def markdown(self, url: str, *, sync: bool = False, **options: Any) -> Any:
        """The page's main content as Markdown."""
        return await self.run("markdown", {**_checked(MarkdownFields, options), "url": url, "sync": sync})

    @overload
    async def screenshot(self, url: str, *, sync: Literal[True], **options: Unpack[ScreenshotFields]) -> Completed[str]: ...
    @overload
    async def screenshot(self, url: str, *, sync: Literal[False] = False, **options: Unpack[ScreenshotFields]) -> Accepted: ...
    @overload
    async def screenshot(self, url: str, *, sync: bool, **options: Unpack[ScreenshotFields]) -> Union[Completed[str], Accepted]: ...
    async def screenshot(self, url: str, *, sync: bool = False, **options: Any) -> Any:
        """A screenshot, Base64-encoded (decode with base64.b64decode)."""
        return await self.run("screenshot", {**_checked(ScreenshotFields, options), "url": url, "sync": sync})

    @overload
    async def meta(self, url: str, *, sync: Literal[True], **options: Unpack[PageFields]) -> Completed[Metadata]: ...
    @overload
    async def meta(self, url: str, *, sync: Literal[False] = False, **options: Unpack[PageFields]) -> Accepted: ...
    @overload
    async def meta(self, url: str, *, sync: bool, **options: Unpack[PageFields]) -> Union[Completed[Metadata], Accepted]: ...
    async def meta(self, url: str, *, sync: bool = False, **options: Any) -> Any:
        """The page's metadata: title, description, language, images, author, date."""
        return await self.run("meta", {**_checked(PageFields, options), "url": url, "sync": sync})

    @overload
    async def summarize(self, url: str, *, sync: Literal[True], **options: Unpack[PageFields]) -> Completed[str]: ...
    @overload
    async def summarize(self, url: str, *, sync: Literal[False] = False, **options: Unpack[PageFields]) -> Accepted: ...
    @overload
    async def summarize(self, url: str, *, sync: bool, **options: Unpack[PageFields]) -> Union[Completed[str], Accepted]: ...
    async def summarize(self, url: str, *, sync: bool = False, **options: Any) -> Any:
        """A summary of the main content (AI)."""
        return await self.run("summarize", {**_checked(PageFields, options), "url": url, "sync": sync})

    @overload
    async def keywords(self, url: str, *, sync: Literal[True], **options: Unpack[PageFields]) -> Completed[List[str]]: ...
    @overload
    async def keywords(self, url: str, *, sync: Literal[False] = False, **options: Unpack[PageFields]) -> Accepted: ...
    @overload
    async def keywords(self, url: str, *, sync: bool, **options: Unpack[PageFields]) -> Union[Completed[List[str]], Accepted]: ...
    async def keywords(self, url: str, *, sync: bool = False, **options: Any) -> Any:
        """Keywords of the main content, most relevant first (AI)."""
        return await self.run("keywords", {**_checked(PageFields, options), "url": url, "sync": sync})

    @overload
    async def lighthouse(self, url: str, *, sync: Literal[True], **options: Unpack[LighthouseFields]) -> Completed[Dict[str, Any]]: ...
    @overload
    async def lighthouse(self, url: str, *, sync: Literal[False] = False, **options: Unpack[LighthouseFields]) -> Accepted: ...
    @overload
    async def lighthouse(self, url: str, *, sync: bool, **options: Unpack[LighthouseFields]) -> Union[Completed[Dict[str, Any]], Accepted]: ...
    async def lighthouse(self, url: str, *, sync: bool = False, **options: Any) -> Any:
        """A Lighthouse audit: category scores and lab metrics."""
        return await self.run("lighthouse", {**_checked(LighthouseFields, options), "url": url, "sync": sync})

    @overload
    async def console(self, url: str, *, sync: Literal[True], **options: Unpack[PageFields]) -> Completed[List[ConsoleEntry]]: ...
    @overload
    async def console(self, url: str, *, sync: Literal[False] = False, **options: Unpack[PageFields]) -> Accepted: ...
    @overload
    async def console(self, url: str, *, sync: bool, **options: Unpack[PageFields]) -> Union[Completed[List[ConsoleEntry]], Accepted]: ...
    async def console(self, url: str, *, sync: bool = False, **options: Any) -> Any:
        """The console errors, warnings and exceptions of the page."""
        return await self.run("console", {**_checked(PageFields, options), "url": url, "sync": sync})

    @overload
    async def scrape(self, url: str, *, sync: Literal[True], **options: Unpack[ScrapeFields]) -> Completed[Dict[str, Any]]: ...
    @overload
    async def scrape(self, url: str, *, sync: Literal[False] = False, **options: Unpack[ScrapeFields]) -> Accepted: ...
    @overload
    async def scrape(self, url: str, *, sync: bool, **options: Unpack[ScrapeFields]) -> Union[Completed[Dict[str, Any]], Accepted]: ...
    async def scrape(self, url: str, *, sync: bool = False, **options: Any) -> Any:
        """Several operations from one visit (pass operations=[...])."""
        return await self.run("scrape", {**_checked(ScrapeFields, options), "url": url, "sync": sync})


    async def get_result(self, token: str) -> Union[Completed[Any], Processing]:
        """One look at GET /result/{token}: Completed, or Processing while it runs."""
        return self._result_answer(await self.send("GET", f"/result/{token}"), token)

    async def wait_for_result(self, token: str, timeout: float = 600.0, poll_interval: float = 1.0) -> Completed[Any]:
        """Polls GET /result/{token} until the result is ready, as long as Retry-After asks."""
        started = time.monotonic()
        while True:
            state = await self.get_result(token)
            if isinstance(state, Completed):
                return state
            elapsed = time.monotonic() - started
            if elapsed >= timeout:
                raise PageToDataTimeoutError(token, elapsed)
            await asyncio.sleep(min(state.retry_after or poll_interval, max(0.0, timeout - elapsed)))

    async def map(self, url: str, **options: Any) -> List[str]:
        """POST /map: the site's URLs (1 credit)."""
        res = await self.send("POST", "/map", {**options, "url": url})
        if res.status_code >= 400:
            raise _error_from(res)
        return list(res.json()["links"])

    async def _start(self, kind: str, body: Dict[str, Any], idempotency_key: Optional[str]) -> Accepted:
        res = await self.send("POST", f"/{kind}", body, idempotency_key=idempotency_key or f"sdk-{uuid.uuid4()}")
        return self._operation_answer(res, False)  # type: ignore[return-value]

    async def crawl(self, url: str, idempotency_key: Optional[str] = None, **options: Any) -> Accepted:
        """POST /crawl: starts crawling the site; follow it with crawl_pages() or wait_for_crawl()."""
        return await self._start("crawl", {**options, "url": url}, idempotency_key)

    async def batch(self, urls: List[str], idempotency_key: Optional[str] = None, **options: Any) -> Accepted:
        """POST /batch: one entry per URL, in the order given."""
        return await self._start("batch", {**options, "urls": list(urls)}, idempotency_key)

    async def crawl_status(self, token: str, cursor: Optional[str] = None, kind: str = "crawl") -> SiteJob:
        path, params = self._status_path(kind, token, cursor)
        res = await self.send("GET", path, params=params)
        if res.status_code >= 400:
            raise _error_from(res)
        return self._site_job(res.json())

    async def batch_status(self, token: str, cursor: Optional[str] = None) -> SiteJob:
        return await self.crawl_status(token, cursor, kind="batch")

    async def cancel_crawl(self, token: str, kind: str = "crawl") -> Dict[str, Any]:
        res = await self.send("DELETE", f"/{kind}/{token}")
        if res.status_code >= 400:
            raise _error_from(res)
        return dict(res.json())

    async def cancel_batch(self, token: str) -> Dict[str, Any]:
        return await self.cancel_crawl(token, kind="batch")

    async def crawl_pages(self, token: str, kind: str = "crawl", poll_interval: float = 1.0) -> AsyncIterator[Dict[str, Any]]:
        """Every page of a crawl (or batch: kind="batch"), each once, as it finishes."""
        cursor: Optional[str] = None
        while True:
            status = await self.crawl_status(token, cursor, kind=kind)
            for page in status.data:
                yield page
            if status.next is None:
                return
            cursor = status.next
            if not status.data:
                await asyncio.sleep(poll_interval)

    async def wait_for_crawl(self, token: str, kind: str = "crawl") -> List[Dict[str, Any]]:
        return [page async for page in self.crawl_pages(token, kind=kind)]

    async def wait_for_batch(self, token: str) -> List[Dict[str, Any]]:
        return await self.wait_for_crawl(token, kind="batch")
