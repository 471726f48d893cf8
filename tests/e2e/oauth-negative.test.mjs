// The OAuth 2.1 negative suite (issue 34, docs/OAUTH.md), over raw HTTP: every attack or mistake a
// client can make is refused with the standard OAuth error (status and body), and nothing runs: the
// fixture's call counter (e2e/call-counts, read with the admin's application password) proves a
// refused MCP call never reached an ability's callback, and a refused token request returns no token.
//
// Real codes and tokens come from oauth-http.mjs: DCR, a wp-login.php login, the consent form of
// wp-admin posted as a browser would, the code exchanged with PKCE S256. Users are this file's own
// (oauth-neg-*, subscribers with known passwords, made through the site's PHP), so that changing a
// password or deleting a user touches nobody else's tests. Rate-limit counters (transients) are
// cleared before and after, so this file's failed requests never throttle the other OAuth tests.
// fixtures/oauth-negative.php adds two test-only knobs read from request headers (X-E2E-Access-TTL:
// the mcp_native_oauth_access_ttl filter; X-E2E-Client-IP: the address rate limits count by);
// fixtures/oauth-loopback.php lets the site fetch metadata documents from 127.0.0.1 only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import * as O from './oauth-http.mjs';

const env = process.env;
const SITE = (env.E2E_SITE_URL ?? '').replace(/\/+$/, '');
const SITE_DIR = env.E2E_SITE_DIR || path.join(O.ROOT, '.test-run', 'e2e', 'site');
const DEFAULT_URL = `${SITE}/wp-json/mcp/mcp-adapter-default-server`;
const CUSTOM_URL = `${SITE}/wp-json/mcp-native-e2e/mcp`;
const ADMIN_BASIC = O.basic(env.E2E_USERNAME ?? 'admin', env.E2E_PASSWORD ?? '');
const READY = Boolean(SITE && env.E2E_PASSWORD && env.E2E_ADMIN_LOGIN_PASSWORD);
const REDIRECT = 'http://127.0.0.1/oauth-negative/callback';

const php = (code, opts) => O.sitePhp(SITE_DIR, SITE, code, opts);
const phpJson = (code, opts) => O.sitePhpJson(SITE_DIR, SITE, code, opts);

let dflt; // discovery of the default server: { prm, as, ... }
let custom; // discovery of the custom server
let AS; // the authorization server metadata
let clientA;
let clientB;
const users = {}; // login → { password, jar }

function clearRateLimits() {
  php(`global $wpdb;
    $wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\\\_transient\\\\_mcp\\\\_native\\\\_rl\\\\_%' OR option_name LIKE '\\\\_transient\\\\_timeout\\\\_mcp\\\\_native\\\\_rl\\\\_%'" );
    wp_cache_flush();`);
}

/** Creates (or re-creates) a subscriber with a known password; returns the password. */
function makeUser(login, role = 'subscriber') {
  const password = crypto.randomBytes(18).toString('base64url');
  php(
    `require_once ABSPATH . 'wp-admin/includes/user.php';
    $old = get_user_by( 'login', getenv( 'OAUTH_LOGIN' ) );
    if ( $old ) { wp_delete_user( $old->ID ); }
    $id = wp_insert_user( array( 'user_login' => getenv( 'OAUTH_LOGIN' ), 'user_pass' => getenv( 'OAUTH_PASS' ), 'user_email' => getenv( 'OAUTH_LOGIN' ) . '@example.com', 'role' => getenv( 'OAUTH_ROLE' ) ) );
    if ( is_wp_error( $id ) ) { fwrite( STDERR, $id->get_error_message() ); exit( 1 ); }`,
    { env: { OAUTH_LOGIN: login, OAUTH_PASS: password, OAUTH_ROLE: role } },
  );
  return password;
}

async function jarOf(login) {
  const u = users[login];
  u.jar ??= await O.login(SITE, login, u.password);
  return u.jar;
}

const counts = () => O.callCounts(CUSTOM_URL, ADMIN_BASIC);
const ran = (before_, after_, ability) => (after_[ability] ?? 0) - (before_[ability] ?? 0);

