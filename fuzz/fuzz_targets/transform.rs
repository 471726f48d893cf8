//! `SchemaTransformer::transform_to_object_schema` over arbitrary JSON (generated from the
//! fuzzer's bytes, or the bytes themselves when they start with `{`). Checks, beyond "no panic":
//! the result shape, that no WordPress-only key and no empty sub-schema map survives at a schema
//! position, idempotence, and that a too-deep error's JSON Pointer leads to the container at
//! depth `MAX_DEPTH` in the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_native::core::json::transform_to_object_schema;
use mcp_native::core::transform::{child_position, is_schema_map_keyword, is_wordpress_only_key, Position, TransformFailure};
use mcp_native::core::view::Key;
use mcp_native::core::MAX_DEPTH;
use mcp_native_fuzz::{drop_flat, is_pointer, unescape_segment, Gen};
use serde_json::Value;

/// Checks the cleaning rules over the whole output, iteratively.
fn assert_clean(schema: &Value) {
    let mut stack = vec![(schema, Position::Schema, String::new())];
    while let Some((v, pos, path)) = stack.pop() {
        let pos = match pos {
            Position::SchemaOrList if v.is_array() => Position::SchemaList,
            Position::SchemaOrList => Position::Schema,
            p => p,
        };
        match v {
            Value::Object(m) => {
                for (k, c) in m {
                    let key = Key::Str(k.as_bytes());
                    if pos == Position::Schema {
                        assert!(!is_wordpress_only_key(key), "WordPress-only key {k:?} left at {path}");
                        if is_schema_map_keyword(key) {
                            let empty = matches!(c, Value::Object(o) if o.is_empty()) || matches!(c, Value::Array(a) if a.is_empty());
                            assert!(!empty, "empty schema map {k:?} left at {path}");
                        }
                    }
                    stack.push((c, child_position(pos, key), format!("{path}/{k}")));
                }
            }
            Value::Array(a) => {
                for (i, c) in a.iter().enumerate() {
                    stack.push((c, child_position(pos, Key::Int(i as i64)), format!("{path}/{i}")));
                }
            }
            _ => {}
        }
    }
}

fn check(schema: Option<&Value>, wrapper: &str) {
    match transform_to_object_schema(schema, wrapper) {
        Ok(out) => {
            let s = &out["schema"];
            assert!(s.is_object(), "schema is not an object: {out}");
            assert_eq!(s["type"], "object", "{out}");
            match out["was_transformed"] {
                Value::Bool(true) => {
                    assert_eq!(out["wrapper_property"], wrapper);
                    assert!(s["properties"].get(wrapper).is_some(), "{out}");
                    assert_eq!(s["required"], serde_json::json!([wrapper]));
                    assert_eq!(s.as_object().unwrap().len(), 3);
                }
                Value::Bool(false) => assert!(out["wrapper_property"].is_null()),
                _ => panic!("was_transformed is not a bool: {out}"),
            }
            assert_clean(s);
            // Transforming a transformed schema changes nothing (unless the wrapper pushed it
            // past the depth limit).
            if let Ok(again) = transform_to_object_schema(Some(s), wrapper) {
                assert_eq!(again["was_transformed"], false, "second pass wrapped again: {out}");
                assert_eq!(&again["schema"], s, "second pass changed the schema");
            }
        }
        Err(e) => match e.failure() {
            TransformFailure::TooDeep { path } => {
                assert!(is_pointer(path), "malformed pointer {path:?}");
                let segments = path.split('/').skip(1).count();
                assert_eq!(segments, MAX_DEPTH, "too-deep error at depth {segments}: {path}");
                let input = schema.expect("no schema cannot be too deep");
                // A key holding a NUL byte is shown as 0x + hex: put it back to resolve the path.
                let resolvable: String = path
                    .split('/')
                    .skip(1)
                    .map(|seg| format!("/{}", nul_key(seg).unwrap_or_else(|| seg.to_owned())))
                    .collect();
                let target =
                    input.pointer(&resolvable).unwrap_or_else(|| panic!("pointer {path:?} does not resolve"));
                assert!(target.is_array() || target.is_object(), "pointer {path:?} leads to a scalar");
                for seg in path.split('/').skip(1) {
                    assert!(nul_key(seg).is_some() || unescape_segment(seg).is_some());
                }
                let _ = e.to_string();
            }
            other => panic!("JSON cannot fail to serialise: {other:?}"),
        },
    }
}

fuzz_target!(|data: &[u8]| {
    if data.first() == Some(&b'{') {
        // JSON text (serde_json itself stops at 128 levels).
        if let Ok(v) = serde_json::from_slice::<Value>(data) {
            check(Some(&v), "input");
            drop_flat(v);
        }
        return;
    }
    let mut g = Gen::new(data);
    let wrapper = g.key();
    let schema = g.value();
    check(if g.byte() % 16 == 0 { None } else { Some(&schema) }, &wrapper);
    drop_flat(schema);
});

/// The key a `0x`+hex segment stands for, when it is UTF-8 holding a NUL byte (escaped for a pointer).
fn nul_key(seg: &str) -> Option<String> {
    let hex = seg.strip_prefix("0x")?;
    if hex.len() % 2 != 0 {
        return None;
    }
    let bytes: Vec<u8> = (0..hex.len() / 2).map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()).collect::<Option<_>>()?;
    let text = String::from_utf8(bytes).ok().filter(|t| t.contains('\0'))?;
    Some(text.replace('~', "~0").replace('/', "~1"))
}
