// OAuth discovery (issue 34, docs/OAUTH.md "Endpoints", "What a web server must pass", "Multisite")
// on the sites scripts/test-oauth-sites.sh builds: WordPress at the host's root with pretty
// permalinks, the same with plain permalinks, WordPress in a subdirectory (/blog; served without and
// with the root rule the docs describe), and a subdirectory multisite network (sub-sites /two/ and
// /three/). For each: the 401 challenge, every well-known form the docs promise (and the one they
// say needs a rule), each document's fields, and then the whole flow (DCR, consent, PKCE, tokens, an
// MCP call) through the endpoints the documents name. On the network each site is its own resource
// and issuer, and a token of one site is refused by the others.
//
// The sites are described by OAUTH_SITES_JSON (a file scripts/test-oauth-sites.sh writes); without it
// every test skips.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as O from './oauth-http.mjs';

const CONFIG = process.env.OAUTH_SITES_JSON && fs.existsSync(process.env.OAUTH_SITES_JSON)
  ? JSON.parse(fs.readFileSync(process.env.OAUTH_SITES_JSON, 'utf8'))
  : null;
const SITES = CONFIG?.sites ?? [];
const DEFAULT_ROUTE = '/mcp/mcp-adapter-default-server';
const CUSTOM_ROUTE = '/mcp-native-e2e/mcp';
const REDIRECT = 'http://127.0.0.1/oauth-discovery/callback';

function need(t) {
  if (!CONFIG) t.skip('OAUTH_SITES_JSON not set: run through scripts/test-oauth-sites.sh');
  return Boolean(CONFIG);
}

/** The REST URL of a route as rest_url() writes it on a site (pretty or plain permalinks). */
function restUrl(home, plain, route) {
  return plain ? `${home}/index.php?rest_route=${route}` : `${home}/wp-json${route}`;
}

/** The view of one site (or sub-site) the tests need. */
function view(site, home) {
  const u = new URL(home);
  const homePath = u.pathname.replace(/\/+$/, '');
  return {
    ...site,
    home,
    origin: u.origin,
    homePath,
    plain: site.kind === 'plain',
    atRoot: homePath === '',
    mcpUrl: (route) => restUrl(home, site.kind === 'plain', route),
  };
}

function assertAsDocument(doc, v, { openid = false } = {}, what = '') {
  assert.equal(doc.issuer, v.home, `${what}: issuer`);
  assert.equal(doc.authorization_endpoint, v.mcpUrl('/mcp-native/v1/oauth/authorize'), `${what}: authorization_endpoint (a URL without a query of its own on pretty permalinks)`);
  for (const [field, route] of [
    ['token_endpoint', '/mcp-native/v1/oauth/token'],
    ['revocation_endpoint', '/mcp-native/v1/oauth/revoke'],
    ['registration_endpoint', '/mcp-native/v1/oauth/register'],
  ]) {
    assert.equal(doc[field], v.mcpUrl(route), `${what}: ${field}`);
  }
  assert.deepEqual(doc.code_challenge_methods_supported, ['S256'], `${what}: S256 only`);
  assert.deepEqual(doc.response_types_supported, ['code'], `${what}: response_types_supported`);
  assert.ok(doc.grant_types_supported.includes('authorization_code') && doc.grant_types_supported.includes('refresh_token'), `${what}: grant types`);
  assert.ok(!doc.grant_types_supported.includes('implicit') && !doc.grant_types_supported.includes('password'), `${what}: no implicit or password grant`);
  assert.ok(doc.token_endpoint_auth_methods_supported.includes('none'), `${what}: public clients`);
  assert.deepEqual([...doc.scopes_supported].sort(), ['mcp:read', 'mcp:write'], `${what}: scopes`);
  assert.equal(doc.authorization_response_iss_parameter_supported, true, `${what}: RFC 9207`);
  assert.equal(doc.client_id_metadata_document_supported, true, `${what}: CIMD`);
  if (openid) {
    assert.equal(doc.jwks_uri, v.mcpUrl('/mcp-native/v1/oauth/jwks'), `${what}: jwks_uri`);
    assert.ok(Array.isArray(doc.subject_types_supported) && doc.subject_types_supported.length, `${what}: subject_types_supported`);
    assert.ok(Array.isArray(doc.id_token_signing_alg_values_supported) && doc.id_token_signing_alg_values_supported.length, `${what}: id_token_signing_alg_values_supported`);
  }
}

