// The multisite screens in a real browser: Network Admin → Settings → MCP Native, the network
// Plugins screen's link, and a sub-site's own status page. Run through scripts/test-browser.sh,
// which serves a subdirectory network (sub-sites /two/ and /three/, the plugin network-activated)
// and sets BROWSER_MODE, WP_URL (the network's main site), WP_ADMIN_PASSWORD (a super admin),
// WP_APP_PASSWORD, ARTIFACTS, CHROMIUM.
//
// Endpoints and site_ids on the pages are compared with what each site's endpoint answers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browserSession, loopbackSite } from './lib.mjs';

const env = process.env;
for (const name of ['BROWSER_MODE', 'WP_URL', 'WP_ADMIN_PASSWORD', 'WP_APP_PASSWORD', 'ARTIFACTS']) {
  if (!env[name]) throw new Error(`${name} is not set: run this test through scripts/test-browser.sh`);
}
const MODE = env.BROWSER_MODE;
const NETWORK = loopbackSite(env.WP_URL);
const ADMIN = env.WP_ADMIN_USER || 'admin';
const SITES = { main: NETWORK, two: `${NETWORK}/two`, three: `${NETWORK}/three` };
const endpoint = (site) => `${site}/wp-json/mcp/mcp-adapter-default-server`;
const NETWORK_PAGE = `${NETWORK}/wp-admin/network/settings.php?page=mcp-native-network`;

const browser = browserSession({ site: NETWORK, user: ADMIN, appPassword: env.WP_APP_PASSWORD, mode: `${MODE}-network`, artifacts: env.ARTIFACTS, chromium: env.CHROMIUM });
let page;
const identity = {}; // site -> get-site-context answer

before(async () => {
  for (const [name, site] of Object.entries(SITES)) identity[name] = await browser.callTool(endpoint(site), 'mcp-native-get-site-context');
  await browser.launch();
  page = browser.page;
  await browser.login(ADMIN, env.WP_ADMIN_PASSWORD);
});

after(() => browser.close());

test('every site has its own site_id and blog_id', () => {
  const ids = Object.values(identity).map((c) => c.site.site_id);
  assert.equal(new Set(ids).size, 3, JSON.stringify(identity));
  assert.deepEqual(Object.values(identity).map((c) => c.site.site_url), Object.values(SITES));
});

test('Network Admin → Settings → MCP Native lists the sites, endpoints and site_ids', async () => {
  const res = await page.goto(NETWORK_PAGE);
  assert.equal(res.status(), 200);
  assert.equal(await page.textContent('.mcp-native-network h1'), 'MCP Native on this network');
  assert.ok(await page.locator('#menu-settings a[href$="settings.php?page=mcp-native-network"]').count() > 0, 'no Settings → MCP Native entry in the network menu');
  // The extension status once, for the whole network.
  const status = page.locator('.mcp-native-extension-status');
  assert.equal(await status.count(), 1);
  assert.equal(await status.getAttribute('data-state'), MODE === 'native' ? 'native' : 'fallback');
  if (MODE !== 'native') assert.match(await page.textContent('.mcp-native-install-steps'), /extension=mcp_native/);

  const rows = await page.$$eval('tr.mcp-native-site-row', (trs) => trs.map((tr) => ({
    blog: Number(tr.dataset.blogId),
    active: tr.dataset.active,
    endpoint: tr.querySelector('.mcp-native-endpoint')?.textContent,
    siteId: tr.querySelector('code.mcp-native-site-id')?.textContent ?? null,
    status: tr.querySelector('a.mcp-native-site-status')?.getAttribute('href'),
  })));
  assert.equal(rows.length, 3, JSON.stringify(rows));
  for (const [i, name] of Object.keys(SITES).entries()) {
    const row = rows.find((r) => r.blog === identity[name].site.blog_id);
    assert.ok(row, `no row for ${name}`);
    assert.equal(row.active, 'yes');
    assert.equal(row.endpoint, endpoint(SITES[name]));
    assert.equal(row.siteId, identity[name].site.site_id, `${name}: site_id on the page is not the one its endpoint answers`);
    assert.equal(row.status, `${SITES[name]}/wp-admin/tools.php?page=mcp-native`, `row ${i}`);
  }
  await browser.assertCopyButtonsSayWhatTheyCopy(3);
  const target = await page.locator('tr.mcp-native-site-row button.mcp-native-copy').nth(1).getAttribute('data-copy-target');
  assert.equal(await browser.copy(target), endpoint(SITES.two));
  await browser.assertNoSidewaysOverflow();
  await browser.shot('network-admin');
});

test('the network Plugins screen links to the network page', async () => {
  const res = await page.goto(`${NETWORK}/wp-admin/network/plugins.php`);
  assert.equal(res.status(), 200);
  const link = page.locator('tr[data-plugin="mcp-native/mcp-native.php"] a', { hasText: 'Network status' });
  assert.equal(await link.count(), 1);
  assert.equal(await link.getAttribute('href'), NETWORK_PAGE);
  await page.locator('tr[data-plugin="mcp-native/mcp-native.php"]').scrollIntoViewIfNeeded();
  await browser.shot('network-plugins');
});

test('a sub-site\'s own status page shows its site_id, blog id and endpoints', async () => {
  const res = await page.goto(`${SITES.two}/wp-admin/tools.php?page=mcp-native`);
  assert.equal(res.status(), 200);
  assert.equal(await page.inputValue('#mcp-native-site-id'), identity.two.site.site_id);
  assert.equal(await page.textContent('code.mcp-native-blog-id'), String(identity.two.site.blog_id));
  const endpoints = await page.$$eval('tr.mcp-native-server .mcp-native-endpoint', (cs) => cs.map((c) => c.textContent));
  assert.ok(endpoints.includes(endpoint(SITES.two)), JSON.stringify(endpoints));
  const config = JSON.parse(await page.inputValue('#mcp-native-claude-config'));
  const keys = Object.keys(config.mcpServers);
  assert.ok(keys.every((k) => k.endsWith('-two') || k.includes('-two-')), `keys do not name the sub-site: ${keys}`);
  await browser.assertNoSidewaysOverflow();
  await browser.shot('subsite-status-page');
});

test('a sub-site\'s Tools → MCP Abilities decides for that site only', async () => {
  const ability = 'mcp-native-demo/create-draft';
  const demo = (site) => `${site}/wp-json/mcp-native-demo/mcp`;
  const res = await page.goto(`${SITES.two}/wp-admin/tools.php?page=mcp-native-abilities`);
  assert.equal(res.status(), 200);
  const box = page.locator(`tr[data-ability="${ability}"] input[name="expose[demo][${ability}]"]`);
  await box.uncheck();
  await Promise.all([page.waitForNavigation(), page.click('#submit')]);
  try {
    assert.equal((await browser.toolsList(demo(SITES.two)))['mcp-native-demo-create-draft'], undefined, 'off on /two/');
    assert.ok((await browser.toolsList(demo(SITES.three)))['mcp-native-demo-create-draft'], 'still on /three/');
    assert.ok((await browser.toolsList(demo(SITES.main)))['mcp-native-demo-create-draft'], 'still on the main site');
  } finally {
    await page.goto(`${SITES.two}/wp-admin/tools.php?page=mcp-native-abilities`);
    await page.locator(`tr[data-ability="${ability}"] input[name="expose[demo][${ability}]"]`).check();
    await Promise.all([page.waitForNavigation(), page.click('#submit')]);
  }
  assert.ok((await browser.toolsList(demo(SITES.two)))['mcp-native-demo-create-draft'], 'back on /two/');
});
