// OAuth 2.1 end to end (issue 34, docs/OAUTH.md) with the official TypeScript SDK clients and a
// real browser for the one human step. Each client starts without credentials and finds its own way:
// 401 + WWW-Authenticate: Bearer resource_metadata=… → RFC 9728 → RFC 8414 → registration (Dynamic
// Client Registration, or a Client ID Metadata Document served from a loopback server here) →
// PKCE S256 authorization URL, opened in Debian's Chromium: log in to wp-login.php as the admin,
// the consent screen names the client and its redirect host, Approve (or Deny) → the loopback
// redirect URI receives code, state and iss → the SDK exchanges the code → tools with the bearer
// token. Then refresh (rotation; the spent refresh token is refused and revokes the grant).
//
// @modelcontextprotocol/sdk 1.x (protocol 2025-11-25) and @modelcontextprotocol/client 2.x
// (versionNegotiation 'auto': 2026-07-28, and finishAuth(params) checks `iss` against the metadata).
// OAUTH_SCREENSHOT=path saves the consent screen there (docs/img/oauth-consent.png).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import * as V2 from '@modelcontextprotocol/client';
import { CFG, allText, callCounts, connectSdk, closeSdk } from './helpers.mjs';
import {
  SCOPES, TLS, browserSkipReason, callbackServer, cimdServer, recordingFetch, wire, MemoryOAuthProvider,
  ConsentBrowser, assertConsentNames, postForm, getJson, bearerProbe,
} from './oauth-helpers.mjs';

const SKIP = browserSkipReason() || false; // '' would still count as a skip in the report
const ORIGIN = new URL(CFG.site).origin;
const CONNECT_TIMEOUT = 30_000;

let browser;
let cb; // loopback redirect URI of the clients
let cimdHttp; // Client ID Metadata Documents over http (accepted: the test site is 'local')
let cimdHttps; // … and over https (what the SDKs insist on), with the certificate the site trusts
let asMeta; // RFC 8414 metadata, as read in the first test

const documents = {
  'sdk-v1': (id) => ({ client_name: 'E2E SDK v1 (metadata document)', redirect_uris: [cbUrl()], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], client_uri: 'https://example.org/e2e' }),
  'sdk-v2': (id) => ({ client_name: 'E2E SDK v2 (metadata document)', redirect_uris: [cbUrl()], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] }),
  'sdk-v2-http': (id) => ({ client_name: 'E2E SDK v2 (http metadata document)', redirect_uris: [cbUrl()], token_endpoint_auth_method: 'none', grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] }),
};
const cbUrl = () => cb.url;

before(async () => {
  if (SKIP) return;
  cb = await callbackServer();
  cimdHttp = await cimdServer({ documents });
  if (TLS) cimdHttps = await cimdServer({ documents, tls: TLS });
  browser = await new ConsentBrowser({ label: 'oauth-sdk' }).launch();
});

after(async () => {
  await v1.client?.close().catch(() => {}); // closed by the refresh test unless it failed early
  await browser?.close();
  await cb?.close();
  await cimdHttp?.close();
  await cimdHttps?.close();
});

/** Runs a client's authorization URL through Chromium and answers the consent screen. */
async function consent(provider, { clientName, answer = 'approve', screenshot = false, scope }) {
  const url = provider.lastAuthorizationUrl;
  const screen = await browser.openConsent(url);
  assertConsentNames(screen.text, { clientName, redirectHost: new URL(cb.url).hostname });
  if (scope) await browser.chooseScope(scope);
  if (screenshot && process.env.OAUTH_SCREENSHOT) await browser.screenshot(path.resolve(process.env.OAUTH_SCREENSHOT));
  if (screenshot) await browser.screenshot(path.join(CFG.artifacts, 'oauth-consent.png'));
  const waiting = cb.waitFor(25_000);
  const landed = await browser.answer(answer === 'approve' ? screen.approve : screen.deny, new URL(cb.url).origin);
  const params = await waiting;
  assert.equal(landed.pathname, '/callback');
  return { params, screen };
}

