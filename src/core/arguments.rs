//! The argument contract around an ability's callback: unwrap the `input` wrapper before it,
//! wrap the result under `result` after it, and normalise "no arguments".
//!
//! Each function only decides; the host turns the decision into a value, so nothing is copied.

use super::view::{Key, Shape, View};

pub const DEFAULT_INPUT_WRAPPER: &str = "input";
pub const DEFAULT_OUTPUT_WRAPPER: &str = "result";

/// Is `meta[key] === true`?
fn flag_is_true<'a, V: View<'a>>(meta: V, key: &str) -> bool {
    matches!(meta.get(key).map(View::shape), Some(Shape::Bool(true)))
}

/// PHP's `trim()` character set.
fn is_php_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0 | 0x0b)
}

/// `meta[key]` when it is a string that is not blank, else `default`.
pub fn wrapper_name<'a, V: View<'a>>(meta: V, key: &str, default: &'static str) -> &'a [u8] {
    match meta.get(key).map(View::shape) {
        Some(Shape::Str(s)) if !s.iter().all(|&b| is_php_blank(b)) => s,
        _ => default.as_bytes(),
    }
}

/// Looks a key up by its bytes (a wrapper name need not be UTF-8).
fn lookup<'a, V: View<'a>>(v: V, key: &[u8]) -> Option<V> {
    match std::str::from_utf8(key) {
        Ok(k) => v.get(k),
        Err(_) => v
            .entries()
            .find(|(k, _)| (*k).into() == Key::Str(key))
            .map(|(_, c)| c),
    }
}

#[derive(Debug, PartialEq)]
pub enum Unwrapped<V> {
    /// The arguments, unchanged.
    Same,
    Null,
    /// The value under the wrapper key.
    Value(V),
}

/// `unwrap_input_if_needed($arguments, $adapter_meta)`.
pub fn unwrap_input_if_needed<'a, V: View<'a>>(arguments: V, meta: V) -> Unwrapped<V> {
    if !flag_is_true(meta, "input_schema_transformed") {
        return Unwrapped::Same;
    }
    if !arguments.is_array() {
        return Unwrapped::Null;
    }
    let wrapper = wrapper_name(meta, "input_schema_wrapper", DEFAULT_INPUT_WRAPPER);
    match lookup(arguments, wrapper) {
        Some(v) if !matches!(v.shape(), Shape::Null) => Unwrapped::Value(v),
        _ => Unwrapped::Null,
    }
}

/// `wrap_output_if_needed($result, $adapter_meta)`: the key to wrap the result under, or `None`
/// to return it unchanged.
pub fn output_wrapper<'a, V: View<'a>>(meta: V) -> Option<&'a [u8]> {
    flag_is_true(meta, "output_schema_transformed")
        .then(|| wrapper_name(meta, "output_schema_wrapper", DEFAULT_OUTPUT_WRAPPER))
}

#[derive(Debug, PartialEq, Eq)]
pub enum Normalized {
    Same,
    Null,
    EmptyArray,
}

/// Does the schema describe an object (`type` absent, null, `"object"`, or a list naming it)?
fn describes_object<'a, V: View<'a>>(schema: V) -> bool {
    match schema.get("type").map(|t| (t, t.shape())) {
        None | Some((_, Shape::Null)) => true,
        Some((_, Shape::Str(t))) => t == b"object",
        Some((t, Shape::Array { .. })) => t.entries().any(|(_, v)| v.as_str() == Some(b"object")),
        Some(_) => false,
    }
}

/// `normalize_arguments(?array $input_schema, mixed $parameters)`:
/// - no input schema (null or empty): `[]`/null → null;
/// - a top-level `default`: `[]`/null → null, so that WordPress applies the default;
/// - an object schema without default: `[]`/null → `[]`, so that "no arguments" validates;
/// - anything else unchanged.
pub fn normalize_arguments<'a, V: View<'a>>(input_schema: Option<V>, parameters: V) -> Normalized {
    let is_nothing = match parameters.shape() {
        Shape::Null => true,
        Shape::Array { len, .. } => len == 0,
        _ => false,
    };
    if !is_nothing {
        return Normalized::Same;
    }
    let schema = match input_schema {
        Some(s) if !s.is_empty_array() && s.is_array() => s,
        _ => return null_unless_null(parameters),
    };
    if schema.get("default").is_some() {
        return null_unless_null(parameters);
    }
    if describes_object(schema) {
        return if parameters.is_array() {
            Normalized::Same
        } else {
            Normalized::EmptyArray
        };
    }
    Normalized::Same
}

fn null_unless_null<'a, V: View<'a>>(parameters: V) -> Normalized {
    if matches!(parameters.shape(), Shape::Null) {
        Normalized::Same
    } else {
        Normalized::Null
    }
}
