// What the OAuth end-to-end tests share (tests/e2e/oauth-*.test.mjs): loopback HTTP(S) servers for
// the clients' redirect URIs and Client ID Metadata Documents, an in-memory OAuthClientProvider
// that the TypeScript SDK v1 and v2 both accept, a recording fetch, and Debian's Chromium driven
// by playwright-core for the one human step: logging in to wp-login.php and answering the consent
// screen.
//
// Environment (scripts/test-e2e.sh sets it; see helpers.mjs for the site itself):
//   E2E_ADMIN_LOGIN_PASSWORD  the admin's login password (wp-login.php)      (tests skip without it)
//   CHROMIUM                  Debian's chromium (default /usr/bin/chromium)   (tests skip without it)
//   E2E_TLS_CERT, E2E_TLS_KEY a self-signed certificate for 127.0.0.1 that the site trusts
//                             (fixtures/oauth-loopback.php): the https Client ID Metadata Documents
//   OAUTH_SCREENSHOT          a path: the consent screen is saved there as PNG (docs/img/oauth-consent.png)
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { CFG } from './helpers.mjs';

export const ADMIN_LOGIN_PASSWORD = process.env.E2E_ADMIN_LOGIN_PASSWORD || '';
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const TLS = process.env.E2E_TLS_CERT && process.env.E2E_TLS_KEY && fs.existsSync(process.env.E2E_TLS_CERT)
  ? { cert: fs.readFileSync(process.env.E2E_TLS_CERT), key: fs.readFileSync(process.env.E2E_TLS_KEY) }
  : null;

/** Why the browser tests cannot run here ('' when they can). */
export function browserSkipReason() {
  if (!ADMIN_LOGIN_PASSWORD) return 'E2E_ADMIN_LOGIN_PASSWORD is not set (the admin logs in to wp-login.php)';
  if (!fs.existsSync(CHROMIUM)) return `${CHROMIUM} does not exist (scripts/install-deps.sh browser)`;
  return '';
}

export const SCOPES = 'mcp:read mcp:write';

// ------------------------------------------------------------------ loopback servers

/**
 * A server on 127.0.0.1 (a free port). handler(req, res, body) may be async. Returns
 * { port, origin, requests, close } where requests lists { method, url, headers } of every request.
 */
export async function loopbackServer(handler, { tls = null } = {}) {
  const requests = [];
  const onRequest = (req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method, url: req.url, headers: req.headers, body });
      try {
        await handler(req, res, body);
      } catch (e) {
        res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end(String(e?.stack || e));
      }
    });
  };
  const server = tls ? https.createServer({ cert: tls.cert, key: tls.key }, onRequest) : http.createServer(onRequest);
  server.keepAliveTimeout = 1000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = server.address().port;
  return {
    port,
    origin: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/**
 * The redirect URI of a native client (RFC 8252 loopback): GET /callback answers a small page and
 * remembers the query. waitFor(ms) resolves with the URLSearchParams of the next callback.
 */
export async function callbackServer() {
  const waiting = [];
  const received = [];
  const srv = await loopbackServer((req, res) => {
    const u = new URL(req.url, 'http://127.0.0.1');
    if (u.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    received.push(u.searchParams);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>e2e callback</title><p id="done">Back at the client.</p>');
    while (waiting.length) waiting.shift()(u.searchParams);
  });
  return {
    ...srv,
    url: `${srv.origin}/callback`,
    received,
    waitFor(ms = 20_000) {
      const already = received.length;
      return new Promise((resolve, reject) => {
        if (received.length > already) return resolve(received[received.length - 1]);
        const t = setTimeout(() => reject(new Error(`no request reached ${srv.origin}/callback within ${ms} ms`)), ms);
        waiting.push((p) => {
          clearTimeout(t);
          resolve(p);
        });
      });
    },
  };
}

/**
 * A Client ID Metadata Document server: GET /clients/<name>.json answers the JSON document whose
 * client_id is that very URL (http, or https with the certificate the site trusts). `fetches`
 * counts the requests for each document (the site's own fetches).
 */
export async function cimdServer({ tls = null, documents }) {
  const fetches = {};
  const srv = await loopbackServer((req, res) => {
    const u = new URL(req.url, 'http://127.0.0.1');
    const m = /^\/clients\/([a-z0-9-]+)\.json$/.exec(u.pathname);
    const make = m && documents[m[1]];
    if (!make || req.method !== 'GET') {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"not_found"}');
      return;
    }
    fetches[m[1]] = (fetches[m[1]] || 0) + 1;
    const clientId = `${srv.origin}${u.pathname}`;
    res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'max-age=300' });
    res.end(JSON.stringify({ client_id: clientId, ...make(clientId) }));
  }, { tls });
  return { ...srv, fetches, urlOf: (name) => `${srv.origin}/clients/${name}.json` };
}

// ------------------------------------------------------------------ the client side