/** Tokens for a user through the whole front channel (throws on any failure). */
async function tokensFor(login, { client = clientA, resource = custom.prm.resource, scope = 'mcp:read mcp:write' } = {}) {
  const { tokens } = await O.obtainTokens(AS, await jarOf(login), client, { redirectUri: REDIRECT, resource, scope });
  return tokens;
}

/** An OAuth error answer of the token, registration or revocation endpoint. */
function assertOAuthError(r, statuses, errors, what = '') {
  statuses = [].concat(statuses);
  errors = [].concat(errors);
  assert.ok(statuses.includes(r.status), `${what}: status ${statuses.join('|')} expected: ${O.show(r)}`);
  assert.match(r.headers.get('content-type') ?? '', /application\/json/i, `${what}: a JSON error body: ${O.show(r)}`);
  assert.ok(errors.includes(r.json?.error), `${what}: error ${errors.join('|')} expected: ${O.show(r)}`);
  assert.equal(r.json?.access_token, undefined, `${what}: no token issued`);
  assert.equal(r.json?.refresh_token, undefined, `${what}: no refresh token issued`);
  if (r.status === 401 && errors.includes('invalid_client') && r.headers.get('www-authenticate')) {
    assert.match(r.headers.get('www-authenticate'), /^Basic/i);
  }
}

/**
 * A refused MCP request: 401, a Bearer challenge naming the resource metadata (with
 * error="invalid_token" when a token was sent), the JSON-RPC error -32010.
 */
function assertInvalidToken(r, what) {
  assert.equal(r.status, 401, `${what}: ${O.show(r)}`);
  const c = O.parseChallenge(r.headers.get('www-authenticate'));
  assert.equal(c?.scheme?.toLowerCase(), 'bearer', `${what}: a Bearer challenge: ${O.show(r)}`);
  assert.equal(c.params.error, 'invalid_token', `${what}: error="invalid_token": ${O.show(r)}`);
  assert.ok(c.params.resource_metadata, `${what}: resource_metadata named: ${O.show(r)}`);
  assert.equal(r.json?.error?.code, -32010, `${what}: the JSON-RPC error -32010 (docs/OAUTH.md): ${O.show(r)}`);
  assert.equal(r.json.result, undefined);
}

/** Calls the counted ability e2e/object-echo with a token and checks it was refused and never ran. */
async function assertTokenRefused(token, what, url = CUSTOM_URL) {
  const c0 = await counts();
  const r =
    url === CUSTOM_URL
      ? await O.callTool(url, O.bearer(token), 'e2e-object-echo', { message: 'must not run' })
      : await O.callTool(url, O.bearer(token), 'mcp-adapter-execute-ability', { ability_name: 'e2e/object-echo', parameters: { message: 'must not run' } });
  assertInvalidToken(r, what);
  const c1 = await counts();
  assert.equal(ran(c0, c1, 'e2e/object-echo'), 0, `${what}: the ability never ran`);
  return r;
}

/** The token works: a counted call on the custom server runs exactly once. */
async function assertTokenWorks(token, what) {
  const c0 = await counts();
  const r = await O.callTool(CUSTOM_URL, O.bearer(token), 'e2e-object-echo', { message: 'ok' });
  assert.equal(r.status, 200, `${what}: ${O.show(r)}`);
  assert.equal(r.json?.result?.isError, false, `${what}: ${O.show(r)}`);
  assert.equal(r.json.result.structuredContent.echo, 'ok');
  const c1 = await counts();
  assert.equal(ran(c0, c1, 'e2e/object-echo'), 1, `${what}: the ability ran once`);
}

/**
 * An authorization error page: shown to the user (RFC 6749 §4.1.2.1), never a redirect anywhere,
 * and no consent form to approve. The status is the page's (wp-admin renders it: 200 or 4xx).
 */
