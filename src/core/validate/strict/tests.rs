//! The `strict` profile's rules: JSON types exactly as sent, older drafts' forms converted, and
//! our wording of the crate's errors.

use super::*;
use crate::core::validate::test_support::{triple, triples, Triple};
use crate::core::validate::value::PhpValue;
use crate::core::validate::{reset_work, SCHEMA_TOO_LARGE};
use serde_json::json;

/// Every violation of `value` (at `at`), as (path, keyword, message).
fn violations_at<'a, V: View<'a>>(value: V, schema: &Value, at: &str) -> Vec<Triple> {
    reset_work();
    triples(
        StrictValidator::compile(schema)
            .validate(value, at)
            .into_list(),
    )
}

fn violations(value: Value, schema: Value) -> Vec<Triple> {
    violations_at(&value, &schema, "")
}

#[test]
fn types_are_not_coerced() {
    assert_eq!(
        violations(json!("5"), json!({"type": "integer"})),
        vec![triple("", "type", "value is not of type integer.")]
    );
    assert_eq!(
        violations(json!("true"), json!({"type": "boolean"})),
        vec![triple("", "type", "value is not of type boolean.")]
    );
    assert!(violations(json!(5), json!({"type": "integer"})).is_empty());
    assert!(violations(json!(5.0), json!({"type": "integer"})).is_empty());
    // type lists are named in one fixed order, whatever the schema's
    assert_eq!(
        violations(json!(1), json!({"type": ["string", "null", "array"]})),
        vec![triple(
            "",
            "type",
            "value is not of type null,string,array."
        )]
    );
}

#[test]
fn an_empty_array_is_an_object_where_the_schema_expects_one() {
    assert!(violations(json!([]), json!({"type": "object"})).is_empty());
    assert!(violations(json!([]), json!({"properties": {}})).is_empty());
    assert!(violations(json!([]), json!({"type": "array"})).is_empty());
    assert!(violations(json!([]), json!({"type": ["object", "array"]})).is_empty());
    assert_eq!(
        violations(json!([1]), json!({"type": "object"})),
        vec![triple("", "type", "value is not of type object.")]
    );
}

#[test]
fn required_names_the_missing_member_and_its_parent() {
    let schema =
        json!({"type": "object", "properties": {"o": {"required": ["a~b"]}}, "required": ["n"]});
    assert_eq!(
        violations_at(&json!({"o": {"x": 1}}), &schema, "/args"),
        vec![
            triple("/args/n", "required", "n is a required property of /args."),
            triple(
                "/args/o/a~0b",
                "required",
                "a~b is a required property of /args/o."
            ),
        ]
    );
    // an empty array is a list where the schema does not expect an object: nothing required of it
    assert_eq!(violations_at(&json!({"o": []}), &schema, "/args").len(), 1);
    // draft 3's `'required' => true` joins the parent's list
    let draft3 =
        json!({"type": "object", "properties": {"a": {"type": "string", "required": true}}});
    assert_eq!(
        violations(json!({}), draft3),
        vec![triple(
            "/a",
            "required",
            "a is a required property of value."
        )]
    );
}

#[test]
fn enum_const_and_patterns_have_our_messages() {
    assert_eq!(
        violations(json!("c"), json!({"enum": ["a", "b"]})),
        vec![triple(
            "",
            "enum",
            "value is not one of the allowed values."
        )]
    );
    assert_eq!(
        violations(json!(2), json!({"const": 1})),
        vec![triple("", "const", "value is not the expected constant.")]
    );
    assert_eq!(
        violations(json!("b"), json!({"pattern": "^a"})),
        vec![triple("", "pattern", "value does not match pattern ^a.")]
    );
    assert_eq!(
        violations(json!(1), json!({"not": {"type": "integer"}})),
        vec![triple("", "not", "value must not match the schema.")]
    );
}

#[test]
fn bounds_name_their_limits() {
    assert_eq!(
        violations(json!(3), json!({"multipleOf": 2})),
        vec![triple("", "multipleOf", "value must be a multiple of 2.")]
    );
    assert_eq!(
        violations(json!(1), json!({"minimum": 1.5})),
        vec![triple(
            "",
            "minimum",
            "value must be greater than or equal to 1.5."
        )]
    );
    assert_eq!(
        violations(json!("abc"), json!({"maxLength": 2})),
        vec![triple(
            "",
            "maxLength",
            "value must be at most 2 characters long."
        )]
    );
    assert_eq!(
        violations(json!([]), json!({"type": "array", "minItems": 1})),
        vec![triple(
            "",
            "minItems",
            "value must contain at least 1 items."
        )]
    );
    // draft 4's boolean exclusiveMaximum takes its bound
    assert_eq!(
        violations(json!(10), json!({"maximum": 10, "exclusiveMaximum": true})),
        vec![triple(
            "",
            "exclusiveMaximum",
            "value must be less than 10."
        )]
    );
    assert!(violations(json!(10), json!({"maximum": 10, "exclusiveMaximum": false})).is_empty());
}

