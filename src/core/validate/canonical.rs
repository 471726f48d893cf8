//! Exact, linear equality of values, as WordPress core decides it:
//!
//! * `uniqueItems`: `rest_validate_array_contains_unique_items` compares the keys
//!   `serialize( rest_stabilize_value( $item ) )` (arrays `ksort`ed at every depth, objects kept
//!   in property order). Each item is written once into one buffer in an injective encoding of
//!   that key; the encodings are then compared through a keyed hash set (std's SipHash with a
//!   per-process random key, so no payload can be crafted to collide) with byte equality behind
//!   it: the verdict is exact and the time linear in the items' size (n log n for unsorted keys).
//! * `enum`: `rest_are_values_equal` over owned values, linear (a keyed index when the keys of
//!   two arrays are not in the same order).
//!
//! Bounds: values nested deeper than [`MAX_VALUE_DEPTH`] (far above the 512 a JSON request body
//! can carry) and encodings larger than [`MAX_ENCODED_BYTES`] (reachable only by PHP callers
//! sharing one array many times; a 4 MiB body encodes to less) give [`Uniqueness::Undecided`]:
//! a violation saying so, never a pass.

use std::collections::{HashMap, HashSet};

use super::value::{keyed_entries, normalize_key, NormalKey, PhpKey, PhpValue};
use crate::core::view::{ObjectKind, Shape, View};

/// Deepest value nesting the comparisons follow (the root is depth 0).
pub const MAX_VALUE_DEPTH: usize = 4096;
/// Largest encoding of all the items of one array that `uniqueItems` builds.
pub const MAX_ENCODED_BYTES: usize = 64 << 20;

/// The answer of `uniqueItems`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Uniqueness {
    Unique,
    Duplicate,
    /// The items could not be compared; the reason, as the end of a sentence.
    Undecided(&'static str),
}

/// `rest_validate_array_contains_unique_items` for the entries of `v`.
pub fn unique_items<'a, V: View<'a>>(v: V) -> Uniqueness {
    let mut enc = Encoder {
        buf: Vec::new(),
        stack: Vec::new(),
        opaque: 0,
    };
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for (_, item) in keyed_entries(v) {
        let start = enc.buf.len();
        if let Err(why) = enc.value(item, 0) {
            return Uniqueness::Undecided(why);
        }
        spans.push((start, enc.buf.len()));
    }
    if spans.len() < 2 {
        return Uniqueness::Unique;
    }
    let mut seen: HashSet<&[u8]> = HashSet::with_capacity(spans.len());
    for (start, end) in spans {
        if !seen.insert(&enc.buf[start..end]) {
            return Uniqueness::Duplicate;
        }
    }
    Uniqueness::Unique
}

struct Encoder {
    buf: Vec<u8>,
    /// Identities of the containers (that can be part of a cycle) being encoded.
    stack: Vec<usize>,
    /// Values PHP cannot serialize equal to anything else get distinct numbers.
    opaque: u64,
}

const TOO_LARGE: &str = "are too large to compare";
const TOO_DEEP: &str = "are nested too deeply to compare";
const CYCLE: &str = "contain a reference cycle";

impl Encoder {
    fn varint(&mut self, mut x: u64) {
        while x >= 0x80 {
            self.buf.push((x as u8) | 0x80);
            x >>= 7;
        }
        self.buf.push(x as u8);
    }

    fn int(&mut self, i: i64) {
        self.varint(((i << 1) ^ (i >> 63)) as u64);
    }

    fn bytes(&mut self, s: &[u8]) {
        self.varint(s.len() as u64);
        self.buf.extend_from_slice(s);
    }

    fn key(&mut self, k: NormalKey<'_>) {
        match k {
            NormalKey::Int(i) => {
                self.buf.push(b'i');
                self.int(i);
            }
            NormalKey::Str(s) => {
                self.buf.push(b's');
                self.bytes(s);
            }
        }
    }

