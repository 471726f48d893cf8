//! `McpNative\validate`'s core (`crate::core::validate`), both profiles, over arbitrary JSON
//! values and schemas (generated from the fuzzer's bytes; or, for bytes starting with `{`, the
//! JSON document `{"schema": …, "value": …, "profile": "standard"|"strict"}`, where
//! `{"$nest": n, "$key": k, "$leaf": v}` stands for n levels of `{k: …}`). Checks, beyond
//! "no panic / no stack overflow": the cached validator (the per-worker cache, shared by every
//! input of the run) agrees with one freshly compiled, `is_valid` agrees with the violation list,
//! every violation path is a well-formed JSON Pointer, and validation is deterministic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_native::core::validate::{self, Compiled, Profile};
use mcp_native_fuzz::{drop_flat, is_pointer, Gen};
use serde_json::Value;

fn check(schema: &Value, value: &Value, profile: Profile) {
    if std::env::var_os("MCPN_FUZZ_DEBUG").is_some() {
        eprintln!("key={:?} profile={profile:?} schema={schema} value={value}", validate::schema_key(schema, profile));
    }
    let cached = validate::validate(value, schema, profile);
    let fresh = Compiled::compile(schema, profile);
    assert_eq!(fresh.validate(value), cached, "cached and fresh validators disagree");
    assert_eq!(fresh.is_valid(value), cached.is_empty(), "is_valid disagrees with the violations");
    assert_eq!(validate::validate(value, schema, profile), cached, "not deterministic");
    for v in &cached {
        assert!(is_pointer(&v.path), "malformed path {:?} ({v:?})", v.path);
        assert!(!v.keyword.is_empty() && !v.message.is_empty(), "{v:?}");
    }
}

/// Expands `{"$nest": n, "$key": k, "$leaf": v}` into `n` levels of `{k: …}` around `v`: JSON
/// text stops at 128 levels (serde_json's limit), and the interesting cases are deeper.
fn expand(v: Value) -> Value {
    match v {
        Value::Object(m) if m.contains_key("$nest") => {
            let n = m["$nest"].as_u64().unwrap_or(0).min(1000);
            let key = m.get("$key").and_then(Value::as_str).unwrap_or("default").to_owned();
            let mut out = expand(m.get("$leaf").cloned().unwrap_or(Value::Null));
            for _ in 0..n {
                out = Value::Object([(key.clone(), out)].into_iter().collect());
            }
            out
        }
        Value::Object(m) => Value::Object(m.into_iter().map(|(k, v)| (k, expand(v))).collect()),
        Value::Array(a) => Value::Array(a.into_iter().map(expand).collect()),
        other => other,
    }
}

fuzz_target!(|data: &[u8]| {
    if data.first() == Some(&b'{') {
        if let Ok(doc) = serde_json::from_slice::<Value>(data).map(expand) {
            let profile = if doc["profile"] == "strict" { Profile::Strict } else { Profile::Standard };
            check(&doc["schema"], &doc["value"], profile);
            drop_flat(doc);
        }
        return;
    }
    let mut g = Gen::new(data);
    let profile = if g.byte() % 2 == 0 { Profile::Standard } else { Profile::Strict };
    let schema = g.value();
    let value = g.value();
    check(&schema, &value, profile);
    drop_flat(schema);
    drop_flat(value);
});
