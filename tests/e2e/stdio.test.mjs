// The stdio transport (wp-plugin/bin/mcp-stdio.php) driven by the official SDK's StdioClientTransport,
// the way Claude Desktop starts a local MCP server: same servers and tools as HTTP, JSON-RPC lines only
// on stdout, clear errors for a bad path, user or server.
//
// Needs the site folder: E2E_SITE_DIR (scripts/test-e2e.sh), else the folder test-e2e.sh creates
// (.test-run/e2e/site). Runs PHP as $PHP (default php8.2) with the extension when the run requires
// the native path (MCP_NATIVE_REQUIRE=native, as test-e2e.sh exports it), $EXT_SO or
// target/release/libmcp_native.so.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CFG, HERE, textJson, allText, toolError, LATEST_PROTOCOL } from './helpers.mjs';

const ROOT = path.resolve(HERE, '..', '..');
const SITE_DIR = process.env.E2E_SITE_DIR || path.join(ROOT, '.test-run', 'e2e', 'site');
const STDIO = path.join(ROOT, 'wp-plugin', 'bin', 'mcp-stdio.php');
const PHP = process.env.PHP || 'php8.2';
const EXT_SO = process.env.EXT_SO || path.join(ROOT, 'target', 'release', 'libmcp_native.so');
const NATIVE = process.env.MCP_NATIVE_REQUIRE === 'native';

function phpArgs(extra, sitePath = SITE_DIR) {
  return [...(NATIVE ? ['-d', `extension=${EXT_SO}`] : []), STDIO, `--path=${sitePath}`, ...extra];
}

const open = [];

// A mu-plugin that prints (at load, while abilities register, inside every tool call) and logs,
// but only in an mcp-stdio.php process started with E2E_STDIO_NOISE=1: HTTP requests to the same
// site never see it. Proves stdout carries nothing but JSON-RPC even when site code is noisy.
const NOISE_PLUGIN = path.join(SITE_DIR, 'wp-content', 'mu-plugins', `zz-e2e-stdio-noise-${process.pid}.php`);
const NOISE_PHP = `<?php
if ( defined( 'MCP_NATIVE_STDIO' ) && '1' === getenv( 'E2E_STDIO_NOISE' ) ) {
	echo "NOISE at plugin load\n";
	add_action( 'wp_abilities_api_init', static function () { print "NOISE while abilities register\n"; }, 1 );
	add_filter( 'mcp_native_pre_tool_call', static function ( $arguments ) { echo "NOISE in a tool call\n"; error_log( 'e2e stdio noise: error_log line' ); return $arguments; } );
}
`;
const NOISY = { E2E_STDIO_NOISE: '1' };

/** An SDK client connected to mcp-stdio.php; collects its stderr and transport errors. */
async function connectStdio(extra, env = {}) {
  const stderr = [];
  const errors = [];
  const transport = new StdioClientTransport({
    command: PHP,
    args: phpArgs(extra),
    env: { ...process.env, ...env },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (d) => stderr.push(String(d)));
  const client = new Client({ name: 'mcp-native-stdio-e2e', version: '0.0.1' });
  // A line on stdout that is not JSON-RPC would surface here.
  client.onerror = (e) => errors.push(e);
  const entry = { client, transport, stderr, errors };
  open.push(entry);
  await client.connect(transport, { timeout: 45_000 });
  return entry;
}

/** Runs mcp-stdio.php to completion with the given stdin; returns { code, stdout, stderr }. */
function runRaw(extra, input = '', { sitePath = SITE_DIR, timeoutMs = 45_000, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(PHP, phpArgs(extra, sitePath), { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`mcp-stdio.php did not exit within ${timeoutMs} ms; stderr: ${stderr.slice(-2000)}`));
    }, timeoutMs);
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.on('error', () => {}); // the process may exit before reading (bad arguments)
    child.stdin.end(input);
  });
}

const diag = (c) => `\n--- mcp-stdio stderr ---\n${c.stderr.join('').slice(-3000)}`;

before(() => {
  assert.ok(fs.existsSync(path.join(SITE_DIR, 'wp-load.php')), `a WordPress site in ${SITE_DIR} (set E2E_SITE_DIR)`);
  if (NATIVE) assert.ok(fs.existsSync(EXT_SO), `${EXT_SO} exists (MCP_NATIVE_REQUIRE=native)`);
  fs.writeFileSync(NOISE_PLUGIN, NOISE_PHP);
});

