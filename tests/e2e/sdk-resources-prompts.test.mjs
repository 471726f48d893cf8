// Resources, resource templates, prompts and completion (issue 13) through the official TypeScript SDK
// client on the custom and default servers (wordpress-remote.test.mjs and stdio.test.mjs cover them too).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { CFG, connectSdk, closeSdk, http, rawInitialize, rpcBody } from './helpers.mjs';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
let custom;
let byDefault;

before(async () => {
  custom = await connectSdk(CFG.customUrl);
  byDefault = await connectSdk(CFG.defaultUrl);
});
after(async () => {
  await closeSdk(custom);
  await closeSdk(byDefault);
});

test('capabilities: resources (no subscribe), prompts, completions', () => {
  const caps = custom.client.getServerCapabilities();
  assert.deepEqual(caps.resources, { subscribe: false, listChanged: false });
  assert.deepEqual(caps.prompts, { listChanged: false });
  assert.deepEqual(caps.completions, {});
});

test('listResources / readResource: text with its mime type and annotations, binary as a blob', async () => {
  const { resources } = await custom.client.listResources();
  assert.deepEqual(resources.map((r) => r.uri), ['wordpress://e2e/site-note', 'wordpress://e2e/logo.png']);
  const note = resources[0];
  assert.equal(note.name, 'e2e/site-note');
  assert.equal(note.title, 'Site note');
  assert.equal(note.mimeType, 'text/markdown');
  assert.deepEqual(note.annotations, { audience: ['assistant'], priority: 0.5 });

  const text = await custom.client.readResource({ uri: 'wordpress://e2e/site-note' });
  assert.deepEqual(text.contents, [{ uri: 'wordpress://e2e/site-note', mimeType: 'text/markdown', text: 'A note about the site.' }]);
  const blob = await custom.client.readResource({ uri: 'wordpress://e2e/logo.png' });
  assert.deepEqual(blob.contents, [{ uri: 'wordpress://e2e/logo.png', mimeType: 'image/png', blob: PNG }]);

  await assert.rejects(custom.client.readResource({ uri: 'wordpress://e2e/nothing' }), (e) => e instanceof McpError && e.code === -32602 && /Resource not found/.test(e.message));
});

test('listResourceTemplates / readResource through a template, variables validated; complete', async () => {
  const { resourceTemplates } = await custom.client.listResourceTemplates();
  assert.deepEqual(resourceTemplates.map((t) => t.uriTemplate), ['wordpress://e2e/notes/{slug}']);
  const read = await custom.client.readResource({ uri: 'wordpress://e2e/notes/beta' });
  assert.deepEqual(JSON.parse(read.contents[0].text), { slug: 'beta', title: 'Beta' });
  assert.equal(read.contents[0].mimeType, 'application/json');
  await assert.rejects(custom.client.readResource({ uri: 'wordpress://e2e/notes/delta' }), (e) => e instanceof McpError && e.code === -32602 && /slug/.test(e.message));

  const done = await custom.client.complete({ ref: { type: 'ref/resource', uri: 'wordpress://e2e/notes/{slug}' }, argument: { name: 'slug', value: 'g' } });
  assert.deepEqual(done.completion, { values: ['gamma'], total: 1, hasMore: false });
});

test('listPrompts pages with an opaque cursor (the fixture sets one prompt per page)', async () => {
  const first = await custom.client.listPrompts();
  assert.deepEqual(first.prompts.map((p) => p.name), ['e2e-review-note']);
  assert.match(first.nextCursor ?? '', /^[A-Za-z0-9_-]+$/);
  const second = await custom.client.listPrompts({ cursor: first.nextCursor });
  assert.deepEqual(second.prompts.map((p) => p.name), ['e2e-show-logo']);
  assert.equal(second.nextCursor, undefined);
  await assert.rejects(custom.client.listPrompts({ cursor: 'not-a-cursor' }), (e) => e instanceof McpError && e.code === -32602);
});

test('a cursor issued by one web node is accepted by another', async (t) => {
  const second = process.env.E2E_SECOND_SITE_URL;
  if (!second) {
    t.skip('E2E_SECOND_SITE_URL not set (scripts/test-e2e.sh serves the site twice)');
    return;
  }
  const nodeB = CFG.customUrl.replace(CFG.site, second.replace(/\/+$/, ''));
  const { sessionId, protocolVersion } = await rawInitialize(CFG.customUrl);
  const a = await http(CFG.customUrl, { body: rpcBody('prompts/list', {}, 80), sessionId, protocolVersion });
  assert.equal(a.status, 200, a.text);
  const b = await http(nodeB, { body: rpcBody('prompts/list', { cursor: a.json.result.nextCursor }, 81), sessionId, protocolVersion });
  assert.equal(b.status, 200, b.text);
  assert.deepEqual(b.json.result.prompts.map((p) => p.name), ['e2e-show-logo']);
});

test('listPrompts / getPrompt: arguments from the input schema, text, image and embedded resource messages', async () => {
  const { prompts } = await custom.client.listPrompts();
  const review = prompts.find((p) => p.name === 'e2e-review-note');
  assert.ok(review, JSON.stringify(prompts));
  assert.deepEqual(review.arguments, [
    { name: 'slug', description: 'The note to review', required: true },
    { name: 'tone' },
  ]);
  const got = await custom.client.getPrompt({ name: 'e2e-review-note', arguments: { slug: 'alpha', tone: 'frank' } });
  assert.deepEqual(got.messages, [{ role: 'user', content: { type: 'text', text: 'Review the note "alpha" in a frank tone.' } }]);
  await assert.rejects(custom.client.getPrompt({ name: 'e2e-review-note', arguments: { slug: 'a' } }), (e) => e instanceof McpError && e.code === -32602);
  await assert.rejects(custom.client.getPrompt({ name: 'no-such-prompt' }), (e) => e instanceof McpError && e.code === -32602);

  const media = await custom.client.getPrompt({ name: 'e2e-show-logo' });
  assert.equal(media.messages[0].content.type, 'image');
  assert.equal(media.messages[0].content.data, PNG);
  assert.equal(media.messages[1].content.type, 'resource');
  assert.equal(media.messages[1].content.resource.text, 'A note about the site.');

  const tones = await custom.client.complete({ ref: { type: 'ref/prompt', name: 'e2e-review-note' }, argument: { name: 'tone', value: 'f' } });
  assert.deepEqual(tones.completion.values, ['friendly', 'formal', 'frank']);
});

test('default server: only public resources and prompts', async () => {
  const { resources } = await byDefault.client.listResources();
  assert.ok(resources.some((r) => r.uri === 'wordpress://e2e/site-note'));
  assert.ok(!resources.some((r) => r.uri === 'wordpress://e2e/logo.png'), 'not public');
  const { prompts } = await byDefault.client.listPrompts();
  assert.ok(prompts.some((p) => p.name === 'e2e-review-note'));
  assert.ok(!prompts.some((p) => p.name === 'e2e-show-logo'), 'not public');
  const read = await byDefault.client.readResource({ uri: 'wordpress://e2e/site-note' });
  assert.equal(read.contents[0].text, 'A note about the site.');
});
