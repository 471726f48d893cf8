use super::*;
use serde_json::json;

fn v(value: serde_json::Value, schema: serde_json::Value) -> Vec<Violation> {
    validate(&value, &schema, Profile::Standard)
}
fn ok(value: serde_json::Value, schema: serde_json::Value) -> bool {
    v(value, schema).is_empty()
}

#[test]
fn coercions() {
    assert!(ok(json!("12"), json!({"type": "integer"})));
    assert!(ok(json!(" 12 "), json!({"type": "integer"})));
    assert!(!ok(json!("12.5"), json!({"type": "integer"})));
    assert!(ok(json!("1.0"), json!({"type": "integer"})));
    assert!(ok(json!("1e3"), json!({"type": "number"})));
    assert!(ok(json!("TRUE"), json!({"type": "boolean"})));
    assert!(ok(json!(1), json!({"type": "boolean"})));
    assert!(!ok(json!(2), json!({"type": "boolean"})));
    assert!(ok(json!(""), json!({"type": "object"})));
    assert!(ok(json!([]), json!({"type": "object"})));
    assert!(ok(json!([1, 2]), json!({"type": "object"})));
    assert!(ok(
        json!("a,b c"),
        json!({"type": "array", "items": {"type": "string"}, "maxItems": 3})
    ));
    assert!(!ok(json!("a,b c"), json!({"type": "array", "maxItems": 2})));
    assert!(ok(
        json!("1,2"),
        json!({"type": "array", "items": {"type": "integer"}})
    ));
    assert!(!ok(json!({"a": 1}), json!({"type": "array"})));
    assert!(ok(json!({"0": 1, "1": 2}), json!({"type": "array"})));
    assert!(!ok(json!(null), json!({"type": "array"})));
}

#[test]
fn type_lists_fall_back_to_their_first_unknown_member_unless_php_reads_it_as_false() {
    // rest_handle_multi_type_schema() answers the first unknown type; `! $best_type` then fails
    assert!(ok(json!(true), json!({"type": ["bar", "string"]})));
    for falsy in [
        json!("0"),
        json!(""),
        json!(0),
        json!(0.0),
        json!(null),
        json!(false),
    ] {
        assert!(
            !ok(json!(true), json!({"type": [falsy.clone()]})),
            "{falsy}"
        );
        assert!(
            !ok(json!(5), json!({"type": [falsy.clone(), "string"]})),
            "{falsy}"
        );
    }
    assert!(ok(json!(true), json!({"type": [0.87, null]})));
    assert!(ok(json!(true), json!({"type": [7]})));
}

#[test]
fn an_integer_enum_compares_an_overflowing_numeric_string_as_zero() {
    // (int) "1e400" is 0 in PHP: core sanitizes the value to 0 before comparing
    assert!(ok(
        json!("1e400"),
        json!({"type": "integer", "enum": [1, 0, 7]})
    ));
    assert!(!ok(
        json!("1e400"),
        json!({"type": "integer", "enum": [1, 7]})
    ));
}

#[test]
fn all_violations_with_paths() {
    let schema = json!({
        "type": "object",
        "properties": {
            "posts": {"type": "array", "items": {"type": "object", "properties": {
                "title": {"type": "string", "minLength": 3},
                "id": {"type": "integer", "required": true}
            }}},
            "dry_run": {"type": "boolean"}
        },
        "required": ["posts", "mode"]
    });
    let value = json!({"posts": [{"title": "okay", "id": 1}, {"title": "x"}, {"title": 5, "id": "z"}], "dry_run": "maybe"});
    let errs = v(value, schema);
    let got: Vec<(&str, &str)> = errs
        .iter()
        .map(|e| (e.path.as_str(), e.keyword.as_str()))
        .collect();
    assert_eq!(
        got,
        vec![
            ("/mode", "required"),
            ("/posts/1/id", "required"),
            ("/posts/1/title", "minLength"),
            ("/posts/2/title", "type"),
            ("/posts/2/id", "type"),
            ("/dry_run", "type"),
        ],
        "{errs:#?}"
    );
}

