//! What WordPress's type checks see in a value: its kind, the `rest_is_*` predicates, PHP's
//! casts and comparisons of it, and how messages print it.

use crate::core::validate::php::{self, Num};
use crate::core::validate::schema::TypeName;
use crate::core::validate::value::{keyed_entries, normalize_key, NormalKey, PhpKey, PhpValue};
use crate::core::view::{ObjectKind, Shape, View};
use std::cmp::Ordering;

/// A PHP scalar as the messages print it.
pub fn display_php_value(v: &PhpValue) -> String {
    match v {
        PhpValue::Null => "null".into(),
        PhpValue::Bool(b) => {
            if *b {
                "true".into()
            } else {
                "false".into()
            }
        }
        PhpValue::Int(i) => i.to_string(),
        PhpValue::Float(f) => php::float_to_php_string(*f),
        PhpValue::Str(s) => String::from_utf8_lossy(s).into_owned(),
        PhpValue::Arr(_) | PhpValue::Obj(_) => "array".into(),
        PhpValue::Opaque => "object".into(),
    }
}

pub(super) fn display_enum_member(v: &PhpValue) -> String {
    match v {
        PhpValue::Str(s) => format!("\"{}\"", String::from_utf8_lossy(s)),
        other => display_php_value(other),
    }
}

/// The kind of a value as WordPress's checks see it.
#[derive(Clone, Copy)]
pub(super) enum ValueKind<'a> {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(&'a [u8]),
    Arr(usize),
    PlainObj,
    Other,
}

pub(super) fn kind<'a, V: View<'a>>(v: V) -> ValueKind<'a> {
    match v.shape() {
        Shape::Null => ValueKind::Null,
        Shape::Bool(b) => ValueKind::Bool(b),
        Shape::Int(i) => ValueKind::Int(i),
        Shape::Float(f) => ValueKind::Float(f),
        Shape::Str(s) => ValueKind::Str(s),
        Shape::Array { len, .. } => ValueKind::Arr(len),
        Shape::Object {
            kind: ObjectKind::Plain,
            ..
        } => ValueKind::PlainObj,
        _ => ValueKind::Other,
    }
}

/// `is_numeric`.
pub(super) fn numeric(k: ValueKind<'_>) -> Option<Num> {
    match k {
        ValueKind::Int(i) => Some(Num::Int(i)),
        ValueKind::Float(f) => Some(Num::Float(f)),
        ValueKind::Str(s) => php::parse_numeric(s),
        _ => None,
    }
}

/// `rest_is_integer`.
pub(super) fn is_integer(k: ValueKind<'_>) -> bool {
    match k {
        ValueKind::Int(_) => true,
        ValueKind::Float(f) => php::float_is_whole(f),
        ValueKind::Str(s) => php::str_is_integer(s),
        _ => false,
    }
}

/// `rest_is_boolean`.
pub(super) fn is_boolean(k: ValueKind<'_>) -> bool {
    match k {
        ValueKind::Bool(_) => true,
        ValueKind::Str(s) => {
            php::eq_ignore_ascii_case(s, "false")
                || php::eq_ignore_ascii_case(s, "true")
                || s == b"0"
                || s == b"1"
        }
        ValueKind::Int(i) => i == 0 || i == 1,
        _ => false,
    }
}

/// `rest_is_object` (JsonSerializable objects are not read: they count as non-objects).
pub(super) fn is_object(k: ValueKind<'_>) -> bool {
    matches!(
        k,
        ValueKind::Str(b"") | ValueKind::PlainObj | ValueKind::Arr(_)
    )
}

/// `rest_is_array`.
pub(super) fn is_array<'a, V: View<'a>>(v: V, k: ValueKind<'a>) -> bool {
    match k {
        ValueKind::Bool(_) | ValueKind::Int(_) | ValueKind::Float(_) | ValueKind::Str(_) => true,
        ValueKind::Arr(_) => {
            keyed_entries(v).all(|(key, _)| matches!(normalize_key(key), NormalKey::Int(_)))
        }
        _ => false,
    }
}

