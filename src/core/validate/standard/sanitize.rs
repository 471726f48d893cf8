//! `rest_sanitize_value_from_schema`, only as far as `enum` needs it: core compares the
//! sanitized value with the members, not the value as sent.

use super::types::{best_type, kind, parse_list_value, scalar_string, ValueKind};
use super::{one_of_matches, WalkState};
use crate::core::validate::canonical::{unique_items, values_equal, Uniqueness};
use crate::core::validate::hooks;
use crate::core::validate::php;
use crate::core::validate::schema::{Additional, Format, Node, TypeDecl, TypeName};
use crate::core::validate::value::{keyed_entries, to_php_value, PhpKey, PhpValue};
use crate::core::view::View;

/// `rest_validate_enum` without allocating, for the common scalar cases (no anyOf/oneOf, a
/// single scalar type, no format): None when the general path is needed.
pub(super) fn enum_fast(k: ValueKind<'_>, n: &Node, eff: &TypeDecl) -> Option<bool> {
    if n.any_of.is_some() || n.one_of.is_some() {
        return None;
    }
    let members = n.enum_values.as_ref()?;
    let t = match eff {
        TypeDecl::One(t) => t,
        _ => return None,
    };
    match t {
        TypeName::String if n.format.is_none() => {
            let ValueKind::Str(s) = k else { return None };
            Some(
                members
                    .iter()
                    .any(|m| matches!(m, PhpValue::Str(x) if x.as_slice() == s)),
            )
        }
        TypeName::Integer => {
            let i = match k {
                ValueKind::Int(i) => i,
                ValueKind::Str(s) => php::str_to_int(s),
                ValueKind::Float(f) => php::float_to_int(f),
                _ => return None,
            };
            Some(members.iter().any(|m| values_equal(&PhpValue::Int(i), m)))
        }
        TypeName::Boolean => {
            let b = match k {
                ValueKind::Bool(b) => b,
                ValueKind::Str(s) => {
                    !(php::eq_ignore_ascii_case(s, "false") || s == b"0" || s.is_empty())
                }
                ValueKind::Int(i) => i != 0,
                _ => return None,
            };
            Some(
                members
                    .iter()
                    .any(|m| matches!(m, PhpValue::Bool(x) if *x == b)),
            )
        }
        _ => None,
    }
}

/// Whether the `format` keyword applies: type unset, `string`, or not a built-in type.
pub(super) fn format_applies(t: &TypeDecl) -> bool {
    match t {
        TypeDecl::Missing | TypeDecl::LooseTrue | TypeDecl::Other => true,
        TypeDecl::One(TypeName::String) | TypeDecl::One(TypeName::Invalid { .. }) => true,
        TypeDecl::One(_) => false,
        // A list that found no best type never gets here; one that did was resolved.
        TypeDecl::List(_) => false,
    }
}

/// First-error verdict of `v` against the anyOf/oneOf branch `n` of a node whose type is
/// `parent` while core reads it, in a fresh context.
fn verdict<'q, V: View<'q>>(v: V, n: &Node, parent: &TypeDecl, depth: usize) -> bool {
    let mut c: WalkState<'q> = WalkState::new(true, depth, String::new());
    c.value_as(v, n, parent.is_set().then_some(parent)).is_ok()
}

/// The type core reads a branch `b` by: its own, else its parent's as the parent has it now.
pub(super) fn branch_type<'t>(b: &'t Node, parent: &'t TypeDecl) -> &'t TypeDecl {
    if (b.ty_inherited || !b.ty.is_set()) && parent.is_set() {
        parent
    } else {
        &b.ty
    }
}

fn to_p<'a, V: View<'a>>(v: V) -> PhpValue {
    to_php_value(v, 0)
}

/// Why a value has no sanitized form: nested past MAX_DEPTH, or a branch core cannot sanitize by
/// (core's sanitizer then answers with an error of its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unsanitizable;

