// The malformed-request corpus (issue 5): bad HTTP / JSON-RPC requests and the answer each must
// get from every MCP endpoint of the plugin. malformed.test.mjs sends every case to the default
// server and to a custom server, in both modes (with and without the extension).
//
// A case:
//   id       unique name (shown in failures)
//   method   HTTP method (default POST)
//   body     string | Buffer | (ctx) => string|Buffer   (omitted: no body)
//   headers  header overrides; null removes a default header. Defaults: Content-Type
//            application/json (when there is a body), Accept "application/json, text/event-stream",
//            Authorization (the test user's application password), Mcp-Session-Id (a live session),
//            MCP-Protocol-Version (the version negotiated for that session).
//   session  'valid' (default) | 'none' | 'unknown' | 'deleted' | 'other-server' | (ctx) => string
//   auth     'valid' (default) | 'none' | 'bad-password'
//   expect   { status, kind, code?, id? }
//            kind 'error'  a JSON-RPC error body: jsonrpc "2.0", error.code === code, string message,
//                          id === id when given (null for errors before the id is known)
//                 'result' a JSON-RPC success body (id echoed when given)
//                 'tool-error' a JSON-RPC success whose result has isError: true
//                 'empty'  no body at all (202 for notifications / client responses)
//
// ctx (per endpoint): { tool, args, argsWith, badArgs, deepArgs, sessionId, otherSessionId, deletedSessionId,
//   protocolVersion, site, label }
//   tool/args: a real tool of that endpoint and valid arguments for it; argsWith(fields): those
//   arguments with extra input fields for the ability (e2e/object-echo: message, times 1..5).
//
// Server behaviour this corpus pins down (documented, deliberate):
//   - errors found before a request id is known (parse errors, batches, non-objects, bad ids) carry id null;
//   - HTTP 400 for malformed messages and headers, 401 unauthenticated, 403 foreign Origin or no
//     capability, 404 unknown session, 405 methods other than POST/DELETE, 413 bodies over the
//     limit (4 MiB by default); 200 for JSON-RPC level errors of a well-formed request
//     (-32601 unknown method, -32602 bad params / unknown tool);
//   - Content-Type and Accept are not enforced: a JSON body is parsed whatever the header says
//     (the response is always application/json, which every client accepts); a multipart body is
//     empty to PHP and gets -32700;
//   - duplicate object keys: the last one wins (as JSON.parse and PHP do);
//   - invalid UTF-8 inside JSON strings is replaced by U+FFFD, outside strings it is a parse error;
//   - integers beyond 64 bits stay exact (as strings); a float id beyond double range (1e400) is
//     an invalid request (it could not be echoed); such a float inside arguments is accepted;
//   - an object key starting with NUL cannot be decoded by PHP: -32700;
//   - error messages echo at most 200 bytes of a client-supplied method or tool name.

const ERR = (status, code, extra = {}) => ({ status, kind: 'error', code, ...extra });
const PARSE = ERR(400, -32700, { id: null });
const INVALID = (id) => ERR(400, -32600, id === undefined ? {} : { id });
const PARAMS = (id) => ERR(200, -32602, id === undefined ? {} : { id });
const NOT_FOUND = (id) => ERR(200, -32601, id === undefined ? {} : { id });
const OK = (id) => ({ status: 200, kind: 'result', ...(id === undefined ? {} : { id }) });
const TOOL_ERROR = (id) => ({ status: 200, kind: 'tool-error', ...(id === undefined ? {} : { id }) });
const ACCEPTED = { status: 202, kind: 'empty' };

const j = (o) => JSON.stringify(o);
const call = (id, params) => j({ jsonrpc: '2.0', id, method: 'tools/call', params });
const validCall = (id) => (c) => call(id, { name: c.tool, arguments: c.args });
const ping = (id = 1) => j({ jsonrpc: '2.0', id, method: 'ping' });

