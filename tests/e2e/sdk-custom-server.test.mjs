// The official TypeScript SDK client against the fixture's custom server (direct tools).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { CFG, connectSdk, closeSdk, http, textJson, allText, toolError, callCounts, LATEST_PROTOCOL } from './helpers.mjs';

let conn;
let tools;
const byName = (n) => {
  const t = tools.find((x) => x.name === n);
  assert.ok(t, `tool ${n} is listed (have: ${tools.map((x) => x.name).join(', ')})`);
  return t;
};

before(async () => {
  conn = await connectSdk(CFG.customUrl);
  tools = (await conn.client.listTools()).tools;
});
after(async () => closeSdk(conn));

test('initialize: custom server identity, negotiated version and session id', () => {
  const info = conn.client.getServerVersion();
  assert.equal(info.name, 'mcp-native e2e server');
  assert.equal(info.version, '1.2.3');
  assert.equal(conn.transport.protocolVersion, LATEST_PROTOCOL);
  assert.match(conn.transport.sessionId ?? '', /^[\x21-\x7e]{16,}$/, 'a visible-ASCII session id of real length');
  assert.ok(conn.client.getServerCapabilities()?.tools, 'tools capability advertised');
});

test('tools/list: every convertible listed ability, names sanitized, broken ones skipped', () => {
  const names = tools.map((t) => t.name).sort();
  assert.deepEqual(names, [
    'e2e-always-fails',
    'e2e-call-counts',
    'e2e-delete-note',
    'e2e-forbidden',
    'e2e-object-echo',
    'e2e-split-words',
    'e2e-string-length',
    'e2e-throws',
    'mcp-native-get-site-context',
  ].sort());
  for (const t of tools) {
    assert.match(t.name, /^[A-Za-z0-9_.-]{1,128}$/, `${t.name} is MCP-safe`);
    assert.equal(t.inputSchema.type, 'object', `${t.name} inputSchema is an object schema`);
    if (t.outputSchema) assert.equal(t.outputSchema.type, 'object', `${t.name} outputSchema is an object schema`);
    assert.equal(typeof t.description, 'string');
    assert.ok(t.description.length > 0);
  }
});

test('tools/list: object schema passes through with its keywords', () => {
  const t = byName('e2e-object-echo');
  assert.equal(t.title, 'Object echo');
  assert.equal(t.description, 'Echoes a message a number of times and reports the input it received.');
  assert.deepEqual(t.inputSchema.required, ['message']);
  assert.equal(t.inputSchema.properties.message.type, 'string');
  assert.equal(t.inputSchema.properties.message.description, 'Text to echo.');
  assert.deepEqual(
    { ...t.inputSchema.properties.times },
    { type: 'integer', minimum: 1, maximum: 5, default: 1 },
  );
  assert.equal(t.outputSchema.type, 'object');
  assert.deepEqual(t.outputSchema.required, ['echo', 'times', 'received_keys']);
  assert.equal(t.outputSchema.properties.result, undefined, 'object output is not wrapped');
});

test('tools/list: flattened schemas wrapped under input / result', () => {
  const len = byName('e2e-string-length');
  assert.deepEqual(len.inputSchema.required, ['input']);
  assert.equal(len.inputSchema.properties.input.type, 'string');
  assert.equal(len.inputSchema.properties.input.description, 'The string to measure.');
  assert.deepEqual(len.outputSchema.required, ['result']);
  assert.equal(len.outputSchema.properties.result.type, 'integer');

  const split = byName('e2e-split-words');
  assert.equal(split.inputSchema.properties.input.type, 'string');
  assert.equal(split.inputSchema.properties.input.minLength, 1);
  assert.equal(split.outputSchema.properties.result.type, 'array');
  assert.deepEqual(split.outputSchema.properties.result.items, { type: 'string' });
});

test('tools/list: an empty properties keyword is a JSON object, never an array', () => {
  for (const n of ['e2e-throws', 'e2e-forbidden']) {
    const p = byName(n).inputSchema.properties;
    if (p !== undefined) {
      assert.ok(p !== null && typeof p === 'object' && !Array.isArray(p), `${n}.inputSchema.properties is ${JSON.stringify(p)}`);
    }
  }
});

