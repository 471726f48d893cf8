// A raw-HTTP OAuth 2.1 client for the OAuth tests (no SDK, no browser): discovery (401 →
// WWW-Authenticate → RFC 9728 → RFC 8414), Dynamic Client Registration, a wp-login.php login with a
// cookie jar, the consent screen read as HTML and submitted as a form, the code exchanged with PKCE
// S256, refresh and revocation. Every request is bounded (AbortSignal.timeout) and never follows a
// redirect: a test reads each Location itself.
//
// Used by oauth-negative-*.test.mjs (refusals, on the e2e site) and oauth-discovery.test.mjs (the
// special sites of scripts/test-oauth-sites.sh). Nothing here talks to a non-loopback address: every
// URL is checked before it is fetched.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(HERE, '..', '..');
export const MODERN = '2026-07-28';
export const LEGACY = '2025-11-25';
const TIMEOUT_MS = 30_000;

/** Throws unless url is on a loopback host: these tests never send traffic anywhere else. */
export function assertLoopback(url) {
  const u = new URL(url);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) {
    throw new Error(`refusing to send a request to a non-loopback address: ${url}`);
  }
}

// ------------------------------------------------------------------------------------------ HTTP

/** Cookies by name, as a browser keeps them for one loopback host (path and expiry simplified). */
export class CookieJar {
  constructor() {
    this.cookies = new Map();
  }
  store(res) {
    for (const line of res.headers.getSetCookie?.() ?? []) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expires = attrs.map((a) => a.trim()).find((a) => /^expires=/i.test(a));
      const maxAge = attrs.map((a) => a.trim()).find((a) => /^max-age=/i.test(a));
      const gone =
        value === '' || value === 'deleted' ||
        (expires && Date.parse(expires.slice(8)) < Date.now()) ||
        (maxAge && Number(maxAge.slice(8)) <= 0);
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  has(prefix) {
    return [...this.cookies.keys()].some((k) => k.startsWith(prefix));
  }
  clone() {
    const j = new CookieJar();
    j.cookies = new Map(this.cookies);
    return j;
  }
}

/**
 * One request, never following redirects. opts: method, headers, json (a body sent as JSON), form
 * (an object or URLSearchParams sent as application/x-www-form-urlencoded), body (raw), jar.
 * Returns { status, headers, text, json, location }; json is the parsed body when it is JSON.
 */
export async function request(url, { method, headers = {}, json, form, body, jar, timeout = TIMEOUT_MS } = {}) {
  assertLoopback(url);
  const h = { ...headers };
  let payload = body;
  if (json !== undefined) {
    h['Content-Type'] ??= 'application/json';
    payload = typeof json === 'string' ? json : JSON.stringify(json);
  } else if (form !== undefined) {
    h['Content-Type'] ??= 'application/x-www-form-urlencoded';
    payload = (form instanceof URLSearchParams ? form : new URLSearchParams(form)).toString();
  }
  if (jar && jar.cookies.size) h.Cookie = jar.header();
  const res = await fetch(url, {
    method: method ?? (payload !== undefined ? 'POST' : 'GET'),
    headers: h,
    body: payload,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeout),
  });
  if (jar) jar.store(res);
  const text = await res.text();
  let parsed;
  if (/json/i.test(res.headers.get('content-type') ?? '') || /^\s*[[{]/.test(text)) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  const location = res.headers.get('location');
  return { status: res.status, headers: res.headers, text, json: parsed, location: location ? new URL(location, url).href : null };
}

/** A short description of a response for assertion messages. */
export function show(r) {
  const www = r.headers.get('www-authenticate');
  return `HTTP ${r.status}${r.location ? ` → ${r.location}` : ''}${www ? ` [WWW-Authenticate: ${www}]` : ''} ${r.text.slice(0, 600)}`;
}

/** The auth-params of a WWW-Authenticate challenge: { scheme, params: { name: value } }. */
export function parseChallenge(header) {
  if (!header) return null;
  const m = /^\s*([A-Za-z][\w-]*)\s*(.*)$/s.exec(header);
  if (!m) return null;
  const params = {};
  const re = /([A-Za-z_][\w-]*)\s*=\s*("((?:[^"\\]|\\.)*)"|[^\s,]+)/g;
  let p;
  while ((p = re.exec(m[2]))) params[p[1].toLowerCase()] = p[3] !== undefined ? p[3].replace(/\\(.)/g, '$1') : p[2];
  return { scheme: m[1], params };
}

