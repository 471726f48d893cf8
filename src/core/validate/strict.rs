//! The `strict` profile: JSON types exactly as sent, standard JSON Schema (draft 2020-12, older
//! drafts' forms converted first; `$ref`/`$defs`) through the `jsonschema` crate.

use super::value::keyed_entries;
use super::{Violation, Violations};
use crate::core::view::{Key, ObjectKind, Shape, View};
use serde_json::{Map, Number, Value};

pub struct StrictValidator {
    inner: Result<jsonschema::Validator, String>,
    schema: Value,
}

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

/// The schema as JSON. Annotation keywords of schema nodes (`description`, `default` …) are
/// left out (no profile reads them, and the cache key skips them too); values without a JSON
/// form (closures such as `sanitize_callback`, NaN) become null.
fn raw_schema_json<'a, V: View<'a>>(v: V, depth: usize) -> Result<Value, String> {
    let mut left = MAX_SCHEMA_VALUES;
    schema_value(v, depth, At::Schema, &mut left)
}

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
        return Err(super::SCHEMA_TOO_LARGE.into());
    }
    *left -= 1;
    let child_at = |k: Key<'_>| -> Option<At> {
        match (at, k) {
            (At::Schema, Key::Str(name)) => {
                use crate::core::keywords::{self, Position};
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
    };
    Ok(match v.shape() {
        Shape::Array { len, .. } => {
            let is_list = keyed_entries(v)
                .enumerate()
                .all(|(i, (k, _))| k == Key::Int(i as i64));
            if is_list && len > 0 {
                // a list at a schema position is a draft-4 tuple (`items`): a list of schemas
                let item_at = |k| {
                    if at == At::Schema {
                        At::Schema
                    } else {
                        child_at(k).unwrap_or(At::Data)
                    }
                };
                let mut out = Vec::with_capacity(len);
                for (k, c) in keyed_entries(v) {
                    out.push(schema_value(c, depth + 1, item_at(k), left)?);
                }
                Value::Array(out)
            } else {
                let mut map = Map::new();
                for (k, c) in keyed_entries(v) {
                    let Some(a) = child_at(k) else { continue };
                    map.insert(key_string(k), schema_value(c, depth + 1, a, left)?);
                }
                // an empty `properties` decoded from `{}` is a list in PHP
                if let Some(Value::Array(a)) = map.get("properties") {
                    if a.is_empty() {
                        map.insert("properties".into(), Value::Object(Map::new()));
                    }
                }
                if at == At::Schema {
                    modernize_node(&mut map, v);
                }
                Value::Object(map)
            }
        }
        Shape::Object {
            kind: ObjectKind::Plain,
            ..
        } => {
            let mut map = Map::new();
            for (k, c) in keyed_entries(v) {
                let Some(a) = child_at(k) else { continue };
                map.insert(key_string(k), schema_value(c, depth + 1, a, left)?);
            }
            if at == At::Schema {
                modernize_node(&mut map, v);
            }
            Value::Object(map)
        }
        Shape::Str(b) => Value::String(String::from_utf8_lossy(b).into_owned()),
        other => scalar_json(other).unwrap_or(Value::Null),
    })
}

fn key_string(k: Key<'_>) -> String {
    match k {
        Key::Int(i) => i.to_string(),
        Key::Str(s) => json_name(s),
    }
}

/// The name a PHP member name has in JSON: its text, or where it is not UTF-8 its pointer
/// segment (0x and hex), the same for a value's member and a schema's key, so the property a
/// schema declares under a name meets the value's member of that name, and two such names stay two.
fn json_name(name: &[u8]) -> String {
    match std::str::from_utf8(name) {
        Ok(text) => text.to_owned(),
        Err(_) => {
            let mut segment = String::new();
            crate::core::keywords::push_pointer_segment(&mut segment, name);
            segment
        }
    }
}

fn scalar_json(s: Shape<'_>) -> Result<Value, String> {
    Ok(match s {
        Shape::Null => Value::Null,
        Shape::Bool(b) => Value::Bool(b),
        Shape::Int(i) => Value::Number(i.into()),
        Shape::Float(f) => match Number::from_f64(f) {
            Some(n) => Value::Number(n),
            None => return Err("NaN or INF is not a JSON number".into()),
        },
        Shape::Str(b) => match std::str::from_utf8(b) {
            Ok(s) => Value::String(s.to_string()),
            Err(_) => return Err("string is not valid UTF-8".into()),
        },
        _ => return Err("value has no JSON form".into()),
    })
}

