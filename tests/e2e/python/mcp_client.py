"""A real Python MCP client (the `mcp` package from PyPI) against an mcp-native endpoint.

Driven by tests/e2e/python-sdk.test.mjs, which makes the assertions: this script only does the
client work and prints what it observed as one JSON object on stdout (logs go to stderr).

    python mcp_client.py --url URL --user USER --password APP_PASSWORD [--call NAME=JSON ...]

It connects with the SDK's default mode ("auto": a `server/discover` probe first, falling back to
the initialize handshake), lists the tools, calls each tool named with --call, and records every
JSON-RPC method it sent over HTTP (through an httpx event hook) so the test can prove the probe
and the fallback happened. Exit code 0 when the client work ran (whatever the tool results),
2 on a client or transport error (the JSON then has "error").
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import sys
import traceback
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


async def run(args: argparse.Namespace) -> dict[str, Any]:
    sent: list[dict[str, Any]] = []

    async def on_request(request: httpx2.Request) -> None:
        entry: dict[str, Any] = {"http": request.method}
        if request.method == "POST":
            try:
                body = json.loads(request.content or b"null")
            except ValueError:
                body = None
            if isinstance(body, dict):
                entry["method"] = body.get("method")
                entry["has_id"] = "id" in body
        sent.append(entry)

    auth = base64.b64encode(f"{args.user}:{args.password}".encode()).decode()
    http = create_mcp_http_client(
        headers={"Authorization": f"Basic {auth}"},
        timeout=httpx2.Timeout(30.0, read=60.0),
    )
    http.event_hooks["request"].append(on_request)

    out: dict[str, Any] = {"sent": sent}
    async with http:
        transport = streamable_http_client(args.url, http_client=http)
        async with Client(transport, read_timeout_seconds=60.0) as client:
            info = client.server_info
            out["protocol_version"] = client.protocol_version
            out["server_info"] = dump(info) if info is not None else None
            out["capabilities"] = dump(client.server_capabilities)
            listed = await client.list_tools()
            out["tools"] = dump(listed.tools)
            calls: dict[str, Any] = {}
            for spec in args.call:
                name, _, raw = spec.partition("=")
                arguments = json.loads(raw) if raw else {}
                try:
                    result = await client.call_tool(name, arguments)
                    calls[name] = {"result": dump(result)}
                except Exception as exc:  # a protocol error is an observation, not a crash
                    calls[name] = {"exception": type(exc).__name__, "message": str(exc)}
            out["calls"] = calls
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--user", required=True)
    parser.add_argument("--password", required=True)
    parser.add_argument("--call", action="append", default=[], help="NAME=JSON arguments")
    parser.add_argument("--timeout", type=float, default=90.0, help="overall limit in seconds")
    args = parser.parse_args()
    try:
        out = asyncio.run(asyncio.wait_for(run(args), args.timeout))
    except BaseException as exc:  # noqa: BLE001 - report every failure as JSON
        traceback.print_exc(file=sys.stderr)
        print(json.dumps({"error": f"{type(exc).__name__}: {exc}"}))
        return 2
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
