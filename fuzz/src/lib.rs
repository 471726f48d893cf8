//! Shared pieces of the fuzz targets: a byte-driven generator of `serde_json` values shaped like
//! WordPress ability schemas (keywords, WordPress-only keys, empty maps, odd numbers, deep
//! chains well past `MAX_DEPTH`), and the oracles the targets check.
//!
//! The generator is total: any byte string gives a value (bytes run out → nulls), the node count
//! is bounded, and deep chains are built iteratively, so the generator itself never recurses
//! deeper than `TREE_DEPTH`.

use serde_json::{Map, Number, Value};

/// Keys the generator picks from (schema keywords, WordPress-only keys, wrapper names, keys
/// that need JSON Pointer escaping, numeric-looking keys).
pub const KEYS: &[&str] = &[
    "type", "properties", "items", "anyOf", "oneOf", "allOf", "not", "if", "then", "else", "$defs",
    "definitions", "additionalProperties", "patternProperties", "prefixItems", "dependencies",
    "dependentSchemas", "contains", "propertyNames", "contentSchema", "additionalItems",
    "unevaluatedItems", "unevaluatedProperties", "sanitize_callback", "validate_callback",
    "arg_options", "required", "default", "enum", "const", "minimum", "maximum", "exclusiveMinimum",
    "exclusiveMaximum", "multipleOf", "minLength", "maxLength", "pattern", "format", "minItems",
    "maxItems", "uniqueItems", "minProperties", "maxProperties", "$ref", "$id", "$schema",
    "input", "result", "input_schema_transformed", "input_schema_wrapper",
    "output_schema_transformed", "output_schema_wrapper", "0", "1", "-1", "", "~", "/", "a/b~c",
    "~1", " ", "\t", "é", "p",
];

/// String values the generator picks from.
pub const STRINGS: &[&str] = &[
    "object", "string", "integer", "number", "boolean", "array", "null", "date-time", "email",
    "uri", "ip", "uuid", "hex-color", "text-field", "textarea-field", "^[a-z]+$", "(a+)+$", "[",
    "(?=a)b", "#/$defs/a", "#", "http://127.0.0.1/s.json", "true", "false", "1", "0", "1.5",
    "-0", " 12 ", "1e400", "", " ", "\t\n", "input", "result", "\u{0}", "é", "a,b, c",
    "2026-11-30T05:52:40Z", "#fff", "127.0.0.1", "a@b.c",
];

/// Bounds of one generated value.
const MAX_NODES: usize = 4096;
const TREE_DEPTH: usize = 48;
/// Longest deep chain (several times `MAX_DEPTH`).
const MAX_CHAIN: usize = 600;

/// A cursor over the fuzzer's bytes.
pub struct Gen<'a> {
    data: &'a [u8],
    pos: usize,
    nodes: usize,
    /// One deep chain per value at most (keeps the total depth under ~700).
    chained: bool,
}