function assertErrorPage(r, what) {
  assert.equal(r.location, null, `${what}: never redirected: ${O.show(r)}`);
  assert.ok(r.status === 200 || (r.status >= 400 && r.status < 500), `${what}: an error page: ${O.show(r)}`);
  assert.doesNotMatch(r.text, /name=["']?_wpnonce|name=["']?approve/i, `${what}: no consent form`);
  assert.match(r.text, /cannot be authorized|error/i, `${what}: the page says what is wrong`);
}

const tokenHash = (t) => crypto.createHash('sha256').update(t).digest('hex');

before(async () => {
  if (!READY) return;
  clearRateLimits();
  for (const login of ['oauth-neg-alice', 'oauth-neg-bob', 'oauth-neg-carol', 'oauth-neg-dave']) {
    users[login] = { password: makeUser(login) };
  }
  users['oauth-neg-norole'] = { password: makeUser('oauth-neg-norole', '') };
  dflt = await O.discover(DEFAULT_URL);
  custom = await O.discover(CUSTOM_URL);
  AS = dflt.as;
  clientA = await O.registerClient(AS, { name: 'negative suite client A', redirectUris: [REDIRECT] });
  clientB = await O.registerClient(AS, { name: 'negative suite client B', redirectUris: [REDIRECT] });
});

after(() => {
  if (!READY) return;
  clearRateLimits();
  php(`require_once ABSPATH . 'wp-admin/includes/user.php';
    foreach ( array( 'oauth-neg-alice', 'oauth-neg-bob', 'oauth-neg-carol', 'oauth-neg-dave', 'oauth-neg-norole' ) as $l ) { $u = get_user_by( 'login', $l ); if ( $u ) { wp_delete_user( $u->ID ); } }`);
});

function need(t) {
  if (!READY) t.skip('E2E_SITE_URL, E2E_PASSWORD and E2E_ADMIN_LOGIN_PASSWORD must be set (scripts/test-e2e.sh sets them)');
  return READY;
}

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

test('a token for one MCP server is refused by another, and by every other REST route', async (t) => {
  if (!need(t)) return;
  assert.notEqual(dflt.prm.resource, custom.prm.resource);
  const tokens = await tokensFor('oauth-neg-alice', { resource: dflt.prm.resource });
  // It works where it was issued: tools/list on the default server.
  const ok = await O.mcp(DEFAULT_URL, O.bearer(tokens.access_token), 'tools/list');
  assert.equal(ok.status, 200, O.show(ok));
  assert.ok(Array.isArray(ok.json?.result?.tools), O.show(ok));
  // Server A's token on server B.
  await assertTokenRefused(tokens.access_token, 'the default server\'s token on the custom server', CUSTOM_URL);
  // The same, through the other URL forms of the custom server's REST route.
  for (const u of [`${SITE}/?rest_route=/mcp-native-e2e/mcp`, `${SITE}/index.php?rest_route=/mcp-native-e2e/mcp`]) {
    assertInvalidToken(await O.callTool(u, O.bearer(tokens.access_token), 'e2e-object-echo', { message: 'x' }), `token on ${u}`);
  }
  // On ordinary REST routes: never a login.
  for (const route of ['/wp-json/wp/v2/users/me', '/wp-json/wp/v2/settings', '/?rest_route=/wp/v2/users/me']) {
    const r = await O.request(`${SITE}${route}`, { headers: { Authorization: O.bearer(tokens.access_token) } });
    assert.equal(r.status, 401, `${route}: ${O.show(r)}`);
    assert.equal(r.json?.code, 'mcp_native_oauth_wrong_resource', `${route}: ${O.show(r)}`);
  }
  const post = await O.request(`${SITE}/wp-json/wp/v2/posts`, { headers: { Authorization: O.bearer(tokens.access_token) }, json: { title: 'oauth must not post', status: 'publish' } });
  assert.equal(post.status, 401, O.show(post));
  const posts = phpJson(`echo wp_json_encode( count( get_posts( array( 'title' => 'oauth must not post', 'post_status' => 'any' ) ) ) );`);
  assert.equal(posts, 0, 'no post was created');
  // A token request naming another resource than the one authorized.
  const a = await O.authorize(AS, await jarOf('oauth-neg-alice'), { clientId: clientA.client_id, redirectUri: REDIRECT, resource: dflt.prm.resource, scope: 'mcp:read' });
  const swap = await O.exchangeCode(AS, clientA, { code: a.code, redirectUri: REDIRECT, verifier: a.pk.verifier, resource: custom.prm.resource });
  assertOAuthError(swap, 400, ['invalid_target', 'invalid_grant'], 'code for the default server exchanged for the custom one');
  // A resource that is no MCP server of this site, at authorization.
  const state = O.randomState();
  const bad = await O.openAuthorize(AS, await jarOf('oauth-neg-alice'), { clientId: clientA.client_id, redirectUri: REDIRECT, resource: `${SITE}/wp-json/wp/v2/users`, scope: 'mcp:read', state, challenge: O.pkce().challenge });
  assert.ok([302, 303].includes(bad.status), O.show(bad));
  assert.equal(O.redirectParams(bad.location).error, 'invalid_target', bad.location);
});

test('an unknown token and a token of the wrong kind are refused with invalid_token', async (t) => {
  if (!need(t)) return;
  await assertTokenRefused('mcpn_at_' + crypto.randomBytes(32).toString('base64url'), 'an unknown access token');
  const tokens = await tokensFor('oauth-neg-alice', { scope: 'mcp:read' });
  // A refresh token is no access token.
  const c0 = await counts();
  const r = await O.callTool(CUSTOM_URL, O.bearer(tokens.refresh_token), 'e2e-object-echo', { message: 'x' });
  assert.equal(r.status, 401, O.show(r));
  assert.equal(ran(c0, await counts(), 'e2e/object-echo'), 0);
  // An access token is no refresh token, nor a code.
  assertOAuthError(await O.refreshTokens(AS, clientA, tokens.access_token), 400, 'invalid_grant', 'an access token as a refresh token');
  assertOAuthError(await O.exchangeCode(AS, clientA, { code: tokens.access_token, redirectUri: REDIRECT, verifier: O.pkce().verifier }), 400, 'invalid_grant', 'an access token as a code');
  // A code is no access token.
  const a = await O.authorize(AS, await jarOf('oauth-neg-alice'), { clientId: clientA.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read' });
  // (A bearer value without the mcpn_at_ prefix is not claimed as ours, so that other plugins'
  // bearer schemes pass through: a plain 401 challenge, without error="invalid_token".)
  const asBearer = await O.callTool(CUSTOM_URL, O.bearer(a.code), 'e2e-object-echo', { message: 'x' });
  assert.equal(asBearer.status, 401, `a code as a bearer token: ${O.show(asBearer)}`);
  assert.equal(asBearer.json?.error?.code, -32010, O.show(asBearer));
  // The token only in the query string or the body (OAuth 2.1 forbids both): no login.
  const good = await tokensFor('oauth-neg-alice', { scope: 'mcp:read' });
  const c1 = await counts();
  const q = await O.callTool(`${CUSTOM_URL}?access_token=${encodeURIComponent(good.access_token)}`, null, 'e2e-object-echo', { message: 'x' });
  assert.equal(q.status, 401, `?access_token=: ${O.show(q)}`);
  const f = await O.request(CUSTOM_URL, { form: { access_token: good.access_token }, headers: { Accept: 'application/json, text/event-stream' } });
  assert.ok(f.status >= 400 && f.status !== 200, `access_token in a form body: ${O.show(f)}`);
  assert.equal(ran(c1, await counts(), 'e2e/object-echo'), 0);
});

// ------------------------------------------------------------------------- expiry, revocation

test('an expired access token is refused (mcp_native_oauth_access_ttl reaches expires_in)', async (t) => {
  if (!need(t)) return;
  // The fixture's X-E2E-Access-TTL header sets the filter for this token request.
  const a = await O.authorize(AS, await jarOf('oauth-neg-alice'), { clientId: clientA.client_id, redirectUri: REDIRECT, resource: custom.prm.resource, scope: 'mcp:read' });
  const r = await O.tokenRequest(AS, clientA, { grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, code_verifier: a.pk.verifier, resource: custom.prm.resource }, { headers: { 'X-E2E-Access-TTL': '120' } });
  assert.equal(r.status, 200, O.show(r));
  assert.equal(r.json.expires_in, 120, 'the filter sets the lifetime');
  await assertTokenWorks(r.json.access_token, 'before expiry');
  // Make it expire: its row (found by the SHA-256 the server stores) gets a past expiry.
  const changed = phpJson(`global $wpdb; echo wp_json_encode( $wpdb->update( $wpdb->base_prefix . 'mcp_native_oauth_tokens', array( 'expires_at' => time() - 1 ), array( 'token_hash' => getenv( 'OAUTH_HASH' ) ) ) );`, { env: { OAUTH_HASH: tokenHash(r.json.access_token) } });
  assert.equal(changed, 1, 'the token is stored by its SHA-256 (and only one row has it)');
  await assertTokenRefused(r.json.access_token, 'an expired token');
  // The refresh token still gives a new access token (the grant is alive).
  const fresh = await O.refreshTokens(AS, clientA, r.json.refresh_token);
  assert.equal(fresh.status, 200, O.show(fresh));
  await assertTokenWorks(fresh.json.access_token, 'refreshed after expiry');
});

test('tokens are stored only as hashes', async (t) => {
  if (!need(t)) return;
  const tokens = await tokensFor('oauth-neg-alice', { scope: 'mcp:read' });
  const found = phpJson(`global $wpdb; $n = 0;
    foreach ( array( 'tokens', 'grants', 'clients' ) as $t ) {
      $rows = $wpdb->get_results( 'SELECT * FROM ' . $wpdb->base_prefix . 'mcp_native_oauth_' . $t, ARRAY_A );
      foreach ( $rows as $row ) { foreach ( $row as $v ) { if ( false !== strpos( (string) $v, getenv( 'A' ) ) || false !== strpos( (string) $v, getenv( 'R' ) ) ) { $n++; } } }
    }
    $log = @file_get_contents( WP_CONTENT_DIR . '/../.mcp-native/debug.log' ) . @file_get_contents( WP_CONTENT_DIR . '/../.mcp-native/php-errors.log' );
    echo wp_json_encode( array( 'db' => $n, 'log' => false !== strpos( (string) $log, getenv( 'A' ) ) || false !== strpos( (string) $log, getenv( 'R' ) ) ) );`,
  { env: { A: tokens.access_token, R: tokens.refresh_token } });
  assert.deepEqual(found, { db: 0, log: false });
});

test('revocation endpoint (RFC 7009): an access token, then a refresh token and its grant; another client cannot revoke', async (t) => {
  if (!need(t)) return;
  const t1 = await tokensFor('oauth-neg-alice', { scope: 'mcp:read' });
  // Client B cannot revoke client A's tokens (RFC 7009 §2.1): they keep working.
  const byB = await O.revoke(AS, clientB, t1.access_token, 'access_token');
  assert.ok([200, 400, 401].includes(byB.status), O.show(byB));
  await assertTokenWorks(t1.access_token, 'after client B tried to revoke it');
  // The owner revokes the access token: 200, then it is refused; the refresh token still works.
  const r1 = await O.revoke(AS, clientA, t1.access_token, 'access_token');
  assert.equal(r1.status, 200, O.show(r1));
  await assertTokenRefused(t1.access_token, 'a revoked access token');
  const again = await O.refreshTokens(AS, clientA, t1.refresh_token);
  assert.equal(again.status, 200, `revoking an access token leaves the refresh token: ${O.show(again)}`);
  // Revoking the refresh token ends the grant: its access tokens go too.
  const r2 = await O.revoke(AS, clientA, again.json.refresh_token, 'refresh_token');
  assert.equal(r2.status, 200, O.show(r2));
  await assertTokenRefused(again.json.access_token, 'an access token of a revoked grant');
  assertOAuthError(await O.refreshTokens(AS, clientA, again.json.refresh_token), 400, 'invalid_grant', 'a revoked refresh token');
  // An unknown token: 200 all the same (RFC 7009 §2.2).
  const unknown = await O.revoke(AS, clientA, 'mcpn_at_' + crypto.randomBytes(32).toString('base64url'));
  assert.equal(unknown.status, 200, O.show(unknown));
});

test('a session opened with a token (2025-11-25) ends with the token: revoked, no credentials, or another token', async (t) => {
  if (!need(t)) return;
  const tokens = await tokensFor('oauth-neg-alice', { scope: 'mcp:read mcp:write' });
  const other = await tokensFor('oauth-neg-bob', { scope: 'mcp:read mcp:write' });
  const post = (auth, body, sessionId) =>
    O.request(CUSTOM_URL, {
      json: body,
      headers: {
        Accept: 'application/json, text/event-stream',
        ...(auth ? { Authorization: auth } : {}),
        ...(sessionId ? { 'Mcp-Session-Id': sessionId, 'MCP-Protocol-Version': O.LEGACY } : {}),
      },
    });
  const init = await post(O.bearer(tokens.access_token), { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: O.LEGACY, capabilities: {}, clientInfo: { name: 'oauth-negative', version: '1' } } });
  assert.equal(init.status, 200, O.show(init));
  const sid = init.headers.get('mcp-session-id');
  assert.ok(sid, 'a session');
  const n = await post(O.bearer(tokens.access_token), { jsonrpc: '2.0', method: 'notifications/initialized' }, sid);
  assert.equal(n.status, 202, O.show(n));
  const call = (auth, id) => post(auth, { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'e2e-object-echo', arguments: { message: 's' } } }, sid);
  const c0 = await counts();
  const ok = await call(O.bearer(tokens.access_token), 2);
  assert.equal(ok.status, 200, O.show(ok));
  assert.equal(ran(c0, await counts(), 'e2e/object-echo'), 1);
  const c1 = await counts();
  const none = await call(null, 3);
  assert.equal(none.status, 401, `the session alone is no credential: ${O.show(none)}`);
  const bobs = await call(O.bearer(other.access_token), 4);
  assert.ok([403, 404].includes(bobs.status), `another user's token on alice's session: ${O.show(bobs)}`);
  assert.equal((await O.revoke(AS, clientA, tokens.access_token, 'access_token')).status, 200);
  const revoked = await call(O.bearer(tokens.access_token), 5);
  assertInvalidToken(revoked, 'a revoked token on its own session');
  assert.equal(ran(c1, await counts(), 'e2e/object-echo'), 0, 'nothing ran on the session after the first call');
});

test('revoking a connection from the profile screen (its form and nonce) ends the grant; a forged nonce does not', async (t) => {
  if (!need(t)) return;
  const tokens = await tokensFor('oauth-neg-bob', { scope: 'mcp:read' });
  const jar = await jarOf('oauth-neg-bob');
  const profile = await O.request(`${SITE}/wp-admin/profile.php`, { jar });
  assert.equal(profile.status, 200, O.show(profile));
  assert.match(profile.text, /negative suite client A/, 'the connection is listed on the profile screen');
  const revokeForm = O.parseForms(profile.text, `${SITE}/wp-admin/profile.php`)
    .flatMap((f) => f.buttons.map((b) => ({ f, b })))
    .find(({ f, b }) => /revoke/i.test(`${b.name} ${b.value} ${b.label}`) && f.html.includes('negative suite client A'));
  const revokeLink = /href="([^"]*(?:revoke)[^"]*_wpnonce=[^"]*)"/i.exec(profile.text)?.[1];
  assert.ok(revokeForm || revokeLink, `a revoke button or link on the profile screen: ${profile.text.replace(/\s+/g, ' ').match(/.{0,600}negative suite client A.{0,600}/)?.[0]}`);
  const send = async (nonce) => {
    if (revokeForm) {
      const { f, b } = revokeForm;
      const nonceName = Object.keys(f.fields).find((k) => /nonce/i.test(k));
      const body = O.formBody(f, b, nonce === undefined ? {} : { [nonceName]: nonce });
      return O.request(f.action, { jar, form: body });
    }
    const u = new URL(O.decodeEntities(revokeLink), `${SITE}/wp-admin/`);
    if (nonce !== undefined) u.searchParams.set('_wpnonce', nonce);
    return O.request(u.href, { jar });
  };
  const forged = await send('0123456789');
  assert.ok(forged.status === 403 || forged.status >= 400 || !/revoked/i.test(forged.text), `a forged nonce is refused: ${O.show(forged)}`);
  await assertTokenWorks(tokens.access_token, 'after a forged revoke');
  // Alice cannot use Bob's link (its nonce is Bob's; the grant is Bob's).
  const alice = await jarOf('oauth-neg-alice');
  const stolen = revokeForm ? null : await O.request(new URL(O.decodeEntities(revokeLink), `${SITE}/wp-admin/`).href, { jar: alice });
  if (stolen) assert.ok(stolen.status >= 400, `another user's revoke link is refused: ${O.show(stolen)}`);
  await assertTokenWorks(tokens.access_token, 'after another user used the revoke link');
  const real = await send(undefined);
  assert.ok(real.status < 400, O.show(real));
  await assertTokenRefused(tokens.access_token, 'a token revoked from the profile screen');
});