const MiB = 1024 * 1024;
/** A syntactically valid tools/call whose body is exactly `size` bytes (padding in an unknown argument). */
function callOfSize(size) {
  return (c) => {
    const head = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${j(c.tool)},"arguments":{"padding":"`;
    const tail = '"}}}';
    return Buffer.concat([Buffer.from(head), Buffer.alloc(size - head.length - tail.length, 'a'), Buffer.from(tail)]);
  };
}
const nested = (open, close, n) => open.repeat(n) + close.repeat(n);

export const CORPUS = [
  // ------------------------------------------------------------------ broken JSON
  { id: 'json/empty-body', body: '', expect: PARSE },
  { id: 'json/whitespace-only', body: ' \n\t\r ', expect: PARSE },
  { id: 'json/truncated-object', body: '{"jsonrpc":"2.0","id":1,"method":"ping"', expect: PARSE },
  { id: 'json/truncated-mid-string', body: '{"jsonrpc":"2.0","id":1,"method":"pi', expect: PARSE },
  { id: 'json/not-json-text', body: 'hello world', expect: PARSE },
  { id: 'json/trailing-comma', body: '{"jsonrpc":"2.0","id":1,"method":"ping",}', expect: PARSE },
  { id: 'json/single-quotes', body: "{'jsonrpc':'2.0','id':1,'method':'ping'}", expect: PARSE },
  { id: 'json/unquoted-keys', body: '{jsonrpc:"2.0",id:1,method:"ping"}', expect: PARSE },
  { id: 'json/comment', body: '{"jsonrpc":"2.0",/* c */"id":1,"method":"ping"}', expect: PARSE },
  { id: 'json/two-objects', body: ping(1) + ping(2), expect: PARSE },
  { id: 'json/garbage-after-object', body: ping(1) + 'xyz', expect: PARSE },
  { id: 'json/nan-literal', body: '{"jsonrpc":"2.0","id":NaN,"method":"ping"}', expect: PARSE },
  { id: 'json/infinity-literal', body: '{"jsonrpc":"2.0","id":Infinity,"method":"ping"}', expect: PARSE },
  { id: 'json/leading-zero-number', body: '{"jsonrpc":"2.0","id":007,"method":"ping"}', expect: PARSE },
  { id: 'json/hex-number', body: '{"jsonrpc":"2.0","id":0x1F,"method":"ping"}', expect: PARSE },
  { id: 'json/lone-surrogate-escape', body: '{"jsonrpc":"2.0","id":1,"method":"\\ud800"}', expect: PARSE },
  { id: 'json/bad-escape', body: '{"jsonrpc":"2.0","id":1,"method":"\\x41"}', expect: PARSE },
  { id: 'json/raw-control-char-in-string', body: '{"jsonrpc":"2.0","id":1,"method":"pi\u0001ng"}', expect: PARSE },
  { id: 'json/nul-bytes-only', body: Buffer.from([0, 0, 0, 0]), expect: PARSE },
  { id: 'json/nul-byte-before-object', body: Buffer.concat([Buffer.from([0]), Buffer.from(ping())]), expect: PARSE },
  { id: 'json/utf16le-bom', body: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(ping(), 'utf16le')]), expect: PARSE },
  { id: 'json/utf8-bom', body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(ping())]), expect: PARSE },
  { id: 'json/invalid-utf8-outside-string', body: Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":1,'), Buffer.from([0xff, 0xfe]), Buffer.from('"method":"ping"}')]), expect: PARSE },
  { id: 'json/deep-arrays-100000', body: nested('[', ']', 100_000), expect: PARSE },
  { id: 'json/deep-objects-100000', body: '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000), expect: PARSE },
  { id: 'json/deep-unclosed-100000', body: '['.repeat(100_000), expect: PARSE },
  { id: 'json/deep-params-600', body: `{"jsonrpc":"2.0","id":1,"method":"ping","params":${nested('[', ']', 600)}}`, expect: PARSE },

  // ------------------------------------------------------------------ not a single JSON-RPC object
  { id: 'shape/empty-array', body: '[]', expect: INVALID(null) },
  { id: 'shape/batch-of-one', body: `[${ping(1)}]`, expect: INVALID(null) },
  { id: 'shape/batch-of-two', body: `[${ping(1)},${ping(2)}]`, expect: INVALID(null) },
  { id: 'shape/batch-of-garbage', body: '[1,2,3]', expect: INVALID(null) },
  { id: 'shape/batch-of-notifications', body: '[{"jsonrpc":"2.0","method":"notifications/initialized"}]', expect: INVALID(null) },
  { id: 'shape/number', body: '42', expect: INVALID(null) },
  { id: 'shape/string', body: '"ping"', expect: INVALID(null) },
  { id: 'shape/null', body: 'null', expect: INVALID(null) },
  { id: 'shape/true', body: 'true', expect: INVALID(null) },
  { id: 'shape/empty-object', body: '{}', expect: INVALID(null) },

  // ------------------------------------------------------------------ jsonrpc member
  { id: 'jsonrpc/missing', body: '{"id":1,"method":"ping"}', expect: INVALID(1) },
  { id: 'jsonrpc/1.0', body: '{"jsonrpc":"1.0","id":1,"method":"ping"}', expect: INVALID(1) },
  { id: 'jsonrpc/number-2', body: '{"jsonrpc":2,"id":1,"method":"ping"}', expect: INVALID(1) },
  { id: 'jsonrpc/number-2.0', body: '{"jsonrpc":2.0,"id":1,"method":"ping"}', expect: INVALID(1) },
  { id: 'jsonrpc/null', body: '{"jsonrpc":null,"id":1,"method":"ping"}', expect: INVALID(1) },
  { id: 'jsonrpc/3.0', body: '{"jsonrpc":"3.0","id":1,"method":"ping"}', expect: INVALID(1) },
  { id: 'jsonrpc/padded', body: '{"jsonrpc":" 2.0","id":1,"method":"ping"}', expect: INVALID(1) },
  { id: 'jsonrpc/array', body: '{"jsonrpc":["2.0"],"id":1,"method":"ping"}', expect: INVALID(1) },
  { id: 'jsonrpc/duplicate-key-last-invalid', body: '{"jsonrpc":"2.0","jsonrpc":"1.0","id":1,"method":"ping"}', expect: INVALID(1) },
  { id: 'jsonrpc/duplicate-key-last-valid', body: '{"jsonrpc":"1.0","jsonrpc":"2.0","id":2,"method":"ping"}', expect: OK(2) },

  // ------------------------------------------------------------------ id member
  { id: 'id/object', body: '{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', expect: INVALID(null) },
  { id: 'id/array', body: '{"jsonrpc":"2.0","id":[1],"method":"ping"}', expect: INVALID(null) },
  { id: 'id/true', body: '{"jsonrpc":"2.0","id":true,"method":"ping"}', expect: INVALID(null) },
  { id: 'id/null-with-method', body: '{"jsonrpc":"2.0","id":null,"method":"ping"}', expect: INVALID(null) },
  { id: 'id/float-beyond-double', body: '{"jsonrpc":"2.0","id":1e400,"method":"ping"}', expect: INVALID(null) },
  { id: 'id/negative-float-beyond-double', body: '{"jsonrpc":"2.0","id":-1e400,"method":"ping"}', expect: INVALID(null) },
  { id: 'id/int-beyond-64-bits', body: '{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}', expect: { status: 200, kind: 'result' } },
  { id: 'id/int64-max', body: '{"jsonrpc":"2.0","id":9223372036854775807,"method":"ping"}', expect: { status: 200, kind: 'result' } },
  { id: 'id/negative', body: '{"jsonrpc":"2.0","id":-5,"method":"ping"}', expect: OK(-5) },
  { id: 'id/empty-string', body: '{"jsonrpc":"2.0","id":"","method":"ping"}', expect: OK('') },
  { id: 'id/long-string', body: j({ jsonrpc: '2.0', id: 'i'.repeat(10_000), method: 'ping' }), expect: OK('i'.repeat(10_000)) },
  { id: 'id/unicode-string', body: j({ jsonrpc: '2.0', id: 'ïd-☃-\u{1F600}', method: 'ping' }), expect: OK('ïd-☃-\u{1F600}') },
  { id: 'id/duplicate-key', body: '{"jsonrpc":"2.0","id":1,"id":7,"method":"ping"}', expect: OK(7) },

  // ------------------------------------------------------------------ method member
  { id: 'method/missing', body: '{"jsonrpc":"2.0","id":1}', expect: INVALID(1) },
  { id: 'method/missing-with-params', body: '{"jsonrpc":"2.0","id":1,"params":{}}', expect: INVALID(1) },
  { id: 'method/number', body: '{"jsonrpc":"2.0","id":1,"method":42}', expect: INVALID(1) },
  { id: 'method/null', body: '{"jsonrpc":"2.0","id":1,"method":null}', expect: INVALID(1) },
  { id: 'method/empty-string', body: '{"jsonrpc":"2.0","id":1,"method":""}', expect: INVALID(1) },
  { id: 'method/array', body: '{"jsonrpc":"2.0","id":1,"method":["ping"]}', expect: INVALID(1) },
  { id: 'method/object', body: '{"jsonrpc":"2.0","id":1,"method":{"name":"ping"}}', expect: INVALID(1) },
  { id: 'method/unknown', body: j({ jsonrpc: '2.0', id: 1, method: 'foo/bar' }), expect: NOT_FOUND(1) },
  { id: 'method/wrong-case', body: j({ jsonrpc: '2.0', id: 1, method: 'Tools/List' }), expect: NOT_FOUND(1) },
  { id: 'method/padded', body: j({ jsonrpc: '2.0', id: 1, method: ' ping ' }), expect: NOT_FOUND(1) },
  { id: 'method/rpc-reserved', body: j({ jsonrpc: '2.0', id: 1, method: 'rpc.discover' }), expect: NOT_FOUND(1) },
  { id: 'method/server-discover', body: j({ jsonrpc: '2.0', id: 1, method: 'server/discover' }), expect: NOT_FOUND(1) },
  { id: 'method/resources-subscribe', body: j({ jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: 'x://y' } }), expect: NOT_FOUND(1) },
  { id: 'method/very-long-1MiB', body: j({ jsonrpc: '2.0', id: 1, method: 'm'.repeat(MiB) }), expect: NOT_FOUND(1) },
  { id: 'method/nul-byte', body: j({ jsonrpc: '2.0', id: 1, method: 'ping\u0000' }), expect: NOT_FOUND(1) },
  { id: 'method/nul-byte-in-middle', body: j({ jsonrpc: '2.0', id: 1, method: 'tools\u0000/list' }), expect: NOT_FOUND(1) },
  { id: 'method/invalid-utf8', body: Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":1,"method":"pi'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('ng"}')]), expect: NOT_FOUND(1) },
  { id: 'method/html', body: j({ jsonrpc: '2.0', id: 1, method: '<script>alert(1)</script>' }), expect: NOT_FOUND(1) },
  { id: 'method/duplicate-key-last-wins', body: '{"jsonrpc":"2.0","id":1,"method":"ping","method":"no/such"}', expect: NOT_FOUND(1) },
  { id: 'method/unknown-no-session', session: 'none', body: j({ jsonrpc: '2.0', id: 1, method: 'no/such' }), expect: NOT_FOUND(1) },

  // ------------------------------------------------------------------ params member
  { id: 'params/string', body: '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":"x"}', expect: INVALID(1) },
  { id: 'params/number', body: '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":5}', expect: INVALID(1) },
  { id: 'params/true', body: '{"jsonrpc":"2.0","id":1,"method":"tools/list","params":true}', expect: INVALID(1) },
  { id: 'params/tools-call-array', body: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":["x",{}]}', expect: PARAMS(1) },
  { id: 'params/tools-call-null', body: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":null}', expect: PARAMS(1) },
  { id: 'params/tools-call-missing', body: '{"jsonrpc":"2.0","id":1,"method":"tools/call"}', expect: PARAMS(1) },
  { id: 'params/tools-call-empty-object', body: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}', expect: PARAMS(1) },
  { id: 'params/initialize-wrong-types', session: 'none', body: j({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: 20251125, capabilities: 'all', clientInfo: [1] } }), expect: OK(1) },
  { id: 'params/initialize-missing', session: 'none', body: j({ jsonrpc: '2.0', id: 1, method: 'initialize' }), expect: OK(1) },

  // ------------------------------------------------------------------ tools/call name
  { id: 'name/missing', body: (c) => call(1, { arguments: c.args }), expect: PARAMS(1) },
  { id: 'name/null', body: (c) => call(1, { name: null, arguments: c.args }), expect: PARAMS(1) },
  { id: 'name/empty', body: (c) => call(1, { name: '', arguments: c.args }), expect: PARAMS(1) },
  { id: 'name/blank', body: (c) => call(1, { name: '   ', arguments: c.args }), expect: PARAMS(1) },
  { id: 'name/array', body: (c) => call(1, { name: [c.tool], arguments: c.args }), expect: PARAMS(1) },
  { id: 'name/object', body: (c) => call(1, { name: { n: c.tool }, arguments: c.args }), expect: PARAMS(1) },
  { id: 'name/true', body: (c) => call(1, { name: true, arguments: c.args }), expect: PARAMS(1) },
  { id: 'name/integer', body: (c) => call(1, { name: 12345, arguments: c.args }), expect: PARAMS(1) },
  { id: 'name/float', body: (c) => call(1, { name: 1.5, arguments: c.args }), expect: PARAMS(1) },
  { id: 'name/unknown', body: (c) => call(1, { name: 'no-such-tool', arguments: {} }), expect: PARAMS(1) },
  { id: 'name/very-long-1MiB', body: () => call(1, { name: 't'.repeat(MiB), arguments: {} }), expect: PARAMS(1) },
  { id: 'name/nul-byte', body: (c) => call(1, { name: c.tool + '\u0000', arguments: c.args }), expect: PARAMS(1) },
  { id: 'name/path-traversal', body: () => call(1, { name: '../../wp-config', arguments: {} }), expect: PARAMS(1) },
  { id: 'name/ability-name-not-tool-name', body: () => call(1, { name: 'e2e/object-echo', arguments: { message: 'x' } }), expect: PARAMS(1) },
  { id: 'name/invalid-utf8', body: Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"e2e-'), Buffer.from([0xfe, 0xff]), Buffer.from('","arguments":{}}}')]), expect: PARAMS(1) },

  // ------------------------------------------------------------------ tools/call arguments
  { id: 'arguments/string', body: (c) => call(1, { name: c.tool, arguments: 'message=x' }), expect: PARAMS(1) },
  { id: 'arguments/number', body: (c) => call(1, { name: c.tool, arguments: 7 }), expect: PARAMS(1) },
  { id: 'arguments/true', body: (c) => call(1, { name: c.tool, arguments: true }), expect: PARAMS(1) },
  { id: 'arguments/non-empty-array', body: (c) => call(1, { name: c.tool, arguments: [1, 2] }), expect: PARAMS(1) },
  { id: 'arguments/array-of-object', body: (c) => call(1, { name: c.tool, arguments: [c.args] }), expect: PARAMS(1) },
  { id: 'arguments/wrong-field-types', body: (c) => call(1, { name: c.tool, arguments: c.badArgs }), expect: TOOL_ERROR(1) },
  { id: 'arguments/deeply-nested-400', body: (c) => call(1, { name: c.tool, arguments: c.deepArgs(400) }), expect: TOOL_ERROR(1) },
  { id: 'arguments/float-beyond-double', body: (c) => Buffer.from(call(1, { name: c.tool, arguments: c.args }).replace(/\}\}\}$/, ',"huge":1e400}}}')), expect: { status: 200, kind: 'result', id: 1 } },
  { id: 'arguments/int-beyond-64-bits', body: (c) => Buffer.from(call(1, { name: c.tool, arguments: c.args }).replace(/\}\}\}$/, ',"big":123456789012345678901234567890}}}')), expect: { status: 200, kind: 'result', id: 1 } },
  { id: 'arguments/invalid-utf8-in-value', body: (c) => Buffer.concat([Buffer.from(call(1, { name: c.tool, arguments: c.args }).replace(/\}\}\}$/, ',"bytes":"')), Buffer.from([0xc0, 0xaf, 0xed, 0xa0, 0x80]), Buffer.from('"}}}')]), expect: { status: 200, kind: 'result', id: 1 } },
  // PHP cannot decode an object key that starts with NUL into an object: the whole body is refused as -32700.
  { id: 'arguments/nul-byte-key', body: (c) => Buffer.from(call(1, { name: c.tool, arguments: c.args }).replace(/\}\}\}$/, ',"\\u0000":"x"}}}')), expect: PARSE },
  { id: 'arguments/nul-byte-inside-key', body: (c) => Buffer.from(call(1, { name: c.tool, arguments: c.args }).replace(/\}\}\}$/, ',"a\\u0000b":"x"}}}')), expect: { status: 200, kind: 'result', id: 1 } },
  { id: 'arguments/duplicate-keys', body: (c) => Buffer.from(call(1, { name: c.tool, arguments: c.args }).replace(/\}\}\}$/, ',"extra":1,"extra":2}}}')), expect: { status: 200, kind: 'result', id: 1 } },
  { id: 'arguments/integer-above-schema-maximum', body: (c) => call(1, { name: c.tool, arguments: c.argsWith({ times: 6 }) }), expect: TOOL_ERROR(1) },
  { id: 'arguments/integer-beyond-64-bits', body: (c) => call(1, { name: c.tool, arguments: c.argsWith({ times: '__N__' }) }).replace('"__N__"', '18446744073709551617'), expect: TOOL_ERROR(1) },
  { id: 'arguments/integer-as-float-beyond-double', body: (c) => call(1, { name: c.tool, arguments: c.argsWith({ times: '__N__' }) }).replace('"__N__"', '1e400'), expect: TOOL_ERROR(1) },
  { id: 'arguments/10000-keys', body: (c) => call(1, { name: c.tool, arguments: { ...c.args, ...Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])) } }), expect: { status: 200, kind: 'result', id: 1 } },

  // ------------------------------------------------------------------ body size
  { id: 'size/just-under-limit', body: callOfSize(4 * MiB - 64), expect: { status: 200, kind: 'result', id: 1 } },
  { id: 'size/limit-plus-one', body: callOfSize(4 * MiB + 1), expect: ERR(413, -32600, { id: null }) },
  { id: 'size/5MiB', body: callOfSize(5 * MiB), expect: ERR(413, -32600, { id: null }) },
  { id: 'size/5MiB-garbage', body: Buffer.alloc(5 * MiB, '{'), expect: ERR(413, -32600, { id: null }) },

  // ------------------------------------------------------------------ sessions
  { id: 'session/missing', session: 'none', body: j({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), expect: INVALID(1) },
  { id: 'session/missing-ping', session: 'none', body: ping(3), expect: INVALID(3) },
  { id: 'session/empty-header', session: () => '', body: j({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), expect: INVALID(1) },
  { id: 'session/unknown', session: 'unknown', body: j({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), expect: ERR(404, -32005, { id: 1 }) },
  { id: 'session/deleted', session: 'deleted', body: j({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), expect: ERR(404, -32005, { id: 1 }) },
  { id: 'session/of-another-server', session: 'other-server', body: j({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), expect: ERR(404, -32005, { id: 1 }) },
  { id: 'session/very-long', session: () => 's'.repeat(4000), body: ping(1), expect: ERR(404, -32005, { id: 1 }) },
  { id: 'session/sql-ish', session: () => "' OR '1'='1", body: ping(1), expect: ERR(404, -32005, { id: 1 }) },
  { id: 'session/latin1-bytes', session: () => 'sess-\u00e9\u00ff', body: ping(1), expect: ERR(404, -32005, { id: 1 }) },
  { id: 'session/valid-with-suffix', session: (c) => c.sessionId + 'x', body: ping(1), expect: ERR(404, -32005, { id: 1 }) },
  { id: 'session/unknown-tools-call', session: 'unknown', body: validCall(9), expect: ERR(404, -32005, { id: 9 }) },

  // ------------------------------------------------------------------ MCP-Protocol-Version header
  { id: 'version/unsupported-date', headers: { 'MCP-Protocol-Version': '1999-01-01' }, body: ping(1), expect: ERR(400, -32600, { id: 1 }) },
  { id: 'version/future-date', headers: { 'MCP-Protocol-Version': '2099-12-31' }, body: ping(1), expect: ERR(400, -32600, { id: 1 }) },
  { id: 'version/garbage', headers: { 'MCP-Protocol-Version': 'latest' }, body: ping(1), expect: ERR(400, -32600, { id: 1 }) },
  { id: 'version/padded-date', headers: { 'MCP-Protocol-Version': '2025-11-25x' }, body: ping(1), expect: ERR(400, -32600, { id: 1 }) },
  { id: 'version/very-long', headers: { 'MCP-Protocol-Version': 'v'.repeat(4000) }, body: ping(1), expect: ERR(400, -32600, { id: 1 }) },
  { id: 'version/unsupported-on-initialize', session: 'none', headers: { 'MCP-Protocol-Version': '1999-01-01' }, body: j({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }), expect: ERR(400, -32600, { id: 1 }) },
  { id: 'version/unsupported-on-notification', headers: { 'MCP-Protocol-Version': '1999-01-01' }, body: j({ jsonrpc: '2.0', method: 'notifications/initialized' }), expect: ERR(400, -32600, { id: null }) },
  { id: 'version/missing-is-accepted', headers: { 'MCP-Protocol-Version': null }, body: ping(1), expect: OK(1) },
  { id: 'version/older-supported', headers: { 'MCP-Protocol-Version': '2025-03-26' }, body: ping(1), expect: OK(1) },

  // ------------------------------------------------------------------ Content-Type and Accept (not enforced)
  { id: 'content-type/missing', headers: { 'Content-Type': null }, body: ping(1), expect: OK(1) },
  { id: 'content-type/text-plain', headers: { 'Content-Type': 'text/plain' }, body: ping(1), expect: OK(1) },
  { id: 'content-type/form-urlencoded', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: ping(1), expect: OK(1) },
  { id: 'content-type/multipart', headers: { 'Content-Type': 'multipart/form-data; boundary=xyz' }, body: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n', expect: PARSE },
  { id: 'content-type/json-broken-body', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: '{"jsonrpc":', expect: PARSE },
  { id: 'content-type/garbage', headers: { 'Content-Type': '\u00ff;;;==' }, body: ping(1), expect: OK(1) },
  { id: 'accept/missing', headers: { Accept: null }, body: ping(1), expect: OK(1) },
  { id: 'accept/html-only', headers: { Accept: 'text/html' }, body: ping(1), expect: OK(1) },
  { id: 'accept/sse-only', headers: { Accept: 'text/event-stream' }, body: ping(1), expect: OK(1) },
  { id: 'accept/garbage', headers: { Accept: ';;;,,,' }, body: ping(1), expect: OK(1) },

  // ------------------------------------------------------------------ Origin
  { id: 'origin/elsewhere', headers: { Origin: 'http://evil.example' }, body: ping(1), expect: ERR(403, -32011, { id: 1 }) },
  { id: 'origin/https-elsewhere', headers: { Origin: 'https://attacker.test:8443' }, body: ping(1), expect: ERR(403, -32011, { id: 1 }) },
  { id: 'origin/null', headers: { Origin: 'null' }, body: ping(1), expect: ERR(403, -32011, { id: 1 }) },
  { id: 'origin/same-host-other-port', headers: (c) => ({ Origin: c.site.replace(/:(\d+)$/, (m, p) => `:${Number(p) === 1 ? 2 : Number(p) - 1}`) }), body: ping(1), expect: ERR(403, -32011, { id: 1 }) },
  { id: 'origin/suffix-trick', headers: (c) => ({ Origin: `${c.site}.evil.example` }), body: ping(1), expect: ERR(403, -32011, { id: 1 }) },
  { id: 'origin/userinfo-trick', headers: (c) => ({ Origin: `http://evil.example@${new URL(c.site).host}` }), body: ping(1), expect: ERR(403, -32011, { id: 1 }) },
  { id: 'origin/elsewhere-initialize', session: 'none', headers: { Origin: 'http://evil.example' }, body: j({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }), expect: ERR(403, -32011, { id: 1 }) },
  { id: 'origin/own-site-allowed', headers: (c) => ({ Origin: c.site }), body: ping(1), expect: OK(1) },

  // ------------------------------------------------------------------ HTTP methods
  { id: 'http/GET', method: 'GET', expect: ERR(405, -32600, { id: null }) },
  { id: 'http/GET-sse', method: 'GET', headers: { Accept: 'text/event-stream' }, expect: ERR(405, -32600, { id: null }) },
  { id: 'http/PUT', method: 'PUT', body: ping(1), expect: ERR(405, -32600, { id: null }) },
  { id: 'http/PATCH', method: 'PATCH', body: ping(1), expect: ERR(405, -32600, { id: null }) },
  { id: 'http/OPTIONS', method: 'OPTIONS', expect: { status: 200, kind: 'any-json' } },
  { id: 'http/HEAD', method: 'HEAD', expect: { status: 405, kind: 'empty' } },
  { id: 'http/DELETE-no-session', method: 'DELETE', session: 'none', expect: ERR(400, -32600, { id: null }) },
  { id: 'http/DELETE-unknown-session', method: 'DELETE', session: 'unknown', expect: ERR(404, -32005, { id: null }) },
  { id: 'http/DELETE-with-body', method: 'DELETE', session: 'unknown', body: '{"garbage":', expect: ERR(404, -32005, { id: null }) },
  { id: 'http/POST-method-override-header', headers: { 'X-HTTP-Method-Override': 'GET' }, body: ping(1), expect: ERR(405, -32600, { id: null }) },

  // ------------------------------------------------------------------ authentication on hostile requests
  { id: 'auth/none-broken-json', auth: 'none', body: '{"jsonrpc":', expect: ERR(401, -32010, { id: null }) },
  { id: 'auth/none-batch', auth: 'none', body: `[${ping(1)}]`, expect: ERR(401, -32010, { id: null }) },
  { id: 'auth/none-huge-body', auth: 'none', body: callOfSize(5 * MiB), expect: ERR(401, -32010, { id: null }) },
  { id: 'auth/bad-password', auth: 'bad-password', body: ping(1), expect: ERR(401, -32010, { id: 1 }) },
  { id: 'auth/malformed-basic', auth: 'none', headers: { Authorization: 'Basic !!!not-base64!!!' }, body: ping(1), expect: ERR(401, -32010, { id: 1 }) },
  { id: 'auth/bearer-token', auth: 'none', headers: { Authorization: 'Bearer abc.def.ghi' }, body: ping(1), expect: ERR(401, -32010, { id: 1 }) },
  { id: 'auth/basic-without-colon', auth: 'none', headers: { Authorization: 'Basic ' + Buffer.from('admin').toString('base64') }, body: ping(1), expect: ERR(401, -32010, { id: 1 }) },

  // ------------------------------------------------------------------ notifications and client responses
  { id: 'notification/unknown', body: j({ jsonrpc: '2.0', method: 'notifications/whatever' }), expect: ACCEPTED },
  { id: 'notification/params-wrong-shape', body: j({ jsonrpc: '2.0', method: 'notifications/cancelled', params: [1, 2] }), expect: ACCEPTED },
  { id: 'notification/without-session', session: 'none', body: j({ jsonrpc: '2.0', method: 'notifications/initialized' }), expect: ACCEPTED },
  { id: 'notification/method-number', body: j({ jsonrpc: '2.0', method: 7 }), expect: INVALID(null) },
  { id: 'response/result-from-client', body: j({ jsonrpc: '2.0', id: 5, result: {} }), expect: ACCEPTED },
  { id: 'response/error-from-client', body: j({ jsonrpc: '2.0', id: 5, error: { code: -1, message: 'x' } }), expect: ACCEPTED },
  { id: 'response/without-id', body: j({ jsonrpc: '2.0', result: {} }), expect: INVALID(null) },
];