function assertPrm(doc, v, resource, what = '') {
  assert.equal(doc.resource, resource, `${what}: resource`);
  assert.deepEqual(doc.authorization_servers, [v.home], `${what}: authorization_servers`);
  assert.deepEqual([...doc.scopes_supported].sort(), ['mcp:read', 'mcp:write'], `${what}: scopes_supported`);
  assert.deepEqual(doc.bearer_methods_supported, ['header'], `${what}: bearer_methods_supported`);
}

async function getJson(url, what) {
  const r = await O.request(url);
  assert.equal(r.status, 200, `${what}: GET ${url}: ${O.show(r)}`);
  assert.match(r.headers.get('content-type') ?? '', /application\/json/i, `${what}: ${url}`);
  assert.ok(r.json && typeof r.json === 'object', `${what}: JSON object at ${url}`);
  return r.json;
}

/**
 * Checks every discovery form of one (sub-)site; returns the discovery result. rootRule: whether the
 * host's root passes the path-inserted forms of a site below it to WordPress (true: they must work;
 * false: they must be the web server's 404; null: not checked here).
 */
async function checkDiscovery(v, { rootRule = true } = {}) {
  const label = `${v.name} (${v.home})`;
  // 1. The challenge of each server.
  for (const route of [DEFAULT_ROUTE, CUSTOM_ROUTE]) {
    const r = await O.mcp(v.mcpUrl(route), null, 'tools/list');
    assert.equal(r.status, 401, `${label} ${route}: ${O.show(r)}`);
    const c = O.parseChallenge(r.headers.get('www-authenticate'));
    assert.equal(c?.scheme?.toLowerCase(), 'bearer', `${label}: ${O.show(r)}`);
    assert.equal(c.params.error, undefined, `${label}: no error without a token`);
    assert.match(c.params.scope ?? '', /mcp:read/);
    const expected = v.atRoot && !v.plain
      ? `${v.origin}/.well-known/oauth-protected-resource${new URL(v.mcpUrl(route)).pathname}`
      : v.mcpUrl(`/mcp-native/v1/oauth-protected-resource${route}`);
    assert.equal(c.params.resource_metadata, expected, `${label} ${route}: the metadata URL that reaches WordPress here`);
    assertPrm(await getJson(c.params.resource_metadata, label), v, v.mcpUrl(route), `${label} ${route} (from the challenge)`);
  }
  // 2. The well-known forms of the protected resource metadata.
  const resourcePath = new URL(v.mcpUrl(DEFAULT_ROUTE)).pathname; // /blog/wp-json/... or /index.php on plain
  const prettyPath = new URL(`${v.home}/wp-json${DEFAULT_ROUTE}`).pathname;
  const prmForms = [
    [`${v.home}/.well-known/oauth-protected-resource`, v.mcpUrl(DEFAULT_ROUTE)], // root form: the default server
    [`${v.home}/.well-known/oauth-protected-resource${prettyPath}`, `${v.origin}${prettyPath}`],
  ];
  if (!v.plain) prmForms.push([`${v.home}/.well-known/oauth-protected-resource${new URL(v.mcpUrl(CUSTOM_ROUTE)).pathname}`, `${v.origin}${new URL(v.mcpUrl(CUSTOM_ROUTE)).pathname}`]);
  if (!v.atRoot && rootRule) prmForms.push([`${v.origin}/.well-known/oauth-protected-resource${resourcePath}`, `${v.origin}${resourcePath}`]);
  for (const [url, resource] of prmForms) {
    assertPrm(await getJson(url, label), v, resource, `${label} ${url}`);
  }
  // 3. Authorization server metadata: RFC 8414 (path-inserted and home-relative) and OpenID.
  const asForms = [
    [`${v.home}/.well-known/oauth-authorization-server`, false],
    [`${v.home}/.well-known/openid-configuration`, true],
  ];
  if (!v.atRoot && rootRule) {
    asForms.push([`${v.origin}/.well-known/oauth-authorization-server${v.homePath}`, false]);
    asForms.push([`${v.origin}/.well-known/openid-configuration${v.homePath}`, true]);
  }
  let as;
  for (const [url, openid] of asForms) {
    const doc = await getJson(url, label);
    assertAsDocument(doc, v, { openid }, `${label} ${url}`);
    as ??= doc;
    if (openid) assert.deepEqual(await getJson(doc.jwks_uri, label), { keys: [] }, `${label}: an empty JWKS`);
  }
  // Without the root rule, a subdirectory install's path-inserted RFC 8414 URL does not reach WordPress (documented).
  if (!v.atRoot && rootRule === false) {
    const r = await O.request(`${v.origin}/.well-known/oauth-authorization-server${v.homePath}`);
    assert.equal(r.status, 404, `${label}: without a root rule the path-inserted form is the web server's 404: ${O.show(r)}`);
  }
  // 4. What an MCP client does with all that (O.discover follows the spec's order).
  const d = await O.discover(v.mcpUrl(DEFAULT_ROUTE));
  assert.equal(d.as.issuer, v.home, `${label}: a client finds the issuer (tried ${d.tried.join(', ')})`);
  return { as, prm: d.prm };
}