#[test]
fn object_keywords() {
    assert!(!ok(
        json!({"x": 1}),
        json!({"type": "object", "additionalProperties": false})
    ));
    assert!(ok(
        json!({"x": 1}),
        json!({"type": "object", "additionalProperties": {"type": "integer"}})
    ));
    assert!(!ok(
        json!({"x": "a"}),
        json!({"type": "object", "additionalProperties": {"type": "integer"}})
    ));
    assert!(ok(
        json!({"a1": 1}),
        json!({"type": "object", "patternProperties": {"^a\\d$": {"type": "integer"}}, "additionalProperties": false})
    ));
    assert!(!ok(
        json!({"a1": "x"}),
        json!({"type": "object", "patternProperties": {"^a\\d$": {"type": "integer"}}})
    ));
    assert!(!ok(
        json!({}),
        json!({"type": "object", "minProperties": 1})
    ));
}

#[test]
fn array_and_number_keywords() {
    assert!(!ok(
        json!([1, 1]),
        json!({"type": "array", "uniqueItems": true})
    ));
    assert!(ok(
        json!([1, "1"]),
        json!({"type": "array", "uniqueItems": true})
    ));
    assert!(!ok(
        json!([{"a": 1, "b": 2}, {"b": 2, "a": 1}]),
        json!({"type": "array", "uniqueItems": true})
    ));
    assert!(!ok(json!(7), json!({"type": "integer", "multipleOf": 2})));
    assert!(ok(json!(5), json!({"type": "integer", "minimum": 5})));
    assert!(!ok(
        json!(5),
        json!({"type": "integer", "minimum": 5, "exclusiveMinimum": true})
    ));
}

#[test]
fn string_enum_and_format_keywords() {
    assert!(!ok(
        json!("héllo"),
        json!({"type": "string", "maxLength": 4})
    ));
    assert!(ok(
        json!("héllo"),
        json!({"type": "string", "maxLength": 5})
    ));
    assert!(ok(
        json!("a#b"),
        json!({"type": "string", "pattern": "^a#b$"})
    ));
    assert!(ok(
        json!("b"),
        json!({"type": "string", "enum": ["a", "b"]})
    ));
    assert!(!ok(
        json!("c"),
        json!({"type": "string", "enum": ["a", "b"]})
    ));
    assert!(ok(json!("1"), json!({"type": "integer", "enum": [1, 2]})));
    assert!(!ok(json!("1"), json!({"type": "string", "enum": [1, 2]})));
    assert!(ok(
        json!(" a "),
        json!({"type": "string", "format": "text-field", "enum": ["a"]})
    ));
    assert!(!ok(
        json!("nope"),
        json!({"type": "string", "format": "email"})
    ));
    assert!(ok(json!(5), json!({"type": "integer", "format": "email"})));
}

#[test]
fn combinators_and_type_lists() {
    assert!(ok(
        json!("x"),
        json!({"anyOf": [{"type": "integer"}, {"type": "string"}]})
    ));
    assert!(!ok(
        json!(true),
        json!({"anyOf": [{"type": "integer"}, {"type": "string"}]})
    ));
    assert!(!ok(
        json!(5),
        json!({"oneOf": [{"type": "integer"}, {"type": "number"}]})
    ));
    assert!(ok(json!("5"), json!({"type": ["boolean", "integer"]})));
    assert!(!ok(json!("x"), json!({"type": ["boolean", "integer"]})));
}

#[test]
fn depth_and_cycles_do_not_crash() {
    let mut deep = json!(1);
    for _ in 0..300 {
        deep = json!([deep]);
    }
    let mut schema = json!({"type": "integer"});
    for _ in 0..100 {
        schema = json!({"type": "array", "items": schema});
    }
    let errs = v(deep.clone(), schema);
    assert!(!errs.is_empty());
    let mut deep_schema = json!({});
    for _ in 0..300 {
        deep_schema = json!({"type": "array", "items": deep_schema});
    }
    let errs = v(json!([]), deep_schema);
    assert_eq!(errs[0].keyword, "schema");
    // a value deeper than the limit under an accept-all schema is fine
    assert!(ok(deep, json!({"type": "array"})));
}

#[test]
fn pval_cycles_via_view_identity() {
    use super::value::{PhpKey, PhpValue};
    // Same identity twice on the ancestor stack is reported, not followed.
    let inner = PhpValue::Arr(vec![(PhpKey::Int(0), PhpValue::Int(1))]);
    let outer = PhpValue::Arr(vec![(PhpKey::Int(0), inner)]);
    let schema = json!({"type": "array", "items": {"type": "array", "items": {"type": "integer"}}});
    let c = Compiled::compile(&schema, Profile::Standard);
    assert!(c.validate(&outer).is_empty());
}

