// The official Python SDK client (`mcp` from PyPI, pinned in python/requirements.txt) over
// Streamable HTTP. tests/e2e/python/setup.sh installs it into .cache/python-mcp (idempotent);
// python/mcp_client.py does the client work and prints what it saw as JSON; this file asserts.
//
// The SDK (2.x) first probes `server/discover` (protocol 2026-07-28); our server answers it, so the
// client speaks 2026-07-28 (no initialize, no session) on the same endpoint older clients use.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { CFG, HERE, LATEST_PROTOCOL, http, rpcBody } from './helpers.mjs';

const SETUP = path.join(HERE, 'python', 'setup.sh');
const SCRIPT = path.join(HERE, 'python', 'mcp_client.py');
let python;

function runClient(url, calls = {}) {
  const args = [SCRIPT, '--url', url, '--user', CFG.user, '--password', CFG.pass, '--timeout', '90'];
  for (const [name, a] of Object.entries(calls)) args.push('--call', `${name}=${JSON.stringify(a)}`);
  const r = spawnSync(python, args, { encoding: 'utf8', timeout: 120_000, killSignal: 'SIGKILL', maxBuffer: 32 << 20 });
  assert.equal(r.error, undefined, `python client could not run: ${r.error}`);
  let out;
  try {
    out = JSON.parse(r.stdout);
  } catch {
    assert.fail(`python client printed no JSON (exit ${r.status}):\n${r.stdout}\n${r.stderr.slice(-4000)}`);
  }
  assert.equal(out.error, undefined, `python client failed: ${out.error}\n${r.stderr.slice(-4000)}`);
  assert.equal(r.status, 0, r.stderr.slice(-4000));
  return out;
}

const tool = (out, name) => {
  const t = out.tools.find((x) => x.name === name);
  assert.ok(t, `${name} is listed (have: ${out.tools.map((x) => x.name).join(', ')})`);
  return t;
};

before(() => {
  const r = spawnSync('bash', [SETUP], { encoding: 'utf8', timeout: 600_000, killSignal: 'SIGKILL' });
  assert.equal(r.status, 0, `tests/e2e/python/setup.sh failed:\n${r.stderr.slice(-4000)}`);
  python = r.stdout.trim().split('\n').pop();
  assert.match(python, /\/bin\/python$/);
});

test('python SDK: server/discover answered, the client stays at 2026-07-28 (no initialize), custom server tools', () => {
  const out = runClient(CFG.customUrl, {
    'e2e-object-echo': { message: 'py', times: 2 },
    'e2e-string-length': { input: 'hello' },
  });

  // The probe came first and was answered: no handshake follows.
  const methods = out.sent.filter((s) => s.method).map((s) => s.method);
  assert.equal(methods[0], 'server/discover', `first JSON-RPC method sent: ${methods.join(', ')}`);
  assert.ok(!methods.includes('initialize'), `no initialize at 2026-07-28: ${methods.join(', ')}`);
  assert.equal(out.protocol_version, '2026-07-28', 'negotiated the stateless revision');
  assert.equal(out.server_info.name, 'mcp-native e2e server');
  assert.equal(out.server_info.version, '1.2.3');
  assert.ok(out.capabilities.tools, 'tools capability advertised');

  // Object ability: schema passes through, structured result.
  const echo = tool(out, 'e2e-object-echo');
  assert.equal(echo.inputSchema.type, 'object');
  assert.deepEqual(echo.inputSchema.required, ['message']);
  assert.equal(echo.inputSchema.properties.times.maximum, 5);
  const e = out.calls['e2e-object-echo'].result;
  assert.ok(e, JSON.stringify(out.calls['e2e-object-echo']));
  assert.equal(e.isError, false);
  assert.deepEqual(e.structuredContent, { echo: 'pypy', times: 2, received_keys: ['message', 'times'] });
  assert.deepEqual(JSON.parse(e.content[0].text), e.structuredContent);

  // Flattened ability: wrapped under input / result; the ability gets the bare string.
  const len = tool(out, 'e2e-string-length');
  assert.deepEqual(len.inputSchema.required, ['input']);
  assert.equal(len.inputSchema.properties.input.type, 'string');
  assert.equal(len.outputSchema.properties.result.type, 'integer');
  const l = out.calls['e2e-string-length'].result;
  assert.ok(l, JSON.stringify(out.calls['e2e-string-length']));
  assert.equal(l.isError, false, JSON.stringify(l.content));
  assert.deepEqual(l.structuredContent, { result: 5 });
});

