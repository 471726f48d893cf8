// What the OAuth 2.1 negative suite shares (issue 34, docs/OAUTH.md): oauth-negative-codes.test.mjs
// (the authorization endpoint, codes, consent), oauth-negative-tokens.test.mjs (access and refresh
// tokens: audience, expiry, revocation, scope, rotation, the user's life) and
// oauth-negative-clients.test.mjs (Client ID Metadata Documents, registration switched off, rate
// limits). Over raw HTTP: every attack or mistake a client can make is refused with the standard
// OAuth error (status and body), and nothing runs: the fixture's call counter (e2e/call-counts, read
// with the admin's application password) proves a refused MCP call never reached an ability's
// callback, and a refused token request returns no token.
//
// Real codes and tokens come from oauth-http.mjs: DCR, a wp-login.php login, the consent form of
// wp-admin posted as a browser would, the code exchanged with PKCE S256. Users are the suite's own
// (oauth-neg-*, subscribers with known passwords, made through the site's PHP), so that changing a
// password or deleting a user touches nobody else's tests. Rate-limit counters (transients) are
// cleared before and after each file, so its failed requests never throttle the other OAuth tests.
// fixtures/oauth-negative.php adds two test-only knobs read from request headers (X-E2E-Access-TTL:
// the mcp_native_oauth_access_ttl filter; X-E2E-Client-IP: the address rate limits count by);
// fixtures/oauth-loopback.php lets the site fetch metadata documents from 127.0.0.1 only.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import path from 'node:path';
import * as O from './oauth-http.mjs';

export const env = process.env;
export const SITE = (env.E2E_SITE_URL ?? '').replace(/\/+$/, '');
export const SITE_DIR = env.E2E_SITE_DIR || path.join(O.ROOT, '.test-run', 'e2e', 'site');
export const DEFAULT_URL = `${SITE}/wp-json/mcp/mcp-adapter-default-server`;
export const CUSTOM_URL = `${SITE}/wp-json/mcp-native-e2e/mcp`;
export const ADMIN_BASIC = O.basic(env.E2E_USERNAME ?? 'admin', env.E2E_PASSWORD ?? '');
export const READY = Boolean(SITE && env.E2E_PASSWORD && env.E2E_ADMIN_LOGIN_PASSWORD);
export const REDIRECT = 'http://127.0.0.1/oauth-negative/callback';

export const php = (code, opts) => O.sitePhp(SITE_DIR, SITE, code, opts);
export const phpJson = (code, opts) => O.sitePhpJson(SITE_DIR, SITE, code, opts);

export let dflt; // discovery of the default server: { prm, as, ... }
export let custom; // discovery of the custom server
export let AS; // the authorization server metadata
export let clientA;
export let clientB;
export const users = {}; // login → { password, jar }

export function clearRateLimits() {
  php(`global $wpdb;
    $wpdb->query( "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\\\\_transient\\\\_mcp\\\\_native\\\\_rl\\\\_%' OR option_name LIKE '\\\\_transient\\\\_timeout\\\\_mcp\\\\_native\\\\_rl\\\\_%'" );
    wp_cache_flush();`);
}

/** Creates (or re-creates) a subscriber with a known password; returns the password. */
export function makeUser(login, role = 'subscriber') {
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

export async function jarOf(login) {
  const u = users[login];
  u.jar ??= await O.login(SITE, login, u.password);
  return u.jar;
}

export const counts = () => O.callCounts(CUSTOM_URL, ADMIN_BASIC);
export const ran = (before_, after_, ability) => (after_[ability] ?? 0) - (before_[ability] ?? 0);

/** Tokens for a user through the whole front channel (throws on any failure). */
export async function tokensFor(login, { client = clientA, resource = custom.prm.resource, scope = 'mcp:read mcp:write' } = {}) {
  const { tokens } = await O.obtainTokens(AS, await jarOf(login), client, { redirectUri: REDIRECT, resource, scope });
  return tokens;
}

/** An OAuth error answer of the token, registration or revocation endpoint. */
export function assertOAuthError(r, statuses, errors, what = '') {
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
export function assertInvalidToken(r, what) {
  assert.equal(r.status, 401, `${what}: ${O.show(r)}`);
  const c = O.parseChallenge(r.headers.get('www-authenticate'));
  assert.equal(c?.scheme?.toLowerCase(), 'bearer', `${what}: a Bearer challenge: ${O.show(r)}`);
  assert.equal(c.params.error, 'invalid_token', `${what}: error="invalid_token": ${O.show(r)}`);
  assert.ok(c.params.resource_metadata, `${what}: resource_metadata named: ${O.show(r)}`);
  assert.equal(r.json?.error?.code, -32010, `${what}: the JSON-RPC error -32010 (docs/OAUTH.md): ${O.show(r)}`);
  assert.equal(r.json.result, undefined);
}

/** Calls the counted ability e2e/object-echo with a token and checks it was refused and never ran. */
export async function assertTokenRefused(token, what, url = CUSTOM_URL) {
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
export async function assertTokenWorks(token, what) {
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
export function assertErrorPage(r, what) {
  assert.equal(r.location, null, `${what}: never redirected: ${O.show(r)}`);
  assert.ok(r.status === 200 || (r.status >= 400 && r.status < 500), `${what}: an error page: ${O.show(r)}`);
  assert.doesNotMatch(r.text, /name=["']?_wpnonce|name=["']?approve/i, `${what}: no consent form`);
  assert.match(r.text, /cannot be authorized|error/i, `${what}: the page says what is wrong`);
}

export const tokenHash = (t) => crypto.createHash('sha256').update(t).digest('hex');

/**
 * The hooks every oauth-negative-*.test.mjs file registers first: its users (oauth-neg-*,
 * subscribers with known passwords), discovery of both servers, two registered clients, and the
 * rate-limit counters cleared before and after (its users deleted after).
 */
export function useNegativeSuite() {
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
}

export function need(t) {
  if (!READY) t.skip('E2E_SITE_URL, E2E_PASSWORD and E2E_ADMIN_LOGIN_PASSWORD must be set (scripts/test-e2e.sh sets them)');
  return READY;
}
