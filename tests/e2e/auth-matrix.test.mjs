// Auth matrix (issue 5): every way a call can be refused — unauthenticated, wrong password, a user
// without the capability, an ability that is not mcp.public through execute-ability, a permission
// callback returning false, a site_id naming another site — on the default server and on a custom
// server. Each refusal has the documented status/error, never runs the ability's callback, and
// leaks nothing about the ability: the fixture (fixtures/auth-matrix.php) puts AUTHM-… markers in
// every label, description, schema, meta and output, and no refusal may contain one. A refused
// call for an existing private ability must look exactly like one for an ability that does not
// exist (else the refusal is an oracle for what exists).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CFG, AUTH, http, rpcBody, rawInitialize, LATEST_PROTOCOL, toolError } from './helpers.mjs';

const AUTHM_URL = `${CFG.site}/wp-json/mcp-native-authm/mcp`;
const EXECUTE = 'mcp-adapter-execute-ability';
const GET_INFO = 'mcp-adapter-get-ability-info';
const DISCOVER = 'mcp-adapter-discover-abilities';
const SITE_CONTEXT = 'mcp-native-get-site-context';
const MARKERS = /AUTHM-|_secret_field/;

const basic = (u, p) => 'Basic ' + Buffer.from(`${u}:${p}`).toString('base64');
const initBody = () => rpcBody('initialize', { protocolVersion: LATEST_PROTOCOL, capabilities: {}, clientInfo: { name: 'auth-matrix', version: '1' } });

// The fixture is a mu-plugin; without it the custom server route does not exist (404 rest_no_route).
const probe = await http(AUTHM_URL, { body: initBody() }).catch((e) => ({ status: 0, text: String(e) }));
const FIXTURE_SKIP =
  probe.status === 200
    ? false
    : `fixtures/auth-matrix.php is not loaded on this site (POST ${AUTHM_URL} → HTTP ${probe.status}); scripts/test-e2e.sh must load every file of tests/e2e/fixtures/`;
const SUB_SKIP = !process.env.E2E_SUBSCRIBER_USER || !process.env.E2E_SUBSCRIBER_PASSWORD ? 'E2E_SUBSCRIBER_USER/PASSWORD not set (set by scripts/test-e2e.sh)' : false;
const NOCAP_SKIP = !process.env.E2E_NOCAP_USER || !process.env.E2E_NOCAP_PASSWORD ? 'E2E_NOCAP_USER/PASSWORD not set (set by scripts/test-e2e.sh)' : false;

function assertNoLeak(r, what) {
  assert.doesNotMatch(r.text, MARKERS, `${what}: the refusal must not contain the ability's label, description, schema, meta or output:\n${r.text.slice(0, 1500)}`);
}

function assertJsonRpcError(r, status, code, what) {
  assert.equal(r.status, status, `${what}: HTTP status — ${r.text.slice(0, 500)}`);
  assert.match(r.headers.get('content-type') ?? '', /^application\/json/i, `${what}: JSON`);
  assert.equal(r.json?.jsonrpc, '2.0', `${what}: ${r.text.slice(0, 500)}`);
  assert.equal(r.json.error?.code, code, `${what}: JSON-RPC code — ${r.text.slice(0, 500)}`);
  assert.equal(r.json.result, undefined);
  assert.equal(r.headers.get('mcp-session-id'), null, `${what}: no session handed out`);
}

/** A session for a user (Authorization header value) on an endpoint. */
async function sessionFor(url, authorization) {
  const r = await http(url, { auth: false, headers: { Authorization: authorization }, body: initBody() });
  assert.equal(r.status, 200, `initialize as another user: ${r.text}`);
  return { url, authorization, sessionId: r.headers.get('mcp-session-id'), protocolVersion: r.json.result.protocolVersion };
}

async function adminSession(url) {
  const s = await rawInitialize(url);
  return { url, authorization: AUTH, sessionId: s.sessionId, protocolVersion: s.protocolVersion };
}

let nextId = 1000;
async function callTool(s, name, args) {
  const id = nextId++;
  const r = await http(s.url, {
    auth: false,
    headers: { Authorization: s.authorization },
    sessionId: s.sessionId,
    protocolVersion: s.protocolVersion,
    body: rpcBody('tools/call', { name, arguments: args }, id),
  });
  assert.equal(r.status, 200, `tools/call ${name}: ${r.text.slice(0, 500)}`);
  assert.equal(r.json.id, id);
  return r;
}