test('the server/discover probe, as the Python SDK sends it, is answered; without _meta it is an unknown method of the old revision', async () => {
  // What mcp 2.3 sends: the 2026-07-28 version in the header and in _meta, no session.
  const probe = rpcBody('server/discover', {
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'mcp', version: '2.3.0' },
    },
  });
  const r = await http(CFG.customUrl, { body: probe, protocolVersion: '2026-07-28', headers: { 'Mcp-Method': 'server/discover' } });
  assert.equal(r.status, 200, r.text);
  assert.equal(r.json.id, probe.id);
  assert.deepEqual(r.json.result.supportedVersions, ['2026-07-28', LATEST_PROTOCOL, '2025-06-18', '2025-03-26']);
  assert.equal(r.json.result.resultType, 'complete');
  assert.equal(r.json.result._meta['io.modelcontextprotocol/serverInfo'].name, 'mcp-native e2e server');
  assert.equal(r.headers.get('mcp-session-id'), null);

  // Without _meta or the header: a handshake-era request, and discover is not a method there.
  const m = await http(CFG.customUrl, { body: rpcBody('server/discover', {}) });
  assert.equal(m.status, 200, m.text);
  assert.equal(m.json.error.code, -32601, m.text);

  // The 2026-07-28 header without _meta: the spec's invalid params, HTTP 400.
  const bare = await http(CFG.customUrl, { body: rpcBody('tools/list', {}), protocolVersion: '2026-07-28', headers: { 'Mcp-Method': 'tools/list' } });
  assert.equal(bare.status, 400, bare.text);
  assert.equal(bare.json.error.code, -32602, bare.text);

  // An unknown version header on a handshake-era request keeps the old answer, listing every revision.
  const old = await http(CFG.customUrl, { body: rpcBody('ping', {}), protocolVersion: '1999-01-01' });
  assert.equal(old.status, 400, old.text);
  assert.equal(old.json.error.code, -32600, old.text);
  assert.ok(old.json.error.data.supported.includes(LATEST_PROTOCOL), old.text);
  assert.ok(old.json.error.data.supported.includes('2026-07-28'), old.text);
});

test('python SDK: a call the server rejects comes back as a tool error, not a crash', () => {
  const out = runClient(CFG.customUrl, { 'e2e-object-echo': { times: 2 } }); // "message" is required
  const r = out.calls['e2e-object-echo'];
  if (r.result) {
    assert.equal(r.result.isError, true, JSON.stringify(r.result));
    assert.match(r.result.content.map((c) => c.text).join('\n'), /message/);
  } else {
    assert.match(r.message, /message/, JSON.stringify(r)); // a JSON-RPC -32602 naming the field
  }
});

test('python SDK: default server (the adapter-compatible endpoint) lists and runs its meta tools', () => {
  const out = runClient(CFG.defaultUrl, {
    'mcp-adapter-execute-ability': { ability_name: 'e2e/object-echo', parameters: { message: 'py', times: 3 } },
  });
  const names = out.tools.map((t) => t.name);
  for (const n of ['mcp-adapter-discover-abilities', 'mcp-adapter-execute-ability', 'mcp-adapter-get-ability-info']) {
    assert.ok(names.includes(n), `${n} listed (have: ${names.join(', ')})`);
  }
  const r = out.calls['mcp-adapter-execute-ability'].result;
  assert.ok(r, JSON.stringify(out.calls['mcp-adapter-execute-ability']));
  assert.equal(r.isError, false, JSON.stringify(r.content));
  assert.equal(r.structuredContent.success, true, JSON.stringify(r.structuredContent));
  assert.deepEqual(r.structuredContent.data, { echo: 'pypypy', times: 3, received_keys: ['message', 'times'] });
});