/// Converts a value view to JSON "as sent". PHP cannot tell `{}` from `[]` after
/// `json_decode(…, true)`: an empty array becomes an object where the schema expects one.
fn value_to_json<'a, V: View<'a>>(
    v: V,
    schema: Option<&Value>,
    depth: usize,
    path: &mut String,
    errs: &mut Vec<Violation>,
) -> Value {
    // JSON cannot carry a reference cycle: one violation for the whole value.
    let id = match v.shape() {
        Shape::Array { identity, .. } | Shape::Object { identity, .. } => identity,
        _ => 0,
    };
    if id != 0 {
        let seen = CYCLE_STACK.with(|s| s.borrow().contains(&id));
        if seen {
            if !errs.iter().any(|e| e.keyword == "cycle") {
                errs.push(Violation {
                    path: String::new(),
                    keyword: "cycle".into(),
                    message: "value contains a reference cycle.".into(),
                });
            }
            return Value::Null;
        }
        CYCLE_STACK.with(|s| s.borrow_mut().push(id));
        let r = value_to_json_inner(v, schema, depth, path, errs);
        CYCLE_STACK.with(|s| s.borrow_mut().pop());
        return r;
    }
    value_to_json_inner(v, schema, depth, path, errs)
}

thread_local! {
    static CYCLE_STACK: std::cell::RefCell<Vec<usize>> = const { std::cell::RefCell::new(Vec::new()) };
}

fn value_to_json_inner<'a, V: View<'a>>(
    v: V,
    schema: Option<&Value>,
    depth: usize,
    path: &mut String,
    errs: &mut Vec<Violation>,
) -> Value {
    // a whole-value problem ends the conversion (one violation, bounded memory)
    if errs
        .last()
        .is_some_and(|e| matches!(e.keyword.as_str(), "cycle" | "size" | "depth"))
    {
        return Value::Null;
    }
    let within = match v.shape() {
        Shape::Str(b) => super::spend_bytes(b.len()),
        _ => super::spend(),
    };
    if !within {
        errs.push(Violation {
            path: String::new(),
            keyword: "size".into(),
            message: "value is too large to validate.".into(),
        });
        return Value::Null;
    }
    if depth > crate::core::MAX_DEPTH {
        errs.push(Violation {
            path: path.clone(),
            keyword: "depth".into(),
            message: format!(
                "{} is nested deeper than {} levels.",
                who(path),
                crate::core::MAX_DEPTH
            ),
        });
        return Value::Null;
    }
    // the sub-schema a member (by name) or an item (by index: its prefixItems schema, else items) is read by
    let child_schema = |key: &str, index: Option<usize>| -> Option<&Value> {
        let s = schema?;
        if let Some(i) = index {
            s.get("prefixItems")
                .and_then(|p| p.get(i))
                .or_else(|| s.get("items"))
                .filter(|i| i.is_object())
        } else {
            s.get("properties")
                .and_then(|p| p.get(key))
                .or_else(|| s.get("additionalProperties").filter(|a| a.is_object()))
        }
    };
    match v.shape() {
        Shape::Array { len, .. } => {
            let is_list = keyed_entries(v)
                .enumerate()
                .all(|(i, (k, _))| k == Key::Int(i as i64));
            let wants_object = schema.is_some_and(|s| match s.get("type") {
                Some(Value::String(t)) => t == "object",
                Some(Value::Array(ts)) => {
                    ts.iter().any(|t| t == "object") && !ts.iter().any(|t| t == "array")
                }
                _ => s.get("properties").is_some(),
            });
            if is_list && !(len == 0 && wants_object) {
                let mut out = Vec::with_capacity(len);
                for (i, (_, c)) in keyed_entries(v).enumerate() {
                    let l = path.len();
                    path.push('/');
                    path.push_str(&i.to_string());
                    out.push(value_to_json(
                        c,
                        child_schema("", Some(i)),
                        depth + 1,
                        path,
                        errs,
                    ));
                    path.truncate(l);
                }
                Value::Array(out)
            } else {
                object_json(v, schema, depth, path, errs, &child_schema)
            }
        }
        Shape::Object {
            kind: ObjectKind::Plain,
            ..
        } => object_json(v, schema, depth, path, errs, &child_schema),
        other => match scalar_json(other) {
            Ok(j) => j,
            Err(e) => {
                errs.push(Violation {
                    path: path.clone(),
                    keyword: "type".into(),
                    message: format!("{}: {e}.", who(path)),
                });
                Value::Null
            }
        },
    }
}