// ------------------------------------------------------------------------------ front channel

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

test('mcp:read: a non-readonly ability is 403 insufficient_scope and never runs; a readonly one works', async (t) => {
  if (!need(t)) return;
  const tokens = await tokensFor('oauth-neg-alice', { scope: 'mcp:read' });
  assert.equal(tokens.scope, 'mcp:read', 'the token was granted mcp:read only');
  const auth = O.bearer(tokens.access_token);
  // The list still shows everything the user may see.
  const list = await O.mcp(CUSTOM_URL, auth, 'tools/list');
  assert.equal(list.status, 200, O.show(list));
  const c0 = await counts();
  const r = await O.callTool(CUSTOM_URL, auth, 'e2e-delete-note', { id: 1, reason: 'scope' });
  assert.equal(r.status, 403, `e2e-delete-note with mcp:read: ${O.show(r)}`);
  const c = O.parseChallenge(r.headers.get('www-authenticate'));
  assert.equal(c?.scheme?.toLowerCase(), 'bearer', O.show(r));
  assert.equal(c.params.error, 'insufficient_scope', O.show(r));
  assert.match(c.params.scope ?? '', /mcp:write/, O.show(r));
  assert.ok(c.params.resource_metadata, O.show(r));
  assert.equal(r.json?.error?.code, -32011, `the JSON-RPC error -32011 (docs/OAUTH.md): ${O.show(r)}`);
  // Through the default server's execute-ability tool, with a token for that server.
  const dt = await tokensFor('oauth-neg-alice', { scope: 'mcp:read', resource: dflt.prm.resource });
  const viaMeta = await O.callTool(DEFAULT_URL, O.bearer(dt.access_token), 'mcp-adapter-execute-ability', { ability_name: 'e2e/delete-note', parameters: { id: 1, reason: 'scope' } });
  assert.equal(viaMeta.status, 403, `execute-ability of a destructive ability with mcp:read: ${O.show(viaMeta)}`);
  assert.match(viaMeta.headers.get('www-authenticate') ?? '', /insufficient_scope/);
  const c1 = await counts();
  assert.equal(ran(c0, c1, 'e2e/delete-note'), 0, 'the destructive ability never ran');
  // Readonly abilities work with mcp:read, directly and through execute-ability.
  await assertTokenWorks(tokens.access_token, 'a readonly ability with mcp:read');
  const ro = await O.callTool(DEFAULT_URL, O.bearer(dt.access_token), 'mcp-adapter-execute-ability', { ability_name: 'e2e/object-echo', parameters: { message: 'ro' } });
  assert.equal(ro.status, 200, O.show(ro));
  assert.notEqual(ro.json?.result?.isError, true, O.show(ro));
  // And mcp:write runs the destructive one once.
  const wt = await tokensFor('oauth-neg-alice', { scope: 'mcp:read mcp:write' });
  const w = await O.callTool(CUSTOM_URL, O.bearer(wt.access_token), 'e2e-delete-note', { id: 7, reason: 'write' });
  assert.equal(w.status, 200, O.show(w));
  assert.equal(w.json.result.isError, false, O.show(w));
  assert.equal(ran(c1, await counts(), 'e2e/delete-note'), 1);
});

