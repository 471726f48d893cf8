// Streaming while an ability runs: the TypeScript SDK v1 client's onprogress and logging handlers
// against e2e/slow-import (3 progress steps, 3 log lines), on php -S and on nginx + php-fpm; and
// cancellation of e2e/until-cancelled by every way a client has: notifications/cancelled (SDK v1,
// 2025-11-25), closing the SSE stream (a raw client at 2025-11-25, the SDK v2's abort at 2026-07-28),
// and over stdio notifications/cancelled on stdin (SDK v1 and v2).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Client as ClientV2, StreamableHTTPClientTransport as HttpTransportV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioTransportV2 } from '@modelcontextprotocol/client/stdio';
import { CFG, AUTH, HERE, connectSdk, closeSdk } from './helpers.mjs';

// e2e/until-cancelled runs this long unless cancelled: every bound below is far shorter.
const BOUND_S = 30;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** How the runs of e2e/until-cancelled ended ({cancelled, ms}, or null while one runs). */
async function endings(client, runs) {
  const out = {};
  for (const run of runs) out[run] = (await client.callTool({ name: 'e2e-how-it-ended', arguments: { run } })).structuredContent.ended;
  return out;
}

/** Asks until every run has ended (or `ms` passed); returns the endings. */
async function waitForEndings(client, runs, ms = 10_000) {
  const until = Date.now() + ms;
  let seen = await endings(client, runs);
  while (Object.values(seen).some((e) => e === null) && Date.now() < until) {
    await sleep(200);
    seen = await endings(client, runs);
  }
  return seen;
}

function assertAllCancelled(seen, maxMs) {
  for (const [run, ended] of Object.entries(seen)) {
    assert.ok(ended, `${run}: still running (bound ${BOUND_S} s)`);
    assert.equal(ended.cancelled, true, `${run}: ${JSON.stringify(ended)}`);
    assert.ok(ended.ms < maxMs, `${run}: stopped after ${ended.ms} ms`);
  }
}

const PATH = '/wp-json/mcp-native-e2e/stream';
const stacks = [['php -S', CFG.site]];
if (process.env.E2E_SECOND_SITE_URL) stacks.push(['second node (nginx + php-fpm)', process.env.E2E_SECOND_SITE_URL.replace(/\/+$/, '')]);

for (const [label, site] of stacks) {
  test(`${label}: onprogress gets 3 steps, the logging handler the lines at or above the level, then the result`, async () => {
    const conn = await connectSdk(site + PATH);
    try {
      const logs = [];
      conn.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => logs.push(n.params));
      await conn.client.setLoggingLevel('info');
      const progress = [];
      const result = await conn.client.callTool(
        { name: 'e2e-slow-import', arguments: { pause_ms: 50 } },
        undefined,
        { onprogress: (p) => progress.push(p) },
      );
      assert.deepEqual(result.structuredContent, { imported: 3 });
      assert.deepEqual(progress.map((p) => [p.progress, p.total, p.message]), [
        [1, 3, 'Imported item 1'],
        [2, 3, 'Imported item 2'],
        [3, 3, 'Imported item 3'],
      ]);
      // debug is below the level set: two of the three lines.
      assert.deepEqual(logs, [
        { level: 'info', data: { message: 'item 2', data: { item: 2 } } },
        { level: 'warning', data: { message: 'item 3', data: { item: 3 } } },
      ]);
      await conn.client.setLoggingLevel('debug');
      logs.length = 0;
      await conn.client.callTool({ name: 'e2e-slow-import', arguments: { pause_ms: 0 } });
      assert.deepEqual(logs.map((l) => l.level), ['debug', 'info', 'warning']);
    } finally {
      await closeSdk(conn);
    }
  });

  test(`${label}: the SSE answer is flushed event by event, with the headers a proxy needs`, async () => {
    const post = (body, headers = {}) => fetch(site + PATH, {
      method: 'POST',
      headers: { Authorization: AUTH, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    });
    const init = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    const session = init.headers.get('mcp-session-id');
    assert.ok(session);
    await init.text();
    const res = await post(
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'e2e-slow-import', arguments: { pause_ms: 300 }, _meta: { progressToken: 'p' } } },
      { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-11-25' },
    );
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
    // nginx consumes X-Accel-Buffering (it turns its buffering off and does not pass it on): the
    // flush timing below is what proves it took effect there.
    if (site === CFG.site) assert.equal(res.headers.get('x-accel-buffering'), 'no');
    assert.match(res.headers.get('cache-control') ?? '', /no-cache/);
    const arrivals = [];
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of res.body) {
      text += decoder.decode(chunk, { stream: true });
      arrivals.push([Date.now(), text.split('\n\n').filter((e) => e.startsWith('event: message')).length]);
    }
    const events = text.split('\n\n').filter(Boolean).map((e) => JSON.parse(e.split('\n').find((l) => l.startsWith('data: ')).slice(6)));
    assert.deepEqual(events.map((e) => e.method ?? 'result'), ['notifications/progress', 'notifications/progress', 'notifications/progress', 'result']);
    assert.equal(events[3].id, 2);
    assert.deepEqual(events[3].result.structuredContent, { imported: 3 });
    // The ability pauses 300 ms after each step: buffered output would arrive all at once.
    const firstSeen = arrivals.find(([, n]) => n >= 1)[0];
    const lastSeen = arrivals[arrivals.length - 1][0];
    assert.ok(lastSeen - firstSeen >= 500, `first event ${lastSeen - firstSeen} ms before the last: not flushed`);
    await fetch(site + PATH, { method: 'DELETE', headers: { Authorization: AUTH, 'Mcp-Session-Id': session } });
  });
}

