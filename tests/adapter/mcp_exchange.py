#!/usr/bin/env python3
"""The MCP requests of scripts/test-adapter.sh, and the diff of two runs.

  mcp_exchange.py run BASE_URL USER APP_PASSWORD OUT.json LAYER [MCP_SCHEMA]
      Sends the same requests to the adapter's custom server (/wp-json/mcpn-adapter/mcp) and its
      default server (/wp-json/mcp/mcp-adapter-default-server) and writes every answer (HTTP
      status and JSON body; the session id is only used, never recorded). Fails unless every
      answer says (header X-Mcpn-Schema-Layer) that LAYER (adapter | mcp-native) served it and,
      when MCP_SCHEMA (real | standin) is given, that the adapter ran on those WP\\McpSchema classes
      (header X-Mcpn-Mcp-Schema).
  mcp_exchange.py diff PLAIN.json ACCELERATED.json KNOWN.json
      Lists every difference (request, JSON pointer, plain value, accelerated value). Exit 0 when
      each one is covered by an entry of KNOWN.json (documented in the README): "request" a regex
      matching the whole request name, "pointer" a regex searched in the JSON pointer; 1 otherwise.
  mcp_exchange.py tools OUT.json SERVER
      Prints the tool names a tools/list answer of that run listed (for the shell script).
"""
import base64
import re
import json
import sys
import urllib.error
import urllib.request

CUSTOM = "/wp-json/mcpn-adapter/mcp"
DEFAULT = "/wp-json/mcp/mcp-adapter-default-server"