/** The authorization request a client built: PKCE S256, resource, state, redirect URI. */
function assertAuthorizationRequest(provider, { clientId, resource }) {
  const u = provider.lastAuthorizationUrl;
  const q = u.searchParams;
  assert.equal(`${u.origin}${u.pathname}`, asMeta.authorization_endpoint.split('?')[0], 'the metadata\'s authorization endpoint');
  assert.equal(q.get('response_type'), 'code');
  assert.equal(q.get('code_challenge_method'), 'S256');
  assert.match(q.get('code_challenge') || '', /^[A-Za-z0-9_-]{43}$/);
  assert.equal(q.get('client_id'), clientId);
  assert.equal(q.get('redirect_uri'), cb.url);
  assert.equal(q.get('resource'), resource, 'RFC 8707 resource = the MCP endpoint');
  assert.equal(q.get('state'), provider.states[provider.states.length - 1]);
}

/** The callback of an approved request: code, the client's state, and iss = the issuer (RFC 9207). */
function assertApproved(params, provider) {
  assert.equal(params.get('error'), null, `no error at the callback: ${params}`);
  assert.match(params.get('code') || '', /\S{20,}/, `a code at the callback: ${params}`);
  assert.equal(params.get('state'), provider.states[provider.states.length - 1], 'state is returned unchanged');
  assert.equal(params.get('iss'), asMeta.issuer, 'iss is the issuer (RFC 9207)');
}

function assertTokens(tokens) {
  assert.ok(tokens, 'tokens saved');
  assert.match(tokens.access_token, /^mcpn_at_\S{32,}$/);
  assert.match(tokens.refresh_token || '', /^mcpn_rt_\S{32,}$/);
  assert.match(tokens.token_type, /^bearer$/i);
  assert.ok(tokens.expires_in > 60 && tokens.expires_in <= 3600, `expires_in ${tokens.expires_in}`);
}

test('discovery documents: 401 challenge, RFC 9728 for the endpoint, RFC 8414 for the site', { skip: SKIP }, async () => {
  const r = await fetch(CFG.customUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '0' } } }),
    signal: AbortSignal.timeout(20_000),
  });
  const body = await r.text();
  assert.equal(r.status, 401, body);
  const challenge = r.headers.get('www-authenticate') || '';
  assert.match(challenge, /^Bearer /, `WWW-Authenticate: ${challenge}`);
  const rm = /resource_metadata="([^"]+)"/.exec(challenge);
  assert.ok(rm, `resource_metadata in ${challenge}`);
  assert.match(challenge, /scope="mcp:read mcp:write"/);
  // The plugin's unauthenticated code (ErrorCode::UNAUTHORIZED, as auth-matrix.test.mjs expects).
  assert.equal(JSON.parse(body).error?.code, -32010, body);

  const prm = await getJson(rm[1]);
  assert.equal(prm.status, 200, `${rm[1]} → ${prm.status} ${prm.text.slice(0, 500)}`);
  assert.equal(prm.json.resource, CFG.customUrl, 'resource is the MCP endpoint as the client uses it');
  assert.deepEqual(prm.json.authorization_servers, [CFG.site]);
  assert.deepEqual([...(prm.json.scopes_supported || [])].sort(), ['mcp:read', 'mcp:write']);

  // RFC 8414 §3: {origin}/.well-known/oauth-authorization-server{issuer path}; the issuer is the site.
  const asUrl = `${ORIGIN}/.well-known/oauth-authorization-server${new URL(CFG.site).pathname.replace(/\/$/, '')}`;
  const as = await getJson(asUrl);
  assert.equal(as.status, 200, `${asUrl} → ${as.status} ${as.text.slice(0, 500)}`);
  asMeta = as.json;
  assert.equal(asMeta.issuer, CFG.site);
  for (const k of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'revocation_endpoint']) {
    assert.ok(asMeta[k]?.startsWith(CFG.site), `${k}: ${asMeta[k]}`);
  }
  assert.deepEqual(asMeta.code_challenge_methods_supported, ['S256']);
  assert.ok(asMeta.response_types_supported?.includes('code'));
  assert.ok(asMeta.grant_types_supported?.includes('authorization_code') && asMeta.grant_types_supported?.includes('refresh_token'));
  assert.equal(asMeta.client_id_metadata_document_supported, true);
  assert.equal(asMeta.authorization_response_iss_parameter_supported, true);
  assert.ok(asMeta.token_endpoint_auth_methods_supported?.includes('none'));
});

