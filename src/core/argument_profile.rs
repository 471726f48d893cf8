//! The `standard` argument profile's coercion: the common string forms of booleans ("true" /
//! "false", "1" / "0", "yes" / "no", "on" / "off", any ASCII case) become booleans wherever the
//! input schema describes a boolean (and not also a string), so an ability's callback receives
//! `true`, not `"true"`. `Fallback\BooleanCoercion` is its PHP twin, answer for answer
//! (`tests/php/unit/BooleanCoercionParityTest.php`).
//!
//! It follows `properties`, `patternProperties` (PHP's PCRE, as core reads patterns: the first
//! pattern that matches), `additionalProperties`, and `items` (a schema or a tuple, with
//! `additionalItems`) / `prefixItems`; `anyOf`/`oneOf`/`allOf` and references are not followed.
//! A value that is no array (an object included) or no string is left as it is. Only the
//! branches that change are rebuilt; everything else is shared.
//!
//! Bounded whatever it is given: schemas are followed at most [`MAX_DEPTH`] levels (deeper
//! values are left as they are; a schema that contains itself through a PHP reference or an
//! object is endlessly deep) and at most [`MAX_VISITS`] values are visited (shared sub-arrays
//! can make a small value exponentially large); past that, values are left as they are.

use std::collections::HashMap;

use super::transform::{Builder, Entry, OutKey};
use super::validate::pattern::{self, Prepared};
use super::view::{Key, ObjectKind, Shape, View};

/// Deepest schema level followed (the root is 0); deeper values are left as they are.
pub const MAX_DEPTH: usize = 64;

/// Most values one call visits (each value a schema is applied to counts once).
pub const MAX_VISITS: usize = 1_000_000;

const TRUE_STRINGS: [&[u8]; 4] = [b"true", b"1", b"yes", b"on"];
const FALSE_STRINGS: [&[u8]; 4] = [b"false", b"0", b"no", b"off"];

/// A [`Builder`] that can also make a boolean.
pub trait CoercionBuilder<'a, V: View<'a>>: Builder<'a, V> {
    fn boolean(&mut self, value: bool) -> Self::Out;
}

/// The value with string booleans coerced where `schema` describes a boolean; `None` when
/// nothing changes (the caller shares `value`).
pub fn coerce_booleans<'a, V: View<'a>, B: CoercionBuilder<'a, V>>(
    value: V,
    schema: V,
    builder: &mut B,
) -> Option<B::Out> {
    Coercion {
        builder,
        visits: 0,
        patterns: HashMap::new(),
    }
    .value(value, schema, 0)
}

struct Coercion<'b, B> {
    builder: &'b mut B,
    visits: usize,
    /// Patterns prepared once per call (a `patternProperties` map is met once per object).
    patterns: HashMap<Vec<u8>, Option<Box<dyn Prepared>>>,
}

/// A schema's view when PHP reads it as a map: an array, or a `stdClass` (`get_object_vars()`).
fn as_map<'a, V: View<'a>>(v: Option<V>) -> Option<V> {
    v.filter(|v| {
        matches!(
            v.shape(),
            Shape::Array { .. }
                | Shape::Object {
                    kind: ObjectKind::Plain,
                    ..
                }
        )
    })
}

/// `$schema[$key] ?? null`: absent and null alike.
fn isset<'a, V: View<'a>>(schema: V, key: &str) -> Option<V> {
    schema
        .get(key)
        .filter(|v| !matches!(v.shape(), Shape::Null))
}

/// A key as PHP's `(string)` writes it.
fn key_text(key: Key<'_>) -> Vec<u8> {
    match key {
        Key::Str(s) => s.to_vec(),
        Key::Int(i) => i.to_string().into_bytes(),
    }
}

/// PHP's `array_is_list()` of the array (or of `get_object_vars()`, whose numeric names are
/// integer keys).
fn is_list<'a, V: View<'a>>(v: V) -> bool {
    v.entries().enumerate().all(|(i, (k, _))| match k.into() {
        Key::Int(n) => n == i as i64,
        Key::Str(s) => s == i.to_string().as_bytes(),
    })
}

/// The string entries of `type` (a string, or a list of them).
fn types<'a, V: View<'a>>(schema: V) -> Vec<&'a [u8]> {
    match isset(schema, "type").map(|t| (t, t.shape())) {
        Some((_, Shape::Str(t))) => vec![t],
        Some((t, Shape::Array { .. })) => t.entries().filter_map(|(_, v)| v.as_str()).collect(),
        _ => Vec::new(),
    }
}

fn names(types: &[&[u8]], name: &str) -> bool {
    types.contains(&name.as_bytes())
}

