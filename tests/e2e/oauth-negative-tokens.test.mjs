// The OAuth 2.1 negative suite, part 2 (oauth-negative-setup.mjs says what the suite proves and
// how): tokens: another server's or REST route's audience, unknown, of the wrong kind, expired,
// stored only as hashes, revoked (RFC 7009, a 2025-11-25 session, the profile screen), mcp:read's
// insufficient_scope, refresh rotation and replay, a password change, a deleted user.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import * as O from './oauth-http.mjs';
import { useNegativeSuite, env, SITE, DEFAULT_URL, CUSTOM_URL, REDIRECT, php, phpJson, dflt, custom, AS, clientA, clientB, users, jarOf, counts, ran, tokensFor, assertOAuthError, assertInvalidToken, assertTokenRefused, assertTokenWorks, tokenHash, need } from './oauth-negative-setup.mjs';

useNegativeSuite();

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