/** The whole flow on one (sub-)site as admin; returns the tokens and the client. */
async function flow(v, as, resource, jar) {
  const client = await O.registerClient(as, { name: `discovery client ${v.name}`, redirectUris: [REDIRECT] });
  const { tokens, auth } = await O.obtainTokens(as, jar, client, { redirectUri: REDIRECT, resource, scope: 'mcp:read mcp:write' });
  assert.equal(auth.iss, v.home, `${v.name}: iss in the authorization response is this site's issuer`);
  return { tokens, client };
}

async function assertWorks(url, token, what) {
  const r = await O.mcp(url, O.bearer(token), 'tools/list');
  assert.equal(r.status, 200, `${what}: ${O.show(r)}`);
  assert.ok(Array.isArray(r.json?.result?.tools) && r.json.result.tools.length > 0, `${what}: ${O.show(r)}`);
}

async function assertRefused(url, token, what) {
  const r = await O.mcp(url, O.bearer(token), 'tools/list');
  assert.equal(r.status, 401, `${what}: ${O.show(r)}`);
  assert.equal(O.parseChallenge(r.headers.get('www-authenticate'))?.params.error, 'invalid_token', `${what}: ${O.show(r)}`);
}

for (const site of SITES.filter((s) => s.kind !== 'network')) {
  test(`discovery and the whole flow: ${site.name} (${site.url})`, async (t) => {
    if (!need(t)) return;
    const v = view(site, site.url);
    const { as } = await checkDiscovery(v, { rootRule: site.root_rule !== false });
    const jar = await O.login(v.home, 'admin', site.admin_password);
    const { tokens } = await flow(v, as, v.mcpUrl(DEFAULT_ROUTE), jar);
    await assertWorks(v.mcpUrl(DEFAULT_ROUTE), tokens.access_token, `${v.name}: the token on its server`);
    await assertRefused(v.mcpUrl(CUSTOM_ROUTE), tokens.access_token, `${v.name}: the token on the other server`);
    if (v.plain) {
      // The other URL forms of the same server accept the same token.
      await assertWorks(`${v.home}/?rest_route=${DEFAULT_ROUTE}`, tokens.access_token, `${v.name}: /?rest_route= form`);
    }
  });
}

