//! The core over `serde_json` values (as `json_decode($json, true)` gives them): used by
//! `cargo test` and by any Rust caller that has JSON rather than zvals.

use super::arguments::{self, Normalized, Unwrapped};
use super::transform::{self, Builder, Entries, Entry, OutKey, TransformError};
use super::view::{Key, Shape, View};
use serde_json::{Map, Value};

/// Builds `serde_json::Value`s; shared entries are cloned (JSON has no sharing).
pub struct JsonBuilder;

impl<'a> Builder<'a, &'a Value> for JsonBuilder {
    type Out = Value;

    fn share(&mut self, v: &'a Value) -> Value {
        v.clone()
    }

    fn string(&mut self, s: &'a str) -> Value {
        Value::String(s.to_owned())
    }

    fn array<I>(&mut self, entries: I) -> Value
    where
        I: IntoIterator<Item = (OutKey<'a, Key<'a>>, Entry<&'a Value, Value>)>,
        I::IntoIter: ExactSizeIterator,
    {
        let entries: Entries<'a, &'a Value, Value> = entries.into_iter().collect();
        let is_list = entries
            .iter()
            .enumerate()
            .all(|(i, (k, _))| matches!(k, OutKey::Index(n) if *n == i as i64));
        let values = entries.into_iter().map(|(k, e)| (k, materialize(e)));
        if is_list {
            return Value::Array(values.map(|(_, v)| v).collect());
        }
        Value::Object(values.map(|(k, v)| (out_key_name(k), v)).collect())
    }

    fn made_shape<'s>(&'s self, out: &'s Value) -> Shape<'s> {
        out.shape()
    }

    fn is_empty_array(&self, out: &Value) -> bool {
        match out {
            Value::Array(a) => a.is_empty(),
            Value::Object(o) => o.is_empty(),
            _ => false,
        }
    }

    fn empty_object(&mut self) -> Value {
        Value::Object(Map::new())
    }

    fn object<I>(&mut self, entries: I) -> Value
    where
        I: IntoIterator<Item = (OutKey<'a, Key<'a>>, Entry<&'a Value, Value>)>,
        I::IntoIter: ExactSizeIterator,
    {
        let map = entries
            .into_iter()
            .map(|(k, e)| (out_key_name(k), materialize(e)))
            .collect();
        Value::Object(map)
    }

    fn scalar_string(&mut self, scalar: Shape<'_>) -> Value {
        Value::String(match scalar {
            Shape::Int(i) => i.to_string(),
            Shape::Float(f) => f.to_string(),
            Shape::Bool(true) => "1".into(),
            _ => String::new(),
        })
    }

    fn key_string(&mut self, key: Key<'a>) -> Value {
        Value::String(out_key_name(OutKey::Orig(key)))
    }
}

fn out_key_name(key: OutKey<'_, Key<'_>>) -> String {
    match key {
        OutKey::Orig(Key::Str(s)) => String::from_utf8_lossy(s).into_owned(),
        OutKey::Orig(Key::Int(i)) | OutKey::Index(i) => i.to_string(),
        OutKey::Name(n) => n.to_owned(),
    }
}

fn materialize(e: Entry<&Value, Value>) -> Value {
    match e {
        Entry::Same(v) => v.clone(),
        Entry::New(v) => v,
    }
}

/// The transform result as JSON: `{"schema", "was_transformed", "wrapper_property"}`.
pub fn transform_to_object_schema(
    schema: Option<&Value>,
    wrapper_key: &str,
) -> Result<Value, TransformError> {
    let schema = schema.filter(|s| !s.is_null());
    let t = transform::transform_to_object_schema(schema, wrapper_key, &mut JsonBuilder)?;
    Ok(serde_json::json!({
        "schema": materialize(t.schema),
        "was_transformed": t.was_transformed,
        "wrapper_property": t.wrapper_property,
    }))
}

/// The wire form of a tool schema as JSON: `{"schema", "wrapper"}`.
pub fn wire_tool_schema(schema: &Value, wrapper_key: &str) -> Result<Value, TransformError> {
    let t = transform::wire_tool_schema(schema, wrapper_key, &mut JsonBuilder)?;
    Ok(serde_json::json!({ "schema": materialize(t.schema), "wrapper": t.wrapper }))
}

/// The wire form of an ability's own schema.
pub fn wire_ability_schema(schema: &Value) -> Result<Value, TransformError> {
    transform::wire_ability_schema(schema, &mut JsonBuilder).map(materialize)
}

pub fn unwrap_input_if_needed(arguments: &Value, meta: &Value) -> Value {
    match arguments::unwrap_input_if_needed(arguments, meta) {
        Unwrapped::Same => arguments.clone(),
        Unwrapped::Null => Value::Null,
        Unwrapped::Value(v) => v.clone(),
    }
}

pub fn wrap_output_if_needed(result: &Value, meta: &Value) -> Value {
    match arguments::output_wrapper(meta) {
        None => result.clone(),
        Some(key) => serde_json::json!({ String::from_utf8_lossy(key): result.clone() }),
    }
}

pub fn normalize_arguments(input_schema: Option<&Value>, parameters: &Value) -> Value {
    match arguments::normalize_arguments(input_schema, parameters) {
        Normalized::Same => parameters.clone(),
        Normalized::Null => Value::Null,
        Normalized::EmptyArray => Value::Array(vec![]),
    }
}
