//! The `standard` profile's rules against WordPress core's `rest_validate_value_from_schema`:
//! its coercions, its keywords and the wording of each violation.

use super::*;
use crate::core::validate::schema::Compiler;
use crate::core::validate::test_support::{triple, triples, Triple};
use crate::core::validate::value::{PhpKey, PhpValue};
use crate::core::validate::{reset_work, MAX_VIOLATIONS};
use serde_json::{json, Value};

fn node(schema: &Value) -> Node {
    reset_work();
    Compiler::new()
        .compile(schema)
        .expect("the schema compiles")
}

/// Every violation of `value`, as (path, keyword, message).
fn violations(value: Value, schema: Value) -> Vec<Triple> {
    let node = node(&schema);
    let mut walk = WalkState::new(false, 0, String::new());
    let _ = walk.value(&value, &node);
    triples(walk.errors.into_list())
}

fn ok(value: Value, schema: Value) -> bool {
    violations(value, schema).is_empty()
}

/// The one violation of `value`, as (path, keyword, message).
fn only(value: Value, schema: Value) -> Triple {
    let mut all = violations(value, schema);
    assert_eq!(all.len(), 1, "{all:?}");
    all.remove(0)
}

#[test]
fn numeric_strings_are_integers_and_numbers() {
    let integer = json!({"type": "integer"});
    for good in [
        json!("5"),
        json!(" 5 "),
        json!("-5"),
        json!("5.0"),
        json!(5),
        json!(5.0),
    ] {
        assert!(ok(good.clone(), integer.clone()), "{good}");
    }
    assert_eq!(
        only(json!("abc"), integer.clone()),
        triple("", "type", "value is not of type integer.")
    );
    assert_eq!(
        only(json!("5.5"), integer.clone()),
        triple("", "type", "value is not of type integer.")
    );
    assert!(!ok(json!(true), integer));
    let number = json!({"type": "number"});
    assert!(ok(json!("1e3"), number.clone()));
    assert!(ok(json!(".5"), number.clone()));
    assert_eq!(
        only(json!("0x1A"), number),
        triple("", "type", "value is not of type number.")
    );
}

#[test]
fn boolean_strings_and_zero_and_one_are_booleans() {
    let boolean = json!({"type": "boolean"});
    for good in [
        json!(true),
        json!("true"),
        json!("FALSE"),
        json!("0"),
        json!("1"),
        json!(0),
        json!(1),
    ] {
        assert!(ok(good.clone(), boolean.clone()), "{good}");
    }
    for bad in [json!("yes"), json!(""), json!(2), json!(1.0), json!(null)] {
        assert_eq!(
            only(bad.clone(), boolean.clone()),
            triple("", "type", "value is not of type boolean."),
            "{bad}"
        );
    }
}

#[test]
fn objects_arrays_and_null_as_core_reads_them() {
    // '' and any array are objects; a list is an array, a map with integer-like keys too
    assert!(ok(json!(""), json!({"type": "object"})));
    assert!(ok(json!([1]), json!({"type": "object"})));
    assert!(!ok(json!(" "), json!({"type": "object"})));
    assert!(ok(json!({"0": "a", "1": "b"}), json!({"type": "array"})));
    assert_eq!(
        only(json!({"a": 1}), json!({"type": "array"})),
        triple("", "type", "value is not of type array.")
    );
    assert_eq!(
        only(json!(0), json!({"type": "null"})),
        triple("", "type", "value is not of type null.")
    );
    // a scalar is a list by wp_parse_list(), its items checked at their indexes
    assert_eq!(
        violations(
            json!("1,x y"),
            json!({"type": "array", "items": {"type": "integer"}})
        ),
        vec![
            triple("/1", "type", "/1 is not of type integer."),
            triple("/2", "type", "/2 is not of type integer."),
        ]
    );
}

#[test]
fn a_failed_type_check_ends_the_node() {
    assert_eq!(
        violations(
            json!(5),
            json!({"type": "string", "minLength": 3, "enum": ["abc"]})
        ),
        vec![triple("", "type", "value is not of type string.")]
    );
}

