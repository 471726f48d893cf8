// The TypeScript SDK v2 client (@modelcontextprotocol/client 2.x) negotiates MCP 2026-07-28 with us:
// server/discover, then stateless requests (per-request _meta, no initialize, no session) on the
// same URLs where the v1 client and mcp-wordpress-remote keep 2025-11-25 (their own test files).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import path from 'node:path';
import { CFG, AUTH, HERE, allText, textJson } from './helpers.mjs';

const MODERN = '2026-07-28';
const seen = []; // every request the client sent: method, headers, body

async function connectV2(url, mode = 'auto') {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: AUTH } },
    fetch: async (input, init = {}) => {
      let body;
      try {
        body = JSON.parse(init.body ?? 'null');
      } catch {
        body = null;
      }
      const entry = { url: String(input), method: init.method ?? 'GET', headers: new Headers(init.headers), body };
      seen.push(entry);
      const res = await fetch(input, init);
      entry.status = res.status;
      entry.answer = (await res.clone().text()).slice(0, 500);
      return res;
    },
  });
  // 'auto': probe server/discover, fall back to initialize only when the server does not answer it.
  const client = new Client({ name: 'mcp-native-e2e-v2', version: '0.0.1' }, { versionNegotiation: { mode } });
  await client.connect(transport);
  return { client, transport };
}

let custom;
let dflt;
before(async () => {
  custom = await connectV2(CFG.customUrl);
  dflt = await connectV2(CFG.defaultUrl);
});
after(async () => {
  await custom?.client.close();
  await dflt?.client.close();
});

test('v2 client: the modern era, 2026-07-28, discovered identity and capabilities', () => {
  const wire = seen.map((s) => `${s.method} ${s.body?.method} ${JSON.stringify(s.body?.params?._meta)} → ${s.status} ${s.answer}`).join('\n');
  for (const { client } of [custom, dflt]) {
    assert.equal(client.getProtocolEra(), 'modern', wire);
    assert.equal(client.getNegotiatedProtocolVersion(), MODERN);
    assert.ok(client.getServerCapabilities()?.tools, 'tools capability discovered');
  }
  assert.equal(custom.client.getServerVersion()?.name, 'mcp-native e2e server');
  assert.equal(custom.client.getServerVersion()?.version, '1.2.3');
  const methods = seen.filter((s) => s.body?.method).map((s) => s.body.method);
  assert.ok(methods.includes('server/discover'), `discover sent: ${methods.join(', ')}`);
  assert.ok(!methods.includes('initialize'), `no initialize at 2026-07-28: ${methods.join(', ')}`);
});

test('v2 client: lists and calls object and flattened tools, stateless', async () => {
  const { tools } = await custom.client.listTools();
  const names = tools.map((t) => t.name);
  assert.ok(names.includes('e2e-object-echo') && names.includes('e2e-string-length'), names.join(', '));
  const len = tools.find((t) => t.name === 'e2e-string-length');
  assert.deepEqual(len.inputSchema.required, ['input']);

  const echo = await custom.client.callTool({ name: 'e2e-object-echo', arguments: { message: 'v2', times: 2 } });
  assert.equal(echo.isError, false, allText(echo));
  assert.deepEqual(echo.structuredContent, { echo: 'v2v2', times: 2, received_keys: ['message', 'times'] });
  assert.deepEqual(textJson(echo), echo.structuredContent);

  const flat = await custom.client.callTool({ name: 'e2e-string-length', arguments: { input: 'x'.repeat(42) } });
  assert.equal(flat.isError, false, allText(flat));
  assert.deepEqual(flat.structuredContent, { result: 42 });

  // What went over the wire: per-request _meta with the version, the standard headers, no session.
  const call = seen.filter((s) => s.body?.method === 'tools/call').at(-1);
  assert.equal(call.body.params._meta['io.modelcontextprotocol/protocolVersion'], MODERN);
  assert.equal(call.headers.get('mcp-protocol-version'), MODERN);
  assert.equal(call.headers.get('mcp-method'), 'tools/call');
  assert.equal(call.headers.get('mcp-name'), 'e2e-string-length');
  assert.equal(call.headers.get('mcp-session-id'), null);
});

