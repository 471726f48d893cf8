// Tools → MCP Abilities in a real browser (issue 35): the owner switches an ability off on one
// server and on again, and turns "Ask first" off and on, with the page's own form; what the
// site's MCP endpoints answer afterwards (tools/list over HTTP) is the check, not the page.
// Run through scripts/test-browser.sh (same variables as admin.test.mjs).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { browserSession, loopbackSite } from './lib.mjs';

const env = process.env;
for (const name of ['BROWSER_MODE', 'WP_URL', 'WP_ADMIN_PASSWORD', 'WP_APP_PASSWORD', 'WP_SUBSCRIBER_PASSWORD', 'ARTIFACTS']) {
  if (!env[name]) throw new Error(`${name} is not set: run this test through scripts/test-browser.sh`);
}
const SITE = loopbackSite(env.WP_URL);
const PAGE = `${SITE}/wp-admin/tools.php?page=mcp-native-abilities`;
const DEMO = `${SITE}/wp-json/mcp-native-demo/mcp`;
const DEFAULT = `${SITE}/wp-json/mcp/mcp-adapter-default-server`;
const browser = browserSession({ site: SITE, user: env.WP_ADMIN_USER || 'admin', appPassword: env.WP_APP_PASSWORD, mode: env.BROWSER_MODE, artifacts: env.ARTIFACTS, chromium: env.CHROMIUM });
let page;

before(async () => {
  await browser.launch();
  page = browser.page;
  await browser.login(env.WP_ADMIN_USER || 'admin', env.WP_ADMIN_PASSWORD);
});
after(() => browser.close());

const row = (ability) => page.locator(`tr[data-ability="${ability}"]`);
const box = (ability, column) => row(ability).locator(`input[name="${column}"]`);
async function save() {
  await Promise.all([page.waitForNavigation(), page.click('#submit')]);
  assert.match(await page.textContent('.notice-success'), /Settings saved/);
}

test('every tool ability is listed with its category, annotations and one box per server', async () => {
  const res = await page.goto(PAGE);
  assert.equal(res.status(), 200);
  const headers = await page.locator('table.mcp-native-exposure thead th').allTextContents();
  for (const expected of ['Ability', 'Category', 'Annotations', 'Ask first']) assert.ok(headers.includes(expected), headers.join(' | '));
  const wire = await browser.toolsList(DEMO);
  for (const name of ['site-summary', 'delete-post', 'create-draft']) {
    const ability = `mcp-native-demo/${name}`;
    assert.equal(await row(ability).count(), 1, `${ability} is listed`);
    assert.ok(await box(ability, `expose[demo][${ability}]`).isChecked(), `${ability} is exposed on demo, as its tools/list says`);
    assert.ok(wire[`mcp-native-demo-${name}`], `and demo's tools/list has it`);
  }
  assert.match(await row('mcp-native-demo/delete-post').textContent(), /destructive/);
  assert.ok(await box('mcp-native-demo/delete-post', 'ask[mcp-native-demo/delete-post]').isChecked(), 'destructive: asks first by default');
  assert.ok(!(await box('mcp-native-demo/site-summary', 'ask[mcp-native-demo/site-summary]').isChecked()), 'read-only: runs without asking');
  await browser.shot('abilities');
});

test('switching an ability off on one server removes it from that server only, and back on', async () => {
  const ability = 'mcp-native-demo/create-draft';
  await page.goto(PAGE);
  await box(ability, `expose[demo][${ability}]`).uncheck();
  await save();
  assert.ok(!(await box(ability, `expose[demo][${ability}]`).isChecked()), 'the page shows the choice');
  assert.match(await row(ability).textContent(), /\(yours\)/, 'marked as the owner\'s choice');
  assert.equal((await browser.toolsList(DEMO))['mcp-native-demo-create-draft'], undefined, 'gone from demo');
  const call = await browser.rpc(DEMO, { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'mcp-native-demo-create-draft', arguments: { title: 'x' } } }, await browser.initialize(DEMO));
  assert.equal(call.json.error?.code, -32602, `refused on call: ${JSON.stringify(call.json)}`);

  await box(ability, `expose[demo][${ability}]`).check();
  await save();
  assert.ok((await browser.toolsList(DEMO))['mcp-native-demo-create-draft'], 'back on demo');
  assert.doesNotMatch(await row(ability).textContent(), /\(yours\)/, 'the same as the code: no stored choice');
});

test('the default server can list its abilities as direct tools', async () => {
  await page.goto(PAGE);
  const before = Object.keys(await browser.toolsList(DEFAULT));
  await page.check('#mcp-native-direct');
  await save();
  const after = Object.keys(await browser.toolsList(DEFAULT));
  assert.ok(after.length > before.length, `${before.length} -> ${after.length} tools`);
  assert.ok(after.includes('mcp-adapter-execute-ability'), 'the meta-tools stay');
  await page.uncheck('#mcp-native-direct');
  await save();
  assert.deepEqual(Object.keys(await browser.toolsList(DEFAULT)).sort(), before.sort());
});

test('"Ask first" off lets a client without elicitation run it; on again refuses it', async () => {
  const ability = 'mcp-native-demo/delete-post';
  const call = async () => {
    const r = await browser.rpc(DEMO, { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'mcp-native-demo-delete-post', arguments: { post_id: 999999 } } }, await browser.initialize(DEMO));
    return JSON.stringify(r.json.result ?? r.json);
  };
  assert.match(await call(), /cannot ask/, 'asks first by default: refused for a client that cannot ask');
  await page.goto(PAGE);
  await box(ability, `ask[${ability}]`).uncheck();
  await save();
  assert.doesNotMatch(await call(), /cannot ask/, 'runs (the post does not exist: its own error)');
  await box(ability, `ask[${ability}]`).check();
  await save();
  assert.match(await call(), /cannot ask/);
});

test('a subscriber is refused the page, and a form without its nonce changes nothing', async () => {
  const forged = await page.evaluate(async (url) => {
    const body = new URLSearchParams({ 'shown[]': 'mcp-native-demo/site-summary', paged: '1' });
    const r = await fetch(url, { method: 'POST', body, credentials: 'same-origin' });
    return r.status;
  }, PAGE);
  assert.notEqual(forged, 200, 'no nonce: refused');
  assert.ok((await browser.toolsList(DEMO))['mcp-native-demo-site-summary'], 'nothing stored');
  await browser.login(env.WP_SUBSCRIBER_USER || 'reader', env.WP_SUBSCRIBER_PASSWORD);
  const res = await page.goto(PAGE);
  assert.equal(res.status(), 403);
});