// ----------------------------------------------------------------------------------- MCP requests

let rpcId = 1;

/**
 * One stateless MCP request at 2026-07-28 (no session needed, so an unauthorized request is a single
 * POST): { status, headers, text, json, location }. auth is the Authorization header value (or none).
 */
export async function mcp(url, auth, method, params = {}, { headers = {} } = {}) {
  const body = {
    jsonrpc: '2.0',
    id: rpcId++,
    method,
    params: {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': MODERN,
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 'mcp-native-oauth-raw', version: '0.0.1' },
      },
    },
  };
  const h = {
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': MODERN,
    'Mcp-Method': method,
    ...headers,
  };
  if (method === 'tools/call' && params.name) h['Mcp-Name'] = params.name;
  if (auth) h.Authorization = auth;
  return request(url, { json: body, headers: h });
}

/** tools/call; returns the raw response. */
export function callTool(url, auth, name, args = {}) {
  return mcp(url, auth, 'tools/call', { name, arguments: args });
}

export const bearer = (token) => `Bearer ${token}`;
export const basic = (u, p) => 'Basic ' + Buffer.from(`${u}:${p}`).toString('base64');

/** The fixture's call counter (ability e2e/call-counts through the custom server), with Basic auth. */
export async function callCounts(customUrl, basicAuth) {
  const r = await callTool(customUrl, basicAuth, 'e2e-call-counts', {});
  const result = r.json?.result;
  if (r.status !== 200 || !result || result.isError) throw new Error(`e2e-call-counts failed: ${show(r)}`);
  return result.structuredContent.calls ?? {};
}

// ------------------------------------------------------------------------------------- discovery

/**
 * The MCP client's discovery, as the authorization spec orders it: an unauthenticated request,
 * the 401's resource_metadata, then the authorization server's metadata (RFC 8414 path-inserted,
 * then OpenID forms). Returns { challenge, prmUrl, prm, asUrl, as, tried }.
 */
export async function discover(mcpUrl) {
  const first = await mcp(mcpUrl, null, 'tools/list');
  if (first.status !== 401) throw new Error(`unauthenticated request to ${mcpUrl} is not 401: ${show(first)}`);
  const challenge = parseChallenge(first.headers.get('www-authenticate'));
  if (!challenge || challenge.scheme.toLowerCase() !== 'bearer' || !challenge.params.resource_metadata) {
    throw new Error(`no Bearer resource_metadata challenge: ${show(first)}`);
  }
  const prmUrl = challenge.params.resource_metadata;
  const prmRes = await request(prmUrl);
  if (prmRes.status !== 200 || !prmRes.json) throw new Error(`protected resource metadata ${prmUrl}: ${show(prmRes)}`);
  const prm = prmRes.json;
  const issuer = prm.authorization_servers?.[0];
  if (!issuer) throw new Error(`no authorization_servers in ${prmUrl}: ${prmRes.text}`);
  const tried = [];
  for (const asUrl of asMetadataUrls(issuer)) {
    const r = await request(asUrl);
    tried.push(`${asUrl} → ${r.status}`);
    if (r.status === 200 && r.json?.issuer) return { challenge, first, prmUrl, prm, asUrl, as: r.json, tried };
  }
  throw new Error(`no authorization server metadata for ${issuer}: ${tried.join(', ')}`);
}

/** Where a client looks for an issuer's metadata (MCP authorization spec, 2025-11-25). */
export function asMetadataUrls(issuer) {
  const u = new URL(issuer);
  const p = u.pathname.replace(/\/+$/, '');
  if (p === '') {
    return [`${u.origin}/.well-known/oauth-authorization-server`, `${u.origin}/.well-known/openid-configuration`];
  }
  return [
    `${u.origin}/.well-known/oauth-authorization-server${p}`,
    `${u.origin}/.well-known/openid-configuration${p}`,
    `${u.origin}${p}/.well-known/openid-configuration`,
  ];
}