#[test]
fn strict_profile() {
    let schema = json!({"type": "object", "properties": {"n": {"type": "integer"}, "b": {"type": "boolean"}}, "required": ["n"]});
    assert!(validate(&json!({"n": 1, "b": true}), &schema, Profile::Strict).is_empty());
    let errs = validate(&json!({"n": "1", "b": "true"}), &schema, Profile::Strict);
    assert_eq!(errs.len(), 2, "{errs:#?}");
    assert_eq!(errs[0].path, "/n");
    let errs = validate(&json!({}), &schema, Profile::Strict);
    assert_eq!(
        (errs[0].path.as_str(), errs[0].keyword.as_str()),
        ("/n", "required")
    );
    let refs = json!({"$defs": {"pos": {"type": "integer", "minimum": 1}}, "type": "array", "items": {"$ref": "#/$defs/pos"}});
    assert!(validate(&json!([1, 2]), &refs, Profile::Strict).is_empty());
    assert_eq!(
        validate(&json!([1, 0]), &refs, Profile::Strict)[0].path,
        "/1"
    );
    // WordPress's draft-3 required is normalised
    let wp = json!({"type": "object", "properties": {"a": {"type": "string", "required": true}}});
    assert_eq!(
        validate(&json!({}), &wp, Profile::Strict)[0].keyword,
        "required"
    );
}

#[test]
fn cache_is_bounded_and_keyed_by_content() {
    cache_clear();
    for i in 0..(CACHE_CAPACITY + 50) {
        let s = json!({"type": "integer", "minimum": i});
        assert!(!ok(json!(-1), s));
    }
    let (n, _, _) = cache_stats();
    assert!(n <= CACHE_CAPACITY);
    let a = json!({"type": "integer", "maximum": 3});
    let b = json!({"type": "integer", "maximum": 4});
    assert!(schema_key(&a, Profile::Standard) != schema_key(&b, Profile::Standard));
    assert!(schema_key(&a, Profile::Standard) != schema_key(&a, Profile::Strict));
    assert!(!ok(json!(4), a.clone()));
    assert!(ok(json!(4), b));
    let (_, hits0, _) = cache_stats();
    assert!(!ok(json!(4), a));
    assert!(cache_stats().1 > hits0);
}

/// The committed differential corpus (verdicts recorded from real WordPress 7.1 core) through
/// the serde_json view: the pure core alone must agree on every pair.
#[test]
fn corpus_verdicts_equal_wordpress() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/validation/corpus.jsonl");
    let text = std::fs::read_to_string(path).expect("tests/validation/corpus.jsonl");
    let mut n = 0;
    let mut mismatches = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: serde_json::Value = serde_json::from_str(line).unwrap();
        let errs = validate(&case["value"], &case["schema"], Profile::Standard);
        let valid = case["valid"].as_bool().unwrap();
        if errs.is_empty() != valid {
            mismatches.push(case["id"].clone());
        }
        n += 1;
    }
    assert!(n >= 5000, "corpus has {n} pairs");
    assert!(
        mismatches.is_empty(),
        "verdicts differ from WordPress on ids {mismatches:?}"
    );
}

#[test]
fn strict_additional_properties_are_listed_one_by_one() {
    let schema = json!({"type": "object", "additionalProperties": false});
    let errs = validate(&json!({"a": 1, "b": {"c": 2}}), &schema, Profile::Strict);
    let paths: Vec<&str> = errs.iter().map(|e| e.path.as_str()).collect();
    assert_eq!(paths, vec!["/a", "/b"]);
    assert!(errs.iter().all(|e| e.keyword == "additionalProperties"));
    let wp = json!({"type": "integer", "minimum": 5, "exclusiveMinimum": true});
    assert_eq!(
        validate(&json!(5), &wp, Profile::Strict)[0].keyword,
        "exclusiveMinimum"
    );
    assert!(validate(&json!(6), &wp, Profile::Strict).is_empty());
    let bad = validate(&json!(1), &json!({"type": "foo"}), Profile::Strict);
    assert_eq!(bad[0].keyword, "schema");
}

