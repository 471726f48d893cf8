//! An owned PHP value (`PVal`) for the few places where validation needs to hold a value:
//! enum members, values sanitized for enum comparison, and lists parsed from scalars by
//! `wp_parse_list`. It implements [`View`] so the same algorithms run over it.

use crate::core::view::{Key, ObjectKind, Shape, View};

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PKey {
    Int(i64),
    Str(Vec<u8>),
}

impl PKey {
    pub fn as_key(&self) -> Key<'_> {
        match self {
            PKey::Int(i) => Key::Int(*i),
            PKey::Str(s) => Key::Str(s),
        }
    }
    /// PHP's array key normalisation: a canonical decimal integer string becomes an int key.
    pub fn from_bytes(s: &[u8]) -> PKey {
        match canonical_int(s) {
            Some(i) => PKey::Int(i),
            None => PKey::Str(s.to_vec()),
        }
    }
    pub fn from_key(k: Key<'_>) -> PKey {
        match k {
            Key::Int(i) => PKey::Int(i),
            Key::Str(s) => PKey::from_bytes(s),
        }
    }
    /// The key as PHP prints it (`(string) $key`).
    pub fn to_bytes(&self) -> Vec<u8> {
        match self {
            PKey::Int(i) => i.to_string().into_bytes(),
            PKey::Str(s) => s.clone(),
        }
    }
    pub fn matches(&self, k: Key<'_>) -> bool {
        match (self, norm_key(k)) {
            (PKey::Int(a), NKey::Int(b)) => *a == b,
            (PKey::Str(a), NKey::Str(b)) => a.as_slice() == b,
            _ => false,
        }
    }
}

/// A key after PHP normalisation, borrowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NKey<'a> {
    Int(i64),
    Str(&'a [u8]),
}

pub fn norm_key(k: Key<'_>) -> NKey<'_> {
    match k {
        Key::Int(i) => NKey::Int(i),
        Key::Str(s) => match canonical_int(s) {
            Some(i) => NKey::Int(i),
            None => NKey::Str(s),
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
pub enum PVal {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(Vec<u8>),
    Arr(Vec<(PKey, PVal)>),
    /// A stdClass object (its properties).
    Obj(Vec<(PKey, PVal)>),
    /// Any other object or resource: equal to nothing.
    Opaque,
}

impl<'a> View<'a> for &'a PVal {
    type EntryKey = Key<'a>;

    fn shape(self) -> Shape<'a> {
        match self {
            PVal::Null => Shape::Null,
            PVal::Bool(b) => Shape::Bool(*b),
            PVal::Int(i) => Shape::Int(*i),
            PVal::Float(f) => Shape::Float(*f),
            PVal::Str(s) => Shape::Str(s),
            PVal::Arr(a) => Shape::Array {
                identity: 0,
                len: a.len(),
            },
            PVal::Obj(o) => Shape::Object {
                identity: o.as_ptr() as usize | 1,
                kind: ObjectKind::Plain,
            },
            PVal::Opaque => Shape::Opaque,
        }
    }
    fn entries(self) -> impl Iterator<Item = (Key<'a>, Self)> + 'a {
        let list: &'a [(PKey, PVal)] = match self {
            PVal::Arr(a) | PVal::Obj(a) => a,
            _ => &[],
        };
        list.iter().map(|(k, v)| (k.as_key(), v))
    }
    fn get(self, key: &str) -> Option<Self> {
        match self {
            PVal::Arr(a) | PVal::Obj(a) => {
                let k = PKey::from_bytes(key.as_bytes());
                a.iter().find(|(kk, _)| *kk == k).map(|(_, v)| v)
            }
            _ => None,
        }
    }
}

/// Entries with their keys as [`Key`]s.
pub fn ents<'a, V: View<'a>>(v: V) -> impl Iterator<Item = (Key<'a>, V)> + 'a {
    v.entries().map(|(k, c)| (k.into(), c))
}

/// Deep copy of a view into a `PVal` (deeper than `MAX_VALUE_DEPTH`, or back into a container being
/// copied — a reference cycle — becomes `Opaque`).
pub fn to_pval<'a, V: View<'a>>(v: V, depth: usize) -> PVal {
    let mut stack = Vec::new();
    copy(v, depth, &mut stack)
}

fn copy<'a, V: View<'a>>(v: V, depth: usize, stack: &mut Vec<usize>) -> PVal {
    if !super::spend() {
        return PVal::Opaque;
    }
    let (id, plain_object) = match v.shape() {
        Shape::Null => return PVal::Null,
        Shape::Bool(b) => return PVal::Bool(b),
        Shape::Int(i) => return PVal::Int(i),
        Shape::Float(f) => return PVal::Float(f),
        Shape::Str(s) if !super::spend_bytes(s.len()) => return PVal::Opaque,
        Shape::Str(s) => return PVal::Str(s.to_vec()),
        Shape::Array { identity, .. } => (identity, false),
        Shape::Object {
            identity,
            kind: ObjectKind::Plain,
        } => (identity, true),
        _ => return PVal::Opaque,
    };
    if depth >= super::canonical::MAX_VALUE_DEPTH || (id != 0 && stack.contains(&id)) {
        return PVal::Opaque;
    }
    stack.push(id);
    let entries: Vec<(PKey, PVal)> = ents(v)
        .map(|(k, c)| (PKey::from_key(k), copy(c, depth + 1, stack)))
        .collect();
    stack.pop();
    if plain_object {
        PVal::Obj(entries)
    } else {
        PVal::Arr(entries)
    }
}
