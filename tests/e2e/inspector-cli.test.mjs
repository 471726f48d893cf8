// The MCP Inspector CLI (@modelcontextprotocol/inspector-cli, pinned in inspector/package.json,
// installed by inspector/setup.sh into its own node_modules) against the served site: list tools,
// call an object and a flattened tool, and a bad credential that must fail cleanly.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { CFG, HERE, AUTH } from './helpers.mjs';

const DIR = path.join(HERE, 'inspector');
let cli;

function inspector(url, args, { auth = AUTH } = {}) {
  const r = spawnSync(
    process.execPath,
    [cli, '--cli', url, '--transport', 'http', '--header', `Authorization: ${auth}`, ...args],
    { cwd: DIR, encoding: 'utf8', timeout: 90_000, killSignal: 'SIGKILL', maxBuffer: 32 << 20 },
  );
  assert.equal(r.error, undefined, `inspector CLI could not run: ${r.error}`);
  return r;
}

function json(r) {
  assert.equal(r.status, 0, `inspector CLI exit ${r.status}:\n${r.stdout}\n${r.stderr.slice(-3000)}`);
  try {
    return JSON.parse(r.stdout);
  } catch {
    assert.fail(`inspector CLI printed no JSON:\n${r.stdout}\n${r.stderr.slice(-3000)}`);
  }
}

before(() => {
  const r = spawnSync('bash', [path.join(DIR, 'setup.sh')], { encoding: 'utf8', timeout: 600_000, killSignal: 'SIGKILL' });
  assert.equal(r.status, 0, `tests/e2e/inspector/setup.sh failed:\n${r.stderr.slice(-4000)}`);
  cli = r.stdout.trim().split('\n').pop();
  assert.match(cli, /inspector-cli\/build\/cli\.js$/);
});

test('inspector CLI: tools/list on the custom server', () => {
  const out = json(inspector(CFG.customUrl, ['--method', 'tools/list']));
  const names = out.tools.map((t) => t.name);
  for (const n of ['e2e-object-echo', 'e2e-string-length', 'e2e-split-words']) {
    assert.ok(names.includes(n), `${n} listed (have: ${names.join(', ')})`);
  }
  const len = out.tools.find((t) => t.name === 'e2e-string-length');
  assert.equal(len.inputSchema.type, 'object');
  assert.deepEqual(len.inputSchema.required, ['input']);
  assert.deepEqual(len.outputSchema.required, ['result']);
});

test('inspector CLI: tools/call of an object tool and a flattened tool', () => {
  const echo = json(
    inspector(CFG.customUrl, ['--method', 'tools/call', '--tool-name', 'e2e-object-echo', '--tool-arg', 'message=hi', 'times=2']),
  );
  assert.equal(echo.isError, false, JSON.stringify(echo));
  assert.deepEqual(echo.structuredContent, { echo: 'hihi', times: 2, received_keys: ['message', 'times'] });

  const len = json(
    inspector(CFG.customUrl, ['--method', 'tools/call', '--tool-name', 'e2e-string-length', '--tool-arg', 'input=hello']),
  );
  assert.equal(len.isError, false, JSON.stringify(len));
  assert.deepEqual(len.structuredContent, { result: 5 });
  assert.deepEqual(JSON.parse(len.content[0].text), { result: 5 });
});

test('inspector CLI: tools/list on the default server', () => {
  const out = json(inspector(CFG.defaultUrl, ['--method', 'tools/list']));
  const names = out.tools.map((t) => t.name);
  assert.ok(names.includes('mcp-adapter-execute-ability'), names.join(', '));
  assert.ok(names.includes('mcp-adapter-discover-abilities'), names.join(', '));
});

test('inspector CLI: a wrong application password fails with the JSON-RPC 401 message, exit 1', () => {
  const bad = 'Basic ' + Buffer.from(`${CFG.user}:not-the-password`).toString('base64');
  const r = inspector(CFG.customUrl, ['--method', 'tools/list'], { auth: bad });
  assert.notEqual(r.status, 0);
  assert.match(r.stderr + r.stdout, /"jsonrpc":"2\.0"/, 'the server answered JSON-RPC, not HTML');
  assert.match(r.stderr + r.stdout, /Unauthorized|authentication|incorrect|invalid/i);
});