after(async () => {
  fs.rmSync(NOISE_PLUGIN, { force: true });
  for (const c of open) {
    try {
      await c.client.close();
    } catch {
      // already closed
    }
  }
});

test('custom server over stdio: initialize, tools/list, object and flattened calls, error result', async () => {
  const c = await connectStdio([`--user=${CFG.user}`, '--server=e2e-server'], NOISY);
  const { client } = c;

  const info = client.getServerVersion();
  assert.equal(info.name, 'mcp-native e2e server', diag(c));
  assert.equal(info.version, '1.2.3');
  assert.ok(client.getServerCapabilities()?.tools, 'tools capability advertised');
  assert.equal(c.transport.sessionId, undefined, 'no session over stdio');

  // The same tools as the HTTP endpoint of this server (sdk-custom-server.test.mjs lists them).
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name).sort();
  for (const n of ['e2e-always-fails', 'e2e-object-echo', 'e2e-split-words', 'e2e-string-length']) {
    assert.ok(names.includes(n), `${n} listed over stdio (have: ${names.join(', ')})`);
  }
  assert.ok(!names.includes('e2e-too-deep'), 'the unconvertible ability is skipped as over HTTP');
  const len = tools.find((t) => t.name === 'e2e-string-length');
  assert.deepEqual(len.inputSchema.required, ['input'], 'flattened input wrapped as over HTTP');
  assert.deepEqual(len.outputSchema.required, ['result']);

  // Object schema in and out.
  const echo = await client.callTool({ name: 'e2e-object-echo', arguments: { message: 'ab', times: 2 } });
  assert.equal(echo.isError, false, allText(echo));
  assert.deepEqual(echo.structuredContent, { echo: 'abab', times: 2, received_keys: ['message', 'times'] });
  assert.deepEqual(textJson(echo), echo.structuredContent);

  // Flattened: the callback gets the bare string, the integer comes back wrapped as result.
  const n = await client.callTool({ name: 'e2e-string-length', arguments: { input: 'héllo' } });
  assert.equal(n.isError, false, allText(n));
  assert.deepEqual(n.structuredContent, { result: 6 });

  // Argument errors are tool errors with the violation, before the callback.
  const bad = await client.callTool({ name: 'e2e-object-echo', arguments: { times: 9 } });
  assert.equal(bad.isError, true);
  assert.match(allText(bad), /message/);

  // Resources, templates and prompts are served over stdio as over HTTP (issue 13).
  assert.deepEqual(client.getServerCapabilities()?.resources, { subscribe: false, listChanged: false });
  const note = await client.readResource({ uri: 'wordpress://e2e/notes/gamma' });
  assert.equal(JSON.parse(note.contents[0].text).title, 'Gamma');
  const prompt = await client.getPrompt({ name: 'e2e-review-note', arguments: { slug: 'alpha' } });
  assert.match(prompt.messages[0].content.text, /"alpha"/);

  // A WP_Error from the ability: isError with its code.
  const fail = await client.callTool({ name: 'e2e-always-fails', arguments: {} });
  assert.equal(fail.isError, true);
  assert.equal(toolError(fail)?.code, 'e2e_planned_failure');
  assert.match(allText(fail), /failed on purpose/);

  assert.deepEqual(c.errors.map(String), [], `no transport errors (stdout carried only JSON-RPC)${diag(c)}`);
  // The noise went to stderr instead.
  const err = c.stderr.join('');
  assert.match(err, /NOISE at plugin load/);
  assert.match(err, /NOISE in a tool call/);
});

test('default server over stdio when --server is omitted', async () => {
  const c = await connectStdio([`--user=${CFG.user}`]);
  assert.equal(c.client.getServerVersion().name, 'mcp-native-default-server', diag(c));
  const names = (await c.client.listTools()).tools.map((t) => t.name);
  for (const n of ['mcp-adapter-discover-abilities', 'mcp-adapter-get-ability-info', 'mcp-adapter-execute-ability']) {
    assert.ok(names.includes(n), `${n} listed`);
  }
  const r = await c.client.callTool({
    name: 'mcp-adapter-execute-ability',
    arguments: { ability_name: 'e2e/string-length', parameters: 'abc' },
  });
  assert.equal(r.isError, false, allText(r));
  assert.deepEqual(r.structuredContent, { success: true, data: 3 });
  const hidden = await c.client.callTool({ name: 'mcp-adapter-execute-ability', arguments: { ability_name: 'e2e/hidden' } });
  assert.equal(hidden.isError, true, 'a non-public ability stays refused over stdio');
  assert.deepEqual(c.errors.map(String), [], diag(c));
});