fn object_json<'a, 's, V: View<'a>>(
    v: V,
    _schema: Option<&'s Value>,
    depth: usize,
    path: &mut String,
    errs: &mut Vec<Violation>,
    child_schema: &dyn Fn(&str, Option<usize>) -> Option<&'s Value>,
) -> Value {
    let mut map = Map::new();
    for (k, c) in keyed_entries(v) {
        let l = path.len();
        path.push('/');
        let key = match k {
            Key::Int(i) => {
                let key = i.to_string();
                path.push_str(&key);
                key
            }
            Key::Str(s) => {
                crate::core::keywords::push_pointer_segment(path, s);
                json_name(s) // the crate's paths then show a name that is not UTF-8 as ours do
            }
        };
        let j = value_to_json(c, child_schema(&key, None), depth + 1, path, errs);
        path.truncate(l);
        map.insert(key, j);
    }
    Value::Object(map)
}

fn who(p: &str) -> &str {
    if p.is_empty() {
        "value"
    } else {
        p
    }
}

impl StrictValidator {
    pub fn compile<'a, V: View<'a>>(schema: V) -> StrictValidator {
        match schema_to_json(schema, 0) {
            Err(e) => StrictValidator {
                inner: Err(e),
                schema: Value::Null,
            },
            Ok(json) => {
                if let Some(at) = long_pattern(&json, "", 0) {
                    let inner = Err(format!(
                        "The schema is not valid JSON Schema (2020-12) at '{at}': a pattern longer than {} bytes",
                        crate::core::MAX_PATTERN_BYTES
                    ));
                    return StrictValidator {
                        inner,
                        schema: json,
                    };
                }
                // `format` is an annotation (the 2020-12 default): the fallback behaves the same.
                let inner = jsonschema::options()
                    .with_draft(jsonschema::Draft::Draft202012)
                    .should_validate_formats(false)
                    .build(&json)
                    .map_err(|e| {
                        let at = e.instance_path().as_str();
                        format!("The schema is not valid JSON Schema (2020-12) at '{at}': {e}")
                    });
                StrictValidator {
                    inner,
                    schema: json,
                }
            }
        }
    }

    /// Every violation; `at` is the JSON Pointer of the value inside a larger document, put in
    /// front of every path and named in messages for the root.
    pub fn validate<'a, V: View<'a>>(&self, value: V, at: &str) -> Violations {
        let mut found = Violations::default();
        let validator = match &self.inner {
            Err(e) => {
                found.push(Violation {
                    path: at.into(),
                    keyword: "schema".into(),
                    message: e.clone(),
                });
                return found;
            }
            Ok(v) => v,
        };
        let mut errs = Vec::new();
        let mut path = at.to_string();
        CYCLE_STACK.with(|s| s.borrow_mut().clear());
        let json = value_to_json(value, Some(&self.schema), 0, &mut path, &mut errs);
        if let Some(whole) = errs
            .iter()
            .find(|e| matches!(e.keyword.as_str(), "cycle" | "size" | "depth"))
        {
            let mut whole = whole.clone();
            if whole.path.is_empty() {
                whole.path = at.into();
            }
            found.push(whole);
            return found;
        }
        if !errs.is_empty() {
            errs.into_iter().for_each(|e| found.push(e));
            return found;
        }
        let errs = &mut found;
        let mut seen_false: Vec<String> = Vec::new();
        for e in validator.iter_errors(&json) {
            let base = pointer_with_hex_nul(e.instance_path().as_str());
            let shown = format!("{at}{base}");
            // `additionalProperties: false` can compile to a false schema that names neither the
            // object's extra properties nor all of them: list them from the object itself.
            if matches!(
                e.kind(),
                jsonschema::error::ValidationErrorKind::FalseSchema
            ) {
                let sp = e.schema_path().as_str();
                if let Some(parent) = sp.strip_suffix("/additionalProperties") {
                    if !seen_false.contains(&base) {
                        seen_false.push(base.clone());
                        if let (Some(Value::Object(obj)), Some(node)) =
                            (json.pointer(&base), self.schema.pointer(parent))
                        {
                            for name in obj.keys() {
                                if covered(node, name) {
                                    continue;
                                }
                                errs.push(unexpected_property(&shown, name));
                            }
                        }
                    }
                    continue;
                }
            }
            push_violations(errs, shown, e.kind());
        }
        found
    }
}

