#!/usr/bin/env python3
"""The MCP requests of scripts/test-integrations.sh (a raw JSON-RPC client), and the comparison.

  exchange.py run BASE_URL USER APP_PASSWORD SPEC.json OUT.json
      Sends SPEC's requests (per server path: initialize, notifications/initialized, then the
      others in the session) and writes, per request, its HTTP status and a comparable answer:
      tools/list -> the sorted tool names; tools/call -> isError and the structured result (or
      the decoded text); discover -> the sorted ability names; initialize -> serverInfo.name.
  exchange.py compare ADAPTER.json NATIVE.json SPEC.json
      Prints each request with "same" or both answers; exit 1 when any answer differs other than
      as SPEC's known_differences say (each documented in docs/MIGRATION.md).
"""
import base64
import json
import sys
import urllib.error
import urllib.request


def post(url, auth, body, session):
    headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream", "Authorization": auth}
    if session:
        headers["Mcp-Session-Id"] = session
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=60) as resp:
            return resp.status, resp.headers, resp.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read().decode("utf-8", "replace")


def decode(text):
    """A JSON body, or the data of the last SSE event."""
    text = text.strip()
    if text.startswith("{"):
        return json.loads(text)
    data = [line[5:].strip() for line in text.splitlines() if line.startswith("data:")]
    return json.loads(data[-1]) if data else None


def comparable(name, method, body):
    if not isinstance(body, dict):
        return {"body": body}
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


def discover_all(url, auth, session, body, answer):
    """Every page of a discover-abilities answer, as a client following nextCursor reads it."""
    pages = 0
    while isinstance(body, dict) and pages < 50:
        cursor = (body.get("result", {}).get("structuredContent") or {}).get("nextCursor")
        if not cursor:
            break
        pages += 1
        _, _, text = post(url, auth, {"jsonrpc": "2.0", "id": 900 + pages, "method": "tools/call", "params": {"name": "mcp-adapter-discover-abilities", "arguments": {"cursor": cursor}}}, session)
        body = decode(text)
        more = comparable("default discover", "tools/call", body)
        answer["abilities"] = sorted(answer.get("abilities", []) + more.get("abilities", []))
        answer["isError"] = answer.get("isError") or more.get("isError")
    return answer


def run(base, user, password, spec_file, out_file):
    auth = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
    spec = json.load(open(spec_file))
    sessions, answers = {}, {}
    for name, path, method, params, *options in spec["requests"]:
        url = base + path
        if method != "initialize" and path not in sessions:
            answers[name] = {"status": None, "answer": "no session (initialize failed)"}
            continue
        status, headers, text = post(url, auth, {"jsonrpc": "2.0", "id": len(answers) + 1, "method": method, "params": params}, sessions.get(path))
        try:
            body = decode(text)
        except ValueError:
            body = text[:300]
        if method == "initialize" and status == 200:
            sessions[path] = headers.get("Mcp-Session-Id")
            post(url, auth, {"jsonrpc": "2.0", "method": "notifications/initialized"}, sessions[path])
        answer = comparable(name, method, body)
        if name == "default discover":  # a client follows nextCursor (MCP Native pages the list)
            answer = discover_all(url, auth, sessions.get(path), body, answer)
        answers[name] = {"status": status, "answer": answer}
        if options and options[0].get("refused"):
            answers[name]["refused"] = True
    json.dump(answers, open(out_file, "w"), indent=1, sort_keys=True)
    return 0


def expected_native(name, a, n, known):
    """The adapter's answer as MCP Native is expected to give it (the documented differences applied)."""
    a = json.loads(json.dumps(a))
    for k in known:
        if "ignore_tools" in k and n and isinstance(n.get("answer", {}).get("tools"), list):
            n["answer"]["tools"] = [t for t in n["answer"]["tools"] if t not in k["ignore_tools"]]
        if k["request"] != name:
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
