//! `unwrap_input_if_needed`, `wrap_output_if_needed` and `normalize_arguments` against a model
//! written from the PHP fallback (wp-plugin/includes/Fallback/Arguments.php), over JSON values as
//! `json_decode($json, true)` gives them (object keys are strings).
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_native::core::json::{normalize_arguments, unwrap_input_if_needed, wrap_output_if_needed};
use mcp_native_fuzz::{drop_flat, Gen};
use serde_json::{json, Value};

fn is_container(v: &Value) -> bool {
    v.is_array() || v.is_object()
}

/// `$meta[$key] ?? null`
fn get<'a>(v: &'a Value, key: &str) -> Option<&'a Value> {
    v.as_object().and_then(|m| m.get(key))
}

/// `'' !== trim($name)` with PHP's trim set.
fn wrapper(meta: &Value, key: &str, default: &str) -> String {
    match get(meta, key) {
        Some(Value::String(s)) if !s.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0 | 0x0b)) => s.clone(),
        _ => default.to_owned(),
    }
}

fn flag(meta: &Value, key: &str) -> bool {
    get(meta, key) == Some(&Value::Bool(true))
}

fn model_unwrap(args: &Value, meta: &Value) -> Value {
    if !flag(meta, "input_schema_transformed") {
        return args.clone();
    }
    if !is_container(args) {
        return Value::Null;
    }
    get(args, &wrapper(meta, "input_schema_wrapper", "input")).cloned().unwrap_or(Value::Null)
}

fn model_wrap(result: &Value, meta: &Value) -> Value {
    if !flag(meta, "output_schema_transformed") {
        return result.clone();
    }
    json!({ wrapper(meta, "output_schema_wrapper", "result"): result.clone() })
}

fn is_empty_container(v: &Value) -> bool {
    matches!(v, Value::Array(a) if a.is_empty()) || matches!(v, Value::Object(o) if o.is_empty())
}

fn model_normalize(schema: Option<&Value>, params: &Value) -> Value {
    if !params.is_null() && !is_empty_container(params) {
        return params.clone();
    }
    let schema = match schema {
        Some(s) if is_container(s) && !is_empty_container(s) => s,
        _ => return Value::Null,
    };
    if get(schema, "default").is_some() {
        return Value::Null;
    }
    let describes_object = match get(schema, "type") {
        None | Some(Value::Null) => true,
        Some(Value::String(t)) => t == "object",
        Some(Value::Array(a)) => a.iter().any(|t| t == "object"),
        Some(Value::Object(o)) => o.values().any(|t| t == "object"),
        Some(_) => false,
    };
    if describes_object {
        if params.is_null() { json!([]) } else { params.clone() }
    } else {
        params.clone()
    }
}

fuzz_target!(|data: &[u8]| {
    let mut g = Gen::new(data);
    let args = g.value();
    let meta = g.value();
    let schema = g.value();
    assert_eq!(unwrap_input_if_needed(&args, &meta), model_unwrap(&args, &meta), "unwrap {args} {meta}");
    assert_eq!(wrap_output_if_needed(&args, &meta), model_wrap(&args, &meta), "wrap {args} {meta}");
    let schema = if schema.is_null() { None } else { Some(&schema) };
    assert_eq!(normalize_arguments(schema, &args), model_normalize(schema, &args), "normalize {args} {schema:?}");
    for v in [args, meta] {
        drop_flat(v);
    }
});
