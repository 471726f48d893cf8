// Tools → MCP Audit log in a real browser (issue 35): calls made over MCP appear with their
// client, the outcome filter narrows the rows, the export link downloads the same rows as CSV,
// the retention form saves, and a subscriber is refused the page and the export. On a network
// (AUDIT_SUBSITE set, e.g. "two") it runs on that sub-site, whose log holds its own calls only.
// Run through scripts/test-browser.sh (same environment as admin.test.mjs / network.test.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browserSession, loopbackSite } from './lib.mjs';

const env = process.env;
for (const name of ['BROWSER_MODE', 'WP_URL', 'WP_ADMIN_PASSWORD', 'WP_APP_PASSWORD', 'ARTIFACTS']) {
  if (!env[name]) throw new Error(`${name} is not set: run this test through scripts/test-browser.sh`);
}
const MAIN = loopbackSite(env.WP_URL);
const SITE = env.AUDIT_SUBSITE ? `${MAIN}/${env.AUDIT_SUBSITE}` : MAIN;
const ADMIN = env.WP_ADMIN_USER || 'admin';
const endpoint = (site) => `${site}/wp-json/mcp/mcp-adapter-default-server`;
const PAGE = `${SITE}/wp-admin/tools.php?page=mcp-native-audit`;
const MARK = `not-a-tool-${Date.now()}`;
const mode = `${env.BROWSER_MODE}${env.AUDIT_SUBSITE ? '-network' : ''}`;

const browser = browserSession({ site: MAIN, user: ADMIN, appPassword: env.WP_APP_PASSWORD, mode, artifacts: env.ARTIFACTS, chromium: env.CHROMIUM });
let page;

before(async () => {
  // One success and one refusal on this site; on a network, a refusal on the main site too.
  await browser.callTool(endpoint(SITE), 'mcp-native-get-site-context');
  const session = await browser.initialize(endpoint(SITE));
  const refused = await browser.rpc(endpoint(SITE), { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: MARK, arguments: { password: 'hunter2' } } }, session);
  assert.ok(refused.json.error, JSON.stringify(refused.json));
  if (SITE !== MAIN) {
    await browser.rpc(endpoint(MAIN), { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: `${MARK}-main` } }, await browser.initialize(endpoint(MAIN)));
  }
  await browser.launch();
  page = browser.page;
  await browser.login(ADMIN, env.WP_ADMIN_PASSWORD);
});

after(() => browser.close());

const outcomes = () => page.locator('table.mcp-native-audit-rows tbody tr').evaluateAll((rows) => rows.map((r) => r.dataset.outcome));

test('the log lists the calls with their client, tool and outcome', async () => {
  const res = await page.goto(PAGE);
  assert.equal(res.status(), 200);
  const success = page.locator('table.mcp-native-audit-rows tbody tr', { hasText: 'mcp-native-get-site-context' }).first();
  assert.match(await success.textContent(), /browser-test 1/);
  assert.equal(await success.getAttribute('data-outcome'), 'success');
  const refused = page.locator('table.mcp-native-audit-rows tbody tr', { hasText: MARK }).first();
  assert.equal(await refused.getAttribute('data-outcome'), 'refused');
  assert.doesNotMatch(await refused.textContent(), /hunter2/);
  await browser.shot('audit-log');
});

test('the outcome filter narrows the rows, and the export link carries it', async () => {
  await page.goto(PAGE);
  await page.selectOption('#audit_outcome', 'refused');
  await Promise.all([page.waitForURL(/audit_outcome=refused/), page.click('.mcp-native-audit-filters [type=submit]')]);
  const shown = await outcomes();
  assert.ok(shown.length >= 1);
  assert.deepEqual([...new Set(shown)], ['refused']);
  const href = await page.getAttribute('a.mcp-native-audit-export', 'href');
  assert.match(href, /action=mcp_native_audit_export/);
  assert.match(href, /audit_outcome=refused/);
  assert.match(href, /_wpnonce=/);
  const csv = await page.request.get(new URL(href, SITE).href);
  assert.equal(csv.status(), 200);
  assert.match(csv.headers()['content-type'], /text\/csv/);
  const lines = (await csv.text()).trim().split('\n');
  assert.match(lines[0], /^id,created_at,blog_id,user_id,client_name/);
  assert.equal(lines.length - 1, shown.length, 'the same rows as the page');
  assert.ok(lines.slice(1).every((l) => l.includes(',refused,')));
  assert.ok(lines.some((l) => l.includes(MARK)));
  assert.ok(!lines.some((l) => l.includes('hunter2')), 'arguments masked in the export too');
});

test('this site\'s log holds this site\'s calls only', async () => {
  await page.goto(`${PAGE}&audit_ability=${MARK}`);
  assert.deepEqual(await outcomes(), ['refused']);
  if (SITE !== MAIN) {
    await page.goto(`${PAGE}&audit_ability=${MARK}-main`);
    assert.equal(await page.locator('.mcp-native-audit-empty').count(), 1, 'the main site\'s call is not in the sub-site\'s log');
    await page.goto(`${MAIN}/wp-admin/tools.php?page=mcp-native-audit&audit_ability=${MARK}-main`);
    assert.deepEqual(await outcomes(), ['refused']);
  }
});

test('a malformed filter shows an error and no rows; a forged export is refused', async () => {
  await page.goto(`${PAGE}&audit_outcome=bogus&audit_from=2026-99-99`);
  assert.equal(await page.locator('.mcp-native-audit-error').count(), 1);
  assert.equal(await page.locator('table.mcp-native-audit-rows').count(), 0);
  const forged = await page.request.get(`${SITE}/wp-admin/admin-post.php?action=mcp_native_audit_export&_wpnonce=0123456789`);
  assert.equal(forged.status(), 403);
});

test('the retention form saves valid values', async () => {
  await page.goto(PAGE);
  await page.fill('#mcp_native_audit_days', '14');
  await page.fill('#mcp_native_audit_rows', '5000');
  await Promise.all([page.waitForURL(/retention_saved=1/), page.click('.mcp-native-audit-retention [type=submit]')]);
  assert.equal(await page.locator('.mcp-native-audit-saved').count(), 1);
  assert.equal(await page.inputValue('#mcp_native_audit_days'), '14');
  assert.equal(await page.inputValue('#mcp_native_audit_rows'), '5000');
});

test('a subscriber is refused the page and the export', { skip: !env.WP_SUBSCRIBER_PASSWORD || SITE !== MAIN ? 'no subscriber on this site' : false }, async () => {
  await page.goto(PAGE);
  const href = new URL(await page.getAttribute('a.mcp-native-audit-export', 'href'), SITE).href;
  await browser.login(env.WP_SUBSCRIBER_USER || 'reader', env.WP_SUBSCRIBER_PASSWORD);
  const res = await page.goto(PAGE);
  assert.equal(res.status(), 403);
  assert.equal(await page.locator('table.mcp-native-audit-rows').count(), 0);
  const csv = await page.request.get(href);
  assert.equal(csv.status(), 403, 'the admin\'s export link does not work for a subscriber');
  assert.doesNotMatch(await csv.text(), /client_name/);
});
