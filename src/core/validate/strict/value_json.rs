//! A value view as JSON "as sent" for the crate: reference cycles, the work budget and depth
//! end the conversion with one whole-value violation; values without a JSON form are violations.

use super::{is_list, json_name, scalar_json};
use crate::core::keywords::push_pointer_segment;
use crate::core::validate::value::keyed_entries;
use crate::core::validate::{spend, spend_bytes, Violation};
use crate::core::view::{Key, ObjectKind, Shape, View};
use serde_json::{Map, Value};

thread_local! {
    static CYCLE_STACK: std::cell::RefCell<Vec<usize>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Forgets the containers of a previous conversion.
pub(super) fn reset_cycle_stack() {
    CYCLE_STACK.with(|s| s.borrow_mut().clear());
}

/// The keywords of violations about the whole value (the conversion ends at the first).
pub(super) fn is_whole_value_problem(keyword: &str) -> bool {
    matches!(keyword, "cycle" | "size" | "depth")
}

/// Converts a value view to JSON "as sent". PHP cannot tell `{}` from `[]` after
/// `json_decode(…, true)`: an empty array becomes an object where the schema expects one.
pub(super) fn value_to_json<'a, V: View<'a>>(
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

fn value_to_json_inner<'a, V: View<'a>>(
    v: V,
    schema: Option<&Value>,
    depth: usize,
    path: &mut String,
    errs: &mut Vec<Violation>,
) -> Value {
    if stops_here(v, depth, path, errs) {
        return Value::Null;
    }
    match v.shape() {
        Shape::Array { len, .. } if is_list(v) && !(len == 0 && wants_object(schema)) => {
            let mut out = Vec::with_capacity(len);
            for (i, (_, c)) in keyed_entries(v).enumerate() {
                let l = path.len();
                path.push('/');
                path.push_str(&i.to_string());
                let item_schema = child_schema(schema, "", Some(i));
                out.push(value_to_json(c, item_schema, depth + 1, path, errs));
                path.truncate(l);
            }
            Value::Array(out)
        }
        Shape::Array { .. }
        | Shape::Object {
            kind: ObjectKind::Plain,
            ..
        } => object_json(v, schema, depth, path, errs),
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

/// Whether the conversion stops at this value: a whole-value problem was found before (one
/// violation, bounded memory), or this value spends past the work budget or nests too deep.
fn stops_here<'a, V: View<'a>>(v: V, depth: usize, path: &str, errs: &mut Vec<Violation>) -> bool {
    if errs
        .last()
        .is_some_and(|e| is_whole_value_problem(&e.keyword))
    {
        return true;
    }
    let within = match v.shape() {
        Shape::Str(b) => spend_bytes(b.len()),
        _ => spend(),
    };
    if !within {
        errs.push(Violation {
            path: String::new(),
            keyword: "size".into(),
            message: "value is too large to validate.".into(),
        });
        return true;
    }
    if depth > crate::core::MAX_DEPTH {
        errs.push(Violation {
            path: path.to_owned(),
            keyword: "depth".into(),
            message: format!(
                "{} is nested deeper than {} levels.",
                who(path),
                crate::core::MAX_DEPTH
            ),
        });
        return true;
    }
    false
}

/// Whether the schema a value is read by expects an object (an empty array then is `{}`).
fn wants_object(schema: Option<&Value>) -> bool {
    schema.is_some_and(|s| match s.get("type") {
        Some(Value::String(t)) => t == "object",
        Some(Value::Array(ts)) => {
            ts.iter().any(|t| t == "object") && !ts.iter().any(|t| t == "array")
        }
        _ => s.get("properties").is_some(),
    })
}

/// The sub-schema a member (by name) or an item (by index: its prefixItems schema, else items)
/// is read by.
fn child_schema<'s>(
    schema: Option<&'s Value>,
    key: &str,
    index: Option<usize>,
) -> Option<&'s Value> {
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
}

fn object_json<'a, V: View<'a>>(
    v: V,
    schema: Option<&Value>,
    depth: usize,
    path: &mut String,
    errs: &mut Vec<Violation>,
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
                push_pointer_segment(path, s);
                json_name(s) // the crate's paths then show a name that is not UTF-8 as ours do
            }
        };
        let member_schema = child_schema(schema, &key, None);
        let j = value_to_json(c, member_schema, depth + 1, path, errs);
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
