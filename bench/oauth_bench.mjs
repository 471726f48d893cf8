// HTTP half of bench/oauth_bench.sh (`make bench-oauth`): median latency of requests to a site on
// nginx + php-fpm, sent one at a time over one keep-alive connection, in rounds; each round sends
// every kind once, in a shuffled order, so drift on a shared machine moves every kind alike.
//
//   node bench/oauth_bench.mjs SITE_URL ADMIN_APP_PASSWORD ADMIN_LOGIN_PASSWORD [ROUNDS]
//
// Kinds (the MCP request is the same stateless 2026-07-28 tools/list of the default server):
//   mcp-basic    with the admin's application password (Basic)
//   mcp-bearer   with an OAuth access token of the admin (obtained through the real flow first)
//   rest-none    an ordinary request without credentials: GET /wp-json/wp/v2/types/post
// Prints medians and the differences, and a JSON line (prefix "json: ").
import * as O from '../tests/e2e/oauth-http.mjs';

const [site, appPassword, loginPassword, roundsArg] = process.argv.slice(2);
if (!site || !appPassword || !loginPassword) {
  console.error('usage: node bench/oauth_bench.mjs SITE_URL ADMIN_APP_PASSWORD ADMIN_LOGIN_PASSWORD [ROUNDS]');
  process.exit(2);
}
const ROUNDS = Number(roundsArg || 200);
const WARMUP = 20;
const mcpUrl = `${site}/wp-json/mcp/mcp-adapter-default-server`;

const d = await O.discover(mcpUrl);
const jar = await O.login(site, 'admin', loginPassword);
const client = await O.registerClient(d.as, { name: 'bench client', redirectUris: ['http://127.0.0.1/bench'] });
const { tokens } = await O.obtainTokens(d.as, jar, client, { redirectUri: 'http://127.0.0.1/bench', resource: d.prm.resource, scope: 'mcp:read mcp:write' });

const kinds = {
  'mcp-basic': () => O.mcp(mcpUrl, O.basic('admin', appPassword), 'tools/list'),
  'mcp-bearer': () => O.mcp(mcpUrl, O.bearer(tokens.access_token), 'tools/list'),
  'rest-none': () => O.request(`${site}/wp-json/wp/v2/types/post`),
};
for (const [name, send] of Object.entries(kinds)) {
  const r = await send();
  if (r.status !== 200) throw new Error(`${name}: ${O.show(r)}`);
}
const times = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
const diffs = [];
for (let round = 0; round < WARMUP + ROUNDS; round++) {
  const order = Object.keys(kinds).sort(() => Math.random() - 0.5);
  const t = {};
  for (const k of order) {
    const s = process.hrtime.bigint();
    const r = await kinds[k]();
    t[k] = Number(process.hrtime.bigint() - s) / 1e6;
    if (r.status !== 200) throw new Error(`${k}: ${O.show(r)}`);
  }
  if (round >= WARMUP) {
    for (const k of order) times[k].push(t[k]);
    diffs.push(t['mcp-bearer'] - t['mcp-basic']);
  }
}
const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
const out = {
  rounds: ROUNDS,
  median_ms: m,
  bearer_minus_basic_ms: median(diffs),
  bearer_minus_basic_of_medians_ms: m['mcp-bearer'] - m['mcp-basic'],
};
console.log(`HTTP (nginx + php-fpm, ${ROUNDS} rounds after ${WARMUP} warm-up, medians):`);
console.log(`  MCP tools/list, application password (Basic):   ${m['mcp-basic'].toFixed(2)} ms`);
console.log(`  MCP tools/list, OAuth bearer token:             ${m['mcp-bearer'].toFixed(2)} ms`);
console.log(`  ordinary REST GET, no credentials:              ${m['rest-none'].toFixed(2)} ms`);
console.log(`  => bearer minus application password (median of the per-round differences; baseline: the same MCP request with an application password): ${out.bearer_minus_basic_ms.toFixed(3)} ms`);
console.log(`json: ${JSON.stringify(out)}`);
await O.revoke(d.as, client, tokens.refresh_token, 'refresh_token');
