"""The Python client against a running page-to-data server.

Run by tests/packages/packages.test.ts with the wheel installed in a fresh venv and:
PTD_TEST_URL (the server), PTD_TEST_KEY (a pro project's key), PTD_TEST_PAGE (a local page whose
main content is known), PTD_TEST_WEBHOOK_SECRET (that project's webhook secret).
"""
import asyncio
import base64
import hashlib
import hmac
import json
import os
import time

import pytest

import page_to_data
from page_to_data import (
    Accepted,
    AsyncPageToData,
    Completed,
    PageToData,
    PageToDataError,
    WebhookVerificationError,
    verify_webhook,
)

URL = os.environ.get("PTD_TEST_URL")
KEY = os.environ.get("PTD_TEST_KEY")
PAGE = os.environ.get("PTD_TEST_PAGE", "http://article.test/")
pytestmark = pytest.mark.skipif(not URL or not KEY, reason="needs PTD_TEST_URL and PTD_TEST_KEY")


@pytest.fixture
def ptd():
    with PageToData(api_key=KEY, base_url=URL) as client:
        yield client


def test_installed_from_the_wheel_not_the_source_tree():
    assert "site-packages" in page_to_data.__file__


def test_markdown_sync_result_is_the_markdown(ptd):
    md = ptd.markdown(url=PAGE + "py-sync", sync=True)
    assert isinstance(md, Completed)
    assert md.result.startswith("This paragraph is part of the static HTML")
    assert md.token.startswith("req_")
    assert md.cost == 1 and md.cached is False


def test_options_and_typed_results(ptd):
    md = ptd.markdown(url=PAGE + "py-title", sync=True, markdown_options={"include_title": True})
    assert md.result.startswith("# ")
    meta = ptd.meta(url=PAGE + "py-sync", sync=True)
    assert meta.result["title"] == "A local article"
    shot = ptd.screenshot(url=PAGE + "py-shot", sync=True, screenshot_options={"full_page": False, "format": "jpeg"})
    assert base64.b64decode(shot.result)[:3] == b"\xff\xd8\xff"


def test_misspelled_option_fails_before_any_request(ptd):
    with pytest.raises(TypeError, match="page_optionz"):
        ptd.markdown(url=PAGE, sync=True, page_optionz={"delay": 1})


def test_async_then_wait_for_result(ptd):
    ack = ptd.html(url=PAGE + "py-async", labels={"order": "7"})
    assert isinstance(ack, Accepted) and ack.labels == {"order": "7"}
    done = ptd.wait_for_result(ack.token)
    assert "Inserted by the page's own script." in done.result


def test_errors_are_typed(ptd):
    with pytest.raises(PageToDataError) as invalid:
        ptd.markdown(url="ftp://example.com/", sync=True)
    assert invalid.value.status == 422 and invalid.value.code == "invalid_url"
    with pytest.raises(PageToDataError) as failed:
        ptd.markdown(url=PAGE + "missing", sync=True)
    assert failed.value.code == "not_found" and failed.value.is_operational_failure
    assert str(failed.value) == "The requested page was not found."
    with pytest.raises(PageToDataError) as bad_key:
        PageToData(api_key="ptd_live_nope", base_url=URL).html(url=PAGE, sync=True)
    assert bad_key.value.status == 401 and bad_key.value.code == "invalid_api_key"


def test_unreachable_api_is_a_network_error_after_retries():
    client = PageToData(api_key="ptd_live_x", base_url="http://127.0.0.1:9", max_retries=2, retry_delay=0.05)
    started = time.monotonic()
    with pytest.raises(PageToDataError) as err:
        client.markdown(url=PAGE, sync=True)
    assert err.value.status == 0 and err.value.code == "network_error"
    assert time.monotonic() - started >= 0.1  # two backoffs happened


def test_async_client():
    async def main():
        async with AsyncPageToData(api_key=KEY, base_url=URL) as client:
            md = await client.markdown(url=PAGE + "py-asyncio", sync=True)
            ack = await client.meta(url=PAGE + "py-asyncio")
            done = await client.wait_for_result(ack.token)
            return md, done

    md, done = asyncio.run(main())
    assert "Inserted by the page's own script." in md.result
    assert done.result["title"] == "A local article"


def test_verify_webhook():
    secret = "whsec_" + base64.b64encode(b"a secret of thirty-two bytes!!!!").decode()
    body = json.dumps({"type": "request.completed", "data": {"token": "req_1"}})
    ts = str(int(time.time()))
    sig = base64.b64encode(
        hmac.new(base64.b64decode(secret[6:]), f"msg_1.{ts}.{body}".encode(), hashlib.sha256).digest()
    ).decode()
    headers = {"webhook-id": "msg_1", "webhook-timestamp": ts, "webhook-signature": f"v1,{sig}"}
    assert verify_webhook(body, headers, secret)["data"]["token"] == "req_1"
    with pytest.raises(WebhookVerificationError):
        verify_webhook(body.replace("req_1", "req_2"), headers, secret)
    with pytest.raises(WebhookVerificationError):
        verify_webhook(body, {**headers, "webhook-timestamp": str(int(ts) - 3600)}, secret)
