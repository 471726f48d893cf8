// Malformed requests (issue 5): every case of malformed-corpus.mjs is sent, over a raw HTTP
// connection (node:http: arbitrary bytes, methods and headers), to the default server and to the
// custom server. Each answer must have the expected HTTP status and JSON-RPC error code, a JSON
// body (or the documented empty body), never HTML, never PHP notice/warning text, never a 5xx,
// and must arrive within the per-request timeout. Afterwards the endpoint must still serve a
// normal tools/call (no worker was lost).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { CFG, AUTH, rawInitialize, http as fetchHttp } from './helpers.mjs';
import { CORPUS } from './malformed-corpus.mjs';

const REQUEST_TIMEOUT_MS = Number(process.env.MALFORMED_TIMEOUT_MS || 20_000);
/** Errors never echo unbounded client input back (a 1 MiB method name must not come back). */
const MAX_ERROR_BODY = 64 * 1024;
// PHP's own messages ("Warning: … in /x.php on line 3", "PHP Notice: …", <b>Fatal error</b>), not JSON-RPC's "Parse error: …".
const FORBIDDEN_TEXT = /<html|<body|<br\s*\/?>|<b>|<!DOCTYPE|PHP (?:Notice|Warning|Deprecated|Fatal error|Parse error)|(?:^|[\n>])(?:Notice|Warning|Deprecated|Fatal error): |\.php on line \d+|Stack trace:/i;

function nestedArray(n) {
  let v = 'x';
  for (let i = 0; i < n; i++) v = [v];
  return v;
}

const ENDPOINTS = [
  {
    label: 'default',
    url: CFG.defaultUrl,
    otherUrl: CFG.customUrl,
    tool: 'mcp-adapter-execute-ability',
    args: { ability_name: 'e2e/object-echo', parameters: { message: 'hi' } },
    argsWith: (fields) => ({ ability_name: 'e2e/object-echo', parameters: { message: 'hi', ...fields } }),
    badArgs: { ability_name: 'e2e/object-echo', parameters: { message: ['not', 'a', 'string'], times: {} } },
    deepArgs: (n) => ({ ability_name: 'e2e/object-echo', parameters: { message: nestedArray(n) } }),
  },
  {
    label: 'custom',
    url: CFG.customUrl,
    otherUrl: CFG.defaultUrl,
    tool: 'e2e-object-echo',
    args: { message: 'hi' },
    argsWith: (fields) => ({ message: 'hi', ...fields }),
    badArgs: { message: ['not', 'a', 'string'], times: {} },
    deepArgs: (n) => ({ message: nestedArray(n) }),
  },
];

