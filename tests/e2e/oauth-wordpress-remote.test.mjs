// @automattic/mcp-wordpress-remote 0.4 (the stdio proxy WordPress users put in Claude Desktop)
// with OAUTH_ENABLED=true and no application password: its own OAuth 2.1 client
// (dist/proxy.js, MCPOAuthProvider) finds the site's RFC 9728 document at the origin's root
// well-known URL, the RFC 8414 document, registers itself (RFC 7591, client_name "WordPress MCP
// Remote"), starts its loopback callback server (OAUTH_CALLBACK_PORT) and opens the browser with
// the `open` package, i.e. `xdg-open URL` on Linux. Here `xdg-open` is a stub first on PATH that
// writes the URL down; the test opens it in Debian's Chromium, logs in and approves. The callback
// page (the proxy's own, its script POSTs the code back to the proxy) completes the flow; the
// proxy exchanges the code (PKCE, resource) and sends the MCP requests with the bearer token.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CFG, HERE, allText } from './helpers.mjs';
import { browserSkipReason, ConsentBrowser, assertConsentNames, getJson } from './oauth-helpers.mjs';

const PROXY = path.join(HERE, 'node_modules', '@automattic', 'mcp-wordpress-remote', 'dist', 'proxy.js');
const SKIP = browserSkipReason() || false; // '' would still count as a skip in the report
const cleanup = [];

after(async () => {
  for (const f of cleanup.reverse()) await f();
});

async function freePort() {
  const s = net.createServer();
  await new Promise((r) => s.listen(0, '127.0.0.1', r));
  const port = s.address().port;
  await new Promise((r) => s.close(r));
  return port;
}

