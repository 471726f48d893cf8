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
import base64
import json
import sys
from typing import Any

import httpx2
from client_common import call_tools, connect, dump, finish, http_client


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
    http = http_client(headers={"Authorization": f"Basic {auth}"})
    http.event_hooks["request"].append(on_request)

    out: dict[str, Any] = {"sent": sent}
    async with connect(args.url, http) as client:
        info = client.server_info
        out["protocol_version"] = client.protocol_version
        out["server_info"] = dump(info) if info is not None else None
        out["capabilities"] = dump(client.server_capabilities)
        listed = await client.list_tools()
        out["tools"] = dump(listed.tools)
        out["calls"] = await call_tools(client, args.call)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--user", required=True)
    parser.add_argument("--password", required=True)
    parser.add_argument("--call", action="append", default=[], help="NAME=JSON arguments")
    parser.add_argument("--timeout", type=float, default=90.0, help="overall limit in seconds")
    return finish(run, parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
