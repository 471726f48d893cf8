// What the browser tests share: MCP over HTTP (to compare pages with what endpoints answer),
// Chromium (playwright-core) with a fresh profile, logging in, screenshots, copy buttons, layout.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

// Chromium flags that work on this machine (no sandbox as root, no background network traffic).
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Refuses anything but a loopback site; returns it without a trailing slash. */
export function loopbackSite(url) {
  const site = url.replace(/\/+$/, '');
  if (!['127.0.0.1', 'localhost'].includes(new URL(site).hostname)) throw new Error(`refusing a non-loopback site: ${site}`);
  return site;
}

/**
 * A browser session against one site.
 * @param {{site: string, user: string, appPassword: string, mode: string, artifacts: string, chromium?: string}} o
 */
export function browserSession(o) {
  const s = { context: null, page: null, profileDir: null };

  /** One JSON-RPC request over Streamable HTTP (application password). */
  s.rpc = async (url, body, session) => {
    const headers = {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-11-25',
      Authorization: 'Basic ' + Buffer.from(`${o.user}:${o.appPassword}`).toString('base64'),
    };
    if (session) headers['Mcp-Session-Id'] = session;
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal: AbortSignal.timeout(15000) });
    const text = await res.text();
    return { status: res.status, session: res.headers.get('mcp-session-id'), json: text ? JSON.parse(text) : null };
  };

  s.initialize = async (url) => {
    const init = await s.rpc(url, {
      jsonrpc: '2.0', id: 1, method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'browser-test', version: '1' } },
    });
    assert.equal(init.status, 200, JSON.stringify(init.json));
    assert.ok(init.session, 'no Mcp-Session-Id');
    await s.rpc(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, init.session);
    return init.session;
  };

  /** tools/list: name -> descriptor. */
  s.toolsList = async (url) => {
    const list = await s.rpc(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, await s.initialize(url));
    assert.equal(list.status, 200, JSON.stringify(list.json));
    return Object.fromEntries(list.json.result.tools.map((t) => [t.name, t]));
  };

  /** tools/call in a fresh session; returns structuredContent. */
  s.callTool = async (url, name, args = {}) => {
    const res = await s.rpc(url, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name, arguments: args } }, await s.initialize(url));
    assert.equal(res.status, 200, JSON.stringify(res.json));
    assert.equal(res.json.result.isError ?? false, false, JSON.stringify(res.json));
    return res.json.result.structuredContent;
  };

  s.launch = async () => {
    fs.mkdirSync(o.artifacts, { recursive: true });
    s.profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-native-chromium-'));
    s.context = await chromium.launchPersistentContext(s.profileDir, {
      executablePath: o.chromium || '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 900 },
      timeout: 30000,
    });
    s.context.setDefaultTimeout(20000);
    s.page = s.context.pages()[0] || (await s.context.newPage());
  };

  s.close = async () => {
    if (s.context) await s.context.close();
    if (s.profileDir) fs.rmSync(s.profileDir, { recursive: true, force: true });
  };

  s.login = async (user, password) => {
    await s.context.clearCookies();
    await s.page.goto(`${o.site}/wp-login.php`);
    await s.page.fill('#user_login', user);
    await s.page.fill('#user_pass', password);
    // The login cookie comes with the redirect: waiting for the next page's `load` as well made
    // this flaky under php -S, whose few workers a browser's idle preconnections can hold.
    await Promise.all([
      s.page.waitForURL((u) => !u.pathname.endsWith('/wp-login.php'), { waitUntil: 'commit' }),
      s.page.click('#wp-submit'),
    ]);
    const cookies = await s.context.cookies(o.site);
    assert.ok(cookies.some((c) => c.name.startsWith('wordpress_logged_in_')), `${user} is not logged in`);
  };

  // Whole page in one viewport (a fullPage screenshot repeats WordPress's fixed admin bar and menu).
  s.shot = async (name) => {
    const file = path.join(o.artifacts, `${o.mode}-${name}.png`);
    const height = await s.page.evaluate(() => Math.min(8000, document.documentElement.scrollHeight));
    await s.page.setViewportSize({ width: 1280, height: Math.max(900, height) });
    await s.page.screenshot({ path: file });
    await s.page.setViewportSize({ width: 1280, height: 900 });
    return file;
  };

  /** Clicks the copy button of a target and waits for its own "Copied"; returns the clipboard. */
  s.copy = async (target) => {
    await s.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: o.site });
    const button = s.page.locator(`button.mcp-native-copy[data-copy-target="${target}"]`);
    await button.click();
    await button.locator('xpath=following-sibling::span[contains(@class,"mcp-native-copied")]').filter({ hasText: 'Copied' }).waitFor();
    return s.page.evaluate(() => navigator.clipboard.readText());
  };

  /** Every copy button says what it copies (visible text and aria-label) and copies something on the page. */
  s.assertCopyButtonsSayWhatTheyCopy = async (atLeast) => {
    const buttons = await s.page.$$eval('button.mcp-native-copy', (bs) => bs.map((b) => ({
      text: b.textContent.trim(), label: b.getAttribute('aria-label') || '', target: b.dataset.copyTarget,
      exists: !!document.getElementById(b.dataset.copyTarget),
    })));
    assert.ok(buttons.length >= atLeast, `${buttons.length} copy buttons`);
    for (const b of buttons) {
      assert.notEqual(b.text, 'Copy', `a bare "Copy" button (target ${b.target})`);
      assert.match(b.text, /^Copy \S/);
      assert.match(b.label, /^Copy \S/);
      assert.ok(b.exists, `button "${b.label}" copies nothing on the page`);
    }
    assert.equal(new Set(buttons.map((b) => b.label)).size, buttons.length, 'two copy buttons with the same accessible name');
  };

  /** The page is as wide as the window, and no JSON block or table sticks out sideways. */
  s.assertNoSidewaysOverflow = async () => {
    const widths = await s.page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
      pre: [...document.querySelectorAll('pre.mcp-native-schema')].filter((p) => p.scrollWidth > p.clientWidth + 1).map((p) => p.id),
      tables: [...document.querySelectorAll('.mcp-native-status table')].filter((t) => t.getBoundingClientRect().right > document.documentElement.clientWidth + 1).map((t) => t.className),
    }));
    assert.ok(widths.page <= widths.view, `the page scrolls sideways: ${widths.page} > ${widths.view}`);
    assert.deepEqual(widths.pre, [], 'JSON blocks that scroll sideways');
    assert.deepEqual(widths.tables, [], 'tables wider than the window');
  };

  return s;
}
