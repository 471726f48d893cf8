//! A borrowed, read-only view of a PHP-like value tree.
//!
//! The core algorithms are written once against [`View`]; the FFI layer implements it over
//! zvals (no copy), and [`crate::core::validate::value::PhpValue`] / `serde_json::Value` implement it for
//! `cargo test`. PHP arrays are ordered maps whose keys are integers or byte strings.

/// A key of a PHP array (or an object property name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key<'a> {
    Int(i64),
    Str(&'a [u8]),
}

impl<'a> Key<'a> {
    pub fn as_bytes(&self) -> Option<&'a [u8]> {
        match *self {
            Key::Str(s) => Some(s),
            Key::Int(_) => None,
        }
    }
    pub fn is(&self, name: &str) -> bool {
        matches!(*self, Key::Str(s) if s == name.as_bytes())
    }
}

/// What kind of object a PHP object is, as far as JSON is concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjectKind {
    /// `stdClass`: its properties are its entries; JSON carries it as an object.
    Plain,
    /// Implements `JsonSerializable`: JSON carries what `jsonSerialize()` returns.
    JsonSerializable,
    /// Anything else (closures, enums, arbitrary classes): JSON cannot carry it faithfully.
    Opaque,
}

/// The shape of one value. `identity` tells containers apart to cut reference cycles: a
/// nonzero value, stable for the walk, for containers that can be part of a cycle (objects, and
/// arrays reached through a PHP reference: the reference's identity); 0 for those that cannot
/// (an array held by value can never contain itself).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape<'a> {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(&'a [u8]),
    Array {
        identity: usize,
        len: usize,
    },
    Object {
        identity: usize,
        kind: ObjectKind,
    },
    /// Resources and anything else without a JSON form.
    Opaque,
}

pub trait View<'a>: Copy + 'a {
    /// The key of an entry as the host stores it: a builder can reuse it without copying.
    type EntryKey: Copy + Into<Key<'a>>;

    fn shape(self) -> Shape<'a>;
    /// Entries of an array, or properties of a `Plain` object, in order. Empty for anything else.
    fn entries(self) -> impl Iterator<Item = (Self::EntryKey, Self)> + 'a;
    /// Looks up a string key in an array (or a `Plain` object's properties).
    fn get(self, key: &str) -> Option<Self>;
    /// Keeps this container's entries where they are while the guard lives: a host whose values
    /// PHP code can change during a walk (a `jsonSerialize()` writing to its parent) holds a
    /// reference, so such a write separates the container instead of freeing or resizing it.
    /// Walks that run such code take it before reading entries and drop it after their last use.
    fn hold(self) -> impl Sized + 'a {}

    /// An object's class name, for messages about it. Hosts without objects have none.
    fn class_name(self) -> Option<String> {
        None
    }

    /// For a `JsonSerializable` object: what its `jsonSerialize()` returns. Hosts without such
    /// objects never call it.
    fn json_value(self) -> Result<Self, String> {
        Err("no JSON form".to_string())
    }

    /// Null, bool, number or string: a leaf the walks never change. Hosts override it when they
    /// can answer without reading the value itself (a string's bytes live elsewhere in memory).
    fn is_scalar(self) -> bool {
        matches!(
            self.shape(),
            Shape::Null | Shape::Bool(_) | Shape::Int(_) | Shape::Float(_) | Shape::Str(_)
        )
    }

    fn is_array(self) -> bool {
        matches!(self.shape(), Shape::Array { .. })
    }
    fn as_str(self) -> Option<&'a [u8]> {
        match self.shape() {
            Shape::Str(s) => Some(s),
            _ => None,
        }
    }
    /// A PHP array with no entries (the value `{}` and `[]` both decode to).
    fn is_empty_array(self) -> bool {
        matches!(self.shape(), Shape::Array { len: 0, .. })
    }
}

/// `serde_json::Value` as the PHP value `json_decode($json, true)` gives: JSON objects are
/// string-keyed arrays, JSON arrays are lists.
impl<'a> View<'a> for &'a serde_json::Value {
    type EntryKey = Key<'a>;

    fn shape(self) -> Shape<'a> {
        use serde_json::Value as J;
        match self {
            J::Null => Shape::Null,
            J::Bool(b) => Shape::Bool(*b),
            J::Number(n) => match n.as_i64() {
                Some(i) => Shape::Int(i),
                None => Shape::Float(n.as_f64().unwrap_or(f64::NAN)),
            },
            J::String(s) => Shape::Str(s.as_bytes()),
            J::Array(a) => Shape::Array {
                identity: 0,
                len: a.len(),
            },
            J::Object(o) => Shape::Array {
                identity: 0,
                len: o.len(),
            },
        }
    }

    fn entries(self) -> impl Iterator<Item = (Key<'a>, Self)> + 'a {
        use serde_json::Value as J;
        let (list, map) = match self {
            J::Array(a) => (Some(a.iter().enumerate()), None),
            J::Object(o) => (None, Some(o.iter())),
            _ => (None, None),
        };
        list.into_iter()
            .flatten()
            .map(|(i, v)| (Key::Int(i as i64), v))
            .chain(
                map.into_iter()
                    .flatten()
                    .map(|(k, v)| (Key::Str(k.as_bytes()), v)),
            )
    }

    fn get(self, key: &str) -> Option<Self> {
        match self {
            serde_json::Value::Object(o) => o.get(key),
            _ => None,
        }
    }
}
