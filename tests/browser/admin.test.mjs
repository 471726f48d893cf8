// The admin screens in a real browser: Debian's headless Chromium driven by playwright-core.
// Run through scripts/test-browser.sh, which creates and serves the site and sets:
//   BROWSER_MODE (native|fallback), WP_URL, WP_ADMIN_USER, WP_ADMIN_PASSWORD, WP_APP_PASSWORD,
//   WP_SUBSCRIBER_USER, WP_SUBSCRIBER_PASSWORD, EXPECTED_EXTENSION_VERSION, ARTIFACTS, CHROMIUM.
//
// What the pages show is compared with what the site's MCP endpoints really answer (tools/list
// over HTTP with an application password), not with a copy of the page's own code.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const env = process.env;
for (const name of ['BROWSER_MODE', 'WP_URL', 'WP_ADMIN_PASSWORD', 'WP_APP_PASSWORD', 'WP_SUBSCRIBER_PASSWORD', 'EXPECTED_EXTENSION_VERSION', 'ARTIFACTS']) {
  if (!env[name]) throw new Error(`${name} is not set: run this test through scripts/test-browser.sh`);
}
const MODE = env.BROWSER_MODE;
const SITE = env.WP_URL.replace(/\/+$/, '');
if (!['127.0.0.1', 'localhost'].includes(new URL(SITE).hostname)) throw new Error(`refusing a non-loopback site: ${SITE}`);
const ADMIN = env.WP_ADMIN_USER || 'admin';
const ARTIFACTS = env.ARTIFACTS;
const ENDPOINTS = {
  'mcp-adapter-default-server': `${SITE}/wp-json/mcp/mcp-adapter-default-server`,
  demo: `${SITE}/wp-json/mcp-native-demo/mcp`,
};
const STATUS_PAGE = `${SITE}/wp-admin/tools.php?page=mcp-native`;
// Chromium flags that work on this machine (no sandbox as root, no background network traffic).
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

let context;
let page;
let profileDir;
const wire = {}; // server id -> { name -> tools/list entry }

/** One JSON-RPC request over Streamable HTTP (application password). */
async function rpc(url, body, session) {
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': '2025-11-25',
    Authorization: 'Basic ' + Buffer.from(`${ADMIN}:${env.WP_APP_PASSWORD}`).toString('base64'),
  };
  if (session) headers['Mcp-Session-Id'] = session;
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(15000) });
  const text = await res.text();
  return { status: res.status, session: res.headers.get('mcp-session-id'), json: text ? JSON.parse(text) : null };
}

async function toolsList(url) {
  const init = await rpc(url, {
    jsonrpc: '2.0', id: 1, method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'browser-test', version: '1' } },
  });
  assert.equal(init.status, 200, JSON.stringify(init.json));
  assert.ok(init.session, 'no Mcp-Session-Id');
  await rpc(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, init.session);
  const list = await rpc(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, init.session);
  assert.equal(list.status, 200, JSON.stringify(list.json));
  return Object.fromEntries(list.json.result.tools.map((t) => [t.name, t]));
}

async function login(user, password) {
  await context.clearCookies();
  await page.goto(`${SITE}/wp-login.php`);
  await page.fill('#user_login', user);
  await page.fill('#user_pass', password);
  await Promise.all([page.waitForURL((u) => !u.pathname.endsWith('/wp-login.php')), page.click('#wp-submit')]);
  const cookies = await context.cookies(SITE);
  assert.ok(cookies.some((c) => c.name.startsWith('wordpress_logged_in_')), `${user} is not logged in`);
}

// Whole page in one viewport (a fullPage screenshot repeats WordPress's fixed admin bar and menu).
async function shot(name) {
  const file = path.join(ARTIFACTS, `${MODE}-${name}.png`);
  const height = await page.evaluate(() => Math.min(8000, document.documentElement.scrollHeight));
  await page.setViewportSize({ width: 1280, height: Math.max(900, height) });
  await page.screenshot({ path: file });
  await page.setViewportSize({ width: 1280, height: 900 });
  return file;
}

before(async () => {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  for (const [id, url] of Object.entries(ENDPOINTS)) wire[id] = await toolsList(url);
  profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-native-chromium-'));
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath: env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
    timeout: 30000,
  });
  context.setDefaultTimeout(20000);
  page = context.pages()[0] || (await context.newPage());
});

