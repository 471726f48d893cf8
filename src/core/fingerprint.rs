//! A fingerprint of a value tree: what a per-process cache is keyed by.
//!
//! Two SipHash-1-3 states with keys drawn at random once per process give 128 bits: equal trees
//! always give equal fingerprints in one process, and no one can craft a collision without the
//! keys (they never leave the process). Every shape is tagged and every length written, so `"1"`
//! and `1`, `[]` and `{}` (stdClass), or `["ab"]` and `["a", "b"]` differ.
//!
//! Only trees whose JSON form is fixed by their content get one: an object other than stdClass
//! (`jsonSerialize()` may answer differently next time), a resource, a tree deeper than
//! [`MAX_DEPTH`] or one with more than [`MAX_NODES`] values (shared sub-arrays can make a small
//! array's walk exponential) has none, and its caller simply does not cache.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};

use once_cell::sync::Lazy;

use super::view::{Key, ObjectKind, Shape, View};
use super::MAX_DEPTH;

/// Most values one fingerprint walks (about ten times a 500-tool list's schemas).
pub const MAX_NODES: usize = 1_000_000;

/// Why a tree has no fingerprint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unfit {
    /// An object that is not a plain stdClass, or a resource.
    NotData,
    TooDeep,
    TooLarge,
}

static KEYS: Lazy<(RandomState, RandomState)> =
    Lazy::new(|| (RandomState::new(), RandomState::new()));

/// The fingerprint of `value` as 32 lowercase hex digits.
///
/// The walk writes a tagged serialization into one buffer and each hash reads it in one pass:
/// feeding a hasher value by value costs more than the walk itself.
pub fn fingerprint<'a, V: View<'a>>(value: V) -> Result<String, Unfit> {
    let mut out = Serialized {
        bytes: Vec::with_capacity(64 << 10),
        nodes: 0,
    };
    out.walk(value, 0)?;
    let hash = |state: &RandomState| {
        let mut h = state.build_hasher();
        h.write(&out.bytes);
        h.finish()
    };
    Ok(format!("{:016x}{:016x}", hash(&KEYS.0), hash(&KEYS.1)))
}

/// The tagged serialization: a tag byte per value, then its length or number as a LEB128
/// varint (short: the hash passes cost more per byte than the walk does).
struct Serialized {
    bytes: Vec<u8>,
    nodes: usize,
}

impl Serialized {
    fn tag(&mut self, tag: u8, mut n: u64) {
        self.bytes.push(tag);
        while n >= 0x80 {
            self.bytes.push((n as u8) | 0x80);
            n >>= 7;
        }
        self.bytes.push(n as u8);
    }

    fn text(&mut self, tag: u8, b: &[u8]) {
        self.tag(tag, b.len() as u64);
        self.bytes.extend_from_slice(b);
    }

    fn walk<'a, V: View<'a>>(&mut self, value: V, depth: usize) -> Result<(), Unfit> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(Unfit::TooLarge);
        }
        match value.shape() {
            Shape::Null => self.tag(b'n', 0),
            Shape::Bool(b) => self.tag(b'b', u64::from(b)),
            Shape::Int(i) => self.tag(b'i', ((i << 1) ^ (i >> 63)) as u64), // zigzag: small negatives stay short
            Shape::Float(f) => self.tag(b'f', f.to_bits()),
            Shape::Str(s) => self.text(b's', s),
            Shape::Array { len, .. } => return self.entries(value, b'a', len as u64, depth),
            Shape::Object {
                kind: ObjectKind::Plain,
                ..
            } => {
                let len = value.entries().count() as u64;
                return self.entries(value, b'o', len, depth);
            }
            Shape::Object { .. } | Shape::Opaque => return Err(Unfit::NotData),
        }
        Ok(())
    }

    fn entries<'a, V: View<'a>>(
        &mut self,
        value: V,
        tag: u8,
        len: u64,
        depth: usize,
    ) -> Result<(), Unfit> {
        if depth >= MAX_DEPTH {
            return Err(Unfit::TooDeep);
        }
        self.tag(tag, len);
        for (key, child) in value.entries() {
            match key.into() {
                Key::Int(i) => self.tag(b'k', ((i << 1) ^ (i >> 63)) as u64),
                Key::Str(s) => self.text(b'K', s),
            }
            self.walk(child, depth + 1)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn fp(v: &serde_json::Value) -> String {
        fingerprint(v).expect("fingerprint")
    }

    #[test]
    fn equal_trees_equal_fingerprints() {
        let a = json!({"type": "object", "properties": {"a": {"type": "string"}}});
        let b = json!({"type": "object", "properties": {"a": {"type": "string"}}});
        assert_eq!(fp(&a), fp(&b));
        assert_eq!(fp(&a).len(), 32);
    }

    #[test]
    fn every_difference_shows() {
        let values = [
            json!(null),
            json!(false),
            json!(true),
            json!(0),
            json!(1),
            json!(1.0),
            json!(-0.0),
            json!("1"),
            json!(""),
            json!([]),
            json!({}),
            json!(["ab"]),
            json!(["a", "b"]),
            json!({"a": "b"}),
            json!({"b": "a"}),
            json!([["a"], "b"]),
            json!(["a", ["b"]]),
            json!({"a": 1, "b": 2}),
            json!({"b": 2, "a": 1}),
        ];
        let prints: Vec<String> = values.iter().map(fp).collect();
        for i in 0..prints.len() {
            for j in (i + 1)..prints.len() {
                // `[]` and `{}` are the same PHP value (an empty array) once decoded with `true`.
                if values[i].as_array().is_some_and(|a| a.is_empty())
                    && values[j].as_object().is_some_and(|o| o.is_empty())
                {
                    continue;
                }
                assert_ne!(prints[i], prints[j], "{} vs {}", values[i], values[j]);
            }
        }
    }

    #[test]
    fn too_deep_has_none() {
        let mut v = json!(1);
        for _ in 0..=MAX_DEPTH {
            v = json!([v]);
        }
        assert_eq!(fingerprint(&v), Err(Unfit::TooDeep));
    }
}
