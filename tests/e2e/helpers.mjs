// Shared helpers for the end-to-end tests: where the site is, how to authenticate, and a raw
// JSON-RPC-over-HTTP client for the checks the SDK client cannot express (bad headers, bad JSON…).
//
// The site is described by the environment (scripts/test-e2e.sh sets it):
//   E2E_SITE_URL   http://127.0.0.1:PORT           (required)
//   E2E_USERNAME   WordPress user name              (required)
//   E2E_PASSWORD   its application password         (required)
//   E2E_DEFAULT_URL / E2E_CUSTOM_URL                 (optional: full endpoint URLs; default
//                                                     {site}/wp-json/mcp/mcp-adapter-default-server and
//                                                     {site}/wp-json/mcp-native-e2e/mcp)
//   E2E_ARTIFACTS  folder for logs (optional)
// or E2E_CONNECTION=path to a JSON file { "url", "username", "password", "site_url" } (as make demo writes).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export const HERE = path.dirname(fileURLToPath(import.meta.url));

function loadConfig() {
  const env = process.env;
  let site = env.E2E_SITE_URL;
  let user = env.E2E_USERNAME;
  let pass = env.E2E_PASSWORD;
  if (env.E2E_CONNECTION) {
    const c = JSON.parse(fs.readFileSync(env.E2E_CONNECTION, 'utf8'));
    site = site || c.site_url;
    user = user || c.username;
    pass = pass || c.password;
  }
  if (!site || !user || !pass) {
    throw new Error(
      'E2E_SITE_URL, E2E_USERNAME and E2E_PASSWORD (or E2E_CONNECTION) must be set: run the suite through scripts/test-e2e.sh',
    );
  }
  site = site.replace(/\/+$/, '');
  const u = new URL(site);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) {
    throw new Error(`refusing to test a non-loopback site: ${site}`);
  }
  return {
    site,
    user,
    pass,
    defaultUrl: env.E2E_DEFAULT_URL || `${site}/wp-json/mcp/mcp-adapter-default-server`,
    customUrl: env.E2E_CUSTOM_URL || `${site}/wp-json/mcp-native-e2e/mcp`,
    artifacts: env.E2E_ARTIFACTS || path.join(HERE, 'artifacts'),
  };
}

export const CFG = loadConfig();

export const AUTH = 'Basic ' + Buffer.from(`${CFG.user}:${CFG.pass}`).toString('base64');

export const LATEST_PROTOCOL = '2025-11-25';

/** Connects the official SDK client to an endpoint with the application password. */
export async function connectSdk(url, { name = 'mcp-native-e2e', headers = {} } = {}) {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { Authorization: AUTH, ...headers } },
  });
  const client = new Client({ name, version: '0.0.1' });
  await client.connect(transport, { timeout: 30_000 });
  return { client, transport };
}

export async function closeSdk(conn) {
  if (!conn) return;
  try {
    await conn.transport.terminateSession();
  } catch {
    // DELETE is optional for servers; closing must not fail the test run.
  }
  await conn.client.close();
}

/**
 * One raw HTTP request. Returns { status, headers, text, json } where json is the parsed body or
 * undefined when the body is empty; a body that is not JSON throws with the body in the message,
 * because the server must never answer with HTML or a PHP notice.
 */
export async function http(url, { method = 'POST', body, raw, headers = {}, auth = true, sessionId, protocolVersion } = {}) {
  const h = { Accept: 'application/json, text/event-stream', ...headers };
  if (body !== undefined || raw !== undefined) h['Content-Type'] = h['Content-Type'] || 'application/json';
  if (auth) h.Authorization = AUTH;
  if (sessionId) h['Mcp-Session-Id'] = sessionId;
  if (protocolVersion) h['MCP-Protocol-Version'] = protocolVersion;
  const res = await fetch(url, {
    method,
    headers: h,
    body: raw !== undefined ? raw : body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json;
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${url} → HTTP ${res.status} with a body that is not JSON:\n${text.slice(0, 2000)}`);
    }
  }
  return { status: res.status, headers: res.headers, text, json };
}

let nextId = 1;
export function rpcBody(method, params, id = nextId++) {
  const b = { jsonrpc: '2.0', id, method };
  if (params !== undefined) b.params = params;
  return b;
}

/** initialize + notifications/initialized over raw HTTP; returns { sessionId, result, protocolVersion }. */
export async function rawInitialize(url, protocolVersion = LATEST_PROTOCOL) {
  const r = await http(url, {
    body: rpcBody('initialize', {
      protocolVersion,
      capabilities: {},
      clientInfo: { name: 'mcp-native-e2e-raw', version: '0.0.1' },
    }),
  });
  if (r.status !== 200 || !r.json?.result) {
    throw new Error(`initialize failed: HTTP ${r.status} ${r.text.slice(0, 500)}`);
  }
  const sessionId = r.headers.get('mcp-session-id');
  const negotiated = r.json.result.protocolVersion;
  const n = await http(url, {
    body: { jsonrpc: '2.0', method: 'notifications/initialized' },
    sessionId,
    protocolVersion: negotiated,
  });
  if (n.status !== 202) throw new Error(`notifications/initialized → HTTP ${n.status} ${n.text.slice(0, 500)}`);
  return { sessionId, result: r.json.result, protocolVersion: negotiated };
}

/** Parses the single JSON text item of a tools/call result. */
export function textJson(result) {
  const items = (result.content || []).filter((c) => c.type === 'text');
  if (items.length !== 1) throw new Error(`expected exactly one text content item, got ${JSON.stringify(result.content)}`);
  return JSON.parse(items[0].text);
}

/**
 * The structured error of an isError tool result: the plugin keeps the error code (and safe data)
 * in structuredContent.error, or in _meta["mcp-native/error"] when the tool's outputSchema would
 * not accept an error object (clients validate structuredContent even on errors).
 */
export function toolError(result) {
  return result?.structuredContent?.error ?? result?._meta?.['mcp-native/error'];
}

export function allText(result) {
  return (result.content || [])
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('\n');
}

/** The fixture's side-effect counter, read through the custom server (ability e2e/call-counts). */
export async function callCounts(client) {
  const r = await client.callTool({ name: 'e2e-call-counts', arguments: {} });
  if (r.isError) throw new Error(`e2e-call-counts failed: ${allText(r)}`);
  return r.structuredContent.calls;
}
