// The official TypeScript SDK client against the default server (the official adapter's path and
// its three meta tools), as a client configured for the official adapter would use it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { CFG, connectSdk, closeSdk, textJson, allText, toolError, callCounts, LATEST_PROTOCOL } from './helpers.mjs';

const DISCOVER = 'mcp-adapter-discover-abilities';
const INFO = 'mcp-adapter-get-ability-info';
const EXECUTE = 'mcp-adapter-execute-ability';

let conn;
let custom; // to read the fixture's call counter
let tools;
const tool = (n) => {
  const t = tools.find((x) => x.name === n);
  assert.ok(t, `tool ${n} is listed (have: ${tools.map((x) => x.name).join(', ')})`);
  return t;
};

before(async () => {
  conn = await connectSdk(CFG.defaultUrl);
  custom = await connectSdk(CFG.customUrl);
  tools = (await conn.client.listTools()).tools;
  await custom.client.listTools();
});
after(async () => {
  await closeSdk(conn);
  await closeSdk(custom);
});

test('initialize: protocol version, serverInfo, capabilities, session id', () => {
  assert.equal(conn.transport.protocolVersion, LATEST_PROTOCOL);
  const info = conn.client.getServerVersion();
  assert.equal(typeof info.name, 'string');
  assert.ok(info.name.length > 0);
  assert.equal(typeof info.version, 'string');
  assert.ok(info.version.length > 0);
  assert.ok(conn.client.getServerCapabilities()?.tools, 'tools capability advertised');
  assert.match(conn.transport.sessionId ?? '', /^[\x21-\x7e]{16,}$/);
  assert.notEqual(conn.transport.sessionId, custom.transport.sessionId, 'each connection gets its own session');
});

test('tools/list: exactly the three meta tools and the site-context tool, with schemas and annotations', () => {
  assert.deepEqual(tools.map((t) => t.name).sort(), [DISCOVER, EXECUTE, INFO, 'mcp-native-get-site-context'].sort());
  for (const t of tools) {
    assert.equal(t.inputSchema.type, 'object', t.name);
    if (t.outputSchema) assert.equal(t.outputSchema.type, 'object', t.name);
    assert.ok(t.description.length > 0, t.name);
    assert.equal(typeof t.annotations, 'object', `${t.name} has annotations`);
  }
  const ex = tool(EXECUTE);
  assert.ok(ex.inputSchema.required.includes('ability_name'), JSON.stringify(ex.inputSchema));
  assert.equal(ex.inputSchema.properties.ability_name.type, 'string');
  const ptype = ex.inputSchema.properties.parameters.type;
  assert.ok(ptype === 'object' || (Array.isArray(ptype) && ptype.includes('object')), `parameters accepts objects: ${JSON.stringify(ptype)}`);
  assert.equal(ex.annotations.readOnlyHint, false);
  assert.equal(ex.annotations.destructiveHint, true);
  const d = tool(DISCOVER);
  assert.equal(d.annotations.readOnlyHint, true);
  assert.equal(d.annotations.destructiveHint, false);
  const i = tool(INFO);
  assert.deepEqual(i.inputSchema.required, ['ability_name']);
  assert.equal(i.annotations.readOnlyHint, true);
});

test('discover: the public fixture abilities, never the hidden one', async () => {
  const r = await conn.client.callTool({ name: DISCOVER, arguments: {} });
  assert.equal(r.isError, false, allText(r));
  const list = r.structuredContent.abilities;
  assert.ok(Array.isArray(list));
  const names = list.map((a) => a.name);
  for (const n of ['e2e/object-echo', 'e2e/string-length', 'e2e/split-words', 'e2e/delete-note', 'e2e/always-fails']) {
    assert.ok(names.includes(n), `${n} discovered (got ${names.join(', ')})`);
  }
  assert.ok(!names.includes('e2e/hidden'), 'non-public ability not discoverable');
  assert.ok(!names.some((n) => n.startsWith('mcp-adapter/')), 'meta tools do not list themselves');
  const echo = list.find((a) => a.name === 'e2e/object-echo');
  assert.equal(echo.label, 'Object echo');
  assert.equal(echo.description, 'Echoes a message a number of times and reports the input it received.');
  assert.deepEqual(textJson(r), r.structuredContent);
});

test('get-ability-info: schemas of a public ability in its own shape', async () => {
  const r = await conn.client.callTool({ name: INFO, arguments: { ability_name: 'e2e/string-length' } });
  assert.equal(r.isError, false, allText(r));
  const s = r.structuredContent;
  assert.equal(s.name, 'e2e/string-length');
  assert.equal(s.label, 'String length');
  assert.equal(s.input_schema.type, 'string', 'the ability schema, not the wrapped one');
  assert.equal(s.output_schema.type, 'integer');
});