/// The boolean a string stands for, where the schema's types make it one.
fn string_boolean(value: &[u8], types: &[&[u8]]) -> Option<bool> {
    if !names(types, "boolean") || names(types, "string") {
        return None;
    }
    let lower = value.to_ascii_lowercase();
    // "1" is as much a number as a boolean here: the verdict is left to validation.
    let numeric = lower == b"1" || lower == b"0";
    if numeric && (names(types, "integer") || names(types, "number")) {
        return None;
    }
    if TRUE_STRINGS.contains(&lower.as_slice()) {
        Some(true)
    } else if FALSE_STRINGS.contains(&lower.as_slice()) {
        Some(false)
    } else {
        None
    }
}

impl<'a, 'b, B> Coercion<'b, B> {
    fn value<V: View<'a>>(&mut self, value: V, schema: V, depth: usize) -> Option<B::Out>
    where
        B: CoercionBuilder<'a, V>,
    {
        self.visits += 1;
        if self.visits > MAX_VISITS || depth > MAX_DEPTH {
            return None;
        }
        let schema = as_map(Some(schema))?;
        let types = types(schema);
        match value.shape() {
            Shape::Str(s) => {
                return string_boolean(s, &types).map(|b| self.builder.boolean(b));
            }
            Shape::Array { len, .. } if len > 0 => {}
            _ => return None,
        }
        let may_be_array = names(&types, "array")
            || (types.is_empty()
                && (isset(schema, "items").is_some() || isset(schema, "prefixItems").is_some()));
        let may_be_object = names(&types, "object") || (types.is_empty() && !may_be_array);
        if may_be_array && is_list(value) {
            return self.items(value, schema, depth);
        }
        if may_be_object {
            return self.properties(value, schema, depth);
        }
        None
    }

    /// A list's items: a tuple (`prefixItems`, or an `items` list with `additionalItems` for the
    /// rest), else `items` for each.
    fn items<V: View<'a>>(&mut self, value: V, schema: V, depth: usize) -> Option<B::Out>
    where
        B: CoercionBuilder<'a, V>,
    {
        let mut items = as_map(isset(schema, "items"));
        let prefix = isset(schema, "prefixItems").filter(|p| p.is_array() && is_list(*p));
        let mut tuple: Vec<V> = Vec::new();
        if let Some(prefix) = prefix {
            tuple = prefix.entries().map(|(_, s)| s).collect();
        } else if let Some(list) = items.filter(|i| i.entries().next().is_some() && is_list(*i)) {
            tuple = list.entries().map(|(_, s)| s).collect();
            items = as_map(isset(schema, "additionalItems"));
        }
        self.rebuilt(value, depth, |_, index| tuple.get(index).copied().or(items))
    }

    /// An object's members: `properties` by name, else the first `patternProperties` pattern
    /// that matches the name, else `additionalProperties`.
    fn properties<V: View<'a>>(&mut self, value: V, schema: V, depth: usize) -> Option<B::Out>
    where
        B: CoercionBuilder<'a, V>,
    {
        let named: HashMap<Vec<u8>, V> = match as_map(isset(schema, "properties")) {
            Some(p) => p.entries().map(|(k, s)| (key_text(k.into()), s)).collect(),
            None => HashMap::new(),
        };
        let patterns: Vec<(Vec<u8>, V)> = match as_map(isset(schema, "patternProperties")) {
            Some(p) => p.entries().map(|(k, s)| (key_text(k.into()), s)).collect(),
            None => Vec::new(),
        };
        let additional = as_map(isset(schema, "additionalProperties"));
        let mut sub_schema = |this: &mut Self, key: Key<'a>| {
            let name = key_text(key);
            if let Some(s) = named.get(&name) {
                return Some(*s);
            }
            patterns
                .iter()
                .find(|(pattern, _)| this.matches(pattern, &name))
                .map(|(_, s)| *s)
                .or(additional)
        };
        self.rebuilt_with(value, depth, &mut sub_schema)
    }

    fn matches(&mut self, pattern: &[u8], subject: &[u8]) -> bool {
        self.patterns
            .entry(pattern.to_vec())
            .or_insert_with(|| pattern::engine().prepare(pattern))
            .as_ref()
            .is_some_and(|p| p.is_match(subject))
    }

    /// [`Self::rebuilt_with`] for a sub-schema chosen by index alone.
    fn rebuilt<V: View<'a>>(
        &mut self,
        value: V,
        depth: usize,
        sub_schema: impl Fn(Key<'a>, usize) -> Option<V>,
    ) -> Option<B::Out>
    where
        B: CoercionBuilder<'a, V>,
    {
        let mut by_index = {
            let mut index = 0;
            move |_: &mut Self, key: Key<'a>| {
                let found = sub_schema(key, index);
                index += 1;
                found
            }
        };
        self.rebuilt_with(value, depth, &mut by_index)
    }

    /// Applies each entry's sub-schema (if it has one) to it; the array rebuilt when an entry
    /// changed, else `None`.
    fn rebuilt_with<V: View<'a>>(
        &mut self,
        value: V,
        depth: usize,
        sub_schema: &mut dyn FnMut(&mut Self, Key<'a>) -> Option<V>,
    ) -> Option<B::Out>
    where
        B: CoercionBuilder<'a, V>,
    {
        let mut changed: Vec<(usize, B::Out)> = Vec::new();
        for (index, (key, item)) in value.entries().enumerate() {
            if let Some(schema) = sub_schema(self, key.into()) {
                if let Some(new) = self.value(item, schema, depth + 1) {
                    changed.push((index, new));
                }
            }
        }
        if changed.is_empty() {
            return None;
        }
        let mut changed = changed.into_iter().peekable();
        let entries: Vec<_> = value
            .entries()
            .enumerate()
            .map(|(index, (key, item))| {
                let entry = match changed.next_if(|(at, _)| *at == index) {
                    Some((_, new)) => Entry::New(new),
                    None => Entry::Same(item),
                };
                // An integer key as an index (the same key to PHP; a list to JSON hosts).
                let out_key = match key.into() {
                    Key::Int(i) => OutKey::Index(i),
                    Key::Str(_) => OutKey::Orig(key),
                };
                (out_key, entry)
            })
            .collect();
        Some(self.builder.array(entries))
    }
}

