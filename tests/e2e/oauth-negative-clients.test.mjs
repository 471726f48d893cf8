// The OAuth 2.1 negative suite, part 3 (oauth-negative-setup.mjs says what the suite proves and
// how): clients and limits: Client ID Metadata Documents refused before any consent (private
// addresses, too large, mismatched client_id, redirects), registration and metadata documents
// switched off, the token and registration endpoints' 429 with Retry-After, per address.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import * as O from './oauth-http.mjs';
import { useNegativeSuite, REDIRECT, php, dflt, custom, AS, clientA, clientB, clearRateLimits, jarOf, counts, ran, tokensFor, assertOAuthError, assertErrorPage, need } from './oauth-negative-setup.mjs';

useNegativeSuite();

/** A loopback HTTP server for Client ID Metadata Documents; counts every request per path. */
async function metadataServer(host) {
  const hits = [];
  let port;
  const docs = {};
  const server = http.createServer((req, res) => {
    hits.push(req.url);
    const d = docs[req.url.split('?')[0]];
    if (!d) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(d.status ?? 200, { 'Content-Type': 'application/json', 'Cache-Control': 'max-age=300', ...(d.headers ?? {}) });
    res.end(d.body);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, resolve);
  });
  port = server.address().port;
  return { server, hits, docs, port, close: () => new Promise((r) => server.close(r)) };
}

async function listenOn(host, port) {
  const hits = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url);
    res.writeHead(500).end();
  });
  try {
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
  } catch (e) {
    return { hits, error: e.code, close: async () => {} };
  }
  return { hits, close: () => new Promise((r) => server.close(r)) };
}

test('client_id metadata documents: private addresses, too large, mismatched client_id, redirects are refused before any consent', async (t) => {
  if (!need(t)) return;
  const jar = await jarOf('oauth-neg-alice');
  const meta = await metadataServer('127.0.0.1');
  const port = meta.port;
  // fixtures/oauth-loopback.php lets the site fetch from 127.0.0.1 (that host only) on any port.
  // Listeners on the other loopback addresses, same port: a request there would be seen.
  const other = [await listenOn('127.0.0.2', port), await listenOn('::1', port)];
  const cb = 'http://127.0.0.1/cimd/callback';
  const doc = (id, extra = {}) => JSON.stringify({ client_id: id, client_name: 'CIMD test client', redirect_uris: [cb], token_endpoint_auth_method: 'none', ...extra });
  const base = `http://127.0.0.1:${port}`;
  meta.docs['/ok.json'] = { body: doc(`${base}/ok.json`) };
  meta.docs['/big.json'] = { body: doc(`${base}/big.json`, { padding: 'x'.repeat(6000) }) };
  meta.docs['/mismatch.json'] = { body: doc(`${base}/someone-else.json`) };
  meta.docs['/redirect.json'] = { status: 302, headers: { Location: `${base}/ok.json` }, body: '' };
  meta.docs['/not-json.json'] = { body: '<html>hello</html>' };
  meta.docs['/bad-redirect.json'] = { body: JSON.stringify({ client_id: `${base}/bad-redirect.json`, redirect_uris: ['javascript:alert(1)'] }) };
  try {
    const open = (clientId) =>
      O.openAuthorize(AS, jar, { clientId, redirectUri: cb, resource: custom.prm.resource, scope: 'mcp:read', state: 'cimd', challenge: O.pkce().challenge });
    // Positive control: the same server, on the allowed host, is fetched and gets a consent page.
    const ok = await open(`${base}/ok.json`);
    assert.equal(ok.status, 200, `a valid document is accepted: ${O.show(ok)}`);
    assert.match(ok.text, /CIMD test client/);
    assert.ok(meta.hits.includes('/ok.json'), 'the document was fetched');

    const refused = [
      ['localhost', `http://localhost:${port}/ok.json`],
      ['127.0.0.2', `http://127.0.0.2:${port}/ok.json`],
      ['[::1]', `http://[::1]:${port}/ok.json`],
      ['10.x', `http://10.0.0.1:${port}/ok.json`],
      ['10.x on 443', 'https://10.0.0.1/client.json'],
      ['192.168.x', 'https://192.168.0.1/client.json'],
      ['169.254.x (metadata service)', 'http://169.254.169.254:80/latest/meta-data.json'],
      ['too large', `${base}/big.json`],
      ['client_id differs from the URL', `${base}/mismatch.json`],
      ['redirect to a valid document', `${base}/redirect.json`],
      ['not JSON', `${base}/not-json.json`],
      ['unusable redirect_uris', `${base}/bad-redirect.json`],
      ['a fragment', `${base}/ok.json#x`],
      ['credentials', `http://user:pw@127.0.0.1:${port}/ok.json`],
      ['no path', `${base}/`],
    ];
    const hitsBefore = meta.hits.length;
    for (const [label, id] of refused) {
      const r = await open(id);
      assertErrorPage(r, `client_id ${label}`);
    }
    const fetched = meta.hits.slice(hitsBefore);
    // Only the documents on the allowed host were fetched; ok.json (served to localhost) never.
    assert.ok(!fetched.includes('/ok.json'), `the private-address forms never reached the server: ${fetched.join(', ')}`);
    for (const o of other) {
      if (o.error) t.diagnostic(`could not listen on another loopback address (${o.error}): that check is skipped`);
      else assert.deepEqual(o.hits, [], 'no request reached 127.0.0.2 or [::1]');
    }
    assert.ok(fetched.includes('/big.json') && fetched.includes('/mismatch.json'), `the size and client_id checks ran on fetched documents: ${fetched.join(', ')}`);
    assert.ok(!fetched.includes('/ok.json'), 'the redirect was not followed');
  } finally {
    await meta.close();
    for (const o of other) await o.close();
  }
});

