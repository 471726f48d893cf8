// The Python MCP SDK (`mcp` from PyPI, pinned in python/requirements.txt) with its own OAuth client,
// `mcp.client.auth.OAuthClientProvider`: python/mcp_oauth_client.py starts without credentials,
// meets the 401, discovers (RFC 9728, RFC 8414), registers (RFC 7591), and hands its authorization
// URL to its redirect handler, which writes it to a file; this test opens it in Chromium, logs in
// and approves; the redirect reaches the script's loopback callback, the SDK checks state and iss
// (RFC 9207), exchanges the code (PKCE, resource) and lists and calls tools with the bearer token.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CFG, HERE } from './helpers.mjs';
import { browserSkipReason, ConsentBrowser, assertConsentNames, getJson } from './oauth-helpers.mjs';

const SKIP = browserSkipReason() || false; // '' would still count as a skip in the report
const SETUP = path.join(HERE, 'python', 'setup.sh');
const SCRIPT = path.join(HERE, 'python', 'mcp_oauth_client.py');
let python;
let browser;
const cleanup = [];

before(async () => {
  if (SKIP) return;
  const r = spawnSync('bash', [SETUP], { encoding: 'utf8', timeout: 600_000, killSignal: 'SIGKILL' });
  assert.equal(r.status, 0, `tests/e2e/python/setup.sh failed:\n${r.stderr.slice(-4000)}`);
  python = r.stdout.trim().split('\n').pop();
  browser = await new ConsentBrowser({ label: 'oauth-python' }).launch();
});

after(async () => {
  await browser?.close();
  for (const f of cleanup.reverse()) await f();
});

test('Python SDK OAuthClientProvider: discovery, registration, consent in Chromium, iss checked, tools with the bearer token', { skip: SKIP, timeout: 150_000 }, async () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-native-oauth-python-'));
  cleanup.push(async () => fs.rmSync(work, { recursive: true, force: true }));
  const urlFile = path.join(work, 'authorize-url.txt');
  // The script listens on a port of the system's choosing (no window in which another process takes
  // a port picked here) and names it in its redirect_uri.
  const child = spawn(python, [
    SCRIPT, '--url', CFG.customUrl, '--url-file', urlFile,
    '--call', `e2e-object-echo=${JSON.stringify({ message: 'py', times: 3 })}`, '--timeout', '100',
  ], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  cleanup.push(async () => {
    clearTimeout(killer);
    child.kill('SIGKILL');
  });
  const diag = () => `\n--- python stderr ---\n${stderr.slice(-4000)}\n--- stdout ---\n${stdout.slice(-2000)}`;

  // The SDK's redirect handler writes the URL: wait for it (or for the script to end early).
  let authUrl;
  for (const end = Date.now() + 40_000; Date.now() < end && !authUrl; ) {
    if (fs.existsSync(urlFile) && fs.readFileSync(urlFile, 'utf8').trim()) authUrl = new URL(fs.readFileSync(urlFile, 'utf8').trim());
    else if (child.exitCode !== null) break;
    else await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(authUrl, `the Python client never asked to open an authorization URL${diag()}`);
  const as = await getJson(`${new URL(CFG.site).origin}/.well-known/oauth-authorization-server`);
  assert.equal(as.status, 200, as.text.slice(0, 500));
  const endpoint = as.json.authorization_endpoint;
  const q = new URLSearchParams(authUrl.href.slice(authUrl.href.indexOf('?') + 1).replace('?', '&'));
  assert.equal(q.get('response_type'), 'code');
  assert.equal(q.get('code_challenge_method'), 'S256');
  const redirect = q.get('redirect_uri') || '';
  assert.match(redirect, /^http:\/\/127\.0\.0\.1:\d+\/callback$/, authUrl.href);
  const port = new URL(redirect).port;
  assert.equal(q.get('resource'), CFG.customUrl);

  let screen;
  try {
    screen = await browser.openConsent(authUrl);
  } catch (e) {
    const malformed = endpoint.includes('?') && authUrl.href.startsWith(`${endpoint}?`);
    assert.fail(`${malformed ? `the SDK opened ${authUrl.href} (it appends "?…" to the published authorization_endpoint ${endpoint}, which has a query of its own): ` : ''}${e.message}${diag()}`);
  }
  assertConsentNames(screen.text, { clientName: 'E2E Python SDK', redirectHost: '127.0.0.1' });
  await browser.answer(screen.approve, `http://127.0.0.1:${port}`);

  const code = await exited;
  clearTimeout(killer);
  let out;
  try {
    out = JSON.parse(stdout);
  } catch {
    assert.fail(`the Python client printed no JSON (exit ${code})${diag()}`);
  }
  assert.equal(out.error, undefined, `the Python client failed: ${out.error}${diag()}`);
  assert.equal(code, 0, diag());
  assert.match(out.tokens?.access_token || '', /^mcpn_at_/);
  assert.match(out.tokens?.refresh_token || '', /^mcpn_rt_/);
  assert.match(out.client_id || '', /\S/, 'registered');
  assert.ok(out.tools.includes('e2e-object-echo'), out.tools.join(', '));
  const echo = out.calls['e2e-object-echo']?.result;
  assert.ok(echo, JSON.stringify(out.calls));
  assert.equal(echo.isError ?? false, false, JSON.stringify(echo));
  assert.equal(echo.structuredContent.echo, 'pypypy');

  // The wire: a first 401 without credentials, the registration, and MCP requests with the bearer token after it.
  const mcp = out.sent.filter((s) => s.url === CFG.customUrl);
  assert.equal(mcp[0].status, 401, JSON.stringify(out.sent, null, 1));
  assert.ok(out.sent.some((s) => s.http === 'POST' && s.url === as.json.registration_endpoint && s.status === 201), JSON.stringify(out.sent, null, 1));
  const authed = mcp.filter((s) => s.bearer);
  assert.ok(authed.length >= 2 && authed.every((s) => s.status < 300), JSON.stringify(mcp, null, 1));
});
