//! The `strict` profile: JSON types exactly as sent, standard JSON Schema (draft 2020-12, older
//! drafts' forms converted first; `$ref`/`$defs`) through the `jsonschema` crate.
//!
//! `schema_json` converts the schema, `value_json` the value, `messages` words the crate's
//! errors; this file compiles and runs the crate.

mod messages;
mod schema_json;
mod value_json;

#[cfg(test)]
mod tests;

pub use self::messages::{display_json, TYPE_ORDER};
pub use self::schema_json::{schema_to_json, MAX_SCHEMA_VALUES};

use self::messages::{push_violations, unexpected_property};
use self::value_json::{is_whole_value_problem, reset_cycle_stack, value_to_json};
use super::value::keyed_entries;
use super::{Violation, Violations};
use crate::core::view::{Key, Shape, View};
use serde_json::{Number, Value};

pub struct StrictValidator {
    inner: Result<jsonschema::Validator, String>,
    schema: Value,
}

/// Whether an array's keys are 0, 1, 2 … in order (JSON carries it as a list).
fn is_list<'a, V: View<'a>>(v: V) -> bool {
    keyed_entries(v)
        .enumerate()
        .all(|(i, (k, _))| k == Key::Int(i as i64))
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
        reset_cycle_stack();
        let json = value_to_json(value, Some(&self.schema), 0, &mut path, &mut errs);
        if let Some(whole) = errs.iter().find(|e| is_whole_value_problem(&e.keyword)) {
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
                        self.push_uncovered(errs, &json, &base, &shown, parent);
                    }
                    continue;
                }
            }
            push_violations(errs, shown, e.kind());
        }
        found
    }

    /// One violation per member of the object at `base` that the schema node at `parent` (its
    /// `properties` and `patternProperties`) does not cover.
    fn push_uncovered(
        &self,
        errs: &mut Violations,
        json: &Value,
        base: &str,
        shown: &str,
        parent: &str,
    ) {
        if let (Some(Value::Object(obj)), Some(node)) =
            (json.pointer(base), self.schema.pointer(parent))
        {
            for name in obj.keys() {
                if covered(node, name) {
                    continue;
                }
                errs.push(unexpected_property(shown, name));
            }
        }
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
