#!/usr/bin/env python3
"""The MCP requests of scripts/test-integrations.sh, made by a real MCP client, and the comparison.

  exchange.py run BASE_URL USER APP_PASSWORD SPEC.json OUT.json
      Needs the official Python MCP SDK (`mcp` from PyPI; the venv .cache/python-mcp that
      tests/e2e/python/setup.sh makes). Per server path of SPEC, one session of the SDK's
      `Client` over its streamable HTTP transport (Authorization: Basic through the httpx client),
      which negotiates the protocol itself: its default mode probes `server/discover` (2026-07-28)
      and falls back to the initialize handshake (what adapter 0.5.0 speaks). SPEC's requests map
      onto the SDK's calls: initialize -> opening the session; tools/list -> list_tools() page by
      page; tools/call -> call_tool() (the default server's discover is a call of its
      mcp-adapter-discover-abilities tool, its nextCursor pages followed). Writes, per request,
      the HTTP status of its last POST and a comparable answer: tools/list -> the sorted tool
      names; tools/call -> isError and the structured result (or the decoded text); discover ->
      the sorted ability names; initialize -> serverInfo.name; a JSON-RPC error -> its code.
      The negotiated protocol versions are logged on stderr.
  exchange.py compare ADAPTER.json NATIVE.json SPEC.json
      Prints each request with "same" or both answers; exit 1 when any answer differs other than
      as SPEC's known_differences say (each documented in docs/MIGRATION.md).
  (compare needs only the standard library.)
"""
import base64
import json
import sys


def comparable(name, method, body):
    """A JSON-RPC response ({"result": ...} or {"error": ...}, the wire's field names) reduced."""
    if not isinstance(body, dict):
        return {"body": body}
    if "client_rejected" in body:  # the SDK refused the answer (sdk_request)
        return dict(comparable(name, method, {k: v for k, v in body.items() if k != "client_rejected"}), client_rejected=body["client_rejected"])
    if "error" in body:
        return {"jsonrpc_error": body["error"].get("code")}
    result = body.get("result", {})
    if method == "initialize":
        return {"serverInfo.name": result.get("serverInfo", {}).get("name")}
    if method == "tools/list":
        return {"tools": sorted(t["name"] for t in result.get("tools", []))}
    structured = result.get("structuredContent")
    if structured is None:
        texts = [c.get("text") for c in result.get("content", []) if c.get("type") == "text"]
        try:
            structured = json.loads(texts[0]) if texts else None
        except ValueError:
            structured = texts
    if name == "default discover" and isinstance(structured, dict):
        return {"isError": result.get("isError", False), "abilities": sorted(a.get("name") for a in structured.get("abilities", []))}
    if isinstance(structured, dict) and set(structured) >= {"success", "data"}:
        structured = {"success": structured["success"], "data": structured["data"]}  # execute-ability's envelope
    return {"isError": result.get("isError", False), "result": structured}


def dump(model):
    """An SDK result (a pydantic model) as the wire's JSON."""
    return model.model_dump(mode="json", by_alias=True, exclude_none=True)


async def sdk_request(client, method, params, errors):
    """One request of SPEC through the SDK session, as a JSON-RPC response body."""
    try:
        if method == "tools/list":
            tools, cursor = [], None
            for _ in range(50):  # a client follows nextCursor
                page = await client.list_tools(cursor=cursor)
                tools += dump(page).get("tools", [])
                cursor = page.next_cursor
                if not cursor:
                    break
            return {"result": {"tools": tools}}
        if method == "tools/call":
            return {"result": dump(await client.call_tool(params["name"], params.get("arguments") or {}))}
    except errors as exc:
        return {"error": {"code": exc.code, "message": exc.error.message}}
    except Exception as exc:  # noqa: BLE001 - an answer the SDK rejects (e.g. a listing it cannot parse)
        rejected = rejection(exc)
    # The client refused the answer: recorded as "client_rejected" (compared, see known_differences),
    # with the answer itself as the same SDK session received it (its dispatcher, below the result
    # validation), so the values stay compared.
    try:
        raw = await client.session._dispatcher.send_raw_request(method, params, {"timeout": 60.0})
    except errors as exc:
        return {"error": {"code": exc.code, "message": exc.error.message}, "client_rejected": rejected}
    except Exception as exc:  # noqa: BLE001
        return f"{rejected}; then {type(exc).__name__}: {exc}"[:300]
    return {"result": raw, "client_rejected": rejected}


def rejection(exc):
    """Why the SDK refused an answer, in one stable line (a pydantic error: the model and the first field)."""
    if hasattr(exc, "errors") and hasattr(exc, "title"):
        first = exc.errors()[0]
        return f"{type(exc).__name__}: {exc.title} {'.'.join(str(p) for p in first['loc'][:5])}: {first['msg']}"
    return f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"[:300]