test('tools/list: annotations from meta.annotations', () => {
  const echo = byName('e2e-object-echo').annotations;
  assert.equal(echo.readOnlyHint, true);
  assert.equal(echo.destructiveHint, false);
  assert.equal(echo.idempotentHint, true);
  const del = byName('e2e-delete-note').annotations;
  assert.equal(del.readOnlyHint, false);
  assert.equal(del.destructiveHint, true);
  assert.equal(del.idempotentHint, false);
  const split = byName('e2e-split-words').annotations;
  assert.equal(split.readOnlyHint, true);
  assert.equal(split.destructiveHint, undefined, 'null annotations are not sent');
});

test('tools/call: object ability, defaults applied, structuredContent mirrors the text', async () => {
  const r = await conn.client.callTool({ name: 'e2e-object-echo', arguments: { message: 'ab', times: 3 } });
  assert.equal(r.isError, false);
  assert.deepEqual(r.structuredContent, { echo: 'ababab', times: 3, received_keys: ['message', 'times'] });
  assert.deepEqual(textJson(r), r.structuredContent);

  const d = await conn.client.callTool({ name: 'e2e-object-echo', arguments: { message: 'x' } });
  assert.equal(d.isError, false);
  assert.equal(d.structuredContent.echo, 'x');
  assert.equal(d.structuredContent.times, 1);
});

test('tools/call: undescribed extra fields are accepted', async () => {
  const r = await conn.client.callTool({ name: 'e2e-object-echo', arguments: { message: 'hi', extra_field: 7 } });
  assert.equal(r.isError, false, allText(r));
  assert.equal(r.structuredContent.echo, 'hi');
  assert.ok(r.structuredContent.received_keys.includes('message'));
});

test('tools/call: flattened ability gets the bare value and its integer comes back as {"result": 42}', async () => {
  const s = 'x'.repeat(40) + 'é'; // 40 + 2 bytes
  const r = await conn.client.callTool({ name: 'e2e-string-length', arguments: { input: s } });
  assert.equal(r.isError, false, allText(r));
  assert.deepEqual(r.structuredContent, { result: 42 });
  const text = JSON.parse(allText(r));
  assert.ok(text === 42 || (text && text.result === 42), `the text item carries the value: ${allText(r)}`);
});

test('tools/call: a list result comes back as {"result": [...]}', async () => {
  const r = await conn.client.callTool({ name: 'e2e-split-words', arguments: { input: '  alpha beta\tgamma ' } });
  assert.equal(r.isError, false, allText(r));
  assert.deepEqual(r.structuredContent, { result: ['alpha', 'beta', 'gamma'] });
  assert.ok(!Array.isArray(r.structuredContent));
});

test('tools/call: WP_Error → isError true, message as text, code kept', async () => {
  const r = await conn.client.callTool({ name: 'e2e-always-fails', arguments: { note: 'n' } });
  assert.equal(r.isError, true);
  assert.match(allText(r), /The e2e ability failed on purpose\./);
  const err = toolError(r);
  assert.ok(err, `error kept in a structured form: ${JSON.stringify(r)}`);
  assert.equal(err.code, 'e2e_planned_failure');
  assert.equal(err.message, 'The e2e ability failed on purpose.');
  assert.equal(err.data?.hint, 'expected', 'WP_Error data kept');
});

test('tools/call: an exception in the callback → isError true with an error id, its message only in the log', async () => {
  const r = await conn.client.callTool({ name: 'e2e-throws', arguments: {} });
  assert.equal(r.isError, true);
  assert.doesNotMatch(JSON.stringify(r), /boom from the e2e fixture|\.php/);
  assert.equal(toolError(r)?.code, 'ability_callback_exception', JSON.stringify(r));
  const id = toolError(r)?.data?.error_id;
  assert.match(String(id), /^[0-9a-f-]{36}$/, JSON.stringify(r));
  assert.ok(allText(r).includes(id), allText(r));
});