for (const [label, site] of stacks) {
  test(`${label}: a cancelled call stops its ability (notifications/cancelled from the SDK's abort)`, async () => {
    const conn = await connectSdk(site + PATH);
    try {
      const run = `${label}-${Date.now()}`;
      const abort = new AbortController();
      const call = conn.client.callTool({ name: 'e2e-until-cancelled', arguments: { run } }, undefined, { signal: abort.signal });
      await new Promise((r) => setTimeout(r, 500));
      abort.abort('test cancels');
      await assert.rejects(call);
      let ended = null;
      for (let i = 0; i < 50 && !ended; i++) {
        await new Promise((r) => setTimeout(r, 100));
        ended = (await conn.client.callTool({ name: 'e2e-how-it-ended', arguments: { run } })).structuredContent.ended;
      }
      assert.ok(ended, 'the ability ended within 5 s of the cancellation');
      assert.equal(ended.cancelled, true, JSON.stringify(ended));
      assert.ok(ended.ms < 5000, `stopped after ${ended.ms} ms (bound: 10 s)`);
    } finally {
      await closeSdk(conn);
    }
  });
}

for (const [label, site] of stacks) {
  test(`${label}: a client that closes the SSE stream (2025-11-25) cancels the call, and every worker is free at once`, async () => {
    const post = (body, headers, signal) => fetch(site + PATH, {
      method: 'POST',
      headers: { Authorization: AUTH, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
      signal,
    });
    const init = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw-close', version: '1' } } }, {});
    const session = init.headers.get('mcp-session-id');
    assert.ok(session);
    await init.text();
    // As many calls as the busiest stack has workers (php-fpm: 4, php -S: 2, the rest queued).
    const runs = [0, 1, 2, 3].map((i) => `${label}-close-${i}-${Date.now()}`);
    const aborts = runs.map(() => new AbortController());
    const answers = runs.map((run, i) => post(
      { jsonrpc: '2.0', id: 10 + i, method: 'tools/call', params: { name: 'e2e-until-cancelled', arguments: { run, max_s: BOUND_S } } },
      { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-11-25' },
      aborts[i].signal,
    ));
    // The ability's first Report::cancelled() opens the stream with an SSE comment.
    const first = await answers[0];
    assert.match(first.headers.get('content-type') ?? '', /^text\/event-stream/);
    const { value } = await first.body.getReader().read();
    assert.match(new TextDecoder().decode(value), /^:/, 'a comment first: the probe');
    await sleep(300);
    const closedAt = Date.now();
    for (const a of aborts) a.abort();
    await Promise.allSettled(answers);
    const conn = await connectSdk(site + PATH);
    try {
      const seen = await waitForEndings(conn.client, runs);
      assertAllCancelled(seen, 10_000);
      assert.ok(Date.now() - closedAt < 10_000, `all ${runs.length} calls ended ${Date.now() - closedAt} ms after the close`);
      // Workers stuck in the 30 s loop would make this wait.
      const t = Date.now();
      await conn.client.listTools();
      assert.ok(Date.now() - t < 3000, `a following request took ${Date.now() - t} ms`);
    } finally {
      await closeSdk(conn);
    }
    await fetch(site + PATH, { method: 'DELETE', headers: { Authorization: AUTH, 'Mcp-Session-Id': session } });
  });

  test(`${label}: at 2026-07-28 the v2 SDK's abort closes the request's stream, and that cancels the call`, async () => {
    const sent = [];
    const transport = new HttpTransportV2(new URL(site + PATH), {
      requestInit: { headers: { Authorization: AUTH } },
      fetch: (input, init = {}) => {
        try {
          sent.push(JSON.parse(init.body ?? 'null')?.method);
        } catch {
          sent.push(null);
        }
        return fetch(input, init);
      },
    });
    const client = new ClientV2({ name: 'mcp-native-e2e-v2-cancel', version: '0.0.1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(transport);
    try {
      assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28');
      const run = `${label}-v2-${Date.now()}`;
      const abort = new AbortController();
      const call = client.callTool({ name: 'e2e-until-cancelled', arguments: { run, max_s: BOUND_S } }, { signal: abort.signal });
      await sleep(1500);
      const closedAt = Date.now();
      abort.abort('test cancels');
      await assert.rejects(call);
      const seen = await waitForEndings(client, [run]);
      assertAllCancelled(seen, 10_000);
      assert.ok(Date.now() - closedAt < 10_000);
      assert.ok(!sent.includes('notifications/cancelled'), `no notification at 2026-07-28 over HTTP: ${sent.join(', ')}`);
    } finally {
      await client.close();
    }
  });
}

// stdio: notifications/cancelled arrives on stdin while the call runs; the transport reads it
// without waiting when the ability asks Report::cancelled().
const ROOT = path.resolve(HERE, '..', '..');
const STDIO_ARGS = [
  ...(process.env.MCP_NATIVE_REQUIRE === 'native' ? ['-d', `extension=${process.env.EXT_SO || path.join(ROOT, 'target', 'release', 'libmcp_native.so')}`] : []),
  path.join(ROOT, 'wp-plugin', 'bin', 'mcp-stdio.php'),
  `--path=${process.env.E2E_SITE_DIR || path.join(ROOT, '.test-run', 'e2e', 'site')}`,
  `--user=${CFG.user}`,
  '--server=e2e-stream-server',
];
const STDIO_CLIENTS = [
  ['SDK v1 (2025-11-25)', () => [new Client({ name: 'e2e-stdio-cancel', version: '0.0.1' }), StdioClientTransport, {}], '2025-11-25'],
  ['SDK v2 (2026-07-28)', () => [new ClientV2({ name: 'e2e-stdio-cancel-v2', version: '0.0.1' }, { versionNegotiation: { mode: 'auto' } }), StdioTransportV2, undefined], '2026-07-28'],
];
for (const [label, make, version] of STDIO_CLIENTS) {
  test(`stdio, ${label}: notifications/cancelled on stdin stops the running call, and the next request is answered`, async () => {
    const [client, Transport] = make();
    const stderr = [];
    const transport = new Transport({ command: process.env.PHP || 'php8.2', args: STDIO_ARGS, env: { ...process.env }, stderr: 'pipe' });
    transport.stderr?.on('data', (d) => stderr.push(String(d)));
    await client.connect(transport, { timeout: 45_000 });
    try {
      if (client.getNegotiatedProtocolVersion) assert.equal(client.getNegotiatedProtocolVersion(), version);
      const run = `stdio-${version}-${Date.now()}`;
      const abort = new AbortController();
      const args = { name: 'e2e-until-cancelled', arguments: { run, max_s: BOUND_S } };
      const call = version === '2025-11-25' ? client.callTool(args, undefined, { signal: abort.signal }) : client.callTool(args, { signal: abort.signal });
      await sleep(1000);
      const cancelledAt = Date.now();
      abort.abort('test cancels');
      await assert.rejects(call);
      // One process, one request at a time: this is answered only once the cancelled call returned.
      const seen = await endings(client, [run]);
      assert.ok(Date.now() - cancelledAt < 5000, `the next request waited ${Date.now() - cancelledAt} ms`);
      assertAllCancelled(seen, 5000);
    } catch (e) {
      e.message += `\nstderr: ${stderr.join('').slice(-2000)}`;
      throw e;
    } finally {
      await client.close();
    }
  });
}
