//! `uniqueItems` and enum equality (`core::validate::canonical`) against a plain reference:
//! WordPress compares `serialize( rest_stabilize_value( $item ) )`, and after
//! `json_decode( …, true )` every JSON container is a PHP array, `ksort`ed at every depth, so two
//! items are equal when they have the same scalar (same type and value; `1` ≠ `1.0`, `-0.0` ≠
//! `0.0`) or the same set of keys (numeric strings read as integers) with equal values. The
//! reference compares every pair (quadratic: small inputs); the canonical encoding must agree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_native::core::validate::canonical::{unique_items, values_equal, Uniqueness, MAX_VALUE_DEPTH};
use mcp_native::core::validate::reset_work;
use mcp_native::core::validate::value::{canonical_int, to_php_value};
use mcp_native_fuzz::Gen;
use serde_json::Value;

fn key(k: &str) -> String {
    match canonical_int(k.as_bytes()) {
        Some(i) => format!("i{i}"),
        None => format!("s{k}"),
    }
}

fn entries(v: &Value) -> Option<Vec<(String, &Value)>> {
    match v {
        Value::Array(a) => Some(a.iter().enumerate().map(|(i, c)| (format!("i{i}"), c)).collect()),
        Value::Object(o) => Some(o.iter().map(|(k, c)| (key(k), c)).collect()),
        _ => None,
    }
}

fn same(a: &Value, b: &Value) -> bool {
    match (entries(a), entries(b)) {
        (Some(x), Some(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.iter().find(|(k2, _)| k2 == k).is_some_and(|(_, w)| same(v, w)))
        }
        (None, None) => match (a, b) {
            (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
                (Some(i), Some(j)) => i == j,
                (None, None) => x.as_f64().map(f64::to_bits) == y.as_f64().map(f64::to_bits),
                _ => false,
            },
            _ => a == b,
        },
        _ => false,
    }
}

fn depth(v: &Value) -> usize {
    // iterative: the values can nest deeper than the fuzzer's stack likes
    let mut deepest = 0;
    let mut stack = vec![(v, 0usize)];
    while let Some((v, d)) = stack.pop() {
        deepest = deepest.max(d);
        match v {
            Value::Array(a) => stack.extend(a.iter().map(|c| (c, d + 1))),
            Value::Object(o) => stack.extend(o.values().map(|c| (c, d + 1))),
            _ => {}
        }
    }
    deepest
}

fuzz_target!(|data: &[u8]| {
    reset_work();
    let mut g = Gen::new(data);
    let mut items = Vec::new();
    while !g.exhausted() && items.len() < 24 {
        let v = g.value();
        // Duplicates on purpose: the interesting answers need equal items.
        if g.byte() % 3 == 0 {
            items.push(v.clone());
        }
        items.push(v);
    }
    let expected_unique = (0..items.len()).all(|i| (0..i).all(|j| !same(&items[i], &items[j])));
    let list = Value::Array(items.clone());
    let got = unique_items(&list);
    if got != Uniqueness::Undecided("are nested too deeply to compare") {
        assert_eq!(got == Uniqueness::Unique, expected_unique, "uniqueItems verdict for {list}");
    }
    // Past the depth bound values compare unequal by design (enum then rejects: never a pass).
    if items.len() >= 2 && depth(&items[0]) < MAX_VALUE_DEPTH && depth(&items[1]) < MAX_VALUE_DEPTH {
        let (a, b) = (to_php_value(&items[0], 0), to_php_value(&items[1], 0));
        // rest_are_values_equal differs from serialize() only on int vs float of equal value.
        if same(&items[0], &items[1]) {
            assert!(values_equal(&a, &b), "equal values unequal: {} {}", items[0], items[1]);
        }
    }
});