// ---------------------------------------------------------------------------------- registration

/** RFC 7591 registration: returns the raw response (json is the client on 201). */
export function register(as, metadata) {
  if (!as.registration_endpoint) throw new Error('the metadata names no registration_endpoint');
  return request(as.registration_endpoint, { json: metadata });
}

/** Registers a public client with loopback redirect URIs; returns its client information. */
export async function registerClient(as, { name = 'oauth raw test client', redirectUris = ['http://127.0.0.1/callback'], extra = {} } = {}) {
  const r = await register(as, {
    client_name: name,
    redirect_uris: redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    ...extra,
  });
  if (r.status !== 201 || !r.json?.client_id) throw new Error(`registration failed: ${show(r)}`);
  return r.json;
}

// ------------------------------------------------------------------------------------------ login

/** Logs in through wp-login.php like a browser; returns the cookie jar. */
export async function login(site, user, password) {
  const jar = new CookieJar();
  jar.cookies.set('wordpress_test_cookie', 'WP%20Cookie%20check');
  const r = await request(`${site}/wp-login.php`, {
    jar,
    form: { log: user, pwd: password, 'wp-submit': 'Log In', redirect_to: `${site}/wp-admin/`, testcookie: '1' },
  });
  if (r.status !== 302 || !jar.has('wordpress_logged_in_')) {
    throw new Error(`login of ${user} at ${site} failed: ${show(r)}`);
  }
  return jar;
}

// ------------------------------------------------------------------------------------------- PKCE

export function pkce() {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export const randomState = () => crypto.randomBytes(12).toString('base64url');

// ----------------------------------------------------------------------------------- consent form

export function decodeEntities(s) {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d)))
    .replace(/&quot;/g, '"')
    .replace(/&#039;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attrs(tag) {
  const out = {};
  const re = /([a-zA-Z_:][-\w:.]*)\s*(?:=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
  let m;
  const inner = tag.replace(/^<\s*[\w-]+/, '').replace(/\/?>$/, '');
  while ((m = re.exec(inner))) out[m[1].toLowerCase()] = decodeEntities(m[3] ?? m[4] ?? m[5] ?? '');
  return out;
}

/**
 * Every POST form of a page: { action, fields: {name: value} (hidden and text inputs), buttons:
 * [{name, value, label}] }.
 */
export function parseForms(html, pageUrl) {
  const forms = [];
  const re = /<form\b[^>]*>([\s\S]*?)<\/form>/gi;
  let m;
  while ((m = re.exec(html))) {
    const open = /<form\b[^>]*>/i.exec(m[0])[0];
    const a = attrs(open);
    const fields = {};
    for (const input of m[1].match(/<input\b[^>]*>/gi) ?? []) {
      const ia = attrs(input);
      const type = (ia.type ?? 'text').toLowerCase();
      if (!ia.name || ['submit', 'button', 'image', 'reset'].includes(type)) continue;
      if ((type === 'checkbox' || type === 'radio') && !('checked' in ia)) continue;
      fields[ia.name] = ia.value ?? '';
    }
    const buttons = [];
    for (const b of m[1].match(/<button\b[^>]*>[\s\S]*?<\/button>/gi) ?? []) {
      const ba = attrs(/<button\b[^>]*>/i.exec(b)[0]);
      if ((ba.type ?? 'submit').toLowerCase() !== 'submit') continue;
      buttons.push({ name: ba.name, value: ba.value ?? '', label: b.replace(/<[^>]*>/g, '').trim() });
    }
    for (const input of m[1].match(/<input\b[^>]*>/gi) ?? []) {
      const ia = attrs(input);
      if ((ia.type ?? '').toLowerCase() === 'submit') buttons.push({ name: ia.name, value: ia.value ?? '', label: ia.value ?? '' });
    }
    forms.push({
      method: (a.method ?? 'get').toLowerCase(),
      action: new URL(a.action || pageUrl, pageUrl).href,
      fields,
      buttons,
      html: m[0],
    });
  }
  return forms;
}

/** The consent form of an authorization page, with its approve and deny buttons. */
export function consentForm(page) {
  const forms = parseForms(page.text, page.url).filter((f) => f.method === 'post');
  for (const f of forms) {
    const approve = f.buttons.find((b) => /approve|allow|authori[sz]e/i.test(`${b.name} ${b.value} ${b.label}`));
    const deny = f.buttons.find((b) => /deny|cancel|reject/i.test(`${b.name} ${b.value} ${b.label}`));
    if (approve) return { ...f, approve, deny };
  }
  throw new Error(`no consent form with an Approve button on ${page.url}: HTTP ${page.status} ${page.text.replace(/\s+/g, ' ').slice(0, 1500)}`);
}

/** The body of a consent form submitted with one of its buttons (fields overridable; null removes). */
export function formBody(form, button, overrides = {}) {
  const body = new URLSearchParams();
  const fields = { ...form.fields, ...overrides };
  for (const [k, v] of Object.entries(fields)) if (v !== null && v !== undefined) body.append(k, v);
  if (button?.name) body.append(button.name, button.value);
  return body;
}

// ---------------------------------------------------------------------------------- authorization

/** The authorization request URL. params: clientId, redirectUri, resource, scope, state, challenge, method. */
export function authorizeUrl(as, { clientId, redirectUri, resource, scope, state, challenge, method = 'S256', extra = {} }) {
  const u = new URL(as.authorization_endpoint);
  const q = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    state,
    code_challenge: challenge,
    code_challenge_method: method,
    resource,
    scope,
    ...extra,
  };
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null) u.searchParams.set(k, v);
  return u.href;
}