/// `(string) $scalar`.
pub(super) fn scalar_string(k: ValueKind<'_>) -> Option<Vec<u8>> {
    match k {
        ValueKind::Bool(b) => Some(if b { b"1".to_vec() } else { Vec::new() }),
        ValueKind::Int(i) => Some(i.to_string().into_bytes()),
        ValueKind::Float(f) => Some(php::float_to_php_string(f).into_bytes()),
        ValueKind::Str(s) => Some(s.to_vec()),
        ValueKind::Null => Some(Vec::new()),
        _ => None,
    }
}

/// `wp_parse_list( $scalar )` as a list value.
pub(super) fn parse_list_value(k: ValueKind<'_>) -> PhpValue {
    let s = scalar_string(k).unwrap_or_default();
    PhpValue::Arr(
        php::parse_list(&s)
            .into_iter()
            .enumerate()
            .map(|(i, p)| (PhpKey::Int(i as i64), PhpValue::Str(p.to_vec())))
            .collect(),
    )
}

/// PHP 8 `$num <=> $schema_value` for a numeric left side.
fn cmp_num(a: Num, b: &PhpValue) -> Option<Ordering> {
    match b {
        PhpValue::Int(i) => php::num_cmp(a, Num::Int(*i)),
        PhpValue::Float(f) => php::num_cmp(a, Num::Float(*f)),
        PhpValue::Str(s) => match php::parse_numeric(s) {
            Some(n) => php::num_cmp(a, n),
            None => {
                let left = match a {
                    Num::Int(i) => i.to_string(),
                    Num::Float(f) => php::float_to_php_string(f),
                };
                Some(left.as_bytes().cmp(s.as_slice()))
            }
        },
        PhpValue::Bool(b) => {
            let l = a.as_f64() != 0.0;
            Some(l.cmp(b))
        }
        PhpValue::Null => {
            let l = a.as_f64() != 0.0;
            Some(l.cmp(&false))
        }
        PhpValue::Arr(_) | PhpValue::Obj(_) | PhpValue::Opaque => Some(Ordering::Less),
    }
}

pub(super) fn lt(a: Num, b: &PhpValue) -> bool {
    cmp_num(a, b) == Some(Ordering::Less)
}
pub(super) fn gt(a: Num, b: &PhpValue) -> bool {
    cmp_num(a, b) == Some(Ordering::Greater)
}
pub(super) fn le(a: Num, b: &PhpValue) -> bool {
    matches!(cmp_num(a, b), Some(Ordering::Less | Ordering::Equal))
}
pub(super) fn ge(a: Num, b: &PhpValue) -> bool {
    matches!(cmp_num(a, b), Some(Ordering::Greater | Ordering::Equal))
}

/// `rest_get_best_type_for_value` + the invalid-type fallback of `rest_handle_multi_type_schema`.
pub(super) fn best_type<'a, V: View<'a>>(
    v: V,
    k: ValueKind<'a>,
    types: &[TypeName],
) -> Option<TypeName> {
    if matches!(k, ValueKind::Str(b"")) && types.contains(&TypeName::String) {
        return Some(TypeName::String);
    }
    for t in types {
        let ok = match t {
            TypeName::Array => is_array(v, k),
            TypeName::Object => is_object(k),
            TypeName::Integer => is_integer(k),
            TypeName::Number => numeric(k).is_some(),
            TypeName::Boolean => is_boolean(k),
            TypeName::String => matches!(k, ValueKind::Str(_)),
            TypeName::Null => matches!(k, ValueKind::Null),
            TypeName::Invalid { .. } => false,
        };
        if ok {
            return Some(t.clone());
        }
    }
    // core falls back to the first unknown type, and then fails the value when PHP reads it as false
    types
        .iter()
        .find(|t| !t.is_valid())
        .filter(|t| !t.is_falsy())
        .cloned()
}