// Shared by the tests below: the DCR client of SDK v1 and its last tokens.
const v1 = { provider: null, log: [], client: null, transport: null };

test('SDK v1 + Dynamic Client Registration: discovery, consent in Chromium, tools with the bearer token', { skip: SKIP }, async () => {
  assert.ok(asMeta, 'the discovery test ran first');
  const clientName = 'Example AI Client (SDK v1, dynamic registration)';
  v1.provider = new MemoryOAuthProvider({ redirectUrl: cb.url, clientName });
  const fetchFn = recordingFetch(v1.log);
  const calls = await callCountsBaseline();

  // 1. No credentials: the SDK meets the 401, discovers, registers, and asks to open the browser.
  const t1 = new StreamableHTTPClientTransport(new URL(CFG.customUrl), { authProvider: v1.provider, fetch: fetchFn });
  const c1 = new Client({ name: 'mcp-native-oauth-e2e-v1', version: '0.0.1' });
  await assert.rejects(c1.connect(t1, { timeout: CONNECT_TIMEOUT }), (e) => e instanceof UnauthorizedError, wire(v1.log));
  const w = wire(v1.log);
  const first = v1.log[0];
  assert.equal(first.method, 'POST');
  assert.equal(first.url, CFG.customUrl);
  assert.equal(first.status, 401, w);
  assert.match(first.wwwAuthenticate || '', /^Bearer .*resource_metadata="/, w);
  assert.ok(v1.log.some((e) => e.method === 'GET' && e.url.includes('/.well-known/oauth-protected-resource') && e.status === 200), `RFC 9728 document read:\n${w}`);
  assert.ok(v1.log.some((e) => e.method === 'GET' && /oauth-authorization-server|openid-configuration/.test(e.url) && e.status === 200), `RFC 8414 document read:\n${w}`);
  const reg = v1.log.find((e) => e.method === 'POST' && e.url === asMeta.registration_endpoint);
  assert.ok(reg, `registered at ${asMeta.registration_endpoint}:\n${w}`);
  assert.equal(reg.status, 201, w);
  const client = v1.provider.clientInformation();
  assert.ok(client?.client_id, 'a client_id was issued');
  assert.equal(client.client_secret, undefined, 'a public client (token_endpoint_auth_method none) gets no secret');
  assertAuthorizationRequest(v1.provider, { clientId: client.client_id, resource: CFG.customUrl });
  assert.equal(v1.provider.lastAuthorizationUrl.searchParams.get('scope'), SCOPES, 'the SDK asks for the scope of the challenge');

  // 2. The human step: log in, read the consent screen, approve.
  await browser.logout();
  const { params, screen } = await consent(v1.provider, { clientName, screenshot: true });
  assert.ok(browser.sawLogin, 'WordPress asked to log in first');
  assert.match(screen.text, /not verified|unverified/i, 'a DCR client name is shown as unverified');
  assert.deepEqual(screen.scopes, [{ value: 'mcp:read', checked: false }, { value: 'mcp:write', checked: true }], 'asked for mcp:write: offered and chosen by default');
  const framing = browser.consentResponses.find((r) => r.status === 200);
  assert.ok(framing, 'the consent page was answered 200');
  assert.equal((framing.headers['x-frame-options'] || '').toUpperCase(), 'DENY');
  assert.match(framing.headers['content-security-policy'] || '', /frame-ancestors 'none'/);
  assertApproved(params, v1.provider);

  // 3. The code goes back to the SDK; it exchanges it (PKCE verifier, resource) for tokens.
  await t1.finishAuth(params.get('code'));
  assertTokens(v1.provider.tokens());
  const exchange = v1.log.find((e) => e.method === 'POST' && e.url === asMeta.token_endpoint);
  assert.ok(exchange, 'token request sent');
  const form = new URLSearchParams(exchange.body);
  assert.equal(form.get('grant_type'), 'authorization_code');
  assert.equal(form.get('resource'), CFG.customUrl);
  assert.ok(form.get('code_verifier'));
  assert.equal(exchange.status, 200, wire(v1.log));

  // 4. A new connection with the same provider: tools/list and tools/call with the bearer token.
  v1.transport = new StreamableHTTPClientTransport(new URL(CFG.customUrl), { authProvider: v1.provider, fetch: fetchFn });
  v1.client = new Client({ name: 'mcp-native-oauth-e2e-v1', version: '0.0.1' });
  const before = v1.log.length;
  await v1.client.connect(v1.transport, { timeout: CONNECT_TIMEOUT });
  const names = (await v1.client.listTools()).tools.map((t) => t.name);
  assert.ok(names.includes('e2e-object-echo') && names.includes('e2e-delete-note'), names.join(', '));
  const r = await v1.client.callTool({ name: 'e2e-object-echo', arguments: { message: 'oauth', times: 2 } });
  assert.equal(r.isError ?? false, false, allText(r));
  assert.equal(r.structuredContent.echo, 'oauthoauth');
  const mcpCalls = v1.log.slice(before).filter((e) => e.url === CFG.customUrl);
  assert.ok(mcpCalls.length >= 3, wire(v1.log.slice(before)));
  for (const e of mcpCalls) assert.equal(e.authorization, `Bearer ${v1.provider.tokens().access_token}`, `every MCP request carries the bearer token:\n${wire(mcpCalls)}`);
  assert.equal((await callCountsBaseline())['e2e/object-echo'] ?? 0, (calls['e2e/object-echo'] ?? 0) + 1, 'the ability ran once');

  // 5. Approved as asked (mcp:write is the default choice when asked): a non-read-only ability runs too.
  assert.equal(v1.provider.tokens().scope, SCOPES, 'the granted scope');
  const del = await v1.client.callTool({ name: 'e2e-delete-note', arguments: { id: 7, reason: 'oauth e2e' } });
  assert.equal(del.isError ?? false, false, allText(del));
  assert.equal(del.structuredContent.deleted, 7);

  // 6. The token is bound to this endpoint: the default server and another REST route refuse it.
  const other = await bearerProbe(CFG.defaultUrl, v1.provider.tokens().access_token);
  assert.equal(other.status, 401, `a token for ${CFG.customUrl} on ${CFG.defaultUrl}: ${other.status} ${other.text.slice(0, 300)}`);
  assert.match(other.wwwAuthenticate || '', /error="invalid_token"/);
  const rest = await fetch(`${CFG.site}/wp-json/wp/v2/users/me`, { headers: { Authorization: `Bearer ${v1.provider.tokens().access_token}` }, signal: AbortSignal.timeout(20_000) });
  const restBody = await rest.text();
  assert.equal(rest.status, 401, `an MCP token on /wp/v2/users/me: ${rest.status} ${restBody.slice(0, 300)}`);
  assert.match(restBody, /mcp_native_oauth_wrong_resource/);
});

test('SDK v1: refresh on 401 rotates the refresh token; the spent one is refused and revokes the grant', { skip: SKIP }, async () => {
  assert.ok(v1.client, 'the DCR test connected a client');
  const old = { ...v1.provider.tokens() };
  const before = v1.log.length;
  // The access token stops being accepted (as after its hour): the SDK meets 401 invalid_token and refreshes.
  v1.provider._tokens = { ...old, access_token: `mcpn_at_${'A'.repeat(43)}` };
  const r = await v1.client.callTool({ name: 'e2e-object-echo', arguments: { message: 'after refresh' } });
  assert.equal(r.isError ?? false, false, allText(r) + wire(v1.log.slice(before)));
  const refresh = v1.log.slice(before).find((e) => e.method === 'POST' && e.url === asMeta.token_endpoint);
  assert.ok(refresh, `the SDK refreshed:\n${wire(v1.log.slice(before))}`);
  assert.equal(new URLSearchParams(refresh.body).get('grant_type'), 'refresh_token');
  assert.equal(refresh.status, 200, wire(v1.log.slice(before)));
  const now = v1.provider.tokens();
  assertTokens(now);
  assert.notEqual(now.access_token, old.access_token);
  assert.notEqual(now.refresh_token, old.refresh_token, 'the refresh token is rotated');
  assert.equal((await bearerProbe(CFG.customUrl, now.access_token)).status, 200, 'the new access token works');

  // The spent refresh token again (a stolen copy): invalid_grant, and the whole grant is revoked.
  const replay = await postForm(asMeta.token_endpoint, {
    grant_type: 'refresh_token', refresh_token: old.refresh_token, client_id: v1.provider.clientInformation().client_id, resource: CFG.customUrl,
  });
  assert.equal(replay.status, 400, replay.text);
  assert.equal(replay.json?.error, 'invalid_grant', replay.text);
  const afterReplay = await bearerProbe(CFG.customUrl, now.access_token);
  assert.equal(afterReplay.status, 401, `the grant's access token after the replay: ${afterReplay.status} ${afterReplay.text.slice(0, 300)}`);
  const again = await postForm(asMeta.token_endpoint, {
    grant_type: 'refresh_token', refresh_token: now.refresh_token, client_id: v1.provider.clientInformation().client_id,
  });
  assert.equal(again.json?.error, 'invalid_grant', `the grant's newest refresh token after the replay: ${again.text}`);
  await v1.client.close().catch(() => {});
});

test('SDK v1: Deny sends access_denied to the redirect URI, with state and iss, and no code', { skip: SKIP }, async () => {
  assert.ok(v1.provider?.clientInformation(), 'the DCR test registered a client');
  const provider = new MemoryOAuthProvider({ redirectUrl: cb.url, clientName: 'unused', clientInformation: v1.provider.clientInformation() });
  const log = [];
  const t = new StreamableHTTPClientTransport(new URL(CFG.customUrl), { authProvider: provider, fetch: recordingFetch(log) });
  await assert.rejects(new Client({ name: 'deny', version: '0' }).connect(t, { timeout: CONNECT_TIMEOUT }), (e) => e instanceof UnauthorizedError, wire(log));
  assert.ok(!log.some((e) => e.url === asMeta.registration_endpoint), 'a known client does not register again');
  const { params } = await consent(provider, { clientName: 'Example AI Client (SDK v1, dynamic registration)', answer: 'deny' });
  assert.equal(params.get('error'), 'access_denied', String(params));
  assert.equal(params.get('code'), null);
  assert.equal(params.get('state'), provider.states[provider.states.length - 1]);
  assert.equal(params.get('iss'), asMeta.issuer);
});

test('SDK v1 + Client ID Metadata Document (https, loopback): no registration, the site fetches the document', { skip: SKIP || (!TLS && 'E2E_TLS_CERT/E2E_TLS_KEY not set (scripts/test-e2e.sh makes them)') }, async () => {
  const id = cimdHttps.urlOf('sdk-v1');
  const provider = new MemoryOAuthProvider({ redirectUrl: cb.url, clientName: 'not used: the document names the client', clientMetadataUrl: id });
  const log = [];
  const fetchFn = recordingFetch(log);
  const t = new StreamableHTTPClientTransport(new URL(CFG.customUrl), { authProvider: provider, fetch: fetchFn });
  await assert.rejects(new Client({ name: 'cimd-v1', version: '0' }).connect(t, { timeout: CONNECT_TIMEOUT }), (e) => e instanceof UnauthorizedError, wire(log));
  assert.ok(!log.some((e) => e.url === asMeta.registration_endpoint), `no registration with a metadata document:\n${wire(log)}`);
  assertAuthorizationRequest(provider, { clientId: id, resource: CFG.customUrl });

  const { params } = await consent(provider, { clientName: 'E2E SDK v1 (metadata document)' });
  assert.ok((cimdHttps.fetches['sdk-v1'] ?? 0) >= 1, 'the site fetched the client\'s document');
  const fetchedBy = cimdHttps.requests.find((q) => q.url === '/clients/sdk-v1.json');
  assert.match(fetchedBy.headers['user-agent'] || '', /WordPress/, 'fetched by WordPress\'s HTTP API');
  assertApproved(params, provider);
  await t.finishAuth(params.get('code'));
  assertTokens(provider.tokens());

  const t2 = new StreamableHTTPClientTransport(new URL(CFG.customUrl), { authProvider: provider, fetch: fetchFn });
  const c2 = new Client({ name: 'cimd-v1', version: '0' });
  await c2.connect(t2, { timeout: CONNECT_TIMEOUT });
  const r = await c2.callTool({ name: 'e2e-string-length', arguments: { input: 'metadata' } });
  assert.equal(r.isError ?? false, false, allText(r));
  assert.deepEqual(r.structuredContent, { result: 8 });
  await c2.close();
});

/** SDK v2 (2026-07-28) through a whole flow; returns the connected client. */
async function v2Flow({ clientMetadataUrl, clientInformation, clientName, url = CFG.customUrl, scope }) {
  const provider = new MemoryOAuthProvider({ redirectUrl: cb.url, clientName, clientMetadataUrl, clientInformation });
  const log = [];
  const fetchFn = recordingFetch(log);
  const opts = { versionNegotiation: { mode: 'auto' } };
  const t1 = new V2.StreamableHTTPClientTransport(new URL(url), { authProvider: provider, fetch: fetchFn });
  await assert.rejects(new V2.Client({ name: 'mcp-native-oauth-e2e-v2', version: '0.0.1' }, opts).connect(t1), (e) => e instanceof V2.UnauthorizedError, wire(log));
  assert.ok(!log.some((e) => e.url === asMeta.registration_endpoint), `no registration:\n${wire(log)}`);
  assertAuthorizationRequest(provider, { clientId: clientMetadataUrl ?? clientInformation.client_id, resource: url });

  // Deny first: finishAuth(params) checks iss, then surfaces access_denied as an OAuth error.
  const denied = await consent(provider, { clientName, answer: 'deny' });
  assert.equal(denied.params.get('error'), 'access_denied', String(denied.params));
  await assert.rejects(t1.finishAuth(denied.params), (e) => /access_denied/.test(`${e?.code} ${e?.message}`), 'the SDK reports access_denied');
  assert.equal(provider.tokens(), undefined, 'no tokens after Deny');

  // Then again, approved: the SDK checks iss (RFC 9207) against the metadata it discovered.
  const t2 = new V2.StreamableHTTPClientTransport(new URL(url), { authProvider: provider, fetch: fetchFn });
  await assert.rejects(new V2.Client({ name: 'mcp-native-oauth-e2e-v2', version: '0.0.1' }, opts).connect(t2), (e) => e instanceof V2.UnauthorizedError, wire(log));
  const { params } = await consent(provider, { clientName, scope });
  assertApproved(params, provider);
  await t2.finishAuth(params);
  assertTokens(provider.tokens());

  const t3 = new V2.StreamableHTTPClientTransport(new URL(url), { authProvider: provider, fetch: fetchFn });
  const client = new V2.Client({ name: 'mcp-native-oauth-e2e-v2', version: '0.0.1' }, opts);
  const from = log.length;
  await client.connect(t3);
  assert.equal(client.getProtocolEra(), 'modern', wire(log));
  assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28');
  const sent = log.slice(from).filter((e) => e.url === url);
  assert.ok(sent.length >= 1 && sent.every((e) => e.authorization === `Bearer ${provider.tokens().access_token}` && e.status === 200), `server/discover with the bearer token:\n${wire(sent)}`);
  assert.ok(sent.some((e) => (e.body || '').includes('server/discover')), wire(sent));
  return { client, provider, log };
}

test('SDK v2 (2026-07-28) + Client ID Metadata Document (https): Deny, then Approve read-only, iss checked, scope enforced', { skip: SKIP || (!TLS && 'E2E_TLS_CERT/E2E_TLS_KEY not set (scripts/test-e2e.sh makes them)') }, async () => {
  assert.ok(asMeta, 'the discovery test ran first');
  // The user narrows the grant to "Read only" on the consent screen.
  const { client, provider } = await v2Flow({ clientMetadataUrl: cimdHttps.urlOf('sdk-v2'), clientName: 'E2E SDK v2 (metadata document)', scope: 'mcp:read' });
  assert.equal(provider.tokens().scope, 'mcp:read', 'the scope the user chose');
  const tools = (await client.listTools()).tools.map((t) => t.name);
  assert.ok(tools.includes('e2e-object-echo') && tools.includes('e2e-delete-note'), tools.join(', '));
  const r = await client.callTool({ name: 'e2e-object-echo', arguments: { message: 'v2' } });
  assert.equal(r.isError ?? false, false, allText(r));
  assert.equal(r.structuredContent.echo, 'v2');
  await client.close();

  // A non-read-only ability with a read-only token: 403 insufficient_scope, and it never ran.
  const calls = await callCountsBaseline();
  const del = await bearerProbe(CFG.customUrl, provider.tokens().access_token, 'tools/call', { name: 'e2e-delete-note', arguments: { id: 1, reason: 'x' } });
  assert.equal(del.status, 403, del.text.slice(0, 500));
  assert.equal(del.json?.error?.code, -32011, del.text.slice(0, 500)); // ErrorCode::FORBIDDEN
  assert.match(del.wwwAuthenticate || '', /^Bearer .*error="insufficient_scope"/, del.wwwAuthenticate);
  assert.match(del.wwwAuthenticate || '', /scope="mcp:read mcp:write"/);
  assert.equal((await callCountsBaseline())['e2e/delete-note'] ?? 0, calls['e2e/delete-note'] ?? 0, 'e2e/delete-note never ran');
});

test('SDK v2 + Client ID Metadata Document over http (accepted on a local site): default server, tools', { skip: SKIP }, async () => {
  assert.ok(asMeta, 'the discovery test ran first');
  // Both SDKs refuse a non-https clientMetadataUrl (isHttpsUrl() in client/auth.js); a client that
  // knows its URL-shaped client_id hands it over as its client information instead.
  const id = cimdHttp.urlOf('sdk-v2-http');
  const { client } = await v2Flow({ clientInformation: { client_id: id }, clientName: 'E2E SDK v2 (http metadata document)', url: CFG.defaultUrl });
  assert.ok((cimdHttp.fetches['sdk-v2-http'] ?? 0) >= 1, 'the site fetched the http document');
  const names = (await client.listTools()).tools.map((t) => t.name).sort();
  assert.ok(names.includes('mcp-adapter-discover-abilities'), names.join(', '));
  const r = await client.callTool({ name: 'mcp-adapter-discover-abilities', arguments: {} });
  assert.equal(r.isError ?? false, false, allText(r));
  assert.ok(r.structuredContent.abilities.some((a) => a.name === 'e2e/object-echo'));
  await client.close();
});

/** The fixture's call counter (application password: independent of OAuth). */
async function callCountsBaseline() {
  const conn = await connectSdk(CFG.customUrl);
  try {
    return await callCounts(conn.client);
  } finally {
    await closeSdk(conn);
  }
}