pub fn sanitize<'a, V: View<'a>>(
    v: V,
    n: &Node,
    eff: &TypeDecl,
    depth: usize,
) -> Result<PhpValue, Unsanitizable> {
    if depth > crate::core::MAX_DEPTH {
        return Err(Unsanitizable);
    }
    let mut eff = eff.clone();
    if let Some(branches) = &n.any_of {
        let m = branches
            .iter()
            .find(|b| verdict(v, b, &eff, depth))
            .ok_or(Unsanitizable)?;
        let s = sanitize_by_branch(v, m, &mut eff, depth)?;
        return sanitize_after_any(&s, n, &eff, depth);
    }
    sanitize_after_any(v, n, &eff, depth)
}

/// `v` sanitized by the anyOf/oneOf branch `m` it matched, read by the type core gives `m` (its
/// own, else the node's `eff` as it is now); an untyped node then takes `m`'s type, as core does.
fn sanitize_by_branch<'a, V: View<'a>>(
    v: V,
    m: &Node,
    eff: &mut TypeDecl,
    depth: usize,
) -> Result<PhpValue, Unsanitizable> {
    let m_ty = branch_type(m, eff).clone();
    if !eff.is_set() {
        *eff = m.ty.clone();
    }
    sanitize(v, m, &m_ty, depth + 1)
}

fn sanitize_after_any<'a, V: View<'a>>(
    v: V,
    n: &Node,
    eff: &TypeDecl,
    depth: usize,
) -> Result<PhpValue, Unsanitizable> {
    let mut eff = eff.clone();
    if let Some(branches) = &n.one_of {
        let (Some(found), 1) = one_of_matches(branches, |b| verdict(v, b, &eff, depth)) else {
            return Err(Unsanitizable);
        };
        let s = sanitize_by_branch(v, found, &mut eff, depth)?;
        return sanitize_typed(&s, n, &eff, depth);
    }
    sanitize_typed(v, n, &eff, depth)
}

/// The sanitizer of the node's type (a list resolved to its best type first).
fn sanitize_typed<'a, V: View<'a>>(
    v: V,
    n: &Node,
    eff: &TypeDecl,
    depth: usize,
) -> Result<PhpValue, Unsanitizable> {
    let k = kind(v);
    let t: Option<TypeName> = match eff {
        TypeDecl::List(types) => match best_type(v, k, types) {
            None => return Ok(PhpValue::Null),
            Some(t) => Some(t),
        },
        TypeDecl::One(t) => Some(t.clone()),
        _ => None,
    };
    let eff_one = match &t {
        Some(t) => TypeDecl::One(t.clone()),
        None => eff.clone(),
    };
    match t {
        Some(TypeName::Array) => sanitize_array(v, k, n, depth),
        Some(TypeName::Object) => sanitize_object(v, k, n, depth),
        Some(TypeName::Null) => Ok(PhpValue::Null),
        Some(TypeName::Integer) => Ok(PhpValue::Int(int_cast(k))),
        Some(TypeName::Number) => Ok(PhpValue::Float(float_cast(k))),
        Some(TypeName::Boolean) => Ok(PhpValue::Bool(bool_cast(k))),
        t => {
            if let Some(s) = sanitize_format(k, n, &eff_one) {
                return Ok(PhpValue::Str(s));
            }
            if t == Some(TypeName::String) {
                return Ok(match scalar_string(k) {
                    Some(s) => PhpValue::Str(s),
                    None => to_p(v),
                });
            }
            Ok(to_p(v))
        }
    }
}

/// A list (`wp_parse_list()` of a scalar), its items sanitized by `items` when that is not
/// empty; refused when `uniqueItems` finds it not unique.
fn sanitize_array<'a, V: View<'a>>(
    v: V,
    k: ValueKind<'a>,
    n: &Node,
    depth: usize,
) -> Result<PhpValue, Unsanitizable> {
    let list: Vec<PhpValue> = match k {
        ValueKind::Bool(_) | ValueKind::Int(_) | ValueKind::Float(_) | ValueKind::Str(_) => {
            match parse_list_value(k) {
                PhpValue::Arr(items) => items.into_iter().map(|(_, x)| x).collect(),
                _ => Vec::new(),
            }
        }
        ValueKind::Arr(_) => keyed_entries(v).map(|(_, c)| to_p(c)).collect(),
        _ => Vec::new(),
    };
    let mut out = Vec::with_capacity(list.len());
    for (i, item) in list.into_iter().enumerate() {
        let item = match (&n.items, n.items_nonempty) {
            (Some(items), true) => sanitize(&item, items, &items.ty, depth + 1)?,
            _ => item,
        };
        out.push((PhpKey::Int(i as i64), item));
    }
    let arr = PhpValue::Arr(out);
    if n.unique_items && unique_items(&arr) != Uniqueness::Unique {
        return Err(Unsanitizable);
    }
    Ok(arr)
}

