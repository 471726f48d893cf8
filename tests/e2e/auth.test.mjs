// Authentication and authorization as WordPress does it: application passwords for users with and
// without the required capability, cookie + REST nonce (a logged-in browser), and the Origin check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CFG, http, rpcBody, LATEST_PROTOCOL } from './helpers.mjs';

const basic = (u, p) => 'Basic ' + Buffer.from(`${u}:${p}`).toString('base64');
const initBody = () =>
  rpcBody('initialize', { protocolVersion: LATEST_PROTOCOL, capabilities: {}, clientInfo: { name: 'auth-e2e', version: '1' } });

function need(t, ...vars) {
  const missing = vars.filter((v) => !process.env[v]);
  if (missing.length) {
    t.skip(`${missing.join(', ')} not set (set by scripts/test-e2e.sh)`);
    return false;
  }
  return true;
}

function assertJson(r) {
  assert.match(r.headers.get('content-type') ?? '', /^application\/json/i, `HTTP ${r.status}: ${r.text.slice(0, 300)}`);
}

test('a user without the "read" capability is refused with 403 JSON and gets no session', async (t) => {
  if (!need(t, 'E2E_NOCAP_USER', 'E2E_NOCAP_PASSWORD')) return;
  for (const url of [CFG.defaultUrl, CFG.customUrl]) {
    const r = await http(url, {
      auth: false,
      headers: { Authorization: basic(process.env.E2E_NOCAP_USER, process.env.E2E_NOCAP_PASSWORD) },
      body: initBody(),
    });
    assert.equal(r.status, 403, `${url}: ${r.text}`);
    assertJson(r);
    assert.equal(r.headers.get('mcp-session-id'), null);
  }
});

test('a subscriber (has "read") can initialize and call a tool its ability allows', async (t) => {
  if (!need(t, 'E2E_SUBSCRIBER_USER', 'E2E_SUBSCRIBER_PASSWORD')) return;
  const headers = { Authorization: basic(process.env.E2E_SUBSCRIBER_USER, process.env.E2E_SUBSCRIBER_PASSWORD) };
  const init = await http(CFG.customUrl, { auth: false, headers, body: initBody() });
  assert.equal(init.status, 200, init.text);
  const sessionId = init.headers.get('mcp-session-id');
  assert.ok(sessionId);
  const call = await http(CFG.customUrl, {
    auth: false,
    headers,
    sessionId,
    protocolVersion: LATEST_PROTOCOL,
    body: rpcBody('tools/call', { name: 'e2e-object-echo', arguments: { message: 'sub' } }, 2),
  });
  assert.equal(call.status, 200, call.text);
  assert.equal(call.json.result.isError, false, call.text);
  assert.equal(call.json.result.structuredContent.echo, 'sub');

  // The session belongs to the subscriber: the admin's credentials cannot ride on it.
  const other = await http(CFG.customUrl, { sessionId, protocolVersion: LATEST_PROTOCOL, body: rpcBody('ping', undefined, 3) });
  assert.ok([403, 404].includes(other.status), `another user's session is refused: HTTP ${other.status} ${other.text}`);
});

/** Logs in through wp-login.php like a browser; returns the Cookie header value. */
async function browserLogin(user, password) {
  const res = await fetch(`${CFG.site}/wp-login.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Cookie: 'wordpress_test_cookie=WP%20Cookie%20check',
    },
    body: new URLSearchParams({ log: user, pwd: password, 'wp-submit': 'Log In', redirect_to: `${CFG.site}/wp-admin/`, testcookie: '1' }),
    signal: AbortSignal.timeout(30_000),
  });
  await res.text();
  assert.equal(res.status, 302, 'wp-login.php redirects after a successful login');
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c.startsWith('wordpress_'));
  assert.ok(cookies.some((c) => c.startsWith('wordpress_logged_in_')), `logged-in cookie set: ${cookies.join('; ')}`);
  return cookies.join('; ');
}

test('cookie + REST nonce (a logged-in browser) is accepted; the cookie alone is not', async (t) => {
  if (!need(t, 'E2E_ADMIN_LOGIN_PASSWORD')) return;
  const cookie = await browserLogin(CFG.user, process.env.E2E_ADMIN_LOGIN_PASSWORD);
  const nonceRes = await fetch(`${CFG.site}/wp-admin/admin-ajax.php?action=rest-nonce`, {
    headers: { Cookie: cookie },
    signal: AbortSignal.timeout(30_000),
  });
  const nonce = (await nonceRes.text()).trim();
  assert.match(nonce, /^[0-9a-f]{10}$/, `REST nonce: ${nonce.slice(0, 200)}`);

  const ok = await http(CFG.defaultUrl, { auth: false, headers: { Cookie: cookie, 'X-WP-Nonce': nonce }, body: initBody() });
  assert.equal(ok.status, 200, ok.text);
  const sessionId = ok.headers.get('mcp-session-id');
  assert.ok(sessionId);
  const list = await http(CFG.defaultUrl, {
    auth: false,
    headers: { Cookie: cookie, 'X-WP-Nonce': nonce },
    sessionId,
    protocolVersion: LATEST_PROTOCOL,
    body: rpcBody('tools/list', {}, 2),
  });
  assert.equal(list.status, 200, list.text);
  assert.equal(list.json.result.tools.length, 4); // three meta tools + the site-context tool

  // Without the nonce WordPress treats a cookie as no authentication (CSRF protection).
  const noNonce = await http(CFG.defaultUrl, { auth: false, headers: { Cookie: cookie }, body: initBody() });
  assert.equal(noNonce.status, 401, noNonce.text);
  assertJson(noNonce);
});

test('Origin: a foreign origin gets 403 JSON, the site itself is allowed', async () => {
  for (const url of [CFG.defaultUrl, CFG.customUrl]) {
    const evil = await http(url, { headers: { Origin: 'http://evil.example' }, body: initBody() });
    assert.equal(evil.status, 403, `${url}: ${evil.text}`);
    assertJson(evil);
    assert.equal(evil.headers.get('mcp-session-id'), null);

    const own = await http(url, { headers: { Origin: CFG.site }, body: initBody() });
    assert.equal(own.status, 200, `${url} with Origin ${CFG.site}: ${own.text}`);
  }
});