#[test]
fn a_type_list_takes_the_first_type_the_value_fits() {
    let schema = json!({"type": ["boolean", "integer", "string"], "enum": [true, 5]});
    // "5" fits integer before string: sanitized to 5, in the enum
    assert!(ok(json!("5"), schema.clone()));
    // "1" fits boolean first: sanitized to true
    assert!(ok(json!("1"), schema.clone()));
    assert!(!ok(json!("x"), schema));
    assert_eq!(
        only(json!(true), json!({"type": ["integer", "string"]})),
        triple("", "type", "value is not of type integer,string.")
    );
}

#[test]
fn minimum_and_maximum_are_exclusive_when_flagged() {
    let min = json!({"type": "integer", "minimum": 5});
    assert!(ok(json!(5), min.clone()));
    assert!(ok(json!("6"), min.clone()));
    assert_eq!(
        only(json!(4), min),
        triple("", "minimum", "value must be greater than or equal to 5.")
    );
    assert_eq!(
        only(
            json!(5),
            json!({"type": "integer", "minimum": 5, "exclusiveMinimum": true})
        ),
        triple("", "exclusiveMinimum", "value must be greater than 5.")
    );
    let max = json!({"type": "number", "maximum": 1.5});
    assert!(ok(json!(1.5), max.clone()));
    assert_eq!(
        only(json!(2), max),
        triple("", "maximum", "value must be less than or equal to 1.5.")
    );
    assert_eq!(
        only(
            json!(1.5),
            json!({"type": "number", "maximum": 1.5, "exclusiveMaximum": true})
        ),
        triple("", "exclusiveMaximum", "value must be less than 1.5.")
    );
    assert_eq!(
        only(json!(0.3), json!({"type": "number", "multipleOf": 0.25})),
        triple("", "multipleOf", "value must be a multiple of 0.25.")
    );
    assert!(ok(
        json!(0.75),
        json!({"type": "number", "multipleOf": 0.25})
    ));
}

#[test]
fn string_lengths_count_characters() {
    let schema = json!({"type": "string", "minLength": 2, "maxLength": 4});
    assert!(ok(json!("héé"), schema.clone()));
    assert_eq!(
        only(json!("é"), schema.clone()),
        triple("", "minLength", "value must be at least 2 characters long.")
    );
    assert_eq!(
        only(json!("ééééé"), schema),
        triple("", "maxLength", "value must be at most 4 characters long.")
    );
}

#[test]
fn patterns_are_answered_by_the_pattern_engine() {
    let schema = json!({"type": "string", "pattern": "^a+#?$"});
    assert!(ok(json!("aa#"), schema.clone()));
    assert_eq!(
        only(json!("b"), schema),
        triple("", "pattern", "value does not match pattern ^a+#?$.")
    );
    // a pattern the engine cannot prepare never matches (preg_match() failing)
    assert!(!ok(json!("("), json!({"type": "string", "pattern": "("})));
    // core's `#` delimiter: an escaped `#` ends the pattern early, so it never matches
    assert!(!ok(
        json!("a#"),
        json!({"type": "string", "pattern": "a\\#"})
    ));
    // patternProperties: the first matching pattern's schema decides
    let props = json!({"type": "object", "patternProperties": {"^n": {"type": "integer"}, "^n.*x$": {"type": "string"}}});
    assert!(ok(json!({"nx": 1}), props.clone()));
    assert_eq!(
        only(json!({"nx": "a"}), props),
        triple("/nx", "type", "/nx is not of type integer.")
    );
}

#[test]
fn required_in_draft_4_and_draft_3_form() {
    let draft4 = json!({"type": "object", "properties": {"a": {}}, "required": ["a", "b"]});
    assert_eq!(
        violations(json!({"c": 1}), draft4.clone()),
        vec![
            triple("/a", "required", "a is a required property of value."),
            triple("/b", "required", "b is a required property of value."),
        ]
    );
    assert!(ok(json!({"a": null, "b": 0}), draft4));
    let draft3 = json!({"type": "object", "properties": {"x": {"type": "object", "properties": {
        "a": {"type": "string", "required": true}, "b": {"required": false}
    }}}});
    assert_eq!(
        violations(json!({"x": {}}), draft3.clone()),
        vec![triple(
            "/x/a",
            "required",
            "a is a required property of /x."
        )]
    );
    assert!(ok(json!({"x": {"a": "here"}}), draft3));
    // '' is an object without members: every required name is missing
    assert_eq!(
        only(json!(""), json!({"type": "object", "required": ["a"]})),
        triple("/a", "required", "a is a required property of value.")
    );
}

