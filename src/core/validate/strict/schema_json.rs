//! A schema view as the JSON the crate compiles: annotations left out, draft 3 to 7 forms in
//! 2020-12 terms.

use super::{is_list, json_name, scalar_json};
use crate::core::keywords::{self, Position};
use crate::core::validate::value::keyed_entries;
use crate::core::view::{Key, ObjectKind, Shape, View};
use serde_json::{Map, Value};

/// Converts a schema view to JSON, normalising WordPress's draft-3 `'required' => true` on
/// properties into the parent's `required` list (the crate rejects the boolean form).
pub fn schema_to_json<'a, V: View<'a>>(v: V, depth: usize) -> Result<Value, String> {
    raw_schema_json(v, depth)
}

/// Most values one schema's conversion visits (the fallback's `StrictValidator` has the same
/// bound): shared sub-arrays can make a schema of a few KB have 2^40 paths, and its JSON copy
/// lives outside `memory_limit`.
pub const MAX_SCHEMA_VALUES: usize = 100_000;

/// Draft 3 to 7 forms, in 2020-12 terms, at one schema node `v` (converted to `map`):
/// properties' `required: true` join `required` (a boolean `required` goes, an empty PHP array
/// is an empty list), a boolean `exclusiveMinimum`/`exclusiveMaximum` takes its bound, a tuple
/// `items` list becomes `prefixItems`. The crate always reads the result as 2020-12, whatever
/// `$schema` names: the fallback has one dialect, and a draft-4 `$schema` would make the crate
/// refuse the converted bounds.
fn modernize_node<'a, V: View<'a>>(map: &mut Map<String, Value>, v: V) {
    let extra: Vec<Value> = match v.get("properties") {
        Some(props) => crate::core::draft3::required_properties(props)
            .map(|k| Value::String(key_string(k)))
            .collect(),
        None => Vec::new(),
    };
    if matches!(map.get("required"), Some(Value::Bool(_))) {
        map.remove("required");
    }
    // PHP's `'required' => array()` (converted as `{}`, as every empty array) names no property
    if v.get("required")
        .is_some_and(|r| matches!(r.shape(), Shape::Array { len: 0, .. }))
    {
        map.insert("required".into(), Value::Array(Vec::new()));
    }
    if !extra.is_empty() {
        // Joined to the list as written: a repeated name of its own stays (the meta-schema refuses it).
        let own = match map.get_mut("required") {
            Some(Value::Array(list)) => std::mem::take(list),
            _ => Vec::new(),
        };
        let joined = crate::core::draft3::join(own, extra, |name: &Value| name.to_string());
        map.insert("required".into(), Value::Array(joined));
    }
    for (ex, bound) in [
        ("exclusiveMinimum", "minimum"),
        ("exclusiveMaximum", "maximum"),
    ] {
        if let Some(Value::Bool(on)) = map.get(ex).cloned() {
            map.remove(ex);
            if on {
                if let Some(limit) = map.remove(bound) {
                    map.insert(ex.into(), limit);
                }
            }
        }
    }
    // a dialect named anywhere (an embedded resource may switch the crate to draft 4): one dialect here
    if matches!(map.get("$schema"), Some(Value::String(_))) {
        map.remove("$schema");
    }
    // a draft 4-7 tuple: `items` as a list is 2020-12's `prefixItems`, `additionalItems` its `items`
    if matches!(map.get("items"), Some(Value::Array(_))) && !map.contains_key("prefixItems") {
        if let Some(tuple) = map.remove("items") {
            map.insert("prefixItems".into(), tuple);
        }
        if let Some(rest) = map.remove("additionalItems") {
            map.insert("items".into(), rest);
        }
    }
}

/// Where a schema value sits: a schema node, a map or list of them, or data (enum, const …).
#[derive(Clone, Copy, PartialEq)]
enum At {
    Schema,
    SchemaMap,
    SchemaList,
    Data,
}

/// Where the member `k` of a value at `at` sits; None for an annotation of a schema node.
fn child_at(at: At, k: Key<'_>) -> Option<At> {
    match (at, k) {
        (At::Schema, Key::Str(name)) => {
            if keywords::is_unread_by_validation(name) {
                return None;
            }
            Some(match keywords::position(name) {
                Some(Position::SchemaMap | Position::MapOfSchemaOrList) => At::SchemaMap,
                Some(Position::SchemaList) => At::SchemaList,
                Some(Position::Schema | Position::SchemaOrList) => At::Schema,
                Some(Position::Data | Position::WordPressOnly) | None => At::Data,
            })
        }
        (At::SchemaMap | At::SchemaList, _) => Some(At::Schema),
        _ => Some(At::Data),
    }
}

/// The schema as JSON. Annotation keywords of schema nodes (`description`, `default` …) are
/// left out (no profile reads them, and the cache key skips them too); values without a JSON
/// form (closures such as `sanitize_callback`, NaN) become null.
fn raw_schema_json<'a, V: View<'a>>(v: V, depth: usize) -> Result<Value, String> {
    let mut left = MAX_SCHEMA_VALUES;
    schema_value(v, depth, At::Schema, &mut left)
}

/// `left`: the values the conversion may still visit.
fn schema_value<'a, V: View<'a>>(
    v: V,
    depth: usize,
    at: At,
    left: &mut usize,
) -> Result<Value, String> {
    if depth > crate::core::MAX_DEPTH {
        return Err(format!(
            "schema nested deeper than {} levels",
            crate::core::MAX_DEPTH
        ));
    }
    if *left == 0 {
        return Err(crate::core::validate::SCHEMA_TOO_LARGE.into());
    }
    *left -= 1;
    Ok(match v.shape() {
        Shape::Array { len, .. } if is_list(v) && len > 0 => {
            // a list at a schema position is a draft-4 tuple (`items`): a list of schemas
            let mut out = Vec::with_capacity(len);
            for (k, c) in keyed_entries(v) {
                let item_at = if at == At::Schema {
                    At::Schema
                } else {
                    child_at(at, k).unwrap_or(At::Data)
                };
                out.push(schema_value(c, depth + 1, item_at, left)?);
            }
            Value::Array(out)
        }
        Shape::Array { .. } => {
            let mut map = members_json(v, depth, at, left)?;
            // an empty `properties` decoded from `{}` is a list in PHP
            if let Some(Value::Array(a)) = map.get("properties") {
                if a.is_empty() {
                    map.insert("properties".into(), Value::Object(Map::new()));
                }
            }
            Value::Object(map)
        }
        Shape::Object {
            kind: ObjectKind::Plain,
            ..
        } => Value::Object(members_json(v, depth, at, left)?),
        Shape::Str(b) => Value::String(String::from_utf8_lossy(b).into_owned()),
        other => scalar_json(other).unwrap_or(Value::Null),
    })
}

/// The members of a map (annotations of a schema node left out), a schema node modernized.
fn members_json<'a, V: View<'a>>(
    v: V,
    depth: usize,
    at: At,
    left: &mut usize,
) -> Result<Map<String, Value>, String> {
    let mut map = Map::new();
    for (k, c) in keyed_entries(v) {
        let Some(a) = child_at(at, k) else { continue };
        map.insert(key_string(k), schema_value(c, depth + 1, a, left)?);
    }
    if at == At::Schema {
        modernize_node(&mut map, v);
    }
    Ok(map)
}

fn key_string(k: Key<'_>) -> String {
    match k {
        Key::Int(i) => i.to_string(),
        Key::Str(s) => json_name(s),
    }
}