/** How many times each authm ability's callback ran (read by the admin through the custom server). */
async function callCounts() {
  const s = await adminSession(AUTHM_URL);
  const r = await callTool(s, 'authm-call-counts', {});
  assert.equal(r.json.result.isError, false, r.text);
  return r.json.result.structuredContent.calls;
}

/** A refused tool call: isError with a structured error code, the callback never ran, nothing leaked. */
function assertToolRefusal(r, expectedCode, what) {
  const result = r.json.result;
  assert.ok(result, `${what}: a tool result (not a protocol error) — ${r.text.slice(0, 500)}`);
  assert.equal(result.isError, true, `${what}: isError — ${r.text.slice(0, 500)}`);
  const err = toolError(result);
  assert.equal(typeof err?.code, 'string', `${what}: structured error code — ${r.text.slice(0, 500)}`);
  if (expectedCode) assert.equal(err.code, expectedCode, `${what}: error code — ${r.text.slice(0, 500)}`);
  assertNoLeak(r, what);
}

/** The JSON-RPC answer with the request id dropped and every spelling of `name` replaced. */
function normalized(r, names) {
  let text = JSON.stringify({ ...r.json, id: undefined });
  for (const n of names) text = text.split(n).join('<NAME>');
  return JSON.parse(text);
}

// ---------------------------------------------------------------------------------- 1. no credentials
test('unauthenticated: 401 JSON-RPC -32010 on every method, no session, nothing about abilities', { skip: FIXTURE_SKIP }, async () => {
  for (const url of [CFG.defaultUrl, AUTHM_URL]) {
    const admin = await adminSession(url);
    const before = await callCounts();
    const requests = [
      ['initialize', initBody(), undefined],
      ['tools/list', rpcBody('tools/list', {}), admin.sessionId],
      ['tools/call execute private', rpcBody('tools/call', { name: EXECUTE, arguments: { ability_name: 'authm/private', parameters: {} } }), admin.sessionId],
      ['tools/call direct', rpcBody('tools/call', { name: 'authm-open', arguments: {} }), admin.sessionId],
      ['get-info', rpcBody('tools/call', { name: GET_INFO, arguments: { ability_name: 'authm/open' } }), admin.sessionId],
    ];
    const bodies = new Set();
    for (const [what, body, sessionId] of requests) {
      const r = await http(url, { auth: false, body, sessionId, protocolVersion: admin.protocolVersion });
      assertJsonRpcError(r, 401, -32010, `${url} ${what} without credentials`);
      assert.match(r.headers.get('www-authenticate') ?? '', /^Bearer resource_metadata="http[^"]+", scope="mcp:read mcp:write"$/, 'WWW-Authenticate: the OAuth challenge (RFC 9728)');
      assertNoLeak(r, what);
      assert.equal(r.json.id, body.id, `${what}: the refusal names the request it answers`);
      bodies.add(JSON.stringify({ ...r.json, id: null }));
    }
    assert.equal(bodies.size, 1, `every unauthenticated request gets the same answer (but its id): ${[...bodies].join('\n')}`);
    assert.deepEqual(await callCounts(), before, 'no callback ran');
  }
});

// ---------------------------------------------------------------------------------- 2. wrong password
test('wrong password, unknown user, login password instead of an application password: identical 401s', { skip: FIXTURE_SKIP }, async () => {
  const creds = [
    ['wrong application password', basic(CFG.user, 'aaaa bbbb cccc dddd eeee ffff')],
    ['unknown user', basic('no-such-user-authm', 'aaaa bbbb cccc dddd eeee ffff')],
    ['empty password', basic(CFG.user, '')],
  ];
  if (process.env.E2E_ADMIN_LOGIN_PASSWORD) creds.push(['login password (not an application password)', basic(CFG.user, process.env.E2E_ADMIN_LOGIN_PASSWORD)]);
  for (const url of [CFG.defaultUrl, AUTHM_URL]) {
    const before = await callCounts();
    const answers = new Set();
    for (const [what, authorization] of creds) {
      for (const body of [initBody(), rpcBody('tools/call', { name: 'authm-open', arguments: {} })]) {
        const r = await http(url, { auth: false, headers: { Authorization: authorization }, body });
        assertJsonRpcError(r, 401, -32010, `${url}: ${what}`);
        assertNoLeak(r, what);
        answers.add(JSON.stringify({ ...r.json, id: undefined }));
      }
    }
    // Different answers would tell an attacker which user names exist.
    assert.equal(answers.size, 1, `one answer for every bad credential (no user enumeration): ${[...answers].join('\n')}`);
    assert.deepEqual(await callCounts(), before, 'no callback ran');
  }
});