/** One raw HTTP exchange; rejects on timeout. */
function send(url, { method, headers, body }) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    let settled = false;
    const req = http.request(
      { host: u.hostname, port: u.port, path: u.pathname + u.search, method, headers, agent: false },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          settled = true;
          resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('error', (e) => settled || reject(e));
      },
    );
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms (hang)`)));
    // The server may answer (413, 401) and close before reading a huge body: the answer wins.
    req.on('error', (e) => settled || reject(e));
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

function buildRequest(c, ctx) {
  const headers = {
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': ctx.protocolVersion,
  };
  const auth = c.auth ?? 'valid';
  if (auth === 'valid') headers.Authorization = AUTH;
  else if (auth === 'bad-password') headers.Authorization = 'Basic ' + Buffer.from(`${CFG.user}:aaaa bbbb cccc dddd eeee ffff`).toString('base64');

  const session = c.session ?? 'valid';
  let sid;
  if (typeof session === 'function') sid = session(ctx);
  else if (session === 'valid') sid = ctx.sessionId;
  else if (session === 'unknown') sid = 'no-such-session-' + '0123456789abcdef'.repeat(2);
  else if (session === 'deleted') sid = ctx.deletedSessionId;
  else if (session === 'other-server') sid = ctx.otherSessionId;
  if (sid !== undefined) headers['Mcp-Session-Id'] = sid;

  let body = typeof c.body === 'function' ? c.body(ctx) : c.body;
  if (typeof body === 'string') body = Buffer.from(body, 'utf8');
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    headers['Content-Length'] = String(body.length);
  }
  const overrides = typeof c.headers === 'function' ? c.headers(ctx) : c.headers || {};
  for (const [name, value] of Object.entries(overrides)) {
    for (const k of Object.keys(headers)) if (k.toLowerCase() === name.toLowerCase()) delete headers[k];
    if (value !== null) headers[name] = value;
  }
  return { method: c.method || 'POST', headers, body };
}

function check(c, r) {
  const where = `${c.id}: HTTP ${r.status} ${r.headers['content-type'] ?? '(no content-type)'} ${JSON.stringify(r.text.slice(0, 400))}`;
  const e = c.expect;
  assert.ok(r.status < 500, `never a 5xx — ${where}`);
  assert.doesNotMatch(r.text, FORBIDDEN_TEXT, `never HTML or PHP error text — ${where}`);
  assert.equal(r.status, e.status, `HTTP status — ${where}`);

  if (e.kind === 'empty') {
    assert.equal(r.text, '', `empty body — ${where}`);
    return;
  }
  assert.match(r.headers['content-type'] ?? '', /^application\/json/i, `JSON content type — ${where}`);
  let json;
  try {
    json = JSON.parse(r.text);
  } catch {
    assert.fail(`body is not JSON — ${where}`);
  }
  if (e.kind === 'any-json') return;

  assert.equal(json.jsonrpc, '2.0', `jsonrpc member — ${where}`);
  if ('id' in e) assert.deepEqual(json.id, e.id, `id — ${where}`);
  if (e.kind === 'error') {
    assert.equal(json.result, undefined, `no result next to an error — ${where}`);
    assert.equal(typeof json.error, 'object', `error member — ${where}`);
    assert.equal(json.error.code, e.code, `JSON-RPC error code — ${where}`);
    assert.equal(typeof json.error.message, 'string', `error message — ${where}`);
    assert.ok(json.error.message.length > 0, `non-empty error message — ${where}`);
    assert.ok(r.text.length <= MAX_ERROR_BODY, `error body of ${r.text.length} bytes: errors must not echo unbounded input — ${c.id}`);
    return;
  }
  assert.equal(json.error, undefined, `no error member — ${where}`);
  assert.equal(typeof json.result, 'object', `result member — ${where}`);
  if (e.kind === 'tool-error') {
    assert.equal(json.result.isError, true, `isError: true — ${where}`);
    assert.ok(Array.isArray(json.result.content) && json.result.content.length > 0, `error content — ${where}`);
  }
}

test('the corpus has at least 100 distinct cases, each with an expectation', () => {
  assert.ok(CORPUS.length >= 100, `${CORPUS.length} cases`);
  assert.equal(new Set(CORPUS.map((c) => c.id)).size, CORPUS.length, 'case ids are unique');
  for (const c of CORPUS) {
    assert.ok(Number.isInteger(c.expect?.status), `${c.id}: expected status`);
    assert.ok(['error', 'result', 'tool-error', 'empty', 'any-json'].includes(c.expect.kind), `${c.id}: kind`);
    if (c.expect.kind === 'error') assert.ok(Number.isInteger(c.expect.code), `${c.id}: expected JSON-RPC code`);
  }
});

// One test per endpoint and case family (json/, shape/, id/…), so each stays well inside the
// runner's per-test timeout even on a slow machine; every family starts with fresh sessions.
const FAMILIES = [...new Set(CORPUS.map((c) => c.id.split('/')[0]))];

for (const ep of ENDPOINTS) {
  for (const family of FAMILIES) {
    const cases = CORPUS.filter((c) => c.id.split('/')[0] === family);
    test(`${ep.label}: ${family}/* (${cases.length} malformed requests) get the documented answer`, async (t) => {
      const live = await rawInitialize(ep.url);
      const other = await rawInitialize(ep.otherUrl);
      const doomed = await rawInitialize(ep.url);
      const del = await fetchHttp(ep.url, { method: 'DELETE', sessionId: doomed.sessionId, protocolVersion: doomed.protocolVersion });
      assert.ok(del.status >= 200 && del.status < 300, `DELETE of the session to reuse: ${del.status} ${del.text}`);
      const ctx = {
        ...ep,
        site: CFG.site,
        sessionId: live.sessionId,
        otherSessionId: other.sessionId,
        deletedSessionId: doomed.sessionId,
        protocolVersion: live.protocolVersion,
      };

      const failures = [];
      for (const c of cases) {
        await t.test(c.id, async () => {
          let r;
          try {
            r = await send(ep.url, buildRequest(c, ctx));
          } catch (err) {
            failures.push(c.id);
            throw new Error(`${c.id}: ${err.message}`);
          }
          try {
            check(c, r);
          } catch (err) {
            failures.push(c.id);
            throw err;
          }
        });
      }

      // The endpoint still works normally afterwards (no worker died, the session lives).
      const after = await send(ep.url, buildRequest({ id: 'health', body: JSON.stringify({ jsonrpc: '2.0', id: 'after', method: 'tools/call', params: { name: ep.tool, arguments: ep.args } }) }, ctx));
      assert.equal(after.status, 200, `a normal call after the ${family} cases: ${after.text.slice(0, 500)}`);
      assert.equal(JSON.parse(after.text).result?.isError, false, after.text.slice(0, 500));
      const fresh = await rawInitialize(ep.url);
      assert.ok(fresh.sessionId, 'a new session can still be opened');
      assert.deepEqual(failures, [], `${failures.length} case(s) failed on ${ep.label}`);
    });
  }
}
