// Streaming while an ability runs: the TypeScript SDK v1 client's onprogress and logging handlers
// against e2e/slow-import (3 progress steps, 3 log lines), on php -S and on nginx + php-fpm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { CFG, AUTH, connectSdk, closeSdk } from './helpers.mjs';

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