#[test]
fn tuples_and_refs_are_read_as_2020_12() {
    let tuple = json!({"type": "array", "items": [{"type": "integer"}, {"type": "string"}], "additionalItems": false});
    assert_eq!(
        violations(json!([1, 2]), tuple.clone()),
        vec![triple("/1", "type", "/1 is not of type string.")]
    );
    assert_eq!(violations(json!([1, "a", 3]), tuple)[0].1, "falseSchema");
    let refs = json!({"$defs": {"pos": {"type": "integer", "minimum": 1}}, "items": {"$ref": "#/$defs/pos"}});
    assert_eq!(
        violations(json!([1, 0]), refs),
        vec![triple(
            "/1",
            "minimum",
            "/1 must be greater than or equal to 1."
        )]
    );
}

#[test]
fn additional_properties_are_listed_unless_a_pattern_covers_them() {
    let schema = json!({"type": "object", "properties": {"a": {}}, "patternProperties": {"^x": {}}, "additionalProperties": false});
    assert_eq!(
        violations(json!({"a": 1, "x1": 2, "b": 3, "c": 4}), schema),
        vec![
            triple(
                "/b",
                "additionalProperties",
                "b is not a valid property of Object."
            ),
            triple(
                "/c",
                "additionalProperties",
                "c is not a valid property of Object."
            ),
        ]
    );
}

#[test]
fn a_value_without_a_json_form_is_a_type_violation() {
    let value = PhpValue::Arr(vec![(
        crate::core::validate::value::PhpKey::Str(b"s".to_vec()),
        PhpValue::Str(vec![0xff]),
    )]);
    assert_eq!(
        violations_at(&value, &json!({}), ""),
        vec![triple("/s", "type", "/s: string is not valid UTF-8.")]
    );
}

#[test]
fn a_value_nested_too_deep_is_one_violation() {
    let mut value = json!(1);
    for _ in 0..crate::core::MAX_DEPTH + 1 {
        value = json!([value]);
    }
    let found = violations(value, json!({}));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].1, "depth");
    let suffix = format!(" is nested deeper than {} levels.", crate::core::MAX_DEPTH);
    assert!(found[0].2.ends_with(&suffix), "{}", found[0].2);
}

#[test]
fn a_schema_the_crate_refuses_is_one_schema_violation() {
    let found = violations_at(&json!(1), &json!({"type": "foo"}), "/args");
    assert_eq!(found.len(), 1);
    assert_eq!(
        (found[0].0.as_str(), found[0].1.as_str()),
        ("/args", "schema")
    );
    assert!(
        found[0]
            .2
            .starts_with("The schema is not valid JSON Schema (2020-12) at '"),
        "{}",
        found[0].2
    );
    let members: Vec<Value> = (0..MAX_SCHEMA_VALUES as i64).map(Value::from).collect();
    assert_eq!(
        violations(json!(1), json!({ "enum": members })),
        vec![triple("", "schema", SCHEMA_TOO_LARGE)]
    );
}

#[test]
fn schema_json_drops_annotations_and_modernizes_drafts() {
    let schema = json!({
        "description": "d", "type": "object", "required": [],
        "properties": {"a": {"type": "integer", "required": true, "exclusiveMinimum": true, "minimum": 0}},
        "$schema": "http://json-schema.org/draft-04/schema#"
    });
    assert_eq!(
        schema_to_json(&schema, 0).unwrap(),
        json!({
            "type": "object", "required": ["a"],
            "properties": {"a": {"type": "integer", "exclusiveMinimum": 0}}
        })
    );
    // an empty `properties` (PHP's array()) is a map
    assert_eq!(
        schema_to_json(&json!({"properties": []}), 0).unwrap(),
        json!({"properties": {}})
    );
}

#[test]
fn limits_print_as_php_prints_them() {
    assert_eq!(display_json(&json!(3)), "3");
    assert_eq!(display_json(&json!(1.5)), "1.5");
    assert_eq!(display_json(&json!(1e20)), "1.0E+20");
    assert_eq!(display_json(&json!(u64::MAX)), "18446744073709551615");
    assert_eq!(display_json(&json!([1])), "array");
}
