// The OAuth 2.1 negative suite, part 1 (oauth-negative-setup.mjs says what the suite proves and
// how): the authorization endpoint and its codes: PKCE, a code used twice, expired or presented by
// another client or with another redirect_uri, a client's secret, access denied, error pages never
// redirecting, unsafe redirect URIs at registration, the consent form's nonce and fields, client
// names escaped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as O from './oauth-http.mjs';
import { useNegativeSuite, env, SITE, CUSTOM_URL, REDIRECT, phpJson, dflt, custom, AS, clientA, clientB, clearRateLimits, jarOf, assertOAuthError, assertTokenRefused, assertTokenWorks, assertErrorPage, tokenHash, need } from './oauth-negative-setup.mjs';

useNegativeSuite();

// ------------------------------------------------------------------------------------ baseline

test('baseline: the whole flow works (iss, state, S256 only, frame protection) and the token runs one call', async (t) => {
  if (!need(t)) return;
  assert.deepEqual(AS.code_challenge_methods_supported, ['S256']);
  assert.equal(custom.prm.authorization_servers[0], AS.issuer);
  const jar = await jarOf('oauth-neg-alice');
  const pk = O.pkce();
  const state = O.randomState();
  const page = await O.openAuthorize(AS, jar, { clientId: clientA.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read mcp:write', state, challenge: pk.challenge });
  assert.equal(page.status, 200, O.show(page));
  assert.equal(page.headers.get('x-frame-options')?.toUpperCase(), 'DENY', 'the consent page is never framed');
  assert.match(page.headers.get('content-security-policy') ?? '', /frame-ancestors\s+'none'/);
  const form = O.consentForm(page);
  const post = await O.request(form.action, { jar, form: O.formBody(form, form.approve) });
  assert.ok([302, 303].includes(post.status), O.show(post));
  assert.ok(post.location.startsWith(REDIRECT + '?'), `redirected to the client: ${post.location}`);
  const p = O.redirectParams(post.location);
  assert.equal(p.state, state);
  assert.equal(p.iss, AS.issuer, 'RFC 9207 iss');
  assert.match(p.code ?? '', /^mcpn_ac_/);
  const r = await O.exchangeCode(AS, clientA, { code: p.code, redirectUri: REDIRECT, verifier: pk.verifier, resource: custom.prm.resource });
  assert.equal(r.status, 200, O.show(r));
  assert.match(r.headers.get('cache-control') ?? '', /no-store/);
  assert.equal(r.json.token_type, 'Bearer');
  assert.match(r.json.access_token, /^mcpn_at_/);
  assert.match(r.json.refresh_token, /^mcpn_rt_/);
  await assertTokenWorks(r.json.access_token, 'a fresh token');
});

test('not logged in: the authorization endpoint sends the user to wp-login.php, never to the client', async (t) => {
  if (!need(t)) return;
  const pk = O.pkce();
  const r = await O.openAuthorize(AS, new O.CookieJar(), { clientId: clientA.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, state: 's', challenge: pk.challenge });
  assert.ok([302, 303].includes(r.status), O.show(r));
  const to = new URL(r.location);
  assert.equal(to.origin, new URL(SITE).origin);
  assert.match(to.pathname, /wp-login\.php$/, O.show(r));
  assert.ok(!r.location.includes('code='), 'no code without a user');
});

// ------------------------------------------------------------------------------------- codes

test('a wrong PKCE verifier is refused (invalid_grant), no token', async (t) => {
  if (!need(t)) return;
  const a = await O.authorize(AS, await jarOf('oauth-neg-alice'), { clientId: clientA.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read' });
  const wrong = O.pkce().verifier;
  assertOAuthError(await O.exchangeCode(AS, clientA, { code: a.code, redirectUri: REDIRECT, verifier: wrong, resource: custom.prm.resource }), 400, 'invalid_grant', 'wrong verifier');
  // No verifier at all.
  const b = await O.authorize(AS, await jarOf('oauth-neg-alice'), { clientId: clientA.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read' });
  const nov = await O.tokenRequest(AS, clientA, { grant_type: 'authorization_code', code: b.code, redirect_uri: REDIRECT, resource: custom.prm.resource });
  assertOAuthError(nov, 400, ['invalid_grant', 'invalid_request'], 'no verifier');
});

test('a code used twice is refused, and the tokens issued from it stop working', async (t) => {
  if (!need(t)) return;
  const a = await O.authorize(AS, await jarOf('oauth-neg-alice'), { clientId: clientA.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read mcp:write' });
  const args = { code: a.code, redirectUri: REDIRECT, verifier: a.pk.verifier, resource: custom.prm.resource };
  const first = await O.exchangeCode(AS, clientA, args);
  assert.equal(first.status, 200, O.show(first));
  await assertTokenWorks(first.json.access_token, 'before the replay');
  assertOAuthError(await O.exchangeCode(AS, clientA, args), 400, 'invalid_grant', 'the same code again');
  await assertTokenRefused(first.json.access_token, 'an access token of a replayed code');
  assertOAuthError(await O.refreshTokens(AS, clientA, first.json.refresh_token), 400, 'invalid_grant', 'the refresh token of a replayed code');
});

test('an expired code is refused', async (t) => {
  if (!need(t)) return;
  const a = await O.authorize(AS, await jarOf('oauth-neg-alice'), { clientId: clientA.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read' });
  // Codes live 60 s: move this one's expiry into the past (its row, by the SHA-256 stored).
  const changed = phpJson(`global $wpdb; echo wp_json_encode( $wpdb->update( $wpdb->base_prefix . 'mcp_native_oauth_tokens', array( 'expires_at' => time() - 1 ), array( 'token_hash' => getenv( 'OAUTH_HASH' ) ) ) );`, { env: { OAUTH_HASH: tokenHash(a.code) } });
  assert.equal(changed, 1, 'the code is stored by its SHA-256');
  assertOAuthError(await O.exchangeCode(AS, clientA, { code: a.code, redirectUri: REDIRECT, verifier: a.pk.verifier, resource: custom.prm.resource }), 400, 'invalid_grant', 'an expired code');
});

test('a code presented by another client is refused', async (t) => {
  if (!need(t)) return;
  const a = await O.authorize(AS, await jarOf('oauth-neg-alice'), { clientId: clientA.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read' });
  const r = await O.exchangeCode(AS, clientB, { code: a.code, redirectUri: REDIRECT, verifier: a.pk.verifier, resource: custom.prm.resource });
  assertOAuthError(r, [400, 401], ['invalid_grant', 'invalid_client'], 'client B with client A\'s code');
  // No client_id at all.
  const n = await O.tokenRequest(AS, null, { grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, code_verifier: a.pk.verifier });
  assertOAuthError(n, [400, 401], ['invalid_client', 'invalid_request', 'invalid_grant'], 'no client_id');
});

test('a confidential client must prove its secret the way it registered', async (t) => {
  if (!need(t)) return;
  const conf = await O.registerClient(AS, { name: 'negative suite confidential client', redirectUris: [REDIRECT], extra: { token_endpoint_auth_method: 'client_secret_basic' } });
  assert.match(conf.client_secret ?? '', /\S{20,}/, 'a secret is issued');
  const a = await O.authorize(AS, await jarOf('oauth-neg-alice'), { clientId: conf.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read' });
  const args = { code: a.code, redirectUri: REDIRECT, verifier: a.pk.verifier, resource: custom.prm.resource };
  for (const [label, client] of [
    ['a wrong secret', { ...conf, client_secret: conf.client_secret + 'x' }],
    ['no secret', { client_id: conf.client_id }],
    ['the secret in the body instead of Basic', { ...conf, token_endpoint_auth_method: 'client_secret_post' }],
  ]) {
    assertOAuthError(await O.exchangeCode(AS, client, args), [400, 401], ['invalid_client'], label);
  }
});

test('a code presented with another redirect_uri is refused', async (t) => {
  if (!need(t)) return;
  const a = await O.authorize(AS, await jarOf('oauth-neg-alice'), { clientId: clientA.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read' });
  // Another path, and the same loopback URI on another port (allowed at authorization, but the
  // token request must repeat the one the code was issued for).
  for (const other of ['http://127.0.0.1/oauth-negative/other', 'http://127.0.0.1:9/oauth-negative/callback']) {
    const r = await O.exchangeCode(AS, clientA, { code: a.code, redirectUri: other, verifier: a.pk.verifier, resource: custom.prm.resource });
    assertOAuthError(r, 400, 'invalid_grant', `redirect_uri ${other}`);
  }
});

test('plain PKCE and a missing code_challenge are refused at the authorization endpoint, with state and iss', async (t) => {
  if (!need(t)) return;
  const jar = await jarOf('oauth-neg-alice');
  const pk = O.pkce();
  for (const [label, params] of [
    ['plain', { challenge: pk.verifier, method: 'plain' }],
    ['no challenge', { challenge: null, method: null }],
    ['unknown method', { challenge: pk.challenge, method: 'S512' }],
  ]) {
    const state = O.randomState();
    const r = await O.openAuthorize(AS, jar, { clientId: clientA.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read', state, ...params });
    assert.ok([302, 303].includes(r.status), `${label}: the error goes back to the client: ${O.show(r)}`);
    assert.ok(r.location.startsWith(REDIRECT + '?'), `${label}: ${r.location}`);
    const p = O.redirectParams(r.location);
    assert.equal(p.error, 'invalid_request', `${label}: ${r.location}`);
    assert.equal(p.state, state, `${label}: state returned`);
    assert.equal(p.iss, AS.issuer, `${label}: iss returned`);
    assert.equal(p.code, undefined, `${label}: no code`);
  }
});

test('a user the MCP server does not allow gets access_denied at the consent step, never a code', async (t) => {
  if (!need(t)) return;
  const jar = await jarOf('oauth-neg-norole');
  const state = O.randomState();
  const r = await O.openAuthorize(AS, jar, { clientId: clientA.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read', state, challenge: O.pkce().challenge });
  assert.ok(!(r.location ?? '').includes('code='), O.show(r));
  if (r.location?.startsWith(REDIRECT)) {
    assert.equal(O.redirectParams(r.location).error, 'access_denied', r.location);
    assert.equal(O.redirectParams(r.location).state, state);
  } else {
    assert.ok(r.status >= 400 || !/name=["']?approve/.test(r.text), `no consent form for a user without the capability: ${O.show(r)}`);
  }
});

test('a denied consent returns access_denied to the client and no code', async (t) => {
  if (!need(t)) return;
  const a = await O.authorize(AS, await jarOf('oauth-neg-alice'), { clientId: clientA.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read', approve: false });
  assert.equal(a.params.error, 'access_denied', a.location);
  assert.equal(a.params.code, undefined);
  assert.equal(a.params.state, a.sentState);
  assert.equal(a.params.iss, AS.issuer);
});

// --------------------------------------------------------------------------------- resources

test('an unregistered redirect_uri or unknown client gets an error page, never a redirect', async (t) => {
  if (!need(t)) return;
  const jar = await jarOf('oauth-neg-alice');
  const pk = O.pkce();
  for (const [label, clientId, redirectUri] of [
    ['another host', clientA.client_id, 'https://attacker.example/callback'],
    ['another path', clientA.client_id, 'http://127.0.0.1/oauth-negative/elsewhere'],
    ['a prefix', clientA.client_id, 'http://127.0.0.1/oauth-negative/callback/more'],
    ['a query added', clientA.client_id, REDIRECT + '?next=https://attacker.example'],
    ['a fragment', clientA.client_id, REDIRECT + '#x'],
    ['user info', clientA.client_id, 'http://attacker@127.0.0.1/oauth-negative/callback'],
    ['no redirect_uri, unknown client', 'mcpn_client_' + '0'.repeat(32), REDIRECT],
    ['unknown client', 'no-such-client', 'https://attacker.example/callback'],
  ]) {
    const r = await O.openAuthorize(AS, jar, { clientId, redirectUri, resource: custom.prm.resource, scope: 'mcp:read', state: 's', challenge: pk.challenge });
    assertErrorPage(r, label);
  }
  // The registered loopback URI on another port is allowed (RFC 8252 §7.3): the consent form.
  const port = await O.openAuthorize(AS, jar, { clientId: clientA.client_id, redirectUri: 'http://127.0.0.1:8123/oauth-negative/callback', resource: custom.prm.resource, scope: 'mcp:read', state: 's', challenge: pk.challenge });
  assert.ok(O.consentForm(port).approve, 'a loopback redirect URI on any port');
});

test('registration refuses unsafe redirect URIs (invalid_redirect_uri) and stores nothing', async (t) => {
  if (!need(t)) return;
  const before_ = phpJson(`global $wpdb; echo wp_json_encode( (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . $wpdb->base_prefix . 'mcp_native_oauth_clients' ) );`);
  for (const uri of [
    'javascript:alert(1)',
    'JavaScript://%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'https://client.example/cb#fragment',
    'http://client.example/cb',
    'http://10.0.0.1/cb',
    'https://user:pass@client.example/cb',
    'relative/cb',
    'https://client.example/' + 'a'.repeat(2100),
  ]) {
    clearRateLimits(); // 20 registrations an hour per address: this loop alone would reach it
    const r = await O.register(AS, { client_name: 'bad', redirect_uris: [uri], token_endpoint_auth_method: 'none' });
    assertOAuthError(r, 400, ['invalid_redirect_uri', 'invalid_client_metadata'], `redirect URI ${uri.slice(0, 60)}`);
    assert.equal(r.json.client_id, undefined);
  }
  clearRateLimits();
  const after_ = phpJson(`global $wpdb; echo wp_json_encode( (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . $wpdb->base_prefix . 'mcp_native_oauth_clients' ) );`);
  assert.equal(after_, before_, 'no client stored');
});

test('consent POST without a nonce, with a forged nonce, or by another user issues no code', async (t) => {
  if (!need(t)) return;
  const alice = await jarOf('oauth-neg-alice');
  const bob = await jarOf('oauth-neg-bob');
  const pk = O.pkce();
  const page = await O.openAuthorize(AS, alice, { clientId: clientA.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read', state: 'csrf', challenge: pk.challenge });
  const form = O.consentForm(page);
  const nonceName = Object.keys(form.fields).find((k) => /nonce/i.test(k));
  assert.ok(nonceName, `the consent form carries a nonce: ${JSON.stringify(Object.keys(form.fields))}`);
  const grants0 = phpJson(`global $wpdb; echo wp_json_encode( (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . $wpdb->base_prefix . 'mcp_native_oauth_grants' ) );`);
  const attempts = [
    ['no nonce', alice, O.formBody(form, form.approve, { [nonceName]: null })],
    ['forged nonce', alice, O.formBody(form, form.approve, { [nonceName]: '0123456789' })],
    ['another user (bob) with alice\'s form', bob, O.formBody(form, form.approve)],
    ['nobody logged in', new O.CookieJar(), O.formBody(form, form.approve)],
  ];
  for (const [label, jar, body] of attempts) {
    const r = await O.request(form.action, { jar, form: body });
    assert.ok(!(r.location ?? '').includes('code='), `${label}: no code: ${O.show(r)}`);
    assert.ok(!(r.location ?? '').startsWith('http://127.0.0.1/oauth-negative'), `${label}: not redirected to the client: ${O.show(r)}`);
    assert.ok(r.status >= 400 || (r.location ?? '').includes('wp-login.php'), `${label}: refused: ${O.show(r)}`);
  }
  const grants1 = phpJson(`global $wpdb; echo wp_json_encode( (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . $wpdb->base_prefix . 'mcp_native_oauth_grants' ) );`);
  assert.equal(grants1, grants0, 'no grant was made');
  // The untouched form still works for alice (the refusals did not depend on a spent nonce).
  const ok = await O.request(form.action, { jar: alice, form: O.formBody(form, form.approve) });
  assert.ok(O.redirectParams(ok.location ?? 'http://x/').code, `alice's own POST gets a code: ${O.show(ok)}`);
});

test('the consent form cannot be tampered with: changed fields break the nonce, a write scope the client did not ask for is not granted', async (t) => {
  if (!need(t)) return;
  const alice = await jarOf('oauth-neg-alice');
  const pk = O.pkce();
  const page = await O.openAuthorize(AS, alice, { clientId: clientA.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read', state: 'tamper', challenge: pk.challenge });
  const form = O.consentForm(page);
  assert.ok(!page.text.includes('value="mcp:write"'), 'a client that asked for mcp:read is not offered mcp:write');
  for (const [field, value] of [
    ['redirect_uri', 'http://127.0.0.1:8123/oauth-negative/callback'],
    ['resource', dflt.prm.resource],
    ['code_challenge', O.pkce().challenge],
    ['client_id', clientB.client_id],
    ['scope', 'mcp:read mcp:write'],
  ]) {
    const r = await O.request(form.action, { jar: alice, form: O.formBody(form, form.approve, { [field]: value }) });
    assert.ok(!(r.location ?? '').includes('code='), `${field} changed after the page was shown: no code: ${O.show(r)}`);
  }
  const r = await O.request(form.action, { jar: alice, form: O.formBody(form, form.approve, { granted_scope: 'mcp:write' }) });
  const code = O.redirectParams(r.location ?? 'http://x/').code;
  assert.ok(code, O.show(r));
  const tok = await O.exchangeCode(AS, clientA, { code, redirectUri: REDIRECT, verifier: pk.verifier, resource: custom.prm.resource });
  assert.equal(tok.status, 200, O.show(tok));
  assert.equal(tok.json.scope, 'mcp:read', 'granted_scope=mcp:write posted by hand does not widen what the client asked for');
  const w = await O.callTool(CUSTOM_URL, O.bearer(tok.json.access_token), 'e2e-delete-note', { id: 1, reason: 'tamper' });
  assert.equal(w.status, 403, O.show(w));
});

test('client names are shown escaped and marked unverified on the consent screen', async (t) => {
  if (!need(t)) return;
  const evil = await O.registerClient(AS, { name: '<script>alert("x")</script><img src=x onerror=alert(1)>Claude', redirectUris: [REDIRECT] });
  const page = await O.openAuthorize(AS, await jarOf('oauth-neg-alice'), { clientId: evil.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read', state: 'x', challenge: O.pkce().challenge });
  assert.equal(page.status, 200, O.show(page));
  assert.doesNotMatch(page.text, /<script>alert\("x"\)|<img src=x onerror/i, 'no markup from the client name');
  assert.match(page.text, /not verified|unverified/i, 'a DCR name is marked as chosen by the client');
});

// ------------------------------------------------------------------------------------- scopes