test('get-ability-info: a non-public ability is refused', async () => {
  const r = await conn.client.callTool({ name: INFO, arguments: { ability_name: 'e2e/hidden' } });
  assert.equal(r.isError, true, JSON.stringify(r));
  assert.equal(toolError(r)?.code, 'ability_not_found', JSON.stringify(r));
  assert.ok(!JSON.stringify(r).includes('should never be returned'));
});

test('execute-ability: object ability runs with its own parameters', async () => {
  const r = await conn.client.callTool({
    name: EXECUTE,
    arguments: { ability_name: 'e2e/object-echo', parameters: { message: 'yo', times: 2 } },
  });
  assert.equal(r.isError, false, allText(r));
  assert.equal(r.structuredContent.success, true);
  assert.deepEqual(r.structuredContent.data, { echo: 'yoyo', times: 2, received_keys: ['message', 'times'] });
});

test('execute-ability: a flattened ability gets its parameters in its own (bare) shape', async (t) => {
  const ptype = tool(EXECUTE).inputSchema.properties.parameters.type;
  if (!(Array.isArray(ptype) && ptype.includes('string'))) {
    t.skip(`execute-ability only takes object parameters (${JSON.stringify(ptype)})`);
    return;
  }
  const r = await conn.client.callTool({ name: EXECUTE, arguments: { ability_name: 'e2e/string-length', parameters: 'y'.repeat(42) } });
  assert.equal(r.isError, false, allText(r));
  assert.equal(r.structuredContent.success, true);
  assert.equal(r.structuredContent.data, 42);

  const wrapped = await conn.client.callTool({ name: EXECUTE, arguments: { ability_name: 'e2e/string-length', parameters: { input: 'abc' } } });
  assert.equal(wrapped.isError, true, `no wrapping on the default server: {input: …} is not a string: ${JSON.stringify(wrapped)}`);
});

test('execute-ability: ability defaults and normalization apply ({} for an object schema)', async () => {
  const before = (await callCounts(custom.client))['e2e/always-fails'] ?? 0;
  const r = await conn.client.callTool({
    name: EXECUTE,
    arguments: { ability_name: 'e2e/always-fails', parameters: {} },
  });
  assert.equal(r.isError, true, 'the WP_Error surfaces as a tool error');
  assert.match(allText(r), /The e2e ability failed on purpose\./);
  assert.equal(toolError(r)?.code, 'e2e_planned_failure', JSON.stringify(r));
  assert.equal(toolError(r)?.data?.hint, 'expected');
  const after = (await callCounts(custom.client))['e2e/always-fails'] ?? 0;
  assert.equal(after, before + 1, '{} reached the callback as valid input');
});

test('execute-ability: a non-public ability is refused and never runs', async () => {
  const before = (await callCounts(custom.client))['e2e/hidden'] ?? 0;
  const r = await conn.client.callTool({ name: EXECUTE, arguments: { ability_name: 'e2e/hidden', parameters: {} } });
  assert.equal(r.isError, true, JSON.stringify(r));
  assert.equal(toolError(r)?.code, 'ability_not_found', JSON.stringify(r));
  assert.ok(!JSON.stringify(r).includes('should never be returned'));
  const after = (await callCounts(custom.client))['e2e/hidden'] ?? 0;
  assert.equal(after, before);
});

test('execute-ability: unknown ability → tool error naming it', async () => {
  const r = await conn.client.callTool({ name: EXECUTE, arguments: { ability_name: 'e2e/nope', parameters: {} } });
  assert.equal(r.isError, true);
  assert.match(allText(r), /e2e\/nope/);
});

test('execute-ability: missing required field of the target ability → tool error, callback not run', async () => {
  const before = (await callCounts(custom.client))['e2e/delete-note'] ?? 0;
  const r = await conn.client.callTool({ name: EXECUTE, arguments: { ability_name: 'e2e/delete-note', parameters: { id: 3 } } });
  assert.equal(r.isError, true);
  assert.match(allText(r), /reason/);
  const after = (await callCounts(custom.client))['e2e/delete-note'] ?? 0;
  assert.equal(after, before);
});

test('execute-ability: missing parameters argument → tool error', async () => {
  const r = await conn.client.callTool({ name: EXECUTE, arguments: { ability_name: 'e2e/object-echo' } });
  assert.equal(r.isError, true);
  assert.match(allText(r), /parameters|message/);
});
