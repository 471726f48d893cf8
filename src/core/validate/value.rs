//! An owned PHP value (`PhpValue`) for the few places where validation needs to hold a value:
//! enum members, values sanitized for enum comparison, and lists parsed from scalars by
//! `wp_parse_list`. It implements [`View`] so the same algorithms run over it.

use crate::core::view::{Key, ObjectKind, Shape, View};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PhpKey {
    Int(i64),
    Str(Vec<u8>),
}

impl PhpKey {
    pub fn as_key(&self) -> Key<'_> {
        match self {
            PhpKey::Int(i) => Key::Int(*i),
            PhpKey::Str(s) => Key::Str(s),
        }
    }
    /// PHP's array key normalisation: a canonical decimal integer string becomes an int key.
    pub fn from_bytes(s: &[u8]) -> PhpKey {
        match canonical_int(s) {
            Some(i) => PhpKey::Int(i),
            None => PhpKey::Str(s.to_vec()),
        }
    }
    pub fn from_key(k: Key<'_>) -> PhpKey {
        match k {
            Key::Int(i) => PhpKey::Int(i),
            Key::Str(s) => PhpKey::from_bytes(s),
        }
    }
    /// The key as PHP prints it (`(string) $key`).
    pub fn to_bytes(&self) -> Vec<u8> {
        match self {
            PhpKey::Int(i) => i.to_string().into_bytes(),
            PhpKey::Str(s) => s.clone(),
        }
    }
    pub fn matches(&self, k: Key<'_>) -> bool {
        match (self, normalize_key(k)) {
            (PhpKey::Int(a), NormalKey::Int(b)) => *a == b,
            (PhpKey::Str(a), NormalKey::Str(b)) => a.as_slice() == b,
            _ => false,
        }
    }
}

/// A key after PHP normalisation, borrowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NormalKey<'a> {
    Int(i64),
    Str(&'a [u8]),
}

pub fn normalize_key(k: Key<'_>) -> NormalKey<'_> {
    match k {
        Key::Int(i) => NormalKey::Int(i),
        Key::Str(s) => match canonical_int(s) {
            Some(i) => NormalKey::Int(i),
            None => NormalKey::Str(s),
        },
    }
}

/// `"0"`, `"-5"`, `"42"` (no leading zeros, no "-0", fits in i64) → the integer PHP uses as key.
pub fn canonical_int(s: &[u8]) -> Option<i64> {
    if s.is_empty() || s.len() > 20 {
        return None;
    }
    let (neg, digits) = if s[0] == b'-' {
        (true, &s[1..])
    } else {
        (false, s)
    };
    if digits.is_empty() || !digits.iter().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if digits[0] == b'0' && (digits.len() > 1 || neg) {
        return None;
    }
    std::str::from_utf8(s).ok()?.parse::<i64>().ok()
}

#[derive(Clone, Debug, PartialEq)]
pub enum PhpValue {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(Vec<u8>),
    Arr(Vec<(PhpKey, PhpValue)>),
    /// A stdClass object (its properties).
    Obj(Vec<(PhpKey, PhpValue)>),
    /// Any other object or resource: equal to nothing.
    Opaque,
}

impl<'a> View<'a> for &'a PhpValue {
    type EntryKey = Key<'a>;

    fn shape(self) -> Shape<'a> {
        match self {
            PhpValue::Null => Shape::Null,
            PhpValue::Bool(b) => Shape::Bool(*b),
            PhpValue::Int(i) => Shape::Int(*i),
            PhpValue::Float(f) => Shape::Float(*f),
            PhpValue::Str(s) => Shape::Str(s),
            PhpValue::Arr(a) => Shape::Array {
                identity: 0,
                len: a.len(),
            },
            PhpValue::Obj(o) => Shape::Object {
                identity: o.as_ptr() as usize | 1,
                kind: ObjectKind::Plain,
            },
            PhpValue::Opaque => Shape::Opaque,
        }
    }
    fn entries(self) -> impl Iterator<Item = (Key<'a>, Self)> + 'a {
        let list: &'a [(PhpKey, PhpValue)] = match self {
            PhpValue::Arr(a) | PhpValue::Obj(a) => a,
            _ => &[],
        };
        list.iter().map(|(k, v)| (k.as_key(), v))
    }
    fn get(self, key: &str) -> Option<Self> {
        match self {
            PhpValue::Arr(a) | PhpValue::Obj(a) => {
                let k = PhpKey::from_bytes(key.as_bytes());
                a.iter().find(|(kk, _)| *kk == k).map(|(_, v)| v)
            }
            _ => None,
        }
    }
}

/// Entries with their keys as [`Key`]s.
pub fn keyed_entries<'a, V: View<'a>>(v: V) -> impl Iterator<Item = (Key<'a>, V)> + 'a {
    v.entries().map(|(k, c)| (k.into(), c))
}

/// Deep copy of a view into a `PhpValue` (deeper than `MAX_VALUE_DEPTH`, or back into a container being
/// copied — a reference cycle — becomes `Opaque`).
pub fn to_php_value<'a, V: View<'a>>(v: V, depth: usize) -> PhpValue {
    let mut stack = Vec::new();
    copy(v, depth, &mut stack)
}

fn copy<'a, V: View<'a>>(v: V, depth: usize, stack: &mut Vec<usize>) -> PhpValue {
    if !super::spend() {
        return PhpValue::Opaque;
    }
    let (id, plain_object) = match v.shape() {
        Shape::Null => return PhpValue::Null,
        Shape::Bool(b) => return PhpValue::Bool(b),
        Shape::Int(i) => return PhpValue::Int(i),
        Shape::Float(f) => return PhpValue::Float(f),
        Shape::Str(s) if !super::spend_bytes(s.len()) => return PhpValue::Opaque,
        Shape::Str(s) => return PhpValue::Str(s.to_vec()),
        Shape::Array { identity, .. } => (identity, false),
        Shape::Object {
            identity,
            kind: ObjectKind::Plain,
        } => (identity, true),
        _ => return PhpValue::Opaque,
    };
    if depth >= super::canonical::MAX_VALUE_DEPTH || (id != 0 && stack.contains(&id)) {
        return PhpValue::Opaque;
    }
    stack.push(id);
    let entries: Vec<(PhpKey, PhpValue)> = keyed_entries(v)
        .map(|(k, c)| (PhpKey::from_key(k), copy(c, depth + 1, stack)))
        .collect();
    stack.pop();
    if plain_object {
        PhpValue::Obj(entries)
    } else {
        PhpValue::Arr(entries)
    }
}