#[test]
fn additional_properties_false_names_each_member() {
    let schema = json!({"type": "object", "properties": {"a": {}}, "additionalProperties": false});
    assert_eq!(
        violations(json!({"a": 1, "b": 2, "c/d": 3}), schema),
        vec![
            triple(
                "/b",
                "additionalProperties",
                "b is not a valid property of Object."
            ),
            triple(
                "/c~1d",
                "additionalProperties",
                "c/d is not a valid property of Object."
            ),
        ]
    );
    let typed = json!({"type": "object", "additionalProperties": {"type": "integer"}});
    assert_eq!(
        only(json!({"n": "x"}), typed),
        triple("/n", "type", "/n is not of type integer.")
    );
}

#[test]
fn counts_of_items_and_properties() {
    assert_eq!(
        only(json!([1]), json!({"type": "array", "minItems": 2})),
        triple("", "minItems", "value must contain at least 2 items.")
    );
    assert_eq!(
        only(json!([1, 2]), json!({"type": "array", "maxItems": 1})),
        triple("", "maxItems", "value must contain at most 1 items.")
    );
    assert_eq!(
        only(json!([1, 1]), json!({"type": "array", "uniqueItems": true})),
        triple("", "uniqueItems", "value has duplicate items.")
    );
    // core compares serialize()d items: 1 and 1.0 differ
    assert!(ok(
        json!([1, 1.0]),
        json!({"type": "array", "uniqueItems": true})
    ));
    assert_eq!(
        only(json!({}), json!({"type": "object", "minProperties": 1})),
        triple(
            "",
            "minProperties",
            "value must contain at least 1 properties."
        )
    );
    assert_eq!(
        only(
            json!({"a": 1, "b": 2}),
            json!({"type": "object", "maxProperties": "1"})
        ),
        triple(
            "",
            "maxProperties",
            "value must contain at most 1 properties."
        )
    );
}

#[test]
fn enum_compares_the_sanitized_value_and_lists_the_members() {
    assert!(ok(json!("2"), json!({"type": "integer", "enum": [1, 2]})));
    assert_eq!(
        only(json!("x"), json!({"type": "string", "enum": ["a"]})),
        triple("", "enum", "value is not \"a\".")
    );
    assert_eq!(
        only(json!(3), json!({"type": "integer", "enum": [1, "b", true]})),
        triple("", "enum", "value is not one of 1, \"b\", true.")
    );
    // a truthy non-list enum has no members: nothing matches it
    assert!(!ok(json!("x"), json!({"type": "string", "enum": "x"})));
}

#[test]
fn any_of_and_one_of_branches_inherit_the_parents_type() {
    // the branch has no type of its own: it is read as a string, which 5 is not
    assert_eq!(
        only(
            json!(5),
            json!({"type": "string", "anyOf": [{"minLength": 1}]})
        ),
        triple(
            "",
            "anyOf",
            "value does not match any of the expected formats."
        )
    );
    assert!(ok(json!(5), json!({"anyOf": [{"minLength": 1}]})));
    let one_of = json!({"oneOf": [{"type": "integer"}, {"type": "number"}]});
    assert_eq!(
        only(json!(5), one_of.clone()),
        triple(
            "",
            "oneOf",
            "value matches more than one of the expected formats."
        )
    );
    assert_eq!(
        only(json!("x"), one_of),
        triple(
            "",
            "oneOf",
            "value does not match any of the expected formats."
        )
    );
}

#[test]
fn formats_apply_to_strings_and_untyped_values_only() {
    assert_eq!(
        only(json!("nope"), json!({"type": "string", "format": "email"})),
        triple("", "format", "value is not a valid email address.")
    );
    assert_eq!(
        only(json!("#12345"), json!({"format": "hex-color"})),
        triple("", "format", "value is not a valid hex color.")
    );
    assert_eq!(
        only(
            json!("2024-13-01T00:00:00Z"),
            json!({"type": "string", "format": "date-time"})
        ),
        triple("", "format", "value is not a valid date.")
    );
    assert!(ok(json!(5), json!({"type": "integer", "format": "uuid"})));
    assert!(
        !ok(json!(5), json!({"format": "uuid"})),
        "a number is no UUID"
    );
}

