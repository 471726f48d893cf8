"""The Python MCP SDK's own OAuth client (`mcp.client.auth.OAuthClientProvider`) against an endpoint.

Driven by tests/e2e/oauth-python.test.mjs, which opens the authorization URL in Chromium and makes
the assertions: this script only does the client work and prints one JSON object on stdout (logs
go to stderr).

    python mcp_oauth_client.py --url URL [--callback-port PORT] --url-file FILE [--call NAME=JSON ...]

No credentials are given: the SDK meets the 401, reads the RFC 9728 and RFC 8414 documents,
registers (RFC 7591), and calls the redirect handler, which writes the authorization URL to
--url-file (the test's "browser"). The callback handler serves http://127.0.0.1:PORT/callback and
hands code, state and iss back to the SDK, which checks state and iss (RFC 9207) and exchanges the
code. Then it lists the tools and calls each --call. Every HTTP request is recorded (method, URL,
status, whether it carried a bearer token).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx2
from client_common import call_tools, connect, dump, finish, http_client
from mcp.client.auth import OAuthClientProvider, TokenStorage
from mcp.shared.auth import AuthorizationCodeResult, OAuthClientInformationFull, OAuthClientMetadata, OAuthToken


class MemoryStorage(TokenStorage):
    def __init__(self) -> None:
        self.tokens: OAuthToken | None = None
        self.client: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.client

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.client = client_info


class Callback:
    """A one-shot HTTP server on 127.0.0.1:PORT answering GET /callback?…"""

    def __init__(self, port: int) -> None:
        self.port = port
        self.result: asyncio.Future[dict[str, list[str]]] = asyncio.get_running_loop().create_future()
        self.server: asyncio.base_events.Server | None = None

    async def start(self) -> None:
        """Listens; with port 0 the system picks a free port (no window for another process to take it)."""
        self.server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)
        self.port = self.server.sockets[0].getsockname()[1]

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            line = (await asyncio.wait_for(reader.readline(), 10)).decode("latin-1")
            while (await asyncio.wait_for(reader.readline(), 10)) not in (b"\r\n", b"\n", b""):
                pass
            target = line.split(" ")[1] if line.count(" ") >= 2 else "/"
            parts = urlsplit(target)
            if parts.path == "/callback" and not self.result.done():
                self.result.set_result(parse_qs(parts.query))
            body = b"<!doctype html><title>python callback</title><p id=done>Back at the Python client.</p>"
            writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
            await writer.drain()
        finally:
            writer.close()

    async def wait(self, timeout: float) -> AuthorizationCodeResult:
        q = await asyncio.wait_for(self.result, timeout)
        if "error" in q:
            raise RuntimeError(f"authorization refused: {q['error'][0]} (iss={q.get('iss', [None])[0]})")
        return AuthorizationCodeResult(code=q["code"][0], state=q.get("state", [None])[0], iss=q.get("iss", [None])[0])

    def close(self) -> None:
        if self.server is not None:
            self.server.close()


async def run(args: argparse.Namespace) -> dict[str, Any]:
    sent: list[dict[str, Any]] = []
    out: dict[str, Any] = {"sent": sent}

    async def on_response(response: httpx2.Response) -> None:
        req = response.request
        entry: dict[str, Any] = {
            "http": req.method,
            "url": str(req.url),
            "status": response.status_code,
            "bearer": req.headers.get("authorization", "").startswith("Bearer mcpn_at_"),
        }
        if req.method == "POST" and str(req.url) == args.url:
            try:
                body = json.loads(req.content or b"null")
                entry["method"] = body.get("method") if isinstance(body, dict) else None
            except ValueError:
                pass
        sent.append(entry)

    callback = Callback(args.callback_port)
    await callback.start()
    storage = MemoryStorage()

    async def redirect_handler(url: str) -> None:
        out["authorization_url"] = url
        with open(args.url_file, "w", encoding="utf-8") as f:
            f.write(url + "\n")

    async def callback_handler() -> AuthorizationCodeResult:
        return await callback.wait(args.consent_timeout)

    provider = OAuthClientProvider(
        server_url=args.url,
        client_metadata=OAuthClientMetadata(
            client_name="E2E Python SDK",
            redirect_uris=[f"http://127.0.0.1:{callback.port}/callback"],
            grant_types=["authorization_code", "refresh_token"],
            response_types=["code"],
            token_endpoint_auth_method="none",
        ),
        storage=storage,
        redirect_handler=redirect_handler,
        callback_handler=callback_handler,
    )
    http = http_client(auth=provider)
    http.event_hooks["response"].append(on_response)
    try:
        async with connect(args.url, http) as client:
            out["protocol_version"] = client.protocol_version
            out["tools"] = [t.name for t in (await client.list_tools()).tools]
            out["calls"] = await call_tools(client, args.call)
    finally:
        callback.close()
    out["tokens"] = dump(storage.tokens) if storage.tokens else None
    out["client_id"] = storage.client.client_id if storage.client else None
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", required=True)
    parser.add_argument("--callback-port", type=int, default=0, help="0 (default): a free port of the system's choosing")
    parser.add_argument("--url-file", required=True)
    parser.add_argument("--call", action="append", default=[], help="NAME=JSON arguments")
    parser.add_argument("--consent-timeout", type=float, default=60.0)
    parser.add_argument("--timeout", type=float, default=100.0, help="overall limit in seconds")
    return finish(run, parser.parse_args())


if __name__ == "__main__":
    sys.exit(main())