test('tools/call: permission refused → isError true and the callback never runs', async () => {
  const before = (await callCounts(conn.client))['e2e/forbidden'] ?? 0;
  const r = await conn.client.callTool({ name: 'e2e-forbidden', arguments: {} });
  assert.equal(r.isError, true);
  assert.match(allText(r), /permission/i);
  assert.equal(toolError(r)?.code, 'ability_invalid_permissions', JSON.stringify(r));
  const after = (await callCounts(conn.client))['e2e/forbidden'] ?? 0;
  assert.equal(after, before);
});

test('tools/call: missing required field → isError true and the callback never runs', async () => {
  const before = (await callCounts(conn.client))['e2e/delete-note'] ?? 0;
  const r = await conn.client.callTool({ name: 'e2e-delete-note', arguments: { id: 5 } });
  assert.equal(r.isError, true);
  assert.match(allText(r), /reason/);
  assert.equal(toolError(r)?.code, 'invalid_arguments', JSON.stringify(r));
  assert.ok(toolError(r)?.data?.violations?.some((v) => v.path === '/reason'), JSON.stringify(r));
  const wrongType = await conn.client.callTool({ name: 'e2e-delete-note', arguments: { id: 'five', reason: 'r' } });
  assert.equal(wrongType.isError, true);
  const mid = (await callCounts(conn.client))['e2e/delete-note'] ?? 0;
  assert.equal(mid, before, 'rejected calls did not reach the callback');

  const ok = await conn.client.callTool({ name: 'e2e-delete-note', arguments: { id: 5, reason: 'cleanup' } });
  assert.equal(ok.isError, false, allText(ok));
  assert.deepEqual(ok.structuredContent, { deleted: 5, reason: 'cleanup' });
  const after = (await callCounts(conn.client))['e2e/delete-note'] ?? 0;
  assert.equal(after, before + 1, 'the valid call ran the callback exactly once');
});

test('tools/call: flattened ability without its wrapped input → isError, callback not run', async () => {
  const before = (await callCounts(conn.client))['e2e/string-length'] ?? 0;
  const r = await conn.client.callTool({ name: 'e2e-string-length', arguments: {} });
  assert.equal(r.isError, true, JSON.stringify(r));
  const after = (await callCounts(conn.client))['e2e/string-length'] ?? 0;
  assert.equal(after, before);
});

test('tools/call: unknown tool → JSON-RPC error -32602, not a tool result', async () => {
  await assert.rejects(
    conn.client.callTool({ name: 'e2e-no-such-tool', arguments: {} }),
    (e) => {
      assert.ok(e instanceof McpError, String(e));
      assert.equal(e.code, -32602);
      assert.match(e.message, /e2e-no-such-tool/);
      return true;
    },
  );
});

test('tools/call: a skipped (unconvertible) ability is not callable', async () => {
  await assert.rejects(conn.client.callTool({ name: 'e2e-too-deep', arguments: {} }), McpError);
});

test('ping over the SDK client', async () => {
  assert.deepEqual(await conn.client.ping(), {});
});

test('a skipped ability is logged with the reason (mcp_native_log), the server still serves the rest', async () => {
  const logUrl = `${CFG.site}/wp-json/mcp-native-e2e/v1/log`;
  const clear = await http(logUrl, { method: 'DELETE' });
  assert.equal(clear.status, 200, clear.text);
  const fresh = await connectSdk(CFG.customUrl);
  try {
    const names = (await fresh.client.listTools()).tools.map((t) => t.name);
    assert.ok(names.includes('e2e-object-echo') && !names.includes('e2e-too-deep'));
  } finally {
    await closeSdk(fresh);
  }
  const log = await http(logUrl, { method: 'GET' });
  assert.equal(log.status, 200, log.text);
  const lines = log.json.map((e) => `${e.level} ${e.message} ${JSON.stringify(e.context)}`);
  assert.ok(lines.some((l) => /e2e\/too-deep/.test(l) && /depth|nest/i.test(l)), `too-deep logged with its reason: ${lines.join('\n')}`);
  assert.ok(lines.some((l) => /e2e\/does-not-exist/.test(l)), `unregistered ability logged: ${lines.join('\n')}`);
  assert.ok(log.json.every((e) => e.level === 'warning' || e.level === 'error'), lines.join('\n'));
});