#[test]
fn first_error_mode_stops_without_messages() {
    let node = node(&json!({"type": "object", "required": ["a", "b"]}));
    let value = json!({});
    let mut walk = WalkState::new(true, 0, String::new());
    assert!(walk.value(&value, &node).is_err());
    assert!(walk.errors.is_empty());
}

#[test]
fn paths_start_with_the_prefix_and_the_list_is_bounded() {
    let node = node(&json!({"type": "array", "items": {"type": "integer"}}));
    let value = Value::Array((0..MAX_VIOLATIONS + 20).map(|_| json!("x")).collect());
    let mut walk = WalkState::new(false, 0, "/args".into());
    let _ = walk.value(&value, &node);
    assert_eq!(walk.errors.total(), MAX_VIOLATIONS + 20);
    let list = walk.errors.into_list();
    assert_eq!(list.len(), MAX_VIOLATIONS + 1);
    assert_eq!(list[0].path, "/args/0");
    assert_eq!(list[0].message, "/args/0 is not of type integer.");
    assert_eq!(list[MAX_VIOLATIONS].keyword, "truncated");
}

#[test]
fn a_value_deeper_than_the_bound_is_one_depth_violation() {
    let node = node(&json!({"type": "array", "items": {"type": "array", "items": {}}}));
    // the walk starts one level above the bound: the inner array is past it
    let value = json!([[1], [2]]);
    let mut walk = WalkState::new(false, crate::core::MAX_DEPTH - 1, String::new());
    let _ = walk.value(&value, &node);
    let message = format!(
        "/0 is nested deeper than {} levels.",
        crate::core::MAX_DEPTH
    );
    assert_eq!(
        walk.errors.into_list(),
        vec![
            Violation {
                path: "/0".into(),
                keyword: "depth".into(),
                message,
            },
            Violation {
                path: "/1".into(),
                keyword: "depth".into(),
                message: format!(
                    "/1 is nested deeper than {} levels.",
                    crate::core::MAX_DEPTH
                ),
            },
        ]
    );
}

#[test]
fn sanitize_makes_what_core_compares_with_enum() {
    let sanitized = |value: Value, schema: Value| {
        let n = node(&schema);
        sanitize(&value, &n, &n.ty, 0)
    };
    assert_eq!(
        sanitized(json!(" 12 "), json!({"type": "integer"})),
        Ok(PhpValue::Int(12))
    );
    assert_eq!(
        sanitized(json!("FALSE"), json!({"type": "boolean"})),
        Ok(PhpValue::Bool(false))
    );
    assert_eq!(
        sanitized(json!("2.5"), json!({"type": "number"})),
        Ok(PhpValue::Float(2.5))
    );
    assert_eq!(
        sanitized(
            json!("1,2"),
            json!({"type": "array", "items": {"type": "integer"}})
        ),
        Ok(PhpValue::Arr(vec![
            (PhpKey::Int(0), PhpValue::Int(1)),
            (PhpKey::Int(1), PhpValue::Int(2)),
        ]))
    );
    assert_eq!(
        sanitized(
            json!({"a": 1, "b": 2}),
            json!({"type": "object", "properties": {"a": {}}, "additionalProperties": false})
        ),
        Ok(PhpValue::Arr(vec![(
            PhpKey::Str(b"a".to_vec()),
            PhpValue::Int(1)
        )]))
    );
    assert_eq!(
        sanitized(
            json!(" a  b "),
            json!({"type": "string", "format": "text-field"})
        ),
        Ok(PhpValue::Str(b"a b".to_vec()))
    );
    assert_eq!(
        sanitized(json!("1,1"), json!({"type": "array", "uniqueItems": true})),
        Err(Unsanitizable)
    );
    assert_eq!(
        sanitized(
            json!(5),
            json!({"oneOf": [{"type": "integer"}, {"type": "number"}]})
        ),
        Err(Unsanitizable)
    );
}

#[test]
fn messages_print_php_scalars() {
    assert_eq!(display_php_value(&PhpValue::Bool(true)), "true");
    assert_eq!(display_php_value(&PhpValue::Null), "null");
    assert_eq!(display_php_value(&PhpValue::Float(1e15)), "1.0E+15");
    assert_eq!(display_php_value(&PhpValue::Str(b"x".to_vec())), "x");
    assert_eq!(display_php_value(&PhpValue::Arr(Vec::new())), "array");
}
