// The site owner decides (issue 35), with real clients on both wires: an ability the owner hides
// is absent from lists and refused on call; an "ask first" ability (e2e-owner/wipe-note is
// destructive: asks by default) runs only after the client's person accepts, never after a
// decline, and a client that cannot ask is refused. At 2025-11-25 the question travels on the
// call's SSE stream and the answer in the client's own POST: the raw test sends that answer to the
// OTHER web node (php -S and nginx + php-fpm serve the same site and database), as a host that
// scales WordPress out would see it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import * as V2 from '@modelcontextprotocol/client';
import { CFG, AUTH, allText, http, rpcBody, rawInitialize } from './helpers.mjs';

const OWNER_URL = `${CFG.site}/wp-json/mcp-native-e2e/owner`;
const SECOND = (process.env.E2E_SECOND_SITE_URL || '').replace(/\/+$/, '');
// A 2025-11-25 call waits for the client's answer, which comes in another request: it needs a
// server that hands each request to a free worker. nginx + php-fpm (the second node) does; `php -S`
// may queue the answer behind the very request that waits for it (each of its processes accepts
// connections it cannot serve yet), so the SDK v1 client talks to the nginx node when there is one.
const SESSION_URL = SECOND ? OWNER_URL.replace(CFG.site, SECOND) : OWNER_URL;
const WIPE = 'e2e-owner-wipe-note';
const PEEK = 'e2e-owner-peek';

async function setExposure(settings) {
  const r = await fetch(`${CFG.site}/wp-json/mcp-native-e2e/v1/exposure`, {
    method: 'POST',
    headers: { Authorization: AUTH, 'Content-Type': 'application/json' },
    body: JSON.stringify(settings),
    signal: AbortSignal.timeout(15_000),
  });
  assert.equal(r.status, 200, await r.text());
}

/** An SDK v1 client (2025-11-25); `answer` answers every elicitation, or null: no elicitation capability. */
async function v1(answer, url = SESSION_URL) {
  const client = new Client({ name: 'e2e-owner-v1', version: '1.0.0' }, { capabilities: answer ? { elicitation: {} } : {} });
  const asked = [];
  if (answer) {
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params);
      return answer;
    });
  }
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: AUTH } } }));
  return { client, asked };
}

/** An SDK v2 client at 2026-07-28 that answers every elicitation with `answer`. */
async function v2(answer) {
  const client = new V2.Client({ name: 'e2e-owner-v2', version: '2.0.0' }, { versionNegotiation: { mode: 'auto' }, capabilities: { elicitation: {} } });
  const asked = [];
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(request.params);
    return answer;
  });
  await client.connect(new V2.StreamableHTTPClientTransport(new URL(OWNER_URL), { requestInit: { headers: { Authorization: AUTH } } }));
  assert.equal(client.getProtocolEra(), 'modern');
  return { client, asked };
}

async function wipes(client) {
  const r = await client.callTool({ name: 'e2e-call-counts', arguments: {} });
  return r.structuredContent?.calls?.['e2e-owner/wipe-note'] ?? 0;
}

const ACCEPT = { action: 'accept', content: { approve: true } };
const DECLINE = { action: 'decline' };

before(async () => setExposure({}));
after(async () => setExposure({}));

for (const [wire, connect] of [['2025-11-25 (SDK v1)', v1], ['2026-07-28 (SDK v2)', v2]]) {
  test(`${wire}: an "ask first" ability runs after a yes, never after a no`, async () => {
    const yes = await connect(ACCEPT);
    try {
      const before = await wipes(yes.client);
      const r = await yes.client.callTool({ name: WIPE, arguments: { id: 11 } });
      assert.equal(r.isError, false, allText(r));
      assert.deepEqual(r.structuredContent, { wiped: 11 });
      assert.equal(yes.asked.length, 1, 'asked once');
      assert.match(yes.asked[0].message, /e2e-owner\/wipe-note/);
      assert.match(yes.asked[0].message, /"id":11/, 'the person sees the arguments');
      assert.deepEqual(Object.keys(yes.asked[0].requestedSchema.properties), ['approve']);
      assert.equal(await wipes(yes.client), before + 1, 'ran once');
    } finally {
      await yes.client.close();
    }
    const no = await connect(DECLINE);
    try {
      const before = await wipes(no.client);
      const r = await no.client.callTool({ name: WIPE, arguments: { id: 12 } });
      assert.equal(r.isError, true);
      assert.match(allText(r), /not approved/);
      assert.equal(await wipes(no.client), before, 'declined: never ran');
    } finally {
      await no.client.close();
    }
  });
}

test('2025-11-25: a client without the elicitation capability is refused, nothing runs', async () => {
  const { client } = await v1(null);
  try {
    const before = await wipes(client);
    const r = await client.callTool({ name: WIPE, arguments: { id: 13 } });
    assert.equal(r.isError, true);
    assert.match(allText(r), /cannot ask/);
    assert.equal(await wipes(client), before);
  } finally {
    await client.close();
  }
});

