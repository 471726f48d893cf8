"""What the Python MCP test clients share (mcp_client.py, mcp_oauth_client.py): the HTTP client,
the connection through the SDK's Streamable HTTP transport, the tool calls, and the command line's
ending (one JSON object on stdout, exit 2 with "error" on a client or transport failure).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import traceback
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import httpx2
from mcp import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client


def dump(model: Any) -> Any:
    """A pydantic model (or list of them) as plain JSON data, with the wire's field names."""
    if isinstance(model, list):
        return [dump(m) for m in model]
    if hasattr(model, "model_dump"):
        return model.model_dump(mode="json", by_alias=True, exclude_none=True)
    return model


def http_client(**kwargs: Any) -> httpx2.AsyncClient:
    """The SDK's HTTP client with the tests' timeouts (30 s, 60 s to read); kwargs: headers, auth."""
    return create_mcp_http_client(timeout=httpx2.Timeout(30.0, read=60.0), **kwargs)


@asynccontextmanager
async def connect(url: str, http: httpx2.AsyncClient) -> AsyncIterator[Client]:
    """An MCP client session on `url` over `http` (closed, with `http`, on leaving)."""
    async with http:
        transport = streamable_http_client(url, http_client=http)
        async with Client(transport, read_timeout_seconds=60.0) as client:
            yield client


async def call_tools(client: Client, specs: list[str]) -> dict[str, Any]:
    """Calls each NAME=JSON of `specs`: name => {"result": …} or {"exception", "message"}."""
    calls: dict[str, Any] = {}
    for spec in specs:
        name, _, raw = spec.partition("=")
        arguments = json.loads(raw) if raw else {}
        try:
            calls[name] = {"result": dump(await client.call_tool(name, arguments))}
        except Exception as exc:  # a protocol error is an observation, not a crash
            calls[name] = {"exception": type(exc).__name__, "message": str(exc)}
    return calls


def finish(run: Callable[[argparse.Namespace], Awaitable[dict[str, Any]]], args: argparse.Namespace) -> int:
    """Runs `run(args)` within args.timeout and prints its JSON; 0, or 2 with {"error"} on a failure."""
    try:
        out = asyncio.run(asyncio.wait_for(run(args), args.timeout))
    except BaseException as exc:  # noqa: BLE001 - report every failure as JSON
        traceback.print_exc(file=sys.stderr)
        print(json.dumps({"error": f"{type(exc).__name__}: {exc}"}))
        return 2
    print(json.dumps(out))
    return 0