for (const site of SITES.filter((s) => s.kind === 'network')) {
  test(`multisite: each site is its own resource and issuer, and refuses the others' tokens (${site.url})`, async (t) => {
    if (!need(t)) return;
    const homes = [site.url, ...site.subsites.map((s) => `${site.url}/${s}`)];
    const views = homes.map((h) => view({ ...site, name: `network ${new URL(h).pathname}` }, h));
    const jar = await O.login(site.url, 'admin', site.admin_password);
    const issued = [];
    for (const v of views) {
      // Each site's own forms ({home}/.well-known/…, the REST form, the challenge) and the flow.
      const { as } = await checkDiscovery(v, { rootRule: null });
      const { tokens, client } = await flow(v, as, v.mcpUrl(DEFAULT_ROUTE), jar);
      await assertWorks(v.mcpUrl(DEFAULT_ROUTE), tokens.access_token, `${v.name}: its own token`);
      issued.push({ v, as, tokens, client });
    }
    await t.test('a token of one site is refused by every other site of the network', async () => {
      for (const a of issued) {
        for (const b of issued) {
          if (a === b) continue;
          await assertRefused(b.v.mcpUrl(DEFAULT_ROUTE), a.tokens.access_token, `${a.v.name}'s token on ${b.v.name}`);
        }
      }
    });
    await t.test('a code or refresh token of one site is refused by another site\'s token endpoint', async () => {
      const [a, b] = [issued[1], issued[2] ?? issued[0]];
      const auth = await O.authorize(a.as, jar, { clientId: a.client.client_id, redirectUri: REDIRECT, resource: a.v.mcpUrl(DEFAULT_ROUTE), scope: 'mcp:read' });
      const r = await O.exchangeCode(b.as, a.client, { code: auth.code, redirectUri: REDIRECT, verifier: auth.pk.verifier, resource: a.v.mcpUrl(DEFAULT_ROUTE) });
      assert.ok([400, 401].includes(r.status) && ['invalid_client', 'invalid_grant'].includes(r.json?.error), `${a.v.name}'s code at ${b.v.name}'s token endpoint: ${O.show(r)}`);
      assert.equal(r.json?.access_token, undefined);
      const rr = await O.refreshTokens(b.as, a.client, a.tokens.refresh_token);
      assert.ok([400, 401].includes(rr.status) && rr.json?.access_token === undefined, `${a.v.name}'s refresh token at ${b.v.name}: ${O.show(rr)}`);
      // And the sub-site's own endpoint still takes it (the refusal above was about the site).
      const own = await O.refreshTokens(a.as, a.client, a.tokens.refresh_token);
      assert.equal(own.status, 200, O.show(own));
    });
    await t.test('the path-inserted RFC 8414 / RFC 9728 forms at the host\'s root name each sub-site', async () => {
      for (const { v } of issued.slice(1)) {
        const doc = await getJson(`${v.origin}/.well-known/oauth-authorization-server${v.homePath}`, v.name);
        assert.equal(doc.issuer, v.home, `${v.name}: the root's path-inserted form answers for the sub-site`);
        const oidc = await getJson(`${v.origin}/.well-known/openid-configuration${v.homePath}`, v.name);
        assert.equal(oidc.issuer, v.home);
        const prm = await getJson(`${v.origin}/.well-known/oauth-protected-resource${v.homePath}/wp-json${DEFAULT_ROUTE}`, v.name);
        assertPrm(prm, v, `${v.home}/wp-json${DEFAULT_ROUTE}`, `${v.name} path-inserted`);
      }
    });
  });
}

test('OAuth switched off by the site owner: Basic challenge, and the well-known documents answer 404', async (t) => {
  if (!need(t)) return;
  const site = SITES.find((s) => s.kind === 'pretty');
  if (!site) return t.skip('no pretty-permalink site');
  const v = view(site, site.url);
  O.sitePhp(site.dir, site.url, `update_option( 'mcp_native_oauth', array( 'enabled' => false, 'cimd' => true, 'dcr' => true ) );`);
  try {
    const r = await O.mcp(v.mcpUrl(DEFAULT_ROUTE), null, 'tools/list');
    assert.equal(r.status, 401, O.show(r));
    assert.match(r.headers.get('www-authenticate') ?? '', /^Basic realm="WordPress MCP"/, O.show(r));
    for (const url of [
      `${v.origin}/.well-known/oauth-protected-resource`,
      `${v.origin}/.well-known/oauth-protected-resource/wp-json${DEFAULT_ROUTE}`,
      `${v.origin}/.well-known/oauth-authorization-server`,
      `${v.origin}/.well-known/openid-configuration`,
    ]) {
      const w = await O.request(url);
      assert.equal(w.status, 404, `${url}: ${O.show(w)}`);
    }
    // The endpoints refuse too: no registration, no tokens.
    const reg = await O.request(v.mcpUrl('/mcp-native/v1/oauth/register'), { json: { redirect_uris: [REDIRECT] } });
    assert.ok(reg.status >= 400 && !reg.json?.client_id, `registration while switched off: ${O.show(reg)}`);
  } finally {
    O.sitePhp(site.dir, site.url, `delete_option( 'mcp_native_oauth' );`);
  }
  const back = await O.mcp(v.mcpUrl(DEFAULT_ROUTE), null, 'tools/list');
  assert.match(back.headers.get('www-authenticate') ?? '', /^Bearer /, 'back on');
});
