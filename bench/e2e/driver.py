#!/usr/bin/env python3
"""The measuring half of `make bench-e2e` (scripts/bench-e2e.sh serves the pools and calls this).

    driver.py CONFIG.json OUT.json

CONFIG: {"auth": "Basic …", "rounds": N, "runs": N, "warmup": N, "max_seconds": S, "gap_ms": N,
         "targets": [{"name", "port", "path", "body" (null: GET), "mcp": bool, "expect", "tools"?,
                      "headers"?: {lower-case name: value the checked answer must carry (null: absent)},
                      "gzip"?: bool (default true)}],
         "ratios": [{"label", "num", "den", "baseline", "target"?}]}

Every target is checked once (HTTP 200, the expected text, the tool count of a tools/list) before
anything is timed. Then `runs` runs of `rounds` rounds; a round sends one request to every target,
one after the other in an order shuffled per round (so that no target always follows the same one:
an MCP request leaves the database writing its session), with a pause of gap_ms (default 25)
before each, so the targets of one round share the machine's state: a ratio is taken per round (numerator / baseline of the same round), its median
per run, and the median of the runs is printed. Requests are sequential over kept-alive
connections (one worker per pool), timed from sending to the last byte of the answer.

Every request says `Accept-Encoding: gzip, deflate`, as the TypeScript SDK's fetch and the Python
SDK's httpx do, unless its target says "gzip": false (a client that does not). A gzip answer is
decoded for the check, not while timed: the timing is the server's and the wire's, the
decompression is the client's.
"""
import http.client, json, random, statistics, sys, time, zlib


def conn(port):
    return http.client.HTTPConnection("127.0.0.1", port, timeout=120)


class Target:
    def __init__(self, spec, auth):
        self.spec = spec
        self.name = spec["name"]
        self.c = conn(spec["port"])
        self.headers = {"Authorization": auth, "Accept": "application/json, text/event-stream"}
        if spec.get("body") is not None:
            self.headers["Content-Type"] = "application/json"
        if spec.get("gzip", True):
            self.headers["Accept-Encoding"] = "gzip, deflate"

    def raw(self, body, extra=None):
        h = dict(self.headers)
        h.update(extra or {})
        method = "GET" if body is None else "POST"
        for attempt in (0, 1):
            try:
                self.c.request(method, self.spec["path"], body=None if body is None else body.encode(), headers=h)
                r = self.c.getresponse()
                data = r.read()
                return r.status, {k.lower(): v for k, v in r.getheaders()}, data
            except (http.client.HTTPException, ConnectionError):
                self.c.close()
                self.c = conn(self.spec["port"])
                if attempt:
                    raise

    def handshake(self):
        if not self.spec.get("mcp"):
            return
        init = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "bench-e2e", "version": "1"}}}
        st, h, data = self.raw(json.dumps(init))
        if st != 200:
            raise SystemExit(f"{self.name}: initialize → HTTP {st}: {data[:300]!r}")
        sid = h.get("mcp-session-id")
        if sid:
            self.headers["Mcp-Session-Id"] = sid
        self.headers["MCP-Protocol-Version"] = "2025-06-18"
        self.raw(json.dumps({"jsonrpc": "2.0", "method": "notifications/initialized"}))

    def check(self):
        st, headers, data = self.raw(self.spec.get("body"))
        wire = len(data)
        if headers.get("content-encoding") == "gzip":
            data = zlib.decompress(data, 16 + zlib.MAX_WBITS)
        text = data.decode("utf-8", "replace")
        if st != 200 or self.spec["expect"] not in text:
            raise SystemExit(f"{self.name}: HTTP {st}, expected {self.spec['expect']!r} in: {text[:400]}")
        for name, want in self.spec.get("headers", {}).items():
            if headers.get(name) != want:
                raise SystemExit(f"{self.name}: header {name} is {headers.get(name)!r}, expected {want!r}")
        want = self.spec.get("tools")
        if want is not None:
            names = [t["name"] for t in json.loads(text)["result"]["tools"]]
            bench = [n for n in names if n.startswith("bench-")]
            if len(bench) != want:
                raise SystemExit(f"{self.name}: tools/list gave {len(bench)} bench tools, expected {want}")
            self.extra_tools = [n for n in names if not n.startswith("bench-")]
        return len(data) if wire == len(data) else f"{len(data)} ({wire} gzip)"

    def timed(self):
        body = self.spec.get("body")
        t = time.perf_counter()
        st, _, data = self.raw(body)
        dt = (time.perf_counter() - t) * 1000.0
        if st != 200:
            raise SystemExit(f"{self.name}: HTTP {st} while measuring: {data[:300]!r}")
        return dt


def main():
    cfg = json.load(open(sys.argv[1]))
    targets = [Target(s, cfg["auth"]) for s in cfg["targets"]]
    sizes = {}
    for t in targets:
        t.handshake()
        sizes[t.name] = t.check()
    extra = {t.name: t.extra_tools for t in targets if getattr(t, "extra_tools", None)}
    for _ in range(cfg.get("warmup", 5)):
        for t in targets:
            t.timed()
    deadline = time.monotonic() + cfg.get("max_seconds", 600)
    gap = cfg.get("gap_ms", 25) / 1000.0
    shuffle = random.Random(15).shuffle
    runs, stopped = [], False
    for _ in range(cfg["runs"]):
        samples = {t.name: [] for t in targets}
        for _ in range(cfg["rounds"]):
            if time.monotonic() > deadline:
                stopped = True
                break
            order = list(targets)
            shuffle(order)
            for t in order:
                time.sleep(gap)
                samples[t.name].append(t.timed())
        if samples[targets[0].name]:
            runs.append(samples)
        if stopped:
            break

    def ratio(spec, samples):
        num, den = samples[spec["num"]], samples[spec["den"]]
        return statistics.median(a / b for a, b in zip(num, den))

    result = {
        "rounds_per_run": [len(r[targets[0].name]) for r in runs],
        "stopped_by_time_cap": stopped,
        "bytes": sizes,
        "other_tools_listed": extra,
        "median_ms": {t.name: statistics.median(statistics.median(r[t.name]) for r in runs) for t in targets},
        "ratios": [dict(spec, value=statistics.median(ratio(spec, r) for r in runs),
                        per_run=[round(ratio(spec, r), 3) for r in runs]) for spec in cfg["ratios"]],
        "samples": runs,
    }
    json.dump(result, open(sys.argv[2], "w"), indent=1)


if __name__ == "__main__":
    main()