test('a refresh token is rotated: the old one is refused, and presenting it again revokes the grant', async (t) => {
  if (!need(t)) return;
  const t1 = await tokensFor('oauth-neg-alice', { scope: 'mcp:read' });
  const r2 = await O.refreshTokens(AS, clientA, t1.refresh_token);
  assert.equal(r2.status, 200, O.show(r2));
  assert.notEqual(r2.json.refresh_token, t1.refresh_token, 'a new refresh token');
  assert.notEqual(r2.json.access_token, t1.access_token);
  await assertTokenWorks(r2.json.access_token, 'the rotated pair');
  // Another client cannot use it.
  assertOAuthError(await O.refreshTokens(AS, clientB, r2.json.refresh_token), [400, 401], ['invalid_grant', 'invalid_client'], 'client B with client A\'s refresh token');
  // The spent one again: refused, and the whole grant (the new pair too) is revoked.
  assertOAuthError(await O.refreshTokens(AS, clientA, t1.refresh_token), 400, 'invalid_grant', 'a spent refresh token');
  await assertTokenRefused(r2.json.access_token, 'an access token of a grant revoked by a refresh replay');
  assertOAuthError(await O.refreshTokens(AS, clientA, r2.json.refresh_token), 400, 'invalid_grant', 'the newest refresh token of a revoked grant');
  // A refresh may not widen the scope.
  const t3 = await tokensFor('oauth-neg-alice', { scope: 'mcp:read' });
  const wide = await O.refreshTokens(AS, clientA, t3.refresh_token, { scope: 'mcp:read mcp:write' });
  if (wide.status === 200) assert.equal(wide.json.scope, 'mcp:read', `no wider scope on refresh: ${O.show(wide)}`);
  else assertOAuthError(wide, 400, 'invalid_scope', 'a wider scope on refresh');
});