// ---------------------------------------------------------------------------------- 3. capability
test('a user without the server capability ("read"): 403 -32011 before anything else', { skip: FIXTURE_SKIP || NOCAP_SKIP }, async () => {
  const authorization = basic(process.env.E2E_NOCAP_USER, process.env.E2E_NOCAP_PASSWORD);
  const admin = await adminSession(AUTHM_URL);
  const before = await callCounts();
  for (const url of [CFG.defaultUrl, AUTHM_URL]) {
    for (const [what, body] of [
      ['initialize', initBody()],
      ['tools/call', rpcBody('tools/call', { name: 'authm-open', arguments: {} })],
      ['execute', rpcBody('tools/call', { name: EXECUTE, arguments: { ability_name: 'authm/open', parameters: {} } })],
    ]) {
      const r = await http(url, { auth: false, headers: { Authorization: authorization }, body, sessionId: admin.sessionId, protocolVersion: admin.protocolVersion });
      assertJsonRpcError(r, 403, -32011, `${url}: user without "read", ${what}`);
      assertNoLeak(r, what);
    }
  }
  assert.deepEqual(await callCounts(), before, 'no callback ran');
});

test('a user without the ability\'s capability (subscriber → admin-only ability): refused, callback not run, nothing leaked', { skip: FIXTURE_SKIP || SUB_SKIP }, async () => {
  const authorization = basic(process.env.E2E_SUBSCRIBER_USER, process.env.E2E_SUBSCRIBER_PASSWORD);
  const custom = await sessionFor(AUTHM_URL, authorization);
  const def = await sessionFor(CFG.defaultUrl, authorization);
  const before = await callCounts();

  const direct = await callTool(custom, 'authm-admin-only', { note: 'x' });
  assertToolRefusal(direct, 'ability_invalid_permissions', 'custom server, subscriber → admin-only');
  const viaExecute = await callTool(def, EXECUTE, { ability_name: 'authm/admin-only', parameters: { note: 'x' } });
  assertToolRefusal(viaExecute, 'ability_invalid_permissions', 'default server execute, subscriber → admin-only');
  assert.equal(viaExecute.json.result.structuredContent?.success, false, viaExecute.text);

  // Positive control: the same subscriber may run an ability open to readers (so the refusal above is about the capability).
  const open = await callTool(custom, 'authm-open', { note: 'x' });
  assert.equal(open.json.result.isError, false, open.text);
  const after = await callCounts();
  assert.equal(after['authm/admin-only'] ?? 0, before['authm/admin-only'] ?? 0, 'the admin-only callback never ran');
  assert.equal(after['authm/open'], (before['authm/open'] ?? 0) + 1, 'the open one did');
});

// ---------------------------------------------------------------------------------- 4. not mcp.public
test('an ability that is not mcp.public: not discoverable, not executable, not described through the default server', { skip: FIXTURE_SKIP }, async () => {
  const s = await adminSession(CFG.defaultUrl);
  const before = await callCounts();

  const discover = await callTool(s, DISCOVER, {});
  assert.equal(discover.json.result.isError, false, discover.text);
  const names = discover.json.result.structuredContent.abilities.map((a) => a.name);
  assert.ok(names.includes('authm/open'), `public fixture abilities are listed: ${names.join(', ')}`);
  assert.ok(!names.includes('authm/private'), 'the private one is not');
  assert.doesNotMatch(discover.text, /AUTHM-PRIVATE/, 'nothing of it appears');

  // Positive control: a public ability's info does carry the markers, so the leak search below can see one.
  const openInfo = await callTool(s, GET_INFO, { ability_name: 'authm/open' });
  assert.match(openInfo.text, /AUTHM-OPEN-LABEL/, openInfo.text.slice(0, 500));
  assert.match(openInfo.text, /authm-open_secret_field/);

  const exec = await callTool(s, EXECUTE, { ability_name: 'authm/private', parameters: { note: 'x' } });
  assertToolRefusal(exec, undefined, 'execute private');
  const info = await callTool(s, GET_INFO, { ability_name: 'authm/private' });
  assertToolRefusal(info, undefined, 'get-info private');
  assert.equal((await callCounts())['authm/private'] ?? 0, before['authm/private'] ?? 0, 'the private callback never ran');
});

