// The audit log (issue 35) seen from real clients: the TypeScript SDK v1 (2025-11-25, a session)
// and v2 (2026-07-28, clientInfo in every request's _meta) call tools; each call appears once in
// the log with the client's own clientInfo name and version, the user, the tool and ability, and
// the outcome. Rows are read back through fixtures/audit-rows.php (administrators only).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { CFG, AUTH, connectSdk, closeSdk, http } from './helpers.mjs';

const RUN = `${process.pid}-${Date.now()}`;
const conns = [];
after(async () => {
  for (const c of conns) await closeSdk(c).catch(() => {});
});

/** Rows of this run's client, polled briefly: php-fpm writes a row after the answer has gone. */
async function rowsOf(clientName, expected) {
  let rows = [];
  for (let i = 0; i < 50; i++) {
    const res = await http(`${CFG.site}/wp-json/mcp-native-e2e/v1/audit`, { method: 'GET' });
    assert.equal(res.status, 200, res.text);
    rows = res.json.filter((r) => r.client_name === clientName);
    if (rows.length >= expected) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return rows.reverse(); // oldest first
}

test('SDK v1 (2025-11-25): its calls are logged with its clientInfo, session and outcomes', async () => {
  const name = `audit-e2e-v1-${RUN}`;
  const conn = await connectSdk(CFG.customUrl, { name });
  conns.push(conn);
  const ok = await conn.client.callTool({ name: 'e2e-object-echo', arguments: { message: 'hi', times: 1 } });
  assert.equal(ok.isError, false);
  const failed = await conn.client.callTool({ name: 'e2e-always-fails', arguments: {} });
  assert.equal(failed.isError, true);
  const invalid = await conn.client.callTool({ name: 'e2e-object-echo', arguments: { message: 5 } });
  assert.equal(invalid.isError, true);
  await conn.client.listTools(); // not a call: not logged

  const rows = await rowsOf(name, 3);
  assert.deepEqual(
    rows.map((r) => [r.method, r.target, r.ability, r.outcome]),
    [
      ['tools/call', 'e2e-object-echo', 'e2e/object-echo', 'success'],
      ['tools/call', 'e2e-always-fails', 'e2e/always-fails', 'tool_error'],
      ['tools/call', 'e2e-object-echo', 'e2e/object-echo', 'refused'],
    ],
  );
  const session = conn.transport.sessionId;
  for (const r of rows) {
    assert.equal(r.client_version, '0.0.1');
    assert.equal(r.server_id, 'e2e-server');
    assert.equal(r.protocol_version, '2025-11-25');
    assert.equal(r.session_id, session);
    assert.ok(Number(r.user_id) > 0, 'the application password\'s user');
  }
  assert.equal(rows[0].arguments, '{"message":"hi","times":1}');
  assert.equal(rows[1].error_code, 'e2e_planned_failure');
});

test('SDK v2 (2026-07-28): clientInfo from the request _meta, no session', async () => {
  const name = `audit-e2e-v2-${RUN}`;
  const transport = new StreamableHTTPClientTransport(new URL(CFG.customUrl), { requestInit: { headers: { Authorization: AUTH } } });
  const client = new Client({ name, version: '2.0.0-e2e' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(transport);
  try {
    assert.equal(client.getProtocolEra(), 'modern');
    const ok = await client.callTool({ name: 'e2e-object-echo', arguments: { message: 'modern', times: 2 } });
    assert.equal(ok.isError, false);
  } finally {
    await client.close();
  }
  const rows = await rowsOf(name, 1);
  assert.equal(rows.length, 1, JSON.stringify(rows));
  assert.deepEqual(
    [rows[0].client_version, rows[0].protocol_version, rows[0].session_id, rows[0].outcome, rows[0].ability],
    ['2.0.0-e2e', '2026-07-28', '', 'success', 'e2e/object-echo'],
  );
});
