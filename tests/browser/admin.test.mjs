// The admin screens in a real browser: Debian's headless Chromium driven by playwright-core.
// Run through scripts/test-browser.sh, which creates and serves the site and sets:
//   BROWSER_MODE (native|fallback), WP_URL, WP_ADMIN_USER, WP_ADMIN_PASSWORD, WP_APP_PASSWORD,
//   WP_SUBSCRIBER_USER, WP_SUBSCRIBER_PASSWORD, EXPECTED_EXTENSION_VERSION, ARTIFACTS, CHROMIUM.
//
// What the pages show is compared with what the site's MCP endpoints really answer (tools/list
// over HTTP with an application password), not with a copy of the page's own code.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browserSession, loopbackSite } from './lib.mjs';

const env = process.env;
for (const name of ['BROWSER_MODE', 'WP_URL', 'WP_ADMIN_PASSWORD', 'WP_APP_PASSWORD', 'WP_SUBSCRIBER_PASSWORD', 'EXPECTED_EXTENSION_VERSION', 'ARTIFACTS']) {
  if (!env[name]) throw new Error(`${name} is not set: run this test through scripts/test-browser.sh`);
}
const MODE = env.BROWSER_MODE;
const SITE = loopbackSite(env.WP_URL);
const ADMIN = env.WP_ADMIN_USER || 'admin';
const ENDPOINTS = {
  'mcp-adapter-default-server': `${SITE}/wp-json/mcp/mcp-adapter-default-server`,
  demo: `${SITE}/wp-json/mcp-native-demo/mcp`,
};
const STATUS_PAGE = `${SITE}/wp-admin/tools.php?page=mcp-native`;

const browser = browserSession({ site: SITE, user: ADMIN, appPassword: env.WP_APP_PASSWORD, mode: MODE, artifacts: env.ARTIFACTS, chromium: env.CHROMIUM });
let page;
const wire = {}; // server id -> { name -> tools/list entry }
const { login, shot } = browser;

before(async () => {
  for (const [id, url] of Object.entries(ENDPOINTS)) wire[id] = await browser.toolsList(url);
  await browser.launch();
  page = browser.page;
});

after(() => browser.close());

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
    const hint = await page.textContent('.mcp-native-install-steps');
    assert.match(hint, /extension=mcp_native/);
    assert.match(hint, /mcp_native\.so/);
    assert.match(hint, /built for this PHP: PHP \d+\.\d+, (non-)?thread-safe/);
    assert.doesNotMatch(hint, /target\/release/, 'repository paths in the instructions for a host');
  }
});

test('this site: site_id as get-site-context answers it', async () => {
  const context = await browser.callTool(ENDPOINTS['mcp-adapter-default-server'], 'mcp-native-get-site-context');
  assert.equal(await page.inputValue('#mcp-native-site-id'), context.site.site_id);
  assert.match(await page.textContent('table.mcp-native-site'), new RegExp(SITE.replace(/[.:/]/g, '.')));
});

