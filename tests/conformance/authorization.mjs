// The official conformance suite's authorization-server scenarios (0.2.0-alpha.12:
// `conformance authorization`) against the site's OAuth server, with the one step a person would
// do (log in, approve) done over HTTP: register a client with RFC 7591 for the suite's callback,
// start the suite, read the authorization URL it prints, log in through wp-login.php, approve on the
// consent screen, and deliver the redirect to the suite's callback server. The suite then exchanges
// the code itself and checks the token response.
//
// node authorization.mjs --suite PATH/dist/index.js --site URL --resource URL --user U --password-env VAR
//   --out DIR [--timeout-s 90]
// Prints the suite's output; exit status is the suite's (0 when every check passed).
import { spawn } from 'node:child_process';
import net from 'node:net';

const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, v, i, all) => (i % 2 ? pairs : [...pairs, [v.replace(/^--/, ''), all[i + 1]]]), []));
const site = args.site.replace(/\/+$/, '');
const password = process.env[args['password-env']];
if (!password) throw new Error(`--password-env names an empty variable`);
if (!['127.0.0.1', 'localhost'].includes(new URL(site).hostname)) throw new Error(`refusing a non-loopback site: ${site}`);
const deadline = Date.now() + Number(args['timeout-s'] ?? 90) * 1000;

const port = await new Promise((resolve) => {
  const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)); });
});
const redirect = `http://127.0.0.1:${port}/callback`;

const registration = await fetch(`${site}/wp-json/mcp-native/v1/oauth/register`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ client_name: 'MCP conformance suite', redirect_uris: [redirect], token_endpoint_auth_method: 'none' }),
  signal: AbortSignal.timeout(15000),
});
if (registration.status !== 201) throw new Error(`registration answered ${registration.status}: ${await registration.text()}`);
const { client_id: clientId } = await registration.json();

const suite = spawn(process.execPath, [args.suite, 'authorization', '--url', site, '--client-id', clientId, '--resource', args.resource, '-p', String(port), '-o', args.out], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
const killer = setTimeout(() => suite.kill('SIGKILL'), Math.max(1000, deadline - Date.now()));
let output = '';
let approved = false;
const onData = (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
  const url = output.match(/^(http\S+[?&]response_type=code\S*)$/m)?.[1];
  if (url && !approved) {
    approved = true;
    approve(url).catch((e) => { console.error(`[authorization.mjs] consent failed: ${e.stack ?? e}`); suite.kill('SIGTERM'); });
  }
};
suite.stdout.on('data', onData);
suite.stderr.on('data', onData);
const code = await new Promise((resolve) => suite.on('close', (c) => resolve(c ?? 1)));
clearTimeout(killer);
if (!approved) console.error('[authorization.mjs] the suite never printed an authorization URL');
process.exit(approved ? code : 1);

/** Logs in, approves on the consent screen, and follows the redirect to the suite's callback. */
async function approve(authorizeUrl) {
  const jar = new Map();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const request = async (url, init = {}) => {
    const res = await fetch(url, { redirect: 'manual', ...init, headers: { Cookie: cookieHeader(), ...(init.headers ?? {}) }, signal: AbortSignal.timeout(15000) });
    keep(res);
    return res;
  };
  jar.set('wordpress_test_cookie', 'WP%20Cookie%20check');
  const login = await request(`${site}/wp-login.php`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ log: args.user, pwd: password, 'wp-submit': 'Log In', testcookie: '1' }),
  });
  if (login.status !== 302) throw new Error(`wp-login.php answered ${login.status}`);
  // The authorization endpoint sends the browser on to the consent screen.
  const hop = await request(authorizeUrl);
  if (hop.status !== 302) throw new Error(`the authorization endpoint answered ${hop.status}`);
  const page = await request(new URL(hop.headers.get('location'), authorizeUrl).href);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`the consent screen answered ${page.status}`);
  const form = new URLSearchParams();
  for (const m of html.matchAll(/<input type="hidden" (?:id="[^"]*" )?name="([^"]+)" value="([^"]*)"/g)) {
    form.set(m[1], m[2].replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#0?39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>'));
  }
  if (!form.get('_wpnonce')) throw new Error('no nonce on the consent screen');
  form.set('approve', '1');
  const decision = await request(`${site}/wp-admin/admin.php?page=mcp-native-authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  const location = decision.headers.get('location');
  if (decision.status !== 302 || !location?.startsWith(redirect)) throw new Error(`the decision answered ${decision.status} to ${location}`);
  await fetch(location, { signal: AbortSignal.timeout(15000) });
}