/**
 * GETs the authorization endpoint as the logged-in user of jar; the page, or its redirect. A
 * redirect on the site itself to the consent screen (wp-admin/admin.php?page=mcp-native-authorize,
 * where the REST authorization endpoint sends the browser) is followed, as a browser would; any
 * other redirect (wp-login.php, the client's redirect URI) is returned as it is. hops lists the
 * URLs followed.
 */
export async function openAuthorize(as, jar, params) {
  let url = authorizeUrl(as, params);
  const hops = [url];
  let r = await request(url, { jar });
  const origin = new URL(url).origin;
  while ([301, 302, 303, 307].includes(r.status) && r.location && hops.length < 4) {
    const next = new URL(r.location);
    if (next.origin !== origin || !/\/wp-admin\/admin\.php$/.test(next.pathname) || next.searchParams.get('page') !== 'mcp-native-authorize') break;
    url = next.href;
    hops.push(url);
    r = await request(url, { jar });
  }
  return { ...r, url, hops };
}

/** Parses the parameters of a redirect to the client (query of its Location). */
export function redirectParams(location) {
  return Object.fromEntries(new URL(location).searchParams);
}

/**
 * The whole front channel for one user: open the consent page, approve (or deny), read the
 * redirect. Returns { code, state, iss, location, params, page, form }.
 */
export async function authorize(as, jar, { clientId, redirectUri, resource, scope, approve = true, method = 'S256', pk = pkce(), state = randomState(), extra } = {}) {
  const page = await openAuthorize(as, jar, { clientId, redirectUri, resource, scope, state, challenge: pk.challenge, method, extra });
  if (page.status !== 200) throw new Error(`authorization page: ${show(page)}`);
  const form = consentForm(page);
  const post = await request(form.action, { jar, form: formBody(form, approve ? form.approve : form.deny) });
  if (![302, 303].includes(post.status) || !post.location) throw new Error(`consent POST did not redirect: ${show(post)}`);
  const params = redirectParams(post.location);
  return { code: params.code, state: params.state, iss: params.iss, params, location: post.location, page, form, pk, sentState: state };
}

// ------------------------------------------------------------------------------------ token calls

/** POSTs to the token endpoint; client: { client_id, client_secret?, token_endpoint_auth_method? }. */
export function tokenRequest(as, client, params, { headers = {} } = {}) {
  const form = new URLSearchParams(params);
  const h = { Accept: 'application/json', ...headers };
  if (client?.client_secret && client.token_endpoint_auth_method === 'client_secret_basic') {
    h.Authorization = basic(encodeURIComponent(client.client_id), encodeURIComponent(client.client_secret));
  } else if (client) {
    form.set('client_id', client.client_id);
    if (client.client_secret) form.set('client_secret', client.client_secret);
  }
  return request(as.token_endpoint, { form, headers: h });
}