test('with registration and metadata documents switched off, registered clients and document URLs are refused everywhere', async (t) => {
  if (!need(t)) return;
  const tokens = await tokensFor('oauth-neg-alice', { scope: 'mcp:read' });
  php(`update_option( 'mcp_native_oauth', array( 'enabled' => true, 'cimd' => false, 'dcr' => false ) );`);
  try {
    const meta = await O.request(dflt.asUrl);
    assert.equal(meta.status, 200, O.show(meta));
    assert.equal(meta.json.registration_endpoint, undefined, 'no registration_endpoint in the metadata');
    assert.equal(meta.json.client_id_metadata_document_supported, false);
    const reg = await O.register(AS, { client_name: 'while off', redirect_uris: [REDIRECT] });
    assert.ok(reg.status >= 400 && !reg.json?.client_id, `registration while DCR is off: ${O.show(reg)}`);
    const page = await O.openAuthorize(AS, await jarOf('oauth-neg-alice'), { clientId: clientA.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read', state: 's', challenge: O.pkce().challenge });
    assertErrorPage(page, 'a registered client while DCR is off');
    const cimd = await O.openAuthorize(AS, await jarOf('oauth-neg-alice'), { clientId: 'http://127.0.0.1:9/client.json', redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read', state: 's', challenge: O.pkce().challenge });
    assertErrorPage(cimd, 'a metadata document URL while CIMD is off');
    assertOAuthError(await O.refreshTokens(AS, clientA, tokens.refresh_token), 401, 'invalid_client', 'a refresh by a registered client while DCR is off');
  } finally {
    php(`delete_option( 'mcp_native_oauth' );`);
  }
});

// ------------------------------------------------------------------------------ rate limits

test('the token endpoint answers 429 with Retry-After after repeated failures (then the counters are cleared)', async (t) => {
  if (!need(t)) return;
  clearRateLimits();
  try {
    let limited;
    for (let i = 0; i < 40 && !limited; i++) {
      const r = await O.tokenRequest(AS, clientB, { grant_type: 'authorization_code', code: 'mcpn_ac_' + crypto.randomBytes(32).toString('base64url'), redirect_uri: REDIRECT, code_verifier: O.pkce().verifier });
      if (r.status === 429) limited = { r, i };
      else assertOAuthError(r, 400, 'invalid_grant', `failure ${i + 1}`);
    }
    assert.ok(limited, 'a 429 within 40 failed requests');
    assert.ok(limited.i >= 30, `30 failures are allowed before the limit (limited after ${limited.i})`);
    const retry = Number(limited.r.headers.get('retry-after'));
    assert.ok(retry > 0 && retry <= 300, `Retry-After in seconds: ${limited.r.headers.get('retry-after')}`);
    assert.equal(limited.r.json?.access_token, undefined);
    // While limited, even a valid exchange gets no token.
    const a = await O.authorize(AS, await jarOf('oauth-neg-alice'), { clientId: clientB.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read' });
    const r = await O.exchangeCode(AS, clientB, { code: a.code, redirectUri: REDIRECT, verifier: a.pk.verifier, resource: custom.prm.resource });
    assert.equal(r.status, 429, O.show(r));
  } finally {
    clearRateLimits();
  }
});

test('the failure limit is per address: another address (through mcp_native_oauth_client_ip) still gets its tokens', async (t) => {
  if (!need(t)) return;
  clearRateLimits();
  try {
    const attacker = { 'X-E2E-Client-IP': '198.51.100.7' };
    const user = { 'X-E2E-Client-IP': '203.0.113.9' };
    let limited = false;
    for (let i = 0; i < 35 && !limited; i++) {
      // No client_id: only the address is counted.
      const r = await O.tokenRequest(AS, null, { grant_type: 'authorization_code', code: 'mcpn_ac_x', redirect_uri: REDIRECT, code_verifier: O.pkce().verifier }, { headers: attacker });
      limited = r.status === 429;
    }
    assert.ok(limited, 'the attacking address is limited');
    const a = await O.authorize(AS, await jarOf('oauth-neg-alice'), { clientId: clientA.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read' });
    const ok = await O.tokenRequest(AS, clientA, { grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, code_verifier: a.pk.verifier, resource: custom.prm.resource }, { headers: user });
    assert.equal(ok.status, 200, `another address is not limited: ${O.show(ok)}`);
  } finally {
    clearRateLimits();
  }
});

test('registration answers 429 with Retry-After after 20 registrations an hour from one address (then the counters are cleared)', async (t) => {
  if (!need(t)) return;
  clearRateLimits();
  try {
    let limited;
    let made = 0;
    for (let i = 0; i < 25 && !limited; i++) {
      const r = await O.register(AS, { client_name: `flood ${i}`, redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' });
      if (r.status === 429) limited = r;
      else {
        assert.equal(r.status, 201, O.show(r));
        made++;
      }
    }
    assert.ok(limited, 'a 429 within 25 registrations');
    assert.equal(made, 20, '20 registrations an hour');
    assert.ok(Number(limited.headers.get('retry-after')) > 0, `Retry-After: ${limited.headers.get('retry-after')}`);
    assert.equal(limited.json?.client_id, undefined);
  } finally {
    clearRateLimits();
  }
});