test('2025-11-25 on two web nodes: the question is asked on one, the answer posted to the other', { skip: SECOND ? false : 'E2E_SECOND_SITE_URL not set' }, async () => {
  const secondUrl = OWNER_URL.replace(CFG.site, SECOND);
  const init = await http(OWNER_URL, {
    body: rpcBody('initialize', { protocolVersion: '2025-11-25', capabilities: { elicitation: {} }, clientInfo: { name: 'e2e-owner-raw', version: '1' } }),
  });
  const session = init.headers.get('mcp-session-id');
  assert.ok(session, init.text);
  await http(OWNER_URL, { body: { jsonrpc: '2.0', method: 'notifications/initialized' }, sessionId: session, protocolVersion: '2025-11-25' });
  const counts = async () => (await http(secondUrl, { body: rpcBody('tools/call', { name: 'e2e-call-counts', arguments: {} }), sessionId: session, protocolVersion: '2025-11-25' })).json.result.structuredContent.calls['e2e-owner/wipe-note'] ?? 0;
  const before = await counts();

  const call = await fetch(OWNER_URL, {
    method: 'POST',
    headers: { Authorization: AUTH, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-11-25' },
    body: JSON.stringify(rpcBody('tools/call', { name: WIPE, arguments: { id: 21 } }, 'call-21')),
    signal: AbortSignal.timeout(60_000),
  });
  assert.equal(call.status, 200);
  assert.match(call.headers.get('content-type') ?? '', /text\/event-stream/);
  const events = sseEvents(call.body);
  const question = (await events.next()).value;
  assert.equal(question.method, 'elicitation/create', JSON.stringify(question));
  assert.ok(typeof question.id === 'string');

  const answer = await http(secondUrl, { body: { jsonrpc: '2.0', id: question.id, result: ACCEPT }, sessionId: session, protocolVersion: '2025-11-25' });
  assert.equal(answer.status, 202, answer.text);
  const final = (await events.next()).value;
  assert.equal(final.id, 'call-21');
  assert.equal(final.result?.isError, false, JSON.stringify(final));
  assert.deepEqual(final.result.structuredContent, { wiped: 21 });
  assert.equal(await counts(), before + 1);

  const stray = await http(secondUrl, { body: { jsonrpc: '2.0', id: question.id, result: ACCEPT }, sessionId: session, protocolVersion: '2025-11-25' });
  assert.equal(stray.status, 202, 'an answer nobody waits for is accepted and dropped');
});

test('2026-07-28 on two web nodes: input_required from one node, the approval and its signed state sent to the other', { skip: SECOND ? false : 'E2E_SECOND_SITE_URL not set' }, async () => {
  const modern = (url, params) => http(url, {
    body: rpcBody('tools/call', { name: WIPE, arguments: { id: 31 }, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': { elicitation: {} } }, ...params }),
    protocolVersion: '2026-07-28',
    headers: { 'Mcp-Method': 'tools/call', 'Mcp-Name': WIPE },
  });
  const round = await modern(OWNER_URL, {});
  assert.equal(round.json?.result?.resultType, 'input_required', round.text);
  const key = Object.keys(round.json.result.inputRequests)[0];
  const done = await modern(OWNER_URL.replace(CFG.site, SECOND), { inputResponses: { [key]: ACCEPT }, requestState: round.json.result.requestState });
  assert.equal(done.json?.result?.isError, false, done.text);
  assert.deepEqual(done.json.result.structuredContent, { wiped: 31 });
  const again = await modern(OWNER_URL, { inputResponses: { [key]: ACCEPT }, requestState: round.json.result.requestState });
  assert.equal(again.json?.error?.code, -32602, `a state is used once, whichever node saw it: ${again.text}`);
});

test('the owner hides an ability: absent from tools/list and refused on call (both wires)', async () => {
  await setExposure({ servers: { 'e2e-owner': { 'e2e-owner/peek': false } } });
  const legacy = await v1(null);
  const modern = await v2(ACCEPT);
  try {
    for (const client of [legacy.client, modern.client]) {
      const names = (await client.listTools()).tools.map((t) => t.name);
      assert.ok(!names.includes(PEEK), names.join(', '));
      assert.ok(names.includes(WIPE));
      await assert.rejects(client.callTool({ name: PEEK, arguments: {} }), /Unknown tool|e2e-owner-peek/);
    }
  } finally {
    await legacy.client.close();
    await modern.client.close();
    await setExposure({});
  }
  const { client } = await v1(null);
  try {
    assert.ok((await client.listTools()).tools.some((t) => t.name === PEEK), 'shown again once the choice is removed');
  } finally {
    await client.close();
  }
});

/** The JSON messages of an SSE body, one by one. */
async function* sseEvents(body) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = frame.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart()).join('\n');
      if (data) yield JSON.parse(data);
    }
  }
}