async function waitForFile(file, ms, what) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() !== '') return fs.readFileSync(file, 'utf8').trim().split('\n')[0];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: nothing within ${ms} ms`);
}

/** Files under dir whose name ends with `suffix` (the proxy keeps `<server hash>_tokens.json` in a versioned folder). */
function findFiles(dir, suffix) {
  const out = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...findFiles(p, suffix));
    else if (e.name.endsWith(suffix)) out.push(p);
  }
  return out;
}

test('mcp-wordpress-remote, OAUTH_ENABLED=true, no password: discovery, DCR, consent in Chromium, tools with its token', { skip: SKIP, timeout: 150_000 }, async () => {
  assert.ok(fs.existsSync(PROXY), `${PROXY} installed (npm ci in tests/e2e)`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-native-oauth-remote-'));
  cleanup.push(async () => fs.rmSync(work, { recursive: true, force: true }));
  const configDir = path.join(work, 'config');
  const bin = path.join(work, 'bin');
  fs.mkdirSync(configDir);
  fs.mkdirSync(bin);
  const opened = path.join(work, 'opened.txt');
  fs.writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s\\n' "$1" >> '${opened}'\n`, { mode: 0o755 });
  const logFile = path.join(CFG.artifacts, `oauth-wordpress-remote-${process.pid}.log`);
  fs.mkdirSync(CFG.artifacts, { recursive: true });
  fs.rmSync(logFile, { force: true });
  const callbackPort = await freePort();

  const stderr = [];
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [PROXY],
    env: {
      PATH: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
      HOME: work,
      NODE_ENV: 'production',
      WP_API_URL: CFG.defaultUrl,
      WP_MCP_CONFIG_DIR: configDir,
      OAUTH_ENABLED: 'true',
      OAUTH_CALLBACK_PORT: String(callbackPort),
      LOG_FILE: logFile,
      LOG_LEVEL: '3',
      WP_API_TIMEOUT_MS: '30000',
      WP_API_INIT_TIMEOUT_MS: '60000',
    },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (d) => stderr.push(String(d)));
  const client = new Client({ name: 'claude-desktop-like-oauth-e2e', version: '0.0.1' });
  cleanup.push(() => client.close().catch(() => {}));
  const browser = await new ConsentBrowser({ label: 'oauth-wordpress-remote' }).launch();
  cleanup.push(() => browser.close());
  const diag = () => `\n--- proxy stderr ---\n${stderr.join('').slice(-3000)}\n--- proxy log (tail) ---\n${fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-5000) : '(none)'}`;

  // initialize makes the proxy authenticate first: it opens the browser and waits (30 s at most, its OAUTH_TIMEOUT).
  const connecting = client.connect(transport, { timeout: 90_000 });
  connecting.catch(() => {}); // awaited below; keeps an early rejection from being unhandled meanwhile
  let authUrl;
  try {
    authUrl = new URL(await waitForFile(opened, 30_000, 'the proxy never ran xdg-open'));
  } catch (e) {
    assert.fail(`${e.message}${diag()}`);
  }
  const as = await getJson(`${new URL(CFG.site).origin}/.well-known/oauth-authorization-server`);
  assert.equal(as.status, 200, as.text.slice(0, 500));
  // The proxy appends "?" + its parameters to the endpoint as published (buildAuthorizationUrl in
  // dist/proxy.js), so an endpoint that has a query of its own comes out with a second "?". Read
  // its parameters leniently here; the browser below opens the URL exactly as the proxy built it.
  const endpoint = as.json.authorization_endpoint;
  const raw = authUrl.href;
  const malformed = endpoint.includes('?') && raw.startsWith(`${endpoint}?`);
  const q = new URLSearchParams(raw.slice(raw.indexOf('?') + 1).replace('?', '&'));
  assert.equal(q.get('response_type'), 'code', raw);
  assert.equal(q.get('code_challenge_method'), 'S256');
  assert.equal(q.get('redirect_uri'), `http://127.0.0.1:${callbackPort}/oauth/callback`);
  assert.equal(q.get('resource'), CFG.defaultUrl);
  assert.ok(q.get('client_id'), 'a client_id from dynamic registration');

  let screen;
  try {
    screen = await browser.openConsent(authUrl);
  } catch (e) {
    assert.fail(`${malformed ? `the proxy opened ${raw} (the published authorization_endpoint ${endpoint} has a query of its own, and the proxy appends "?…" to it): ` : ''}${e.message}`);
  }
  assertConsentNames(screen.text, { clientName: 'WordPress MCP Remote', redirectHost: '127.0.0.1' });
  await browser.answer(screen.approve, `http://127.0.0.1:${callbackPort}`);
  assert.equal(new URL(browser.page.url()).searchParams.get('iss'), as.json.issuer, 'iss at the callback');
  // The proxy's callback page POSTs the code to the proxy, which exchanges it.
  try {
    await browser.page.getByText('Authorization successful').waitFor({ timeout: 20_000 });
  } catch (e) {
    assert.fail(`the proxy's callback page did not report success: ${e.message}${await browser.diag('remote-callback')}${diag()}`);
  }
  try {
    await connecting;
  } catch (e) {
    assert.fail(`initialize through the proxy failed: ${e.message}${diag()}`);
  }

  const names = (await client.listTools()).tools.map((t) => t.name).sort();
  assert.ok(names.includes('mcp-adapter-discover-abilities') && names.includes('mcp-adapter-execute-ability'), names.join(', ') + diag());
  const r = await client.callTool({
    name: 'mcp-adapter-execute-ability',
    arguments: { ability_name: 'e2e/object-echo', parameters: { message: 'remote', times: 2 } },
  });
  assert.equal(r.isError, false, allText(r) + diag());
  assert.equal(r.structuredContent.data.echo, 'remoteremote');

  // It really was OAuth: the proxy kept our tokens, and no password was configured at all.
  const tokenFiles = findFiles(configDir, '_tokens.json');
  assert.equal(tokenFiles.length, 1, `one *_tokens.json under ${configDir}: ${findFiles(configDir, '')}${diag()}`);
  const tokens = JSON.parse(fs.readFileSync(tokenFiles[0], 'utf8'));
  assert.match(tokens.access_token, /^mcpn_at_/);
  assert.match(tokens.refresh_token || '', /^mcpn_rt_/);
  const log = fs.readFileSync(logFile, 'utf8');
  assert.match(log, /Using OAuth token authentication/, diag());
  assert.doesNotMatch(log, /Using WordPress Basic Auth/, diag());
});