impl<'a> CoercionBuilder<'a, &'a serde_json::Value> for super::json::JsonBuilder {
    fn boolean(&mut self, value: bool) -> serde_json::Value {
        serde_json::Value::Bool(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::json::JsonBuilder;
    use serde_json::{json, Value};

    fn coerce(value: &Value, schema: &Value) -> Option<Value> {
        coerce_booleans(value, schema, &mut JsonBuilder)
    }

    #[test]
    fn string_forms_become_booleans_where_a_boolean_is_described() {
        let schema = json!({
            "type": "object",
            "properties": {
                "a": {"type": "boolean"},
                "either": {"type": ["boolean", "string"]},
                "number": {"type": ["boolean", "integer"]},
                "list": {"type": "array", "items": {"type": "boolean"}}
            },
            "patternProperties": {"^flag_": {"type": "boolean"}}
        });
        let value = json!({"a": "TRUE", "either": "true", "number": "1", "list": ["on", "OFF", "maybe"], "flag_x": "no", "other": "yes"});
        assert_eq!(
            coerce(&value, &schema),
            Some(
                json!({"a": true, "either": "true", "number": "1", "list": [true, false, "maybe"], "flag_x": false, "other": "yes"})
            )
        );
    }

    #[test]
    fn nothing_to_change_is_none() {
        let schema = json!({"type": "object", "properties": {"a": {"type": "boolean"}}});
        assert_eq!(coerce(&json!({"a": true, "b": "true"}), &schema), None);
        assert_eq!(
            coerce(&json!("true"), &json!({"anyOf": [{"type": "boolean"}]})),
            None
        );
    }

    #[test]
    fn tuples_take_their_own_schemas_then_the_rest() {
        let schema = json!({"type": "array", "items": [{"type": "boolean"}, {"type": "string"}], "additionalItems": {"type": "boolean"}});
        assert_eq!(
            coerce(&json!(["yes", "yes", "yes"]), &schema),
            Some(json!([true, "yes", true]))
        );
        let prefix = json!({"prefixItems": [{"type": "boolean"}]});
        assert_eq!(
            coerce(&json!(["0", "0"]), &prefix),
            Some(json!([false, "0"]))
        );
    }

    #[test]
    fn depth_and_visits_are_bounded() {
        let mut schema = json!({"type": "boolean"});
        let mut value = json!("true");
        for _ in 0..=MAX_DEPTH {
            schema = json!({"properties": {"x": schema}});
            value = json!({"x": value});
        }
        assert_eq!(coerce(&value, &schema), None, "one level past the limit");

        let wide = Value::Array(vec![json!("yes"); MAX_VISITS + 1]);
        let out = coerce(&wide, &json!({"items": {"type": "boolean"}})).expect("changed");
        assert_eq!(out[MAX_VISITS - 2], json!(true));
        assert_eq!(
            out[MAX_VISITS - 1],
            json!("yes"),
            "the root counts one visit"
        );
    }
}