test('a refusal for an existing private ability looks exactly like one for an ability that does not exist', { skip: FIXTURE_SKIP }, async () => {
  const s = await adminSession(CFG.defaultUrl);
  for (const tool of [EXECUTE, GET_INFO]) {
    const args = (name) => (tool === EXECUTE ? { ability_name: name, parameters: { note: 'x' } } : { ability_name: name });
    const priv = await callTool(s, tool, args('authm/private'));
    const none = await callTool(s, tool, args('authm/no-such-ability'));
    assertToolRefusal(none, undefined, `${tool} of a missing ability`);
    assert.deepEqual(
      normalized(priv, ['authm/private']),
      normalized(none, ['authm/no-such-ability']),
      `${tool}: "exists but private" must be indistinguishable from "does not exist" (else the refusal reveals which private abilities exist)`,
    );
  }
  // Custom server: a registered ability that the server does not list is simply an unknown tool.
  const c = await adminSession(AUTHM_URL);
  const privTool = await http(AUTHM_URL, { sessionId: c.sessionId, protocolVersion: c.protocolVersion, body: rpcBody('tools/call', { name: 'authm-private', arguments: {} }, 1) });
  const noTool = await http(AUTHM_URL, { sessionId: c.sessionId, protocolVersion: c.protocolVersion, body: rpcBody('tools/call', { name: 'authm-nothing', arguments: {} }, 1) });
  assert.equal(privTool.json.error?.code, -32602, privTool.text);
  assertNoLeak(privTool, 'custom server, unlisted private ability');
  assert.deepEqual(normalized(privTool, ['authm-private']), normalized(noTool, ['authm-nothing']));
});

// ---------------------------------------------------------------------------------- 5. permission callback false
test('a permission callback returning false: refused on both servers, callback not run, nothing leaked', { skip: FIXTURE_SKIP }, async () => {
  const before = await callCounts();
  const direct = await callTool(await adminSession(AUTHM_URL), 'authm-never', { note: 'x' });
  assertToolRefusal(direct, 'ability_invalid_permissions', 'custom server, permission false');
  const viaExecute = await callTool(await adminSession(CFG.defaultUrl), EXECUTE, { ability_name: 'authm/never', parameters: { note: 'x' } });
  assertToolRefusal(viaExecute, 'ability_invalid_permissions', 'default server, permission false');
  assert.equal((await callCounts())['authm/never'] ?? 0, before['authm/never'] ?? 0, 'the callback never ran');
});

// ---------------------------------------------------------------------------------- 6. site_id
test('a site_id naming another site: refused before anything runs, nothing leaked; the right one works', { skip: FIXTURE_SKIP }, async (t) => {
  const custom = await adminSession(AUTHM_URL);
  const list = await http(AUTHM_URL, { sessionId: custom.sessionId, protocolVersion: custom.protocolVersion, body: rpcBody('tools/list', {}) });
  if (!list.json?.result?.tools?.some((tool) => tool.name === SITE_CONTEXT)) {
    t.skip(`the ${SITE_CONTEXT} tool (site_id contract) is not served by this plugin build`);
    return;
  }
  const ctx = await callTool(custom, SITE_CONTEXT, {});
  const siteId = ctx.json.result.structuredContent.site.site_id;
  assert.match(siteId, /^[0-9a-f-]{36}$/);
  const def = await adminSession(CFG.defaultUrl);

  const before = await callCounts();
  const others = ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', siteId.replace(/.$/, (ch) => (ch === '0' ? '1' : '0'))];
  for (const other of others) {
    assertToolRefusal(await callTool(custom, 'authm-open', { note: 'x', site_id: other }), 'site_mismatch', `custom, site_id ${other}`);
    assertToolRefusal(await callTool(custom, 'authm-never', { note: 'x', site_id: other }), 'site_mismatch', `custom permission-false ability, site_id ${other}`);
    assertToolRefusal(await callTool(def, EXECUTE, { ability_name: 'authm/open', parameters: { note: 'x' }, site_id: other }), 'site_mismatch', `execute, site_id ${other}`);
    // Checked before the ability is even looked up: a private or missing one answers the same.
    const priv = await callTool(def, EXECUTE, { ability_name: 'authm/private', parameters: {}, site_id: other });
    assertToolRefusal(priv, 'site_mismatch', `execute private, site_id ${other}`);
  }
  assert.deepEqual(await callCounts(), before, 'no callback ran for a mismatched site_id');

  const ok = await callTool(custom, 'authm-open', { note: 'x', site_id: siteId });
  assert.equal(ok.json.result.isError, false, `the right site_id is accepted: ${ok.text}`);
  const okDefault = await callTool(def, EXECUTE, { ability_name: 'authm/open', parameters: { note: 'x' }, site_id: siteId.toUpperCase() });
  assert.equal(okDefault.json.result.isError, false, `the right site_id (any case) through execute: ${okDefault.text}`);
  assert.equal((await callCounts())['authm/open'], (before['authm/open'] ?? 0) + 2);
});