after(async () => {
  if (context) await context.close();
  if (profileDir) fs.rmSync(profileDir, { recursive: true, force: true });
});

test('admin logs in and opens Tools → MCP Native', async () => {
  await login(ADMIN, env.WP_ADMIN_PASSWORD);
  const res = await page.goto(STATUS_PAGE);
  assert.equal(res.status(), 200);
  assert.equal(await page.textContent('.mcp-native-status h1'), 'MCP Native');
  // The Tools menu links to the page.
  assert.ok(await page.locator('#menu-tools a[href="tools.php?page=mcp-native"]').count() > 0, 'no Tools → MCP Native menu entry');
});

test('extension status line matches the mode', async () => {
  const line = page.locator('.mcp-native-extension-status');
  const state = await line.getAttribute('data-state');
  const text = await line.textContent();
  if (MODE === 'native') {
    assert.equal(state, 'native', text);
    assert.match(text, new RegExp(`mcp_native ${env.EXPECTED_EXTENSION_VERSION.replace(/\./g, '\\.')} is loaded`));
  } else {
    assert.equal(state, 'fallback', text);
    assert.match(text, /PHP fallback is in use/);
    const hint = await page.textContent('.mcp-native-status .form-table');
    assert.match(hint, /extension=mcp_native/);
    assert.match(hint, /mcp_native\.so/);
  }
});

test('servers table: ids, endpoints, profiles and tool counts', async () => {
  const rows = await page.$$eval('tr.mcp-native-server', (trs) => trs.map((tr) => ({
    id: tr.dataset.server,
    endpoint: tr.querySelector('.mcp-native-endpoint')?.textContent,
    profile: tr.querySelector('.mcp-native-profile')?.textContent ?? null,
    tools: tr.querySelector('td:last-child')?.textContent,
  })));
  const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
  for (const [id, url] of Object.entries(ENDPOINTS)) {
    assert.ok(byId[id], `server ${id} missing from ${JSON.stringify(rows)}`);
    assert.equal(byId[id].endpoint, url);
    assert.equal(byId[id].profile, 'standard');
    assert.equal(Number(byId[id].tools), Object.keys(wire[id]).length);
  }
});

test('each server lists the tools its endpoint serves, with the same wire schemas', async () => {
  for (const id of Object.keys(ENDPOINTS)) {
    const shown = await page.$$eval(`.mcp-native-tools[data-server="${id}"] details.mcp-native-tool`, (ds) => ds.map((d) => ({
      name: d.dataset.tool,
      input: d.querySelector('pre[data-schema="input"]')?.textContent,
      output: d.querySelector('pre[data-schema="output"]')?.textContent ?? null,
      wrapped: [...d.querySelectorAll('.mcp-native-badge')].map((b) => b.textContent),
    })));
    assert.deepEqual(shown.map((t) => t.name).sort(), Object.keys(wire[id]).sort(), `tools of ${id}`);
    for (const t of shown) {
      const listed = wire[id][t.name];
      assert.deepEqual(JSON.parse(t.input), listed.inputSchema, `${id} ${t.name} inputSchema`);
      if (listed.outputSchema) assert.deepEqual(JSON.parse(t.output), listed.outputSchema, `${id} ${t.name} outputSchema`);
      else assert.equal(t.output, null);
    }
    if (id === 'demo') {
      // count-posts takes a bare string and returns a bare integer: both wrapped.
      const countPosts = shown.find((t) => /count-posts/.test(t.name));
      assert.ok(countPosts, 'count-posts tool missing');
      assert.deepEqual(countPosts.wrapped, ['input wrapped as "input"', 'output wrapped as "result"']);
      assert.ok(wire.demo[countPosts.name].inputSchema.properties.input, 'the wire schema has the input wrapper');
    }
  }
  assert.ok(await page.locator('details.mcp-native-tool[data-tool="mcp-adapter-discover-abilities"]').count() === 1);
});

