// @automattic/mcp-wordpress-remote, the stdio proxy WordPress users put in Claude Desktop, driven
// over stdio by the official SDK client exactly as Claude Desktop would drive it.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CFG, HERE, http, allText, LATEST_PROTOCOL } from './helpers.mjs';

const PROXY = path.join(HERE, 'node_modules', '@automattic', 'mcp-wordpress-remote', 'dist', 'proxy.js');
const open = [];

async function startProxy(endpoint, label) {
  assert.ok(fs.existsSync(PROXY), `${PROXY} installed (npm ci in tests/e2e)`);
  fs.mkdirSync(CFG.artifacts, { recursive: true });
  const logFile = path.join(CFG.artifacts, `wordpress-remote-${label}-${process.pid}.log`);
  fs.rmSync(logFile, { force: true });
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-native-e2e-remote-'));
  const stderr = [];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [PROXY],
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: configDir,
      NODE_ENV: 'production',
      WP_API_URL: endpoint,
      WP_API_USERNAME: CFG.user,
      WP_API_PASSWORD: CFG.pass,
      WP_MCP_CONFIG_DIR: configDir,
      OAUTH_ENABLED: 'false',
      LOG_FILE: logFile,
      LOG_LEVEL: '3',
      WP_API_TIMEOUT_MS: '30000',
      WP_API_INIT_TIMEOUT_MS: '30000',
    },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (d) => stderr.push(String(d)));
  const client = new Client({ name: 'claude-desktop-like-e2e', version: '0.0.1' });
  const entry = { client, transport, logFile, configDir, stderr };
  open.push(entry);
  await client.connect(transport, { timeout: 45_000 });
  return entry;
}

function diag(p) {
  const log = fs.existsSync(p.logFile) ? fs.readFileSync(p.logFile, 'utf8') : '(no log)';
  return `\n--- proxy stderr ---\n${p.stderr.join('').slice(-3000)}\n--- proxy log (tail) ---\n${log.slice(-4000)}`;
}

/** The session id the proxy got from WordPress, read from its debug log. */
function proxySessionIds(p) {
  const log = fs.existsSync(p.logFile) ? fs.readFileSync(p.logFile, 'utf8') : '';
  return [...log.matchAll(/Session ID received from WordPress: (\S+)/g)].map((m) => m[1]);
}

after(async () => {
  for (const p of open) {
    await p.client.close().catch(() => {});
    fs.rmSync(p.configDir, { recursive: true, force: true });
  }
});

test('mcp-wordpress-remote → default server: list the meta tools, execute an ability', async () => {
  const p = await startProxy(CFG.defaultUrl, 'default');
  const names = (await p.client.listTools()).tools.map((t) => t.name).sort();
  assert.deepEqual(
    names,
    ['mcp-adapter-discover-abilities', 'mcp-adapter-execute-ability', 'mcp-adapter-get-ability-info', 'mcp-native-get-site-context'],
    diag(p),
  );

  const disc = await p.client.callTool({ name: 'mcp-adapter-discover-abilities', arguments: {} });
  assert.equal(disc.isError, false, allText(disc) + diag(p));
  assert.ok(disc.structuredContent.abilities.some((a) => a.name === 'e2e/object-echo'));

  const r = await p.client.callTool({
    name: 'mcp-adapter-execute-ability',
    arguments: { ability_name: 'e2e/object-echo', parameters: { message: 'claude', times: 2 } },
  });
  assert.equal(r.isError, false, allText(r) + diag(p));
  assert.equal(r.structuredContent.success, true);
  assert.equal(r.structuredContent.data.echo, 'claudeclaude');

  // The proxy always speaks 2025-06-18 to WordPress and adds _proxy_request_id: both were accepted.
  const log = fs.readFileSync(p.logFile, 'utf8');
  assert.match(log, /JSON-RPC transport detected and working/, diag(p));
});

test('mcp-wordpress-remote → custom server: flattened and error tools', async () => {
  const p = await startProxy(CFG.customUrl, 'custom');
  const tools = (await p.client.listTools()).tools;
  const len = tools.find((t) => t.name === 'e2e-string-length');
  assert.ok(len, `e2e-string-length listed: ${tools.map((t) => t.name).join(', ')}` + diag(p));
  assert.equal(len.inputSchema.properties.input.type, 'string');

  const r = await p.client.callTool({ name: 'e2e-string-length', arguments: { input: 'x'.repeat(42) } });
  assert.equal(r.isError, false, allText(r) + diag(p));
  assert.deepEqual(r.structuredContent, { result: 42 });

  const split = await p.client.callTool({ name: 'e2e-split-words', arguments: { input: 'one two' } });
  assert.deepEqual(split.structuredContent, { result: ['one', 'two'] }, diag(p));

  const fail = await p.client.callTool({ name: 'e2e-always-fails', arguments: {} });
  assert.equal(fail.isError, true, diag(p));
  assert.match(allText(fail), /failed on purpose/);
});

test('mcp-wordpress-remote → custom server: resources, a resource template and a prompt', async () => {
  const p = await startProxy(CFG.customUrl, 'resources');
  const { resources } = await p.client.listResources();
  assert.ok(resources.some((r) => r.uri === 'wordpress://e2e/site-note'), JSON.stringify(resources) + diag(p));
  const read = await p.client.readResource({ uri: 'wordpress://e2e/notes/alpha' });
  assert.equal(JSON.parse(read.contents[0].text).slug, 'alpha', diag(p));
  const got = await p.client.getPrompt({ name: 'e2e-review-note', arguments: { slug: 'beta' } });
  assert.match(got.messages[0].content.text, /"beta" in a neutral tone/, diag(p));
});

test('mcp-wordpress-remote recovers when WordPress forgets its session', async () => {
  const p = await startProxy(CFG.customUrl, 'recovery');
  await p.client.listTools();
  const ids = proxySessionIds(p);
  assert.ok(ids.length >= 1, 'the proxy logged the session id it got' + diag(p));
  const sid = ids[ids.length - 1];

  // End that session behind the proxy's back (as an expiry or a server restart would).
  const del = await http(CFG.customUrl, { method: 'DELETE', sessionId: sid, protocolVersion: LATEST_PROTOCOL });
  assert.ok(del.status >= 200 && del.status < 300, `DELETE → ${del.status} ${del.text}`);

  const r = await p.client.callTool({ name: 'e2e-object-echo', arguments: { message: 'again' } });
  assert.equal(r.isError, false, allText(r) + diag(p));
  assert.equal(r.structuredContent.echo, 'again');
  const ids2 = proxySessionIds(p);
  assert.ok(ids2.length > ids.length && ids2[ids2.length - 1] !== sid, 'the proxy re-initialised with a new session' + diag(p));
});