#[test]
fn enum_compares_sanitized_values_like_wordpress() {
    // integer coercion happens before the enum comparison…
    assert!(ok(json!("2"), json!({"type": "integer", "enum": [1, 2]})));
    // …and a float enum member equals an integer value
    assert!(ok(json!(2), json!({"type": "number", "enum": [2.0]})));
    assert!(ok(
        json!("TRUE"),
        json!({"type": "boolean", "enum": [true]})
    ));
    assert!(!ok(json!("0"), json!({"type": "boolean", "enum": [true]})));
    // arrays: sanitized items, order matters for lists, not for objects
    assert!(ok(
        json!("1,2"),
        json!({"type": "array", "items": {"type": "integer"}, "enum": [[1, 2]]})
    ));
    assert!(ok(
        json!({"b": 2, "a": 1}),
        json!({"type": "object", "enum": [{"a": 1, "b": 2}]})
    ));
    assert!(ok(
        json!("#ABC"),
        json!({"type": "string", "format": "hex-color", "enum": ["#ABC"]})
    ));
    assert!(!ok(
        json!("red"),
        json!({"type": "string", "format": "uri", "enum": ["red"]})
    ));
}

#[test]
fn messages_name_paths_and_limits() {
    let errs = v(
        json!({"n": 0.5}),
        json!({"type": "object", "properties": {"n": {"type": "number", "minimum": 1.5, "multipleOf": 0.25}}}),
    );
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].message, "/n must be greater than or equal to 1.5.");
    let errs = v(
        json!({"a/b": "x"}),
        json!({"type": "object", "additionalProperties": false}),
    );
    assert_eq!(errs[0].path, "/a~1b");
    let errs = v(json!(3), json!({"type": "string"}));
    assert_eq!(
        (errs[0].path.as_str(), errs[0].message.as_str()),
        ("", "value is not of type string.")
    );
}

#[test]
fn cache_is_bounded_in_bytes() {
    cache_clear();
    // 64 distinct schemas of about 1 MiB each: more than the byte budget, fewer than the count.
    let big = "d".repeat(1 << 20);
    for i in 0..64 {
        let schema = json!({"type": "integer", "minimum": i, "x-pad": big.clone()});
        assert!(ok(json!(i), schema));
        assert!(
            cache_bytes() <= CACHE_BYTES,
            "cache holds {} bytes",
            cache_bytes()
        );
    }
    assert!(cache_stats().0 < 64);
    // a schema heavier than an eighth of the budget is not kept at all
    let before = cache_bytes();
    let huge = json!({"type": "string", "enum": ["a", "x".repeat((CACHE_BYTES / 4) as usize)]});
    assert!(!ok(json!("b"), huge));
    assert_eq!(cache_bytes(), before);
}

#[test]
fn a_pattern_past_the_bound_is_never_compiled() {
    // padded in extended mode: compiles at the bound, and one byte more is refused unread
    let padded = |bytes: usize| format!("(?x){}y", " ".repeat(bytes - 5));
    let max = crate::core::MAX_PATTERN_BYTES;
    let at = json!({"type": "string", "pattern": padded(max)});
    let past = json!({"type": "string", "pattern": padded(max + 1)});
    assert!(ok(json!("y"), at.clone()));
    assert_eq!(v(json!("y"), past.clone())[0].keyword, "pattern"); // as PHP's preg_match failing: no match
    assert!(validate(&json!("y"), &at, Profile::Strict).is_empty());
    let errs = validate(&json!("y"), &past, Profile::Strict);
    assert_eq!(errs[0].keyword, "schema");
    assert!(
        errs[0]
            .message
            .contains("at '/pattern': a pattern longer than 32768 bytes"),
        "{}",
        errs[0].message
    );
    // found wherever a sub-schema sits, and as a patternProperties name
    let nested = json!({"type": "object", "properties": {"a/b": {"anyOf": [{}, {"patternProperties": {padded(max + 1): {}}}]}}});
    let errs = validate(&json!({}), &nested, Profile::Strict);
    assert!(
        errs[0]
            .message
            .contains("at '/properties/a~1b/anyOf/1/patternProperties/(?x)"),
        "{}",
        errs[0].message
    );
}
