// The seed-004 tool contract through the official TypeScript SDK client: every violation in one
// isError result with JSON Pointer paths, a dry_run string under the standard vs the strict
// argument profile, site identity (context tool, site_id argument, mismatch refused), hints.
// Needs the fixture mu-plugin fixtures/contract-004.php (two custom servers differing only in profile).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { CFG, connectSdk, closeSdk, allText, toolError, textJson } from './helpers.mjs';

const STANDARD_URL = `${CFG.site}/wp-json/mcp-native-e2e4/standard`;
const STRICT_URL = `${CFG.site}/wp-json/mcp-native-e2e4/strict`;
const CONTEXT = 'mcp-native-get-site-context';
const PUBLISH = 'e2e4-publish-posts';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let standard;
let strict;
let byDefault;

before(async () => {
  standard = await connectSdk(STANDARD_URL);
  strict = await connectSdk(STRICT_URL);
  byDefault = await connectSdk(CFG.defaultUrl);
  // The SDK client validates structuredContent against the outputSchemas it has listed.
  for (const c of [standard, strict, byDefault]) await c.client.listTools();
});
after(async () => {
  await closeSdk(standard);
  await closeSdk(strict);
  await closeSdk(byDefault);
});

/** How many times the ability's callback ran (stored in the database by the fixture). */
async function publishCalls() {
  const r = await standard.client.callTool({ name: 'e2e4-call-counts', arguments: {} });
  assert.equal(r.isError, false, allText(r));
  return r.structuredContent.calls;
}

async function siteContext(conn) {
  const r = await conn.client.callTool({ name: CONTEXT, arguments: {} });
  assert.equal(r.isError, false, allText(r));
  return r.structuredContent;
}

/** The violations of an invalid_arguments result, after checking the result's shape. */
function violations(result) {
  assert.equal(result.isError, true, JSON.stringify(result));
  const err = toolError(result);
  assert.ok(err, `structured error: ${JSON.stringify(result)}`);
  assert.equal(err.code, 'invalid_arguments', JSON.stringify(result));
  const list = err.data?.violations;
  assert.ok(Array.isArray(list) && list.length > 0, JSON.stringify(err));
  const text = allText(result);
  for (const v of list) {
    assert.deepEqual(Object.keys(v).sort(), ['keyword', 'message', 'path']);
    assert.ok(text.includes(v.path), `the text names ${v.path}: ${text}`);
    assert.ok(text.includes(v.message), `the text has "${v.message}": ${text}`);
  }
  return list;
}

test('tools/list: the site-context tool and an optional site_id on every tool, on every server', async () => {
  for (const conn of [standard, strict, byDefault]) {
    const { tools } = await conn.client.listTools();
    const ctx = tools.find((t) => t.name === CONTEXT);
    assert.ok(ctx, `context tool listed: ${tools.map((t) => t.name).join(', ')}`);
    assert.equal(ctx.annotations?.readOnlyHint, true);
    assert.equal(ctx.annotations?.destructiveHint, false);
    for (const t of tools) {
      assert.equal(t.inputSchema.properties?.site_id?.type, 'string', `${t.name} takes site_id`);
      assert.ok(!(t.inputSchema.required ?? []).includes('site_id'), `${t.name}: site_id is optional`);
    }
  }
  const publish = (await standard.client.listTools()).tools.find((t) => t.name === PUBLISH);
  assert.deepEqual(
    { ...publish.annotations },
    { readOnlyHint: false, destructiveHint: true, idempotentHint: false, title: 'Publish posts' },
  );
});

test('site context: contract version 3, WordPress version, a stable site identity', async () => {
  const a = await siteContext(standard);
  assert.equal(a.contract_version, 3);
  assert.match(a.wordpress_version, /^7\.1/);
  assert.match(a.site.site_id, UUID);
  assert.equal(typeof a.site.site_url, 'string');
  assert.equal(new URL(a.site.site_url).hostname, new URL(CFG.site).hostname);
  assert.equal(a.site.blog_id, 1);
  // Same site behind every endpoint: same identity.
  assert.deepEqual(await siteContext(strict), a);
  assert.deepEqual(await siteContext(byDefault), a);
});