test('servers table: names, endpoints, profiles and tool counts, one column per fact', async () => {
  const headings = await page.$$eval('table.mcp-native-servers thead th', (ths) => ths.map((th) => th.textContent));
  assert.deepEqual(headings, ['Server', 'Endpoint URL', 'Arguments', 'Tools']);
  const rows = await page.$$eval('tr.mcp-native-server', (trs) => trs.map((tr) => ({
    id: tr.dataset.server,
    endpoint: tr.querySelector('.mcp-native-endpoint')?.textContent,
    profile: tr.querySelector('.mcp-native-profile')?.textContent ?? null,
    tools: tr.querySelector('.mcp-native-tool-count')?.textContent,
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
      wrapped: [...d.querySelectorAll('.mcp-native-wrap-badge')].map((b) => b.textContent),
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

test('Claude Desktop configuration parses, names the site and points at the endpoints', async () => {
  const raw = await page.inputValue('#mcp-native-claude-config');
  const config = JSON.parse(raw);
  const entries = Object.entries(config.mcpServers);
  assert.equal(entries.length, Object.keys(ENDPOINTS).length);
  assert.deepEqual(entries.map(([, e]) => e.env.WP_API_URL).sort(), Object.values(ENDPOINTS).sort());
  const siteKey = `wordpress-${new URL(SITE).host.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
  for (const [key, e] of entries) {
    assert.ok(key.startsWith(siteKey), `key ${key} does not name the site (${siteKey})`);
    assert.equal(e.command, 'npx');
    assert.ok(e.args.includes('@automattic/mcp-wordpress-remote@latest'), JSON.stringify(e.args));
    assert.equal(e.env.WP_API_USERNAME, ADMIN);
    assert.equal(e.env.WP_API_PASSWORD, 'YOUR-APPLICATION-PASSWORD');
  }
  assert.equal(config.mcpServers[siteKey].env.WP_API_URL, ENDPOINTS['mcp-adapter-default-server']);
  const link = await page.getAttribute('a.mcp-native-app-password-link', 'href');
  assert.match(link, /\/wp-admin\/profile\.php#application-passwords-section$/);
  const urls = await page.$$eval('input.mcp-native-url', (is) => is.map((i) => i.value));
  assert.deepEqual(urls.sort(), Object.values(ENDPOINTS).sort());

  // The copy button puts the JSON on the clipboard.
  assert.equal(await browser.copy('mcp-native-claude-config'), raw);
});

test('every copy button says what it copies', () => browser.assertCopyButtonsSayWhatTheyCopy(10));

test('a tool reads in words, with its wire JSON one click away and copyable', async () => {
  const tool = page.locator('.mcp-native-tools[data-server="demo"] details.mcp-native-tool[data-tool="mcp-native-demo-get-post"]');
  await tool.locator(':scope > summary').click();
  const params = await tool.locator(':scope > table.mcp-native-params').first().locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent.trim())));
  assert.deepEqual(params[0].slice(0, 3), ['post_id', 'integer, ≥ 1', 'required']);
  assert.ok(params.some((p) => p[0] === 'site_id' && p[2] === 'optional'), JSON.stringify(params));
  assert.match(await tool.locator('ul.mcp-native-hints').textContent(), /Read-only: does not change the site/);
  const json = tool.locator('details.mcp-native-json');
  assert.equal(await json.getAttribute('open'), null, 'the JSON is folded away');
  await json.locator(':scope > summary').click();
  const pre = json.locator('pre[data-schema="input"]');
  await pre.waitFor({ state: 'visible' });
  assert.deepEqual(JSON.parse(await browser.copy(await pre.getAttribute('id'))), wire.demo['mcp-native-demo-get-post'].inputSchema);

  // Open every tool and its JSON: nothing may push the page sideways.
  await page.$$eval('details.mcp-native-tool, details.mcp-native-json', (ds) => ds.forEach((d) => { d.open = true; }));
  await browser.assertNoSidewaysOverflow();
  await page.$$eval('details.mcp-native-tool, details.mcp-native-json', (ds) => ds.forEach((d) => { d.open = false; }));
  await tool.evaluate((d) => { d.open = true; d.querySelector('details.mcp-native-json').open = true; });
  await page.locator('#mcp-native-servers').scrollIntoViewIfNeeded();
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

test('Site Health status tab has the streaming test, with what this host needs', async () => {
  await page.goto(`${SITE}/wp-admin/site-health.php`);
  const trigger = page.locator('button[aria-controls="health-check-accordion-block-mcp_native_streaming"]');
  await trigger.waitFor({ state: 'attached' });
  const list = await trigger.evaluate((b) => b.closest('[id^="health-check-issues-"]')?.id);
  assert.ok(['health-check-issues-good', 'health-check-issues-recommended'].includes(list), list);
  assert.match((await trigger.locator('.title').textContent()).trim(), /^MCP streaming: /);
  const description = await page.locator('#health-check-accordion-block-mcp_native_streaming').textContent();
  assert.match(description, /max_execution_time/);
  assert.match(description, /buffering/);
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
  const identity = await browser.callTool(ENDPOINTS['mcp-adapter-default-server'], 'mcp-native-get-site-context');
  assert.ok(text.includes(identity.site.site_id), 'info lacks the site_id');
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