/// The crate's instance path with a name holding a NUL byte written as our pointer segments
/// write it (0x and hex); other segments are the crate's.
fn pointer_with_hex_nul(path: &str) -> String {
    if !path.contains('\0') {
        return path.to_string();
    }
    let mut out = String::with_capacity(path.len() * 2);
    for segment in path.split('/').skip(1) {
        out.push('/');
        if segment.contains('\0') {
            let name = segment.replace("~1", "/").replace("~0", "~");
            crate::core::keywords::push_pointer_segment(&mut out, name.as_bytes());
        } else {
            out.push_str(segment);
        }
    }
    out
}

/// The violation of a property `additionalProperties` forbids, under the object at `base`.
fn unexpected_property(base: &str, name: &str) -> Violation {
    let mut path = base.to_owned();
    path.push('/');
    crate::core::keywords::push_pointer_segment(&mut path, name.as_bytes());
    Violation {
        path,
        keyword: "additionalProperties".into(),
        message: format!("{name} is not a valid property of Object."),
    }
}

/// A limit as the messages print it (integers plainly, floats as PHP prints them).
pub fn display_json(v: &Value) -> String {
    match v {
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.to_string(),
            None => match n.as_u64() {
                Some(u) => u.to_string(),
                None => super::php::float_to_php_string(n.as_f64().unwrap_or(f64::NAN)),
            },
        },
        Value::String(s) => s.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Null => "null".into(),
        _ => "array".into(),
    }
}

/// Canonical order of JSON types in messages.
pub const TYPE_ORDER: [&str; 7] = [
    "null", "boolean", "integer", "number", "string", "array", "object",
];

/// The violation(s) of one error of the crate, with messages of our own (the PHP fallback
/// writes the same).
fn push_violations(
    errs: &mut Violations,
    base: String,
    kind: &jsonschema::error::ValidationErrorKind,
) {
    use jsonschema::error::{TypeKind, ValidationErrorKind as JsonSchemaError};
    let who = if base.is_empty() {
        "value".to_string()
    } else {
        base.clone()
    };
    let one = |keyword: &str, message: String| Violation {
        path: base.clone(),
        keyword: keyword.into(),
        message,
    };
    let v = match kind {
        JsonSchemaError::AdditionalProperties { unexpected } => {
            for name in unexpected {
                errs.push(unexpected_property(&base, name));
            }
            return;
        }
        JsonSchemaError::Required { property } => {
            let name = property
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| display_json(property));
            let mut path = base.clone();
            path.push('/');
            crate::core::keywords::push_pointer_segment(&mut path, name.as_bytes());
            errs.push(Violation {
                path,
                keyword: "required".into(),
                message: format!("{name} is a required property of {who}."),
            });
            return;
        }
        JsonSchemaError::Type { kind } => {
            let names: Vec<String> = match kind {
                TypeKind::Single(t) => vec![t.to_string()],
                TypeKind::Multiple(set) => set.iter().map(|t| t.to_string()).collect(),
            };
            let mut names = names;
            names.sort_by_key(|n| TYPE_ORDER.iter().position(|t| t == n).unwrap_or(99));
            one("type", format!("{who} is not of type {}.", names.join(",")))
        }
        JsonSchemaError::Enum { .. } => {
            one("enum", format!("{who} is not one of the allowed values."))
        }
        JsonSchemaError::Constant { .. } => {
            one("const", format!("{who} is not the expected constant."))
        }
        JsonSchemaError::Minimum { limit } => one(
            "minimum",
            format!(
                "{who} must be greater than or equal to {}.",
                display_json(limit)
            ),
        ),
        JsonSchemaError::Maximum { limit } => one(
            "maximum",
            format!(
                "{who} must be less than or equal to {}.",
                display_json(limit)
            ),
        ),
        JsonSchemaError::ExclusiveMinimum { limit } => one(
            "exclusiveMinimum",
            format!("{who} must be greater than {}.", display_json(limit)),
        ),
        JsonSchemaError::ExclusiveMaximum { limit } => one(
            "exclusiveMaximum",
            format!("{who} must be less than {}.", display_json(limit)),
        ),
        JsonSchemaError::MultipleOf { multiple_of } => {
            let m = *multiple_of;
            let ms = if m.fract() == 0.0 && m.abs() < 1e15 {
                (m as i64).to_string()
            } else {
                super::php::float_to_php_string(m)
            };
            one("multipleOf", format!("{who} must be a multiple of {ms}."))
        }
        JsonSchemaError::MinLength { limit } => one(
            "minLength",
            format!("{who} must be at least {limit} characters long."),
        ),
        JsonSchemaError::MaxLength { limit } => one(
            "maxLength",
            format!("{who} must be at most {limit} characters long."),
        ),
        JsonSchemaError::MinItems { limit } => one(
            "minItems",
            format!("{who} must contain at least {limit} items."),
        ),
        JsonSchemaError::MaxItems { limit } => one(
            "maxItems",
            format!("{who} must contain at most {limit} items."),
        ),
        JsonSchemaError::MinProperties { limit } => one(
            "minProperties",
            format!("{who} must contain at least {limit} properties."),
        ),
        JsonSchemaError::MaxProperties { limit } => one(
            "maxProperties",
            format!("{who} must contain at most {limit} properties."),
        ),
        JsonSchemaError::UniqueItems => one("uniqueItems", format!("{who} has duplicate items.")),
        JsonSchemaError::Pattern { pattern } => one(
            "pattern",
            format!("{who} does not match pattern {pattern}."),
        ),
        JsonSchemaError::AnyOf { .. } => one(
            "anyOf",
            format!("{who} does not match any of the expected formats."),
        ),
        JsonSchemaError::OneOfNotValid { .. } => one(
            "oneOf",
            format!("{who} does not match any of the expected formats."),
        ),
        JsonSchemaError::OneOfMultipleValid { .. } => one(
            "oneOf",
            format!("{who} matches more than one of the expected formats."),
        ),
        JsonSchemaError::Not { .. } => one("not", format!("{who} must not match the schema.")),
        JsonSchemaError::FalseSchema => one("falseSchema", format!("{who} is not allowed.")),
        other => one(
            other.keyword(),
            format!("{who} does not satisfy {}.", other.keyword()),
        ),
    };
    errs.push(v);
}