test('every violation in one isError result, with JSON Pointer paths, and the ability does not run', async () => {
  const before = await publishCalls();
  const args = {
    dry_run: 'perhaps',
    posts: [{ title: 'fine' }, { title: 42 }, { status: 'bogus' }],
  };
  for (const conn of [standard, strict]) {
    const r = await conn.client.callTool({ name: PUBLISH, arguments: args });
    const list = violations(r);
    const paths = list.map((v) => v.path).sort();
    assert.deepEqual(paths, ['/dry_run', '/posts/1/title', '/posts/2/status', '/posts/2/title'], allText(r));
    const byPath = Object.fromEntries(list.map((v) => [v.path, v.keyword]));
    assert.equal(byPath['/posts/2/status'], 'enum');
    assert.equal(byPath['/posts/2/title'], 'required');
    assert.equal(byPath['/posts/1/title'], 'type');
    assert.match(allText(r), /4 violations/);
  }
  // The default server: the same violations, paths into its own arguments (under /parameters).
  const d = await byDefault.client.callTool({
    name: 'mcp-adapter-execute-ability',
    arguments: { ability_name: 'e2e4/publish-posts', parameters: args },
  });
  assert.deepEqual(
    violations(d).map((v) => v.path).sort(),
    ['/parameters/dry_run', '/parameters/posts/1/title', '/parameters/posts/2/status', '/parameters/posts/2/title'],
  );
  assert.equal(d.structuredContent.success, false);
  assert.equal(await publishCalls(), before, 'no callback ran');
});

test('dry_run "true": normalized to a boolean under standard, refused under strict', async () => {
  const before = await publishCalls();
  const args = { dry_run: 'true', posts: [{ title: 'a' }] };

  const s = await standard.client.callTool({ name: PUBLISH, arguments: args });
  assert.equal(s.isError, false, allText(s));
  assert.equal(s.structuredContent.dry_run, true);
  assert.equal(s.structuredContent.dry_run_type, 'boolean');
  assert.deepEqual(textJson(s), s.structuredContent);

  const off = await standard.client.callTool({ name: PUBLISH, arguments: { dry_run: '0', posts: [] } });
  assert.equal(off.isError, false, allText(off));
  assert.equal(off.structuredContent.dry_run, false);

  const x = await strict.client.callTool({ name: PUBLISH, arguments: args });
  const list = violations(x);
  assert.deepEqual(list.map((v) => [v.path, v.keyword]), [['/dry_run', 'type']]);
  assert.equal(await publishCalls(), before + 2, 'the strict refusal did not run the ability');

  const ok = await strict.client.callTool({ name: PUBLISH, arguments: { dry_run: true, posts: [{ title: 'a' }], extra: 'kept' } });
  assert.equal(ok.isError, false, allText(ok));
  assert.equal(ok.structuredContent.dry_run, true);
  assert.deepEqual(ok.structuredContent.received_keys, ['dry_run', 'posts', 'extra'], 'undescribed fields stay accepted');
  assert.equal(await publishCalls(), before + 3);
});

test('site_id: a mismatch is refused and nothing runs; the right one is accepted and not passed on', async () => {
  const { site } = await siteContext(standard);
  const before = await publishCalls();
  const valid = { dry_run: false, posts: [{ title: 'a' }] };
  const other = site.site_id.replace(/^./, (c) => (c === '0' ? '1' : '0'));

  for (const [conn, name, args] of [
    [standard, PUBLISH, { ...valid, site_id: other }],
    [strict, PUBLISH, { ...valid, site_id: 'not-this-site' }],
    [byDefault, 'mcp-adapter-execute-ability', { ability_name: 'e2e4/publish-posts', parameters: valid, site_id: other }],
  ]) {
    const r = await conn.client.callTool({ name, arguments: args });
    assert.equal(r.isError, true, JSON.stringify(r));
    assert.equal(toolError(r)?.code, 'site_mismatch', JSON.stringify(r));
    assert.match(allText(r), /site/i);
    assert.ok(allText(r).includes(site.site_id), 'the error names the site this endpoint serves');
  }
  assert.equal(await publishCalls(), before, 'no refused call ran');

  const ok = await standard.client.callTool({ name: PUBLISH, arguments: { ...valid, site_id: site.site_id } });
  assert.equal(ok.isError, false, allText(ok));
  assert.deepEqual(ok.structuredContent.received_keys, ['dry_run', 'posts'], 'site_id is removed before the ability');
  const viaDefault = await byDefault.client.callTool({
    name: 'mcp-adapter-execute-ability',
    arguments: { ability_name: 'e2e4/publish-posts', parameters: valid, site_id: site.site_id },
  });
  assert.equal(viaDefault.isError, false, allText(viaDefault));
  assert.equal(await publishCalls(), before + 2);
});