// -------------------------------------------------------------------------------- the user

test('a password change ends the user\'s tokens', async (t) => {
  if (!need(t)) return;
  const tokens = await tokensFor('oauth-neg-carol', { scope: 'mcp:read' });
  await assertTokenWorks(tokens.access_token, 'before the password change');
  php(`$u = get_user_by( 'login', 'oauth-neg-carol' ); wp_set_password( 'changed-' . wp_generate_password( 12, false ), $u->ID );`);
  await assertTokenRefused(tokens.access_token, 'a token after a password change');
  assertOAuthError(await O.refreshTokens(AS, clientA, tokens.refresh_token), 400, 'invalid_grant', 'a refresh token after a password change');
});

test('a deleted user\'s tokens stop working', async (t) => {
  if (!need(t)) return;
  const tokens = await tokensFor('oauth-neg-dave', { scope: 'mcp:read' });
  await assertTokenWorks(tokens.access_token, 'before deletion');
  php(`require_once ABSPATH . 'wp-admin/includes/user.php'; $u = get_user_by( 'login', 'oauth-neg-dave' ); wp_delete_user( $u->ID );`);
  await assertTokenRefused(tokens.access_token, 'a token of a deleted user');
  assertOAuthError(await O.refreshTokens(AS, clientA, tokens.refresh_token), 400, 'invalid_grant', 'a refresh token of a deleted user');
  // A new user that happens to reuse nothing: the old grant rows are gone.
  const left = phpJson(`global $wpdb; echo wp_json_encode( (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM ' . $wpdb->base_prefix . 'mcp_native_oauth_tokens WHERE token_hash = %s', getenv( 'H' ) ) ) );`, { env: { H: tokenHash(tokens.access_token) } });
  assert.equal(left, 0, 'the deleted user\'s tokens are deleted');
});

// ----------------------------------------------------------------- client metadata documents

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