/** A fetch that records every request and answer (method, url, status, headers, form body). */
export function recordingFetch(log) {
  return async (input, init = {}) => {
    const isReq = typeof Request !== 'undefined' && input instanceof Request;
    const url = isReq ? input.url : String(input);
    const method = (init.method || (isReq ? input.method : 'GET')).toUpperCase();
    const headers = new Headers(init.headers || (isReq ? input.headers : undefined));
    let body = init.body;
    if (body instanceof URLSearchParams) body = body.toString();
    const entry = { method, url, authorization: headers.get('authorization'), body: typeof body === 'string' ? body : undefined };
    log.push(entry);
    const res = await fetch(input, init);
    entry.status = res.status;
    entry.wwwAuthenticate = res.headers.get('www-authenticate');
    entry.contentType = res.headers.get('content-type');
    if (!(entry.contentType || '').includes('event-stream')) {
      entry.answer = (await res.clone().text().catch(() => '')).slice(0, 2000);
    }
    return res;
  };
}

/** The log as lines, for assertion messages. */
export function wire(log) {
  return log
    .map((e) => `${e.method} ${e.url} [${e.authorization ? e.authorization.slice(0, 14) + '…' : 'no auth'}] → ${e.status}` +
      (e.wwwAuthenticate ? ` WWW-Authenticate: ${e.wwwAuthenticate}` : '') +
      (e.status >= 400 && e.answer ? ` ${e.answer.slice(0, 300)}` : ''))
    .join('\n');
}

/**
 * An OAuthClientProvider kept in memory (what a desktop client keeps on disk), accepted by
 * @modelcontextprotocol/sdk 1.x and @modelcontextprotocol/client 2.x alike.
 */
export class MemoryOAuthProvider {
  constructor({ redirectUrl, clientName, clientMetadataUrl, clientInformation, scope } = {}) {
    this._redirectUrl = redirectUrl;
    this._clientName = clientName;
    if (clientMetadataUrl) this.clientMetadataUrl = clientMetadataUrl;
    this._client = clientInformation;
    this._scope = scope;
    this._tokens = undefined;
    this._verifier = undefined;
    this._discovery = undefined;
    this.authorizationUrls = [];
    this.states = [];
    this.savedTokens = [];
    this.savedClients = [];
  }

  get redirectUrl() {
    return this._redirectUrl;
  }

  get clientMetadata() {
    return {
      client_name: this._clientName,
      redirect_uris: [String(this._redirectUrl)],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      ...(this._scope ? { scope: this._scope } : {}),
    };
  }

  state() {
    const s = crypto.randomBytes(16).toString('base64url');
    this.states.push(s);
    return s;
  }

  clientInformation() {
    return this._client;
  }

  saveClientInformation(info) {
    this._client = info;
    this.savedClients.push(info);
  }

  tokens() {
    return this._tokens;
  }

  saveTokens(tokens) {
    this._tokens = tokens;
    this.savedTokens.push(tokens);
  }

  redirectToAuthorization(url) {
    this.authorizationUrls.push(new URL(String(url)));
  }

  saveCodeVerifier(v) {
    this._verifier = v;
  }

  codeVerifier() {
    if (!this._verifier) throw new Error('no code verifier saved');
    return this._verifier;
  }

  saveDiscoveryState(s) {
    this._discovery = s;
  }

  discoveryState() {
    return this._discovery;
  }

  /** The last authorization URL the SDK asked us to open. */
  get lastAuthorizationUrl() {
    const u = this.authorizationUrls[this.authorizationUrls.length - 1];
    assert.ok(u, 'the SDK never asked to open an authorization URL');
    return u;
  }
}

/** A raw form POST (token, revocation endpoints). Returns { status, json, text, headers }. */
export async function postForm(url, fields, headers = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json', ...headers },
    body: new URLSearchParams(fields).toString(),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

/** A GET answering JSON (metadata documents). */
export async function getJson(url) {
  const res = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(20_000), redirect: 'manual' });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text, headers: res.headers };
}

/** One MCP request at 2026-07-28 (stateless: no session needed) with a bearer token. */
export async function bearerProbe(url, token, method = 'tools/list', params = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      Authorization: `Bearer ${token}`,
      'MCP-Protocol-Version': '2026-07-28',
      'Mcp-Method': method,
      ...(typeof params.name === 'string' ? { 'Mcp-Name': params.name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'oauth-e2e-probe', version: '0' },
        },
      },
    }),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, wwwAuthenticate: res.headers.get('www-authenticate') };
}

// ------------------------------------------------------------------ Chromium

const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/**
 * Debian's Chromium with a fresh profile. authorize(url, …) opens an authorization URL the way a
 * client's "open the browser" step would, logs in to wp-login.php when WordPress asks, checks the
 * consent screen, then answers it and returns where the browser landed.
 */
export class ConsentBrowser {
  constructor({ label = 'oauth' } = {}) {
    this.label = label;
    this.context = null;
    this.page = null;
    this.profileDir = null;
    this.consentResponses = [];
  }

