//! The clean scan against the walk: both must agree on every schema.

use super::scan::is_clean_root;
use super::walk::{Walk, Wire};
use super::TransformError;
use crate::core::json::JsonBuilder;
use crate::core::keywords::Position;
use crate::core::MAX_DEPTH;
use serde_json::{json, Map, Value};

/// Whether the walk itself leaves the root's entries as they are.
fn walk_keeps(schema: &Value, wire: Wire) -> Result<bool, TransformError> {
    let mut builder = JsonBuilder;
    let mut walk = Walk::new(&mut builder);
    Ok(walk
        .entries(schema, Position::Schema, 0, false, wire)?
        .is_none())
}

/// A small deterministic generator (xorshift): schemas built from keywords of every
/// position, WordPress-only keys, names, empty and non-empty containers.
struct Gen(u64);

impl Gen {
    fn next(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }

    fn value(&mut self, depth: usize) -> Value {
        match if depth > 5 {
            self.next(3)
        } else {
            self.next(10)
        } {
            0 => json!("object"),
            8 => json!(["a", "b"]),
            9 => json!(true),
            1 => json!(self.next(10)),
            2 => Value::Null,
            3 => json!([]),
            4 | 5 => self.map(depth),
            _ => Value::Array((0..self.next(3)).map(|_| self.value(depth + 1)).collect()),
        }
    }

    fn map(&mut self, depth: usize) -> Value {
        const KEYS: [&str; 16] = [
            "type",
            "properties",
            "items",
            "anyOf",
            "not",
            "dependencies",
            "$defs",
            "enum",
            "default",
            "sanitize_callback",
            "arg_options",
            "name",
            "0",
            "required",
            "patternProperties",
            "description",
        ];
        let mut map = Map::new();
        for _ in 0..self.next(4) {
            let key = KEYS[self.next(KEYS.len() as u64) as usize];
            map.insert(key.to_string(), self.value(depth + 1));
        }
        Value::Object(map)
    }
}

#[test]
fn the_clean_scan_agrees_with_the_walk() {
    for (wire, seed) in [
        (Wire::Off, 0x9e37_79b9_7f4a_7c15),
        (Wire::On, 0x2545_f491_4f6c_dd1d),
    ] {
        let mut gen = Gen(seed);
        let (mut clean, mut changed) = (0, 0);
        for _ in 0..40_000 {
            let schema = gen.map(0);
            let scan = is_clean_root(&schema, wire != Wire::Off);
            assert_eq!(
                scan,
                walk_keeps(&schema, wire).unwrap(),
                "{wire:?}: {schema}"
            );
            if scan {
                clean += 1;
            } else {
                changed += 1;
            }
        }
        // Both answers occur often enough for the agreement to mean something.
        assert!(
            clean > 5_000 && changed > 5_000,
            "{wire:?}: clean {clean}, changed {changed}"
        );
    }
}

#[test]
fn the_clean_scan_leaves_the_depth_limit_to_the_walk() {
    let mut deep = json!({"type": "string"});
    for _ in 0..MAX_DEPTH {
        deep = json!({ "not": deep });
    }
    for wire in [Wire::Off, Wire::On] {
        assert!(!is_clean_root(&deep, wire != Wire::Off));
        assert!(walk_keeps(&deep, wire).is_err());
    }
    let mut fits = json!({"type": "string"});
    for _ in 0..MAX_DEPTH - 1 {
        fits = json!({ "not": fits });
    }
    for wire in [Wire::Off, Wire::On] {
        assert!(is_clean_root(&fits, wire != Wire::Off));
        assert!(walk_keeps(&fits, wire).unwrap());
    }
}