test('raw protocol: one JSON-RPC line per request, errors for garbage, nothing for notifications', async () => {
  const lines = [
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), // before initialize
    JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: LATEST_PROTOCOL, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }),
    JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
    '',
    '{not json',
    JSON.stringify([{ jsonrpc: '2.0', id: 3, method: 'ping' }]),
    JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'ping' }),
    JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'resources/subscribe', params: { uri: 'x://y' } }),
    JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'no-such-tool', arguments: {} } }),
    JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'e2e-split-words', arguments: { input: 'a b  c' } } }),
    '{"jsonrpc":"2.0","id":1e400,"method":"ping"}', // an id no response could carry
    // A line longer than the 4 MiB limit: one error, then the next line is read normally.
    JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'ping', params: { pad: 'x'.repeat(4 * 1024 * 1024 + 10) } }),
    JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' }),
  ];
  const r = await runRaw([`--user=${CFG.user}`, '--server=e2e-server'], lines.join('\n') + '\n', { env: NOISY });
  assert.equal(r.code, 0, r.stderr);
  const out = r.stdout.split('\n');
  assert.equal(out.pop(), '', 'stdout ends with a newline');
  const msgs = out.map((l) => {
    try {
      return JSON.parse(l);
    } catch {
      throw new Error(`stdout line is not JSON: ${l.slice(0, 500)}\nstderr: ${r.stderr.slice(-2000)}`);
    }
  });
  // 11 answers: no answer for the notification and the blank line.
  assert.equal(msgs.length, 11, r.stdout.slice(0, 5000));
  for (const m of msgs) assert.equal(m.jsonrpc, '2.0');
  const [early, init, parse, batch, ping, unknown, noTool, split, inf, huge, after] = msgs;
  assert.equal(early.id, 1);
  assert.equal(early.error.code, -32600);
  assert.match(early.error.message, /initialize/);
  assert.equal(init.id, 2);
  assert.equal(init.result.protocolVersion, LATEST_PROTOCOL);
  assert.equal(parse.id, null);
  assert.equal(parse.error.code, -32700);
  assert.equal(batch.error.code, -32600);
  assert.deepEqual(ping, { jsonrpc: '2.0', id: 4, result: {} });
  assert.equal(unknown.id, 5);
  assert.equal(unknown.error.code, -32601);
  assert.equal(noTool.id, 6);
  assert.equal(noTool.error.code, -32602);
  assert.equal(split.id, 7);
  assert.deepEqual(split.result.structuredContent, { result: ['a', 'b', 'c'] });
  assert.equal(inf.id, null);
  assert.equal(inf.error.code, -32600);
  assert.equal(huge.error.code, -32600);
  assert.match(huge.error.message, /exceeds/);
  assert.deepEqual(after, { jsonrpc: '2.0', id: 9, result: {} });
  assert.match(r.stderr, /serving "e2e-server"/, 'the banner goes to stderr');
  assert.match(r.stderr, /NOISE in a tool call/, 'output printed by site code goes to stderr');
});

test('clear errors, exit codes and an empty stdout for a bad path, user or server', async () => {
  const cases = [
    { args: [`--user=${CFG.user}`], path: '/nonexistent-mcp-native', code: 2, re: /not a directory/ },
    { args: [`--user=${CFG.user}`], path: HERE, code: 2, re: /wp-load\.php not found/ },
    { args: [], code: 2, re: /--user is required/ },
    { args: ['--user=no-such-user-e2e'], code: 1, re: /no WordPress user "no-such-user-e2e"/ },
    { args: [`--user=${CFG.user}`, '--server=no-such-server'], code: 1, re: /no MCP server with id "no-such-server".*e2e-server/ },
    // test-e2e.sh creates this user without any role.
    { args: [`--user=${process.env.E2E_NOCAP_USER || 'e2e-nocap'}`], code: 1, re: /lacks the "read" capability/ },
    { args: [`--user=${CFG.user}`, '--bogus'], code: 2, re: /unknown argument "--bogus"/ },
  ];
  for (const c of cases) {
    const r = await runRaw(c.args, '', { sitePath: c.path ?? SITE_DIR });
    assert.equal(r.code, c.code, `${JSON.stringify(c.args)} ${c.path ?? ''}: exit ${r.code}, stderr: ${r.stderr}`);
    assert.match(r.stderr, c.re);
    assert.match(r.stderr, /^mcp-stdio: error: /m);
    assert.equal(r.stdout, '', 'nothing on stdout');
  }
});