/// Where the first `pattern` or `patternProperties` name longer than `MAX_PATTERN_BYTES` sits
/// (a JSON Pointer), looked for before the crate compiles them.
fn long_pattern(node: &Value, at: &str, depth: usize) -> Option<String> {
    use crate::core::keywords::{self, Position};
    let Value::Object(map) = node else {
        return None;
    };
    if depth > crate::core::MAX_DEPTH {
        return None; // (the conversion refused deeper schemas already)
    }
    let max = crate::core::MAX_PATTERN_BYTES;
    let under = |at: &str, name: &str| {
        format!(
            "{at}/{}",
            crate::core::transform::pointer_segment(Key::Str(name.as_bytes()))
        )
    };
    for (name, value) in map {
        match (name.as_str(), value) {
            ("pattern", Value::String(p)) if p.len() > max => return Some(under(at, name)),
            ("patternProperties", Value::Object(pp)) => {
                if let Some(long) = pp.keys().find(|p| p.len() > max) {
                    return Some(under(&under(at, name), long));
                }
            }
            _ => {}
        }
        let found = match (keywords::position(name.as_bytes()), value) {
            (Some(Position::SchemaMap | Position::MapOfSchemaOrList), Value::Object(m)) => {
                let here = under(at, name);
                m.iter()
                    .find_map(|(k, sub)| long_pattern(sub, &under(&here, k), depth + 1))
            }
            (Some(Position::SchemaList | Position::SchemaOrList), Value::Array(list)) => {
                let here = under(at, name);
                list.iter()
                    .enumerate()
                    .find_map(|(i, sub)| long_pattern(sub, &format!("{here}/{i}"), depth + 1))
            }
            (Some(Position::Schema | Position::SchemaOrList), sub @ Value::Object(_)) => {
                long_pattern(sub, &under(at, name), depth + 1)
            }
            _ => None,
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Whether `properties` or `patternProperties` of a schema node covers a property name.
fn covered(node: &Value, name: &str) -> bool {
    if node.get("properties").and_then(|p| p.get(name)).is_some() {
        return true;
    }
    if let Some(Value::Object(pp)) = node.get("patternProperties") {
        for pattern in pp.keys() {
            if fancy_regex::Regex::new(pattern)
                .ok()
                .and_then(|r| r.is_match(name).ok())
                .unwrap_or(false)
            {
                return true;
            }
        }
    }
    false
}