/// An object's members, each by its property's schema, else the first matching
/// patternProperties schema, else additionalProperties (`false` drops the member).
fn sanitize_object<'a, V: View<'a>>(
    v: V,
    k: ValueKind<'a>,
    n: &Node,
    depth: usize,
) -> Result<PhpValue, Unsanitizable> {
    let entries: Vec<(PhpKey, PhpValue)> = match k {
        ValueKind::Arr(_) | ValueKind::PlainObj => keyed_entries(v)
            .map(|(key, c)| (PhpKey::from_key(key), to_p(c)))
            .collect(),
        _ => Vec::new(),
    };
    let mut out = Vec::with_capacity(entries.len());
    for (key, c) in entries {
        if let Some(ps) = n.property(&key) {
            out.push((key, sanitize(&c, ps, &ps.ty, depth + 1)?));
            continue;
        }
        let name = key.to_bytes();
        if let Some((_, Some(ps))) = n.pattern_properties.iter().find(|(p, _)| p.is_match(&name)) {
            out.push((key, sanitize(&c, ps, &ps.ty, depth + 1)?));
            continue;
        }
        match &n.additional {
            Additional::False => {}
            Additional::Schema(s) => out.push((key, sanitize(&c, s, &s.ty, depth + 1)?)),
            Additional::None => out.push((key, c)),
        }
    }
    Ok(PhpValue::Arr(out))
}

/// `(int) $value`.
fn int_cast(k: ValueKind<'_>) -> i64 {
    match k {
        ValueKind::Int(i) => i,
        ValueKind::Float(f) => php::float_to_int(f),
        ValueKind::Str(s) => php::str_to_int(s),
        ValueKind::Bool(b) => b as i64,
        ValueKind::Null => 0,
        ValueKind::Arr(len) => (len > 0) as i64,
        _ => 1,
    }
}

/// `(float) $value`.
fn float_cast(k: ValueKind<'_>) -> f64 {
    match k {
        ValueKind::Int(i) => i as f64,
        ValueKind::Float(f) => f,
        ValueKind::Str(s) => php::str_to_float(s),
        ValueKind::Bool(b) => b as i64 as f64,
        ValueKind::Null => 0.0,
        ValueKind::Arr(len) => (len > 0) as i64 as f64,
        _ => 1.0,
    }
}

/// `rest_sanitize_boolean( $value )`.
fn bool_cast(k: ValueKind<'_>) -> bool {
    match k {
        ValueKind::Str(s) => !(php::eq_ignore_ascii_case(s, "false") || s == b"0" || s.is_empty()),
        ValueKind::Bool(b) => b,
        ValueKind::Int(i) => i != 0,
        ValueKind::Float(f) => f != 0.0,
        ValueKind::Null => false,
        ValueKind::Arr(len) => len > 0,
        _ => true,
    }
}

/// The string a `format` sanitizes the value to, when the format applies and has a sanitizer
/// (a non-scalar becomes '').
fn sanitize_format(k: ValueKind<'_>, n: &Node, eff: &TypeDecl) -> Option<Vec<u8>> {
    let f = n.format?;
    if !format_applies(eff) {
        return None;
    }
    let s = match k {
        ValueKind::Arr(_) | ValueKind::PlainObj | ValueKind::Other => None,
        _ => scalar_string(k),
    };
    Some(match f {
        Format::HexColor => s.map(|s| php::sanitize_hex_color(&s)).unwrap_or_default(),
        Format::DateTime | Format::Email | Format::Ip | Format::Uuid | Format::TextField => s
            .map(|s| hooks::sanitize_text_field(&s, false))
            .unwrap_or_default(),
        Format::TextareaField => s
            .map(|s| hooks::sanitize_text_field(&s, true))
            .unwrap_or_default(),
        Format::Uri => s.map(|s| hooks::sanitize_url(&s)).unwrap_or_default(),
        Format::Other => return None,
    })
}