export function exchangeCode(as, client, { code, redirectUri, verifier, resource }) {
  const p = { grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier };
  if (resource) p.resource = resource;
  return tokenRequest(as, client, p);
}

export function refreshTokens(as, client, refreshToken, { resource, scope } = {}) {
  const p = { grant_type: 'refresh_token', refresh_token: refreshToken };
  if (resource) p.resource = resource;
  if (scope) p.scope = scope;
  return tokenRequest(as, client, p);
}

export function revoke(as, client, token, hint) {
  const p = { token };
  if (hint) p.token_type_hint = hint;
  return tokenRequest({ token_endpoint: as.revocation_endpoint }, client, p);
}

/** Authorization code → tokens, all in one (throws on any failure). Returns { tokens, auth }. */
export async function obtainTokens(as, jar, client, { redirectUri, resource, scope = 'mcp:read mcp:write' } = {}) {
  redirectUri ??= client.redirect_uris[0];
  const auth = await authorize(as, jar, { clientId: client.client_id, redirectUri, resource, scope });
  if (!auth.code) throw new Error(`no code in the redirect: ${auth.location}`);
  const r = await exchangeCode(as, client, { code: auth.code, redirectUri, verifier: auth.pk.verifier, resource });
  if (r.status !== 200 || !r.json?.access_token) throw new Error(`code exchange failed: ${show(r)}`);
  return { tokens: r.json, auth };
}

// ------------------------------------------------------------------------------- site-side helpers

/**
 * Runs PHP inside the site's WordPress (CLI, as scripts/wp-stack.sh's wp_site_php does), with the
 * HTTP host of siteUrl; returns its stdout (throws on a non-zero exit). env: extra environment.
 */
export function sitePhp(siteDir, siteUrl, code, { env = {}, phpArgs = [] } = {}) {
  if (!fs.existsSync(path.join(siteDir, 'wp-load.php'))) throw new Error(`no WordPress in ${siteDir} (set E2E_SITE_DIR)`);
  const php = process.env.PHP || 'php8.2';
  const u = new URL(siteUrl);
  const boot = `
    $_SERVER['HTTP_HOST'] = ${JSON.stringify(u.host)};
    $_SERVER['SERVER_NAME'] = ${JSON.stringify(u.hostname)};
    $_SERVER['SERVER_PORT'] = ${JSON.stringify(u.port || '80')};
    $_SERVER['REQUEST_URI'] = ${JSON.stringify((u.pathname.replace(/\/?$/, '/')))};
    $_SERVER['REQUEST_METHOD'] = 'GET';
    $_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
    $_SERVER['REMOTE_ADDR'] = '127.0.0.1';
    require ${JSON.stringify(path.join(siteDir, 'wp-load.php'))};
    $admin = get_user_by( 'login', 'admin' );
    if ( $admin ) { wp_set_current_user( $admin->ID ); }
    eval( stream_get_contents( STDIN ) );
  `;
  const { MCP_NATIVE_REQUIRE: _drop, ...parentEnv } = process.env;
  const r = spawnSync(php, ['-d', 'display_errors=stderr', ...phpArgs, '-r', boot], {
    input: code,
    encoding: 'utf8',
    timeout: 30_000,
    killSignal: 'SIGKILL',
    env: { ...parentEnv, ...env },
  });
  if (r.status !== 0) throw new Error(`site PHP failed (exit ${r.status}${r.signal ? `, ${r.signal}` : ''}): ${r.stderr}\n${r.stdout}`.slice(0, 3000));
  return r.stdout;
}

/** JSON out of sitePhp: the code must echo wp_json_encode(...). */
export function sitePhpJson(siteDir, siteUrl, code, opts) {
  const out = sitePhp(siteDir, siteUrl, code, opts);
  try {
    return JSON.parse(out);
  } catch {
    throw new Error(`site PHP printed no JSON: ${out.slice(0, 1000)}`);
  }
}

/** Sleeps, bounded. */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
