//! `transform::pointer_segment` (the JSON Pointer segments of error paths): escaping is RFC 6901
//! and reversible, a segment never contains `/`, a key that is not UTF-8 or holds a NUL byte
//! becomes `0x` + hex of its bytes, and a pointer built from segments resolves in a JSON document.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_native::core::transform::pointer_segment;
use mcp_native::core::view::Key;
use mcp_native_fuzz::unescape_segment;
use serde_json::{Map, Value};

fuzz_target!(|data: &[u8]| {
    // A path of keys split at 0xff bytes; a leading 0xfe marks an integer key.
    let mut doc = Value::Bool(true);
    let mut pointer = String::new();
    let mut keys: Vec<String> = Vec::new();
    for raw in data.split(|&b| b == 0xff).take(64) {
        if raw.first() == Some(&0xfe) {
            let mut n = [0u8; 8];
            let tail = &raw[1..raw.len().min(9)];
            n[..tail.len()].copy_from_slice(tail);
            let i = i64::from_le_bytes(n);
            let seg = pointer_segment(Key::Int(i));
            assert_eq!(seg.parse::<i64>().ok(), Some(i));
            continue;
        }
        let seg = pointer_segment(Key::Str(raw));
        assert!(!seg.contains('/'), "{seg:?}");
        match std::str::from_utf8(raw).ok().filter(|text| !text.contains('\0')).ok_or(()) {
            Ok(text) => {
                assert_eq!(unescape_segment(&seg).as_deref(), Some(text), "{seg:?} does not round-trip");
                pointer.push('/');
                pointer.push_str(&seg);
                keys.push(text.to_owned());
            }
            Err(_) => {
                let hex = seg.strip_prefix("0x").expect("0x prefix for a non-UTF-8 or NUL-holding key");
                assert_eq!(hex.len(), raw.len() * 2);
                let back: Vec<u8> = (0..raw.len()).map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap()).collect();
                assert_eq!(back, raw);
            }
        }
    }
    // The document {k1: {k2: … true}} built from the UTF-8 keys: the pointer leads to `true`.
    for k in keys.iter().rev() {
        let mut m = Map::new();
        m.insert(k.clone(), doc);
        doc = Value::Object(m);
    }
    assert_eq!(doc.pointer(&pointer), Some(&Value::Bool(true)), "{pointer:?}");
});