test('v2 client: the default server\'s meta-tools at 2026-07-28', async () => {
  const { tools } = await dflt.client.listTools();
  assert.ok(tools.some((t) => t.name === 'mcp-adapter-execute-ability'), tools.map((t) => t.name).join(', '));
  const r = await dflt.client.callTool({
    name: 'mcp-adapter-execute-ability',
    arguments: { ability_name: 'e2e/object-echo', parameters: { message: 'yo', times: 2 } },
  });
  assert.equal(r.isError, false, allText(r));
  assert.deepEqual(r.structuredContent.data, { echo: 'yoyo', times: 2, received_keys: ['message', 'times'] });
});

test('v2 client in its default (legacy) mode still gets 2025-11-25 from the same URL', async () => {
  const legacy = await connectV2(CFG.customUrl, 'legacy');
  try {
    assert.equal(legacy.client.getProtocolEra(), 'legacy');
    assert.equal(legacy.client.getNegotiatedProtocolVersion(), '2025-11-25');
    const { tools } = await legacy.client.listTools();
    assert.ok(tools.some((t) => t.name === 'e2e-object-echo'));
  } finally {
    await legacy.client.close();
  }
});

test('v2 client: an ability asks for confirmation (input_required); the client answers and the call completes', async () => {
  const url = CFG.customUrl.replace(/\/mcp$/, '/input');
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: AUTH } } });
  const client = new Client(
    { name: 'mcp-native-e2e-v2-input', version: '0.0.1' },
    { versionNegotiation: { mode: 'auto' }, capabilities: { elicitation: {} } },
  );
  const asked = [];
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(request.params.message);
    return { action: 'accept', content: { ok: true } };
  });
  await client.connect(transport);
  try {
    assert.equal(client.getProtocolEra(), 'modern');
    const r = await client.callTool({ name: 'e2e-confirmed-delete', arguments: { id: 7 } });
    assert.deepEqual(asked, ['Delete note 7?']);
    assert.equal(r.isError, false, allText(r));
    assert.deepEqual(r.structuredContent, { deleted: 7 });
  } finally {
    await client.close();
  }
});

test('v2 client: a protocol error at 2026-07-28 is an error, not a crash', async () => {
  await assert.rejects(custom.client.callTool({ name: 'no-such-tool', arguments: {} }), /Unknown tool|no-such-tool/);
});

test('v2 client over stdio (wp-plugin/bin/mcp-stdio.php): the modern era too, and input_required', async () => {
  const root = path.resolve(HERE, '..', '..');
  const site = process.env.E2E_SITE_DIR || path.join(root, '.test-run', 'e2e', 'site');
  const ext = process.env.EXT_SO || path.join(root, 'target', 'release', 'libmcp_native.so');
  const native = process.env.MCP_NATIVE_REQUIRE === 'native';
  const args = [...(native ? ['-d', `extension=${ext}`] : []), path.join(root, 'wp-plugin', 'bin', 'mcp-stdio.php'), `--path=${site}`, `--user=${CFG.user}`];
  const connect = async (server) => {
    const transport = new StdioClientTransport({ command: process.env.PHP || 'php8.2', args: [...args, `--server=${server}`], env: { ...process.env }, stderr: 'pipe' });
    const client = new Client({ name: 'mcp-native-e2e-v2-stdio', version: '0.0.1' }, { versionNegotiation: { mode: 'auto' }, capabilities: { elicitation: {} } });
    client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { ok: true } }));
    await client.connect(transport);
    return client;
  };
  const custom = await connect('e2e-server');
  try {
    assert.equal(custom.getProtocolEra(), 'modern');
    assert.equal(custom.getNegotiatedProtocolVersion(), MODERN);
    const flat = await custom.callTool({ name: 'e2e-string-length', arguments: { input: 'abc' } });
    assert.deepEqual(flat.structuredContent, { result: 3 });
  } finally {
    await custom.close();
  }
  const input = await connect('e2e-input-server');
  try {
    const r = await input.callTool({ name: 'e2e-confirmed-delete', arguments: { id: 3 } });
    assert.equal(r.isError, false, allText(r));
    assert.deepEqual(r.structuredContent, { deleted: 3 });
  } finally {
    await input.close();
  }
});
