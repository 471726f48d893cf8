// A tiny loopback reverse proxy that adds HTTP Basic auth, for test runs only.
//
// The MCP conformance suite cannot send an Authorization header; WordPress needs one (application
// password). This proxy listens on 127.0.0.1, forwards every request to a loopback upstream with
// `Authorization: Basic …` added, and streams the answer back unchanged. The Host and Origin headers
// are passed through as sent (the site follows the Host it is served on, and the DNS-rebinding
// scenario sends a foreign Host/Origin that the plugin must refuse).
//
// Usage: node auth-proxy.mjs --listen PORT --upstream http://127.0.0.1:PORT --user U --password-env VAR
//        [--max-seconds 600]
// Prints "listening <port>" on stdout once ready. Exits by itself after --max-seconds (bounded)
// or on SIGINT/SIGTERM.
import http from 'node:http';

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  if (i === -1 || i + 1 >= process.argv.length) {
    if (fallback !== undefined) return fallback;
    console.error(`auth-proxy: missing --${name}`);
    process.exit(2);
  }
  return process.argv[i + 1];
}

const listenPort = Number(arg('listen'));
const upstream = new URL(arg('upstream'));
const user = arg('user');
const password = process.env[arg('password-env')] ?? '';
const maxSeconds = Number(arg('max-seconds', '600'));
const MAX_BODY = 16 * 1024 * 1024;
const REQUEST_TIMEOUT_MS = 60_000;

if (!['127.0.0.1', 'localhost'].includes(upstream.hostname) || upstream.protocol !== 'http:') {
  console.error(`auth-proxy: upstream must be http on loopback, got ${upstream.href}`);
  process.exit(2);
}
if (!Number.isInteger(listenPort) || listenPort <= 0 || listenPort > 65535) {
  console.error('auth-proxy: --listen must be a port number');
  process.exit(2);
}
if (password === '') {
  console.error('auth-proxy: the password environment variable is empty');
  process.exit(2);
}
const authorization = 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');
const basePath = upstream.pathname.replace(/\/+$/, '');

const server = http.createServer((req, res) => {
  const headers = { ...req.headers, authorization };
  delete headers.connection;
  delete headers['keep-alive'];
  let received = 0;
  const out = http.request(
    {
      host: upstream.hostname,
      port: upstream.port || 80,
      method: req.method,
      path: basePath + req.url,
      headers,
      timeout: REQUEST_TIMEOUT_MS,
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  const fail = (status, message) => {
    out.destroy();
    if (!res.headersSent) {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32603, message: `auth-proxy: ${message}` } }));
    } else {
      res.destroy();
    }
  };
  out.on('timeout', () => fail(504, 'upstream timed out'));
  out.on('error', (e) => fail(502, `upstream error: ${e.message}`));
  req.on('data', (chunk) => {
    received += chunk.length;
    if (received > MAX_BODY) {
      req.destroy();
      fail(413, 'request body too large');
    }
  });
  req.pipe(out);
});
server.requestTimeout = REQUEST_TIMEOUT_MS;
server.headersTimeout = REQUEST_TIMEOUT_MS;

function stop(code = 0) {
  server.closeAllConnections?.();
  server.close(() => process.exit(code));
  setTimeout(() => process.exit(code), 2000).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
setTimeout(() => {
  console.error(`auth-proxy: --max-seconds ${maxSeconds} reached, exiting`);
  stop(0);
}, maxSeconds * 1000).unref();

server.listen(listenPort, '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