    fn value<'a, V: View<'a>>(&mut self, v: V, depth: usize) -> Result<(), &'static str> {
        if self.buf.len() > MAX_ENCODED_BYTES {
            return Err(TOO_LARGE);
        }
        match v.shape() {
            Shape::Null => self.buf.push(b'N'),
            Shape::Bool(b) => self.buf.push(if b { b'T' } else { b'F' }),
            Shape::Int(i) => {
                self.buf.push(b'i');
                self.int(i);
            }
            Shape::Float(f) => {
                // serialize() writes every NaN as NAN, and tells -0.0 from 0.0.
                let bits = if f.is_nan() {
                    f64::NAN.to_bits()
                } else {
                    f.to_bits()
                };
                self.buf.push(b'd');
                self.buf.extend_from_slice(&bits.to_le_bytes());
            }
            Shape::Str(s) => {
                self.buf.push(b's');
                self.bytes(s);
            }
            Shape::Array { identity, len } => self.container(v, identity, len, depth, true)?,
            Shape::Object {
                identity,
                kind: ObjectKind::Plain,
            } => self.container(v, identity, 0, depth, false)?,
            Shape::Object { identity, .. } => {
                // The same object serializes the same; two objects are told apart by identity.
                self.buf.push(b'O');
                self.varint(identity as u64);
            }
            Shape::Opaque => {
                self.opaque += 1;
                self.buf.push(b'R');
                self.varint(self.opaque);
            }
        }
        Ok(())
    }

    /// An array with its keys sorted (`ksort`), or an object's properties in order.
    fn container<'a, V: View<'a>>(
        &mut self,
        v: V,
        identity: usize,
        len: usize,
        depth: usize,
        sort: bool,
    ) -> Result<(), &'static str> {
        if depth >= MAX_VALUE_DEPTH {
            return Err(TOO_DEEP);
        }
        if identity != 0 {
            if self.stack.contains(&identity) {
                return Err(CYCLE);
            }
            self.stack.push(identity);
        }
        self.buf.push(if sort { b'a' } else { b'o' });
        let mut count = 0usize;
        // Most arrays are lists or already sorted: encode in place; sort only the others.
        let sorted = !sort || is_sorted(v);
        if sorted {
            for (k, c) in keyed_entries(v) {
                self.key(normalize_key(k));
                self.value(c, depth + 1)?;
                count += 1;
            }
        } else {
            let mut entries: Vec<(NormalKey<'a>, V)> = Vec::with_capacity(len);
            entries.extend(keyed_entries(v).map(|(k, c)| (normalize_key(k), c)));
            entries.sort_unstable_by(|a, b| key_order(a.0, b.0));
            for (k, c) in entries {
                self.key(k);
                self.value(c, depth + 1)?;
                count += 1;
            }
        }
        // The count closes the container (writing it first would need a second pass).
        self.buf.push(b'/');
        self.varint(count as u64);
        if identity != 0 {
            self.stack.pop();
        }
        Ok(())
    }
}

/// A total order on normalised keys: integers by value, then strings by bytes. For keys PHP's
/// `ksort` orders consistently (every real request), sorting by it gives the same sequence.
fn key_order(a: NormalKey<'_>, b: NormalKey<'_>) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    match (a, b) {
        (NormalKey::Int(x), NormalKey::Int(y)) => x.cmp(&y),
        (NormalKey::Int(_), NormalKey::Str(_)) => Ordering::Less,
        (NormalKey::Str(_), NormalKey::Int(_)) => Ordering::Greater,
        (NormalKey::Str(x), NormalKey::Str(y)) => x.cmp(y),
    }
}

fn is_sorted<'a, V: View<'a>>(v: V) -> bool {
    let mut previous: Option<NormalKey<'a>> = None;
    for (k, _) in keyed_entries(v) {
        let k = normalize_key(k);
        if previous.is_some_and(|p| key_order(p, k) != std::cmp::Ordering::Less) {
            return false;
        }
        previous = Some(k);
    }
    true
}

/// `rest_are_values_equal` (values already sanitized): arrays equal when they have the same
/// keys with equal values, in any order; an int equals a float of the same value; anything else
/// is `===`. Linear: arrays whose keys come in the same order are compared pairwise, others
/// through a keyed index. Nesting deeper than [`MAX_VALUE_DEPTH`] compares unequal.
pub fn values_equal(a: &PhpValue, b: &PhpValue) -> bool {
    equal_at(a, b, 0)
}