  async launch() {
    const { chromium } = await import('playwright-core');
    this.profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-native-oauth-chromium-'));
    this.context = await chromium.launchPersistentContext(this.profileDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 800 },
      timeout: 30_000,
    });
    this.context.setDefaultTimeout(20_000);
    this.context.setDefaultNavigationTimeout(30_000);
    this.page = this.context.pages()[0] || (await this.context.newPage());
    this.page.on('response', (r) => {
      if (r.request().resourceType() === 'document' && r.url().includes('page=mcp-native-authorize')) {
        this.consentResponses.push({ url: r.url(), status: r.status(), headers: r.headers() });
      }
    });
    return this;
  }

  async close() {
    await this.context?.close().catch(() => {});
    if (this.profileDir) fs.rmSync(this.profileDir, { recursive: true, force: true });
  }

  async logout() {
    await this.context.clearCookies();
  }

  /** What the page shows, for assertion messages (and a screenshot in the artifacts). */
  async diag(name = 'failure') {
    let text = '';
    try {
      text = (await this.page.locator('body').innerText({ timeout: 3000 })).slice(0, 3000);
    } catch {
      text = '(no body)';
    }
    try {
      fs.mkdirSync(CFG.artifacts, { recursive: true });
      await this.page.screenshot({ path: path.join(CFG.artifacts, `${this.label}-${name}.png`), timeout: 5000 });
    } catch {
      // a screenshot is a diagnostic only
    }
    return `\n--- browser at ${this.page.url()} ---\n${text}`;
  }

  /**
   * Opens `url`; logs in as `user` when WordPress's login form comes first. Resolves on the
   * consent screen with { text, approve, deny } (the page's text and the two buttons).
   */
  async openConsent(url, { user = CFG.user, password = ADMIN_LOGIN_PASSWORD } = {}) {
    this.sawLogin = false;
    const page = this.page;
    await page.goto(String(url), { waitUntil: 'domcontentloaded' });
    if (new URL(page.url()).pathname.endsWith('/wp-login.php')) {
      this.sawLogin = true;
      await page.fill('#user_login', user);
      await page.fill('#user_pass', password);
      await Promise.all([
        page.waitForURL((u) => !u.pathname.endsWith('/wp-login.php'), { waitUntil: 'domcontentloaded' }),
        page.click('#wp-submit'),
      ]);
    }
    if (new URL(page.url()).origin !== new URL(CFG.site).origin) {
      throw new Error(`sent away from the site instead of a consent screen${await this.diag('no-consent')}`);
    }
    const approve = page.getByRole('button', { name: /^\s*(approve|allow|authori[sz]e)\b/i });
    const deny = page.getByRole('button', { name: /^\s*(deny|cancel|decline|reject)\b/i });
    try {
      await approve.first().waitFor({ state: 'visible', timeout: 20_000 });
    } catch (e) {
      throw new Error(`no Approve button on the consent screen: ${e.message}${await this.diag('no-consent')}`);
    }
    const text = await page.locator('body').innerText();
    const scopes = await page.$$eval('input[name="granted_scope"]', (els) => els.map((e) => ({ value: e.value, checked: e.checked })));
    return { text, scopes, approve: approve.first(), deny: deny.first() };
  }

  /** Chooses what the client may do on the consent screen (the radio of that scope). */
  async chooseScope(scope) {
    await this.page.locator(`input[name="granted_scope"][value="${scope}"]`).check();
  }

  /** Saves the consent screen to `file`: 1280 wide, 800 high or as high as the page up to 1000 (its buttons show). */
  async screenshot(file) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const height = await this.page.evaluate(() => document.documentElement.scrollHeight);
    await this.page.setViewportSize({ width: 1280, height: Math.min(1000, Math.max(800, height)) });
    await this.page.screenshot({ path: file });
    await this.page.setViewportSize({ width: 1280, height: 800 });
    return file;
  }

  /**
   * Clicks a consent button and waits until the browser is at `landingOrigin` (the client's
   * redirect URI). Returns the URL it landed on.
   */
  async answer(button, landingOrigin) {
    const page = this.page;
    try {
      await Promise.all([
        page.waitForURL((u) => u.origin === landingOrigin, { waitUntil: 'commit', timeout: 20_000 }),
        button.click(),
      ]);
    } catch (e) {
      throw new Error(`the consent answer did not lead to ${landingOrigin}: ${e.message}${await this.diag('no-redirect')}`);
    }
    return new URL(page.url());
  }
}

/** Asserts the consent screen names the client and its redirect host (host name: the port is the client's own). */
export function assertConsentNames(text, { clientName, redirectHost }) {
  assert.ok(text.includes(clientName), `the consent screen names the client "${clientName}":\n${text.slice(0, 2000)}`);
  assert.ok(text.includes(redirectHost), `the consent screen shows the redirect host ${redirectHost}:\n${text.slice(0, 2000)}`);
}