# (name, server path, method, params). Names are the keys of the recorded answers.
REQUESTS = [
    ("custom initialize", CUSTOM, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test-adapter", "version": "1"}}),
    ("custom tools/list", CUSTOM, "tools/list", {}),
    ("call flattened", CUSTOM, "tools/call", {"name": "mcpn-adapter-flattened", "arguments": {"input": "hello"}}),
    ("call flattened without input", CUSTOM, "tools/call", {"name": "mcpn-adapter-flattened", "arguments": {}}),
    ("call object", CUSTOM, "tools/call", {"name": "mcpn-adapter-object", "arguments": {"name": "Ada", "loud": True}}),
    ("call object missing required", CUSTOM, "tools/call", {"name": "mcpn-adapter-object", "arguments": {}}),
    ("call list", CUSTOM, "tools/call", {"name": "mcpn-adapter-list", "arguments": {"count": 4}}),
    ("call list without arguments", CUSTOM, "tools/call", {"name": "mcpn-adapter-list"}),
    ("call defaulted with {}", CUSTOM, "tools/call", {"name": "mcpn-adapter-defaulted", "arguments": {}}),
    ("call defaulted with a value", CUSTOM, "tools/call", {"name": "mcpn-adapter-defaulted", "arguments": {"per_page": 3}}),
    ("call no-input", CUSTOM, "tools/call", {"name": "mcpn-adapter-no-input", "arguments": {}}),
    ("default initialize", DEFAULT, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test-adapter", "version": "1"}}),
    ("default tools/list", DEFAULT, "tools/list", {}),
    ("execute flattened", DEFAULT, "tools/call", {"name": "mcp-adapter-execute-ability", "arguments": {"ability_name": "mcpn-adapter/flattened", "parameters": {"input": "hi"}}}),
    ("execute object", DEFAULT, "tools/call", {"name": "mcp-adapter-execute-ability", "arguments": {"ability_name": "mcpn-adapter/object", "parameters": {"name": "Bo"}}}),
    ("execute list", DEFAULT, "tools/call", {"name": "mcp-adapter-execute-ability", "arguments": {"ability_name": "mcpn-adapter/list", "parameters": {"count": 2}}}),
    ("execute defaulted with {}", DEFAULT, "tools/call", {"name": "mcp-adapter-execute-ability", "arguments": {"ability_name": "mcpn-adapter/defaulted", "parameters": {}}}),
    ("execute no-input with {}", DEFAULT, "tools/call", {"name": "mcp-adapter-execute-ability", "arguments": {"ability_name": "mcpn-adapter/no-input", "parameters": {}}}),
    ("get-ability-info flattened", DEFAULT, "tools/call", {"name": "mcp-adapter-get-ability-info", "arguments": {"ability_name": "mcpn-adapter/flattened"}}),
]


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
    except (urllib.error.URLError, ConnectionError, OSError) as e:  # a crashed worker: no answer at all
        return 0, {}, "no answer: %s" % e


def run(base, user, password, out, layer, schema=None):
    auth = "Basic " + base64.b64encode(("%s:%s" % (user, password)).encode()).decode()
    sessions = {}
    answers = {}
    wrong = []
    for i, (name, path, method, params) in enumerate(REQUESTS, 1):
        status, headers, text = post(base + path, auth, {"jsonrpc": "2.0", "id": i, "method": method, "params": params}, sessions.get(path))
        session = headers.get("Mcp-Session-Id")
        if headers.get("X-Mcpn-Schema-Layer") != layer:
            wrong.append("%s: %s" % (name, headers.get("X-Mcpn-Schema-Layer")))
        if schema is not None and headers.get("X-Mcpn-Mcp-Schema") != schema:
            wrong.append("%s: php-mcp-schema %s" % (name, headers.get("X-Mcpn-Mcp-Schema")))
        if method == "initialize" and session:
            sessions[path] = session
            post(base + path, auth, {"jsonrpc": "2.0", "method": "notifications/initialized"}, session)
        try:
            body = json.loads(text)
        except ValueError:
            body = {"not JSON": text[:500]}
        answers[name] = {"http": status, "body": body}
    with open(out, "w") as f:
        json.dump(answers, f, indent=1, sort_keys=True)
    if wrong:
        sys.exit("expected every answer from the %s schema layer%s; got: %s"
                 % (layer, "" if schema is None else " on the %s php-mcp-schema" % schema, ", ".join(wrong)))


def leaves(value, pointer=""):
    """Every leaf of a JSON value by JSON pointer. Strings holding JSON (text content) are parsed."""
    if isinstance(value, str) and value[:1] in "{[":
        try:
            value = {"(JSON text)": json.loads(value)}
        except ValueError:
            pass
    if isinstance(value, dict):
        if not value:
            yield pointer, "{}"
        for k, v in value.items():
            yield from leaves(v, pointer + "/" + str(k).replace("~", "~0").replace("/", "~1"))
    elif isinstance(value, list):
        if not value:
            yield pointer, "[]"
        for i, v in enumerate(value):
            yield from leaves(v, "%s/%d" % (pointer, i))
    else:
        yield pointer, json.dumps(value)


def diff(plain_file, fast_file, known_file):
    plain = json.load(open(plain_file))
    fast = json.load(open(fast_file))
    known = [k for k in json.load(open(known_file)) if "request" in k]
    by_reason = {}  # index of the known entry (or None) -> lines
    for name in [r[0] for r in REQUESTS]:
        a = dict(leaves(plain.get(name)))
        b = dict(leaves(fast.get(name)))
        for pointer in sorted(set(a) | set(b)):
            if a.get(pointer) == b.get(pointer):
                continue
            idx = next((i for i, k in enumerate(known) if re.fullmatch(k["request"], name) and re.search(k["pointer"], pointer)), None)
            by_reason.setdefault(idx, []).append("    %-28s %s: %s -> %s" % (name, pointer or "/", a.get(pointer, "(absent)"), b.get(pointer, "(absent)")))
    for idx, lines in sorted(by_reason.items(), key=lambda kv: -1 if kv[0] is None else kv[0]):
        print("UNDOCUMENTED:" if idx is None else "documented: " + known[idx]["why"])
        print("\n".join(lines))
    undocumented = len(by_reason.get(None, []))
    total = sum(len(v) for v in by_reason.values())
    print("%d requests compared: %d differing values, %d undocumented" % (len(REQUESTS), total, undocumented))
    return 0 if undocumented == 0 else 1


def tools(out, server):
    answers = json.load(open(out))
    body = answers.get(server + " tools/list", {}).get("body", {})
    for t in (body.get("result") or {}).get("tools", []):
        print(t.get("name"))


if __name__ == "__main__":
    if len(sys.argv) in (7, 8) and sys.argv[1] == "run":
        if len(sys.argv) == 8 and sys.argv[7] not in ("real", "standin"):
            sys.exit("MCP_SCHEMA must be real or standin (got %r)" % sys.argv[7])
        run(*sys.argv[2:])
    elif len(sys.argv) == 5 and sys.argv[1] == "diff":
        sys.exit(diff(*sys.argv[2:]))
    elif len(sys.argv) == 4 and sys.argv[1] == "tools":
        tools(*sys.argv[2:])
    else:
        sys.exit(__doc__)