fn equal_at(a: &PhpValue, b: &PhpValue, depth: usize) -> bool {
    match (a, b) {
        (PhpValue::Arr(x), PhpValue::Arr(y)) => {
            if x.len() != y.len() || depth >= MAX_VALUE_DEPTH {
                return false;
            }
            if x.iter().zip(y.iter()).all(|((k1, _), (k2, _))| k1 == k2) {
                return x
                    .iter()
                    .zip(y.iter())
                    .all(|((_, v1), (_, v2))| equal_at(v1, v2, depth + 1));
            }
            let index: HashMap<&PhpKey, &PhpValue> = y.iter().map(|(k, v)| (k, v)).collect();
            x.iter()
                .all(|(k, v)| index.get(k).is_some_and(|w| equal_at(v, w, depth + 1)))
        }
        (PhpValue::Int(i), PhpValue::Float(f)) | (PhpValue::Float(f), PhpValue::Int(i)) => {
            (*i as f64) == *f
        }
        (PhpValue::Null, PhpValue::Null) => true,
        (PhpValue::Bool(x), PhpValue::Bool(y)) => x == y,
        (PhpValue::Int(x), PhpValue::Int(y)) => x == y,
        (PhpValue::Float(x), PhpValue::Float(y)) => x == y,
        (PhpValue::Str(x), PhpValue::Str(y)) => x == y,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn unique(v: serde_json::Value) -> Uniqueness {
        unique_items(&v)
    }

    #[test]
    fn verdicts_match_serialize_of_stabilized_values() {
        assert_eq!(
            unique(json!([1, "1", 1.0, true, null, "", [], {}])),
            Uniqueness::Duplicate,
            "[] and {{}} both decode to array()"
        );
        assert_eq!(
            unique(json!([1, "1", 1.5, true, null, "", []])),
            Uniqueness::Unique
        );
        assert_eq!(
            unique(json!([{"a": 1, "b": 2}, {"b": 2, "a": 1}])),
            Uniqueness::Duplicate,
            "ksort"
        );
        assert_eq!(
            unique(json!([[1, 2], [2, 1]])),
            Uniqueness::Unique,
            "lists keep their order"
        );
        assert_eq!(
            unique(json!([{"a": [1, {"y": 1, "x": 2}]}, {"a": [1, {"x": 2, "y": 1}]}])),
            Uniqueness::Duplicate
        );
        assert_eq!(
            unique(json!([0.0, -0.0])),
            Uniqueness::Unique,
            "serialize tells -0 from 0"
        );
        assert_eq!(unique(json!(["ab", "a"])), Uniqueness::Unique);
        assert_eq!(unique(json!([["a", "b"], ["ab"]])), Uniqueness::Unique);
    }

    #[test]
    fn a_huge_first_item_then_many_equal_scalars_is_a_duplicate() {
        let mut items = vec![json!((0..200_000).collect::<Vec<_>>())];
        items.extend(std::iter::repeat_n(json!(0), 60_000));
        assert_eq!(unique(json!(items)), Uniqueness::Duplicate);
    }

    fn nested(depth: usize, leaf: serde_json::Value) -> serde_json::Value {
        let mut v = leaf;
        for _ in 0..depth {
            v = json!([v]);
        }
        v
    }

    #[test]
    fn deep_values_compare_exactly() {
        let a = nested(600, json!("x"));
        assert_eq!(unique(json!([a.clone(), a.clone()])), Uniqueness::Duplicate);
        assert_eq!(
            unique(json!([a, nested(600, json!("y"))])),
            Uniqueness::Unique
        );
        let too_deep = nested(MAX_VALUE_DEPTH + 1, json!(1));
        assert!(matches!(
            unique(json!([too_deep, 1])),
            Uniqueness::Undecided(_)
        ));
        let pa = super::super::value::to_php_value(&nested(600, json!(1)), 0);
        let pb = super::super::value::to_php_value(&nested(600, json!(1.0)), 0);
        assert!(values_equal(&pa, &pb));
        let pc = super::super::value::to_php_value(&nested(600, json!(2)), 0);
        assert!(!values_equal(&pa, &pc));
    }

    #[test]
    fn equality_of_large_arrays_is_linear_in_any_key_order() {
        let n = 200_000;
        let a = PhpValue::Arr((0..n).map(|i| (PhpKey::Int(i), PhpValue::Int(i))).collect());
        let b = PhpValue::Arr(
            (0..n)
                .rev()
                .map(|i| (PhpKey::Int(i), PhpValue::Float(i as f64)))
                .collect(),
        );
        let t = std::time::Instant::now();
        assert!(values_equal(&a, &b));
        assert!(
            t.elapsed().as_secs_f64() < 2.0,
            "quadratic: {:?}",
            t.elapsed()
        );
    }
}