async def discover_all(client, body, answer, errors):
    """Every page of a discover-abilities answer, as a client following nextCursor reads it."""
    pages = 0
    while isinstance(body, dict) and pages < 50:
        cursor = (body.get("result", {}).get("structuredContent") or {}).get("nextCursor")
        if not cursor:
            break
        pages += 1
        body = await sdk_request(client, "tools/call", {"name": "mcp-adapter-discover-abilities", "arguments": {"cursor": cursor}}, errors)
        more = comparable("default discover", "tools/call", body)
        answer["abilities"] = sorted(answer.get("abilities", []) + more.get("abilities", []))
        answer["isError"] = answer.get("isError") or more.get("isError")
    return answer


async def run_sdk(base, user, password, spec_file, out_file):
    from contextlib import AsyncExitStack

    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client
    from mcp.shared.exceptions import MCPError
    from mcp_types import Implementation

    auth = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
    spec = json.load(open(spec_file))
    last = {}  # the HTTP status of the last request POSTed (not a notification): the SDK hides HTTP

    async def on_response(response):
        if response.request.method == "POST":
            try:
                sent = json.loads(response.request.content or b"null")
            except ValueError:
                sent = None
            if isinstance(sent, dict) and "id" in sent:
                last["status"] = response.status_code

    clients, answers = {}, {}
    async with AsyncExitStack() as stack:
        for name, path, method, params, *options in spec["requests"]:
            url = base + path
            last.clear()
            if method == "initialize":
                http = create_mcp_http_client(headers={"Authorization": auth}, timeout=httpx2.Timeout(30.0, read=60.0))
                http.event_hooks["response"].append(on_response)
                info = params.get("clientInfo") or {"name": "test-integrations", "version": "1"}
                try:
                    session = AsyncExitStack()
                    await session.enter_async_context(http)
                    client = await session.enter_async_context(Client(
                        streamable_http_client(url, http_client=http), read_timeout_seconds=60.0,
                        client_info=Implementation(name=info["name"], version=info["version"]), cache=None))
                    stack.push_async_exit(session)
                    clients[path] = client
                    server = client.server_info
                    body = {"result": {"serverInfo": {"name": server.name if server else None}}}
                    print(f"[exchange] {path}: protocol {client.protocol_version}, server {server.name if server else None}", file=sys.stderr)
                except MCPError as exc:
                    await session.aclose()
                    body = {"error": {"code": exc.code, "message": exc.error.message}}
                except Exception as exc:  # noqa: BLE001
                    await session.aclose()
                    body = f"{type(exc).__name__}: {exc}"[:300]
            elif path not in clients:
                answers[name] = {"status": None, "answer": "no session (initialize failed)"}
                continue
            else:
                body = await sdk_request(clients[path], method, params, MCPError)
            answer = comparable(name, method, body)
            if name == "default discover":  # a client follows nextCursor (MCP Native pages the list)
                answer = await discover_all(clients[path], body, answer, MCPError)
            answers[name] = {"status": last.get("status"), "answer": answer}
            if options and options[0].get("refused"):
                answers[name]["refused"] = True
    json.dump(answers, open(out_file, "w"), indent=1, sort_keys=True)
    return 0


def run(base, user, password, spec_file, out_file):
    import asyncio

    return asyncio.run(run_sdk(base, user, password, spec_file, out_file))


def expected_native(name, a, n, known):
    """The adapter's answer as MCP Native is expected to give it (the documented differences applied)."""
    a = json.loads(json.dumps(a))
    for k in known:
        if "ignore_tools" in k and n and isinstance(n.get("answer", {}).get("tools"), list):
            n["answer"]["tools"] = [t for t in n["answer"]["tools"] if t not in k["ignore_tools"]]
        if name in k.get("client_rejected_under_adapter", {}).get("requests", []):
            # The SDK refuses the adapter's answer (documented why); MCP Native's it accepts. The
            # answers' values are still compared.
            rejected = k["client_rejected_under_adapter"]["contains"]
            if rejected in str(a.get("answer", {}).get("client_rejected", "")):
                a["answer"].pop("client_rejected")
        if k.get("request") != name:
            continue
        if "native_answer" in k:
            a = k["native_answer"]
        if "extra_in_native" in k and isinstance(a.get("answer", {}).get("abilities"), list):
            a["answer"]["abilities"] = sorted(a["answer"]["abilities"] + k["extra_in_native"])
        if k.get("compare") == "isError":
            a = {"status": a["status"], "isError": a["answer"].get("isError")}
            n = {"status": n["status"], "isError": n["answer"].get("isError")} if n else n
    return a, n


def compare(adapter_file, native_file, spec_file):
    adapter, native = json.load(open(adapter_file)), json.load(open(native_file))
    known = json.load(open(spec_file)).get("known_differences", [])
    differ = 0
    for name in adapter:
        a, n = expected_native(name, adapter[name], native.get(name), known)
        if a == n:
            print(f"same      {name}")
        else:
            differ = 1
            print(f"DIFFERENT {name}\n  adapter:    {json.dumps(a)[:1500]}\n  mcp-native: {json.dumps(n)[:1500]}")
    return differ


if __name__ == "__main__":
    if sys.argv[1] == "run":
        sys.exit(run(*sys.argv[2:7]))
    if sys.argv[1] == "compare":
        sys.exit(compare(sys.argv[2], sys.argv[3], sys.argv[4]))
    sys.exit("usage: exchange.py run|compare ...")