test('Claude Desktop configuration parses and points at the endpoints', async () => {
  const raw = await page.inputValue('#mcp-native-claude-config');
  const config = JSON.parse(raw);
  const entries = Object.values(config.mcpServers);
  assert.equal(entries.length, Object.keys(ENDPOINTS).length);
  assert.deepEqual(entries.map((e) => e.env.WP_API_URL).sort(), Object.values(ENDPOINTS).sort());
  for (const e of entries) {
    assert.equal(e.command, 'npx');
    assert.ok(e.args.includes('@automattic/mcp-wordpress-remote@latest'), JSON.stringify(e.args));
    assert.equal(e.env.WP_API_USERNAME, ADMIN);
    assert.equal(e.env.WP_API_PASSWORD, 'YOUR-APPLICATION-PASSWORD');
  }
  assert.equal(config.mcpServers.wordpress.env.WP_API_URL, ENDPOINTS['mcp-adapter-default-server']);
  const link = await page.getAttribute('a.mcp-native-app-password-link', 'href');
  assert.match(link, /\/wp-admin\/profile\.php#application-passwords-section$/);
  const urls = await page.$$eval('input.mcp-native-url', (is) => is.map((i) => i.value));
  assert.deepEqual(urls.sort(), Object.values(ENDPOINTS).sort());

  // The copy button puts the JSON on the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SITE });
  await page.click('button.mcp-native-copy[data-copy-target="mcp-native-claude-config"]');
  await page.waitForFunction(() => document.querySelector('.mcp-native-copied')?.textContent === 'Copied');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), raw);

  // Screenshot with one wrapped tool opened.
  await page.click('.mcp-native-tools[data-server="demo"] details.mcp-native-tool:nth-of-type(2) summary');
  await shot('status-page');
});

test('Site Health status tab reports the extension', async () => {
  const res = await page.goto(`${SITE}/wp-admin/site-health.php`);
  assert.equal(res.status(), 200);
  const trigger = page.locator('button[aria-controls="health-check-accordion-block-mcp_native_extension"]');
  await trigger.waitFor({ state: 'attached' });
  const list = await trigger.evaluate((b) => b.closest('[id^="health-check-issues-"]')?.id);
  assert.equal(list, MODE === 'native' ? 'health-check-issues-good' : 'health-check-issues-recommended',
    await page.locator('#health-check-accordion-block-mcp_native_extension').textContent());
  const label = (await trigger.locator('.title').textContent()).trim();
  const panel = page.locator('#health-check-accordion-block-mcp_native_extension');
  const description = await panel.textContent();
  if (MODE === 'native') {
    assert.equal(label, 'The MCP Native extension is loaded');
    assert.match(description, new RegExp(`extension ${env.EXPECTED_EXTENSION_VERSION.replace(/\./g, '\\.')} is loaded`));
    await page.click('.site-health-view-passed');
  } else {
    assert.equal(label, 'MCP Native runs on its PHP fallback');
    assert.match(description, /extension=mcp_native/);
    assert.match(description, /mcp_native\.so/);
  }
  assert.equal(await panel.locator('a[href$="tools.php?page=mcp-native"]').count(), 1);
  await trigger.click();
  await panel.waitFor({ state: 'visible' });
  await shot('site-health-status');
});

test('Site Health info tab has the MCP Native section', async () => {
  const res = await page.goto(`${SITE}/wp-admin/site-health.php?tab=debug`);
  assert.equal(res.status(), 200);
  await page.click('#health-check-section-mcp-native');
  const panel = page.locator('#health-check-accordion-block-mcp-native');
  await panel.waitFor({ state: 'visible' });
  const text = await panel.textContent();
  assert.match(text, MODE === 'native' ? /Loaded \(native core in use\)/ : /Not loaded \(PHP fallback in use\)/);
  assert.match(text, new RegExp(`Expected extension version\\s*${env.EXPECTED_EXTENSION_VERSION.replace(/\./g, '\\.')}`));
  for (const url of Object.values(ENDPOINTS)) assert.ok(text.includes(url), `info lacks ${url}`);
  await panel.scrollIntoViewIfNeeded();
  await shot('site-health-info');
});

test('a subscriber is refused the status page', async () => {
  await login(env.WP_SUBSCRIBER_USER || 'reader', env.WP_SUBSCRIBER_PASSWORD);
  const res = await page.goto(STATUS_PAGE);
  assert.equal(res.status(), 403);
  assert.match(await page.textContent('body'), /Sorry, you are not allowed to access this page/);
  assert.equal(await page.locator('.mcp-native-status').count(), 0);
  assert.equal(await page.locator('#mcp-native-claude-config').count(), 0);
});