impl<'a> Gen<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Gen { data, pos: 0, nodes: 0, chained: false }
    }

    pub fn byte(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }

    pub fn exhausted(&self) -> bool {
        self.pos >= self.data.len()
    }

    fn u64(&mut self) -> u64 {
        (0..8).fold(0u64, |acc, _| (acc << 8) | self.byte() as u64)
    }

    /// Raw bytes (any byte values, so possibly invalid UTF-8), at most 64.
    pub fn raw_bytes(&mut self) -> Vec<u8> {
        let n = (self.byte() % 65) as usize;
        (0..n).map(|_| self.byte()).collect()
    }

    /// A key: from the dictionary, or raw bytes made UTF-8 (JSON keys are strings).
    pub fn key(&mut self) -> String {
        let b = self.byte();
        if b < 224 {
            KEYS[b as usize % KEYS.len()].to_owned()
        } else {
            String::from_utf8_lossy(&self.raw_bytes()).into_owned()
        }
    }

    pub fn string(&mut self) -> String {
        let b = self.byte();
        match b {
            0..=199 => STRINGS[b as usize % STRINGS.len()].to_owned(),
            200..=249 => String::from_utf8_lossy(&self.raw_bytes()).into_owned(),
            // A long string (up to 64 KiB) of one repeated dictionary key.
            _ => KEYS[self.byte() as usize % KEYS.len()].repeat(1 + self.byte() as usize * 4),
        }
    }

    fn int(&mut self) -> i64 {
        match self.byte() % 8 {
            0 => 0,
            1 => -1,
            2 => i64::MAX,
            3 => i64::MIN,
            4 => (self.byte() as i8) as i64,
            _ => self.u64() as i64,
        }
    }

    fn float(&mut self) -> Value {
        let f = match self.byte() % 8 {
            0 => 0.5,
            1 => -0.0,
            2 => f64::MAX,
            3 => f64::MIN_POSITIVE,
            4 => 5e-324,
            5 => 1e15 + 0.5,
            _ => f64::from_bits(self.u64()),
        };
        // JSON has no INF/NAN (serde_json refuses them): those are fuzzed from PHP.
        Number::from_f64(f).map(Value::Number).unwrap_or(Value::Null)
    }

    /// Any value.
    pub fn value(&mut self) -> Value {
        self.value_at(0)
    }

    fn value_at(&mut self, depth: usize) -> Value {
        self.nodes += 1;
        if self.exhausted() || self.nodes > MAX_NODES {
            return Value::Null;
        }
        let op = self.byte();
        let containers_allowed = depth < TREE_DEPTH;
        match op % 16 {
            0 => Value::Null,
            1 => Value::Bool(op & 0x10 != 0),
            2 => Value::Number(self.int().into()),
            3 => self.float(),
            4 | 5 => Value::String(self.string()),
            6 | 7 if containers_allowed => {
                let n = (self.byte() % 6) as usize;
                Value::Array((0..n).map(|_| self.value_at(depth + 1)).collect())
            }
            8..=11 if containers_allowed => {
                let n = (self.byte() % 7) as usize;
                let mut m = Map::new();
                for _ in 0..n {
                    let k = self.key();
                    let v = self.value_at(depth + 1);
                    m.insert(k, v);
                }
                Value::Object(m)
            }
            12 | 13 if containers_allowed => self.schema(depth),
            14 if containers_allowed && !self.chained => {
                self.chained = true;
                self.chain(depth)
            }
            15 => Value::Array(vec![]),
            _ => Value::Object(Map::new()),
        }
    }

    /// A schema-like object: a `type`, then a few keyword entries.
    fn schema(&mut self, depth: usize) -> Value {
        let mut m = Map::new();
        if self.byte() % 4 != 0 {
            let t = match self.byte() % 10 {
                0 => Value::Null,
                1 => Value::Array(vec!["object".into(), "null".into()]),
                2 => Value::Array(vec!["string".into(), "integer".into()]),
                _ => Value::String(STRINGS[self.byte() as usize % 7].to_owned()),
            };
            m.insert("type".into(), t);
        }
        let n = (self.byte() % 5) as usize;
        for _ in 0..n {
            let k = KEYS[self.byte() as usize % 27].to_owned();
            let v = match k.as_str() {
                "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas" => {
                    let mut props = Map::new();
                    for _ in 0..(self.byte() % 4) {
                        let name = self.key();
                        let sub = self.value_at(depth + 2);
                        props.insert(name, sub);
                    }
                    Value::Object(props)
                }
                "anyOf" | "oneOf" | "allOf" | "prefixItems" => {
                    Value::Array((0..(self.byte() % 3)).map(|_| self.value_at(depth + 2)).collect())
                }
                _ => self.value_at(depth + 1),
            };
            m.insert(k, v);
        }
        Value::Object(m)
    }

    /// A chain of `len` nested containers (built from the inside out, without recursion).
    fn chain(&mut self, depth: usize) -> Value {
        let len = (self.byte() as usize * 256 + self.byte() as usize) % (MAX_CHAIN + 1);
        let kind = self.byte() % 6;
        let mut v = self.value_at(depth + 1);
        for _ in 0..len {
            // Built by hand: `json!` would serialise `v` again at every level.
            v = match kind {
                0 => obj(vec![("type", "object".into()), ("properties", obj(vec![("p", v)]))]),
                1 => obj(vec![("type", "array".into()), ("items", v)]),
                2 => obj(vec![("anyOf", Value::Array(vec![v]))]),
                3 => Value::Array(vec![v]),
                4 => obj(vec![("default", v)]),
                _ => obj(vec![("a/b~c", v)]),
            };
        }
        v
    }
}

fn obj(entries: Vec<(&str, Value)>) -> Value {
    Value::Object(entries.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

/// Frees a value without recursing (serde_json's drop recurses once per level).
pub fn drop_flat(v: Value) {
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        match v {
            Value::Array(a) => stack.extend(a),
            Value::Object(m) => stack.extend(m.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

/// Undoes RFC 6901 escaping of one segment; `None` when the segment is not well-formed
/// (a `~` not followed by `0` or `1`, or an unescaped `/`).
pub fn unescape_segment(seg: &str) -> Option<String> {
    let mut out = String::with_capacity(seg.len());
    let mut chars = seg.chars();
    while let Some(c) = chars.next() {
        match c {
            '~' => match chars.next() {
                Some('0') => out.push('~'),
                Some('1') => out.push('/'),
                _ => return None,
            },
            '/' => return None,
            c => out.push(c),
        }
    }
    Some(out)
}

/// Is `path` a well-formed JSON Pointer (empty, or `/`-prefixed well-formed segments)?
pub fn is_pointer(path: &str) -> bool {
    path.is_empty() || (path.starts_with('/') && path[1..].split('/').all(|s| unescape_segment(s).is_some()))
}
