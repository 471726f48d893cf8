//! The compiler's rules: what each keyword compiles to, and what a malformed schema is refused
//! with (the messages the `standard` profile reports for it).

use super::*;
use crate::core::validate::value::{PhpKey, PhpValue};
use serde_json::{json, Value};

fn compiled(schema: Value) -> Node {
    crate::core::validate::reset_work();
    Compiler::new()
        .compile(&schema)
        .expect("the schema compiles")
}

/// The refusal's message, as `Compiled::compile` reports an unreadable schema.
fn refusal(schema: Value) -> String {
    match Compiler::new().compile(&schema) {
        Err(CompileError::Unreadable { at, holds }) => at.message(&holds),
        Err(other) => panic!("refused otherwise: {other:?}"),
        Ok(_) => panic!("compiled: {schema}"),
    }
}

fn invalid(name: &str, falsy: bool) -> TypeName {
    TypeName::Invalid {
        name: name.as_bytes().to_vec(),
        falsy,
    }
}

/// `n` levels of `{key: …}` around `leaf`, built without recursion.
fn nested(n: usize, key: &str, leaf: Value) -> Value {
    (0..n).fold(leaf, |inner, _| {
        Value::Object(std::iter::once((key.to_owned(), inner)).collect())
    })
}

#[test]
fn a_type_string_is_one_type_and_unknown_names_stay_as_written() {
    assert_eq!(
        compiled(json!({"type": "integer"})).ty,
        TypeDecl::One(TypeName::Integer)
    );
    assert_eq!(
        compiled(json!({"type": "int"})).ty,
        TypeDecl::One(invalid("int", false))
    );
    assert_eq!(compiled(json!({})).ty, TypeDecl::Missing);
    assert_eq!(compiled(json!({"type": null})).ty, TypeDecl::Missing);
    // PHP's loose switch sends `true` to the 'null' case; other scalars check nothing
    assert_eq!(compiled(json!({"type": true})).ty, TypeDecl::LooseTrue);
    assert_eq!(compiled(json!({"type": 5})).ty, TypeDecl::Other);
    assert_eq!(compiled(json!({"type": false})).ty, TypeDecl::Other);
}

#[test]
fn a_type_list_keeps_its_members_as_implode_writes_them() {
    let node = compiled(json!({"type": ["string", "null", 5, 0, 1.5, true, false, null, "0", ""]}));
    assert_eq!(
        node.ty,
        TypeDecl::List(vec![
            TypeName::String,
            TypeName::Null,
            invalid("5", false),
            invalid("0", true),
            invalid("1.5", false),
            invalid("1", false),
            invalid("", true),
            invalid("", true),
            invalid("0", true),
            invalid("", true),
        ])
    );
    assert_eq!(
        TypeDecl::List(vec![TypeName::Integer, invalid("5", false)]),
        compiled(json!({"type": ["integer", 5]})).ty
    );
}

#[test]
fn a_branch_without_a_type_inherits_its_parents() {
    let node = compiled(
        json!({"type": "string", "anyOf": [{}, {"type": "integer"}], "oneOf": [{"minLength": 1}]}),
    );
    let any_of = node.any_of.as_ref().expect("anyOf");
    assert_eq!(any_of[0].ty, TypeDecl::One(TypeName::String));
    assert!(any_of[0].ty_inherited);
    assert_eq!(any_of[1].ty, TypeDecl::One(TypeName::Integer));
    assert!(!any_of[1].ty_inherited);
    let one_of = node.one_of.as_ref().expect("oneOf");
    assert!(one_of[0].ty_inherited);
    // a non-array branch of a typed parent gets the type too (core writes it into the array null becomes)
    let node = compiled(json!({"type": "integer", "anyOf": [null]}));
    assert_eq!(node.any_of.unwrap()[0].ty, TypeDecl::One(TypeName::Integer));
    // an untyped parent gives nothing
    let node = compiled(json!({"anyOf": [{}]}));
    assert_eq!(node.any_of.unwrap()[0].ty, TypeDecl::Missing);
}

#[test]
fn ref_is_not_followed_by_wordpress() {
    // core's validator never resolves $ref: the node checks nothing of the definition
    let node =
        compiled(json!({"$ref": "#/definitions/a", "definitions": {"a": {"type": "integer"}}}));
    assert_eq!(node.ty, TypeDecl::Missing);
    assert!(node.properties.is_empty() && node.any_of.is_none() && node.enum_values.is_none());
}

#[test]
fn required_as_a_list_is_draft_4_and_as_property_flags_draft_3() {
    let node = compiled(json!({"required": ["a", "1", 1, true, 2.7, null]}));
    let Required::List(names) = node.required else {
        panic!("not a list: {:?}", node.required);
    };
    assert_eq!(
        names,
        vec![
            PhpKey::Str(b"a".to_vec()),
            PhpKey::Int(1),
            PhpKey::Int(1),
            PhpKey::Int(1),
            PhpKey::Int(2),
            PhpKey::Str(Vec::new()),
        ]
    );
    let draft3 = compiled(
        json!({"properties": {"a": {"required": true}, "b": {"required": false}, "c": {}}}),
    );
    let Required::Props(names) = draft3.required else {
        panic!("not draft 3: {:?}", draft3.required);
    };
    assert_eq!(names, vec![PhpKey::Str(b"a".to_vec())]);
    // a list wins over the flags, as in core's elseif
    let both = compiled(json!({"properties": {"a": {"required": true}}, "required": ["b"]}));
    assert!(matches!(both.required, Required::List(ref l) if l == &[PhpKey::Str(b"b".to_vec())]));
    // flags without `properties` name nothing
    assert!(matches!(
        compiled(json!({"required": true})).required,
        Required::None
    ));
}

#[test]
fn keywords_are_read_with_isset_and_empty() {
    let node = compiled(json!({
        "exclusiveMinimum": "0", "exclusiveMaximum": "false", "uniqueItems": [],
        "minimum": "5", "maximum": null, "multipleOf": "0.5", "items": {}
    }));
    assert!(!node.exclusive_minimum, "'0' is empty()");
    assert!(node.exclusive_maximum, "'false' is a non-empty string");
    assert!(!node.unique_items);
    assert_eq!(node.minimum, Some(PhpValue::Str(b"5".to_vec())));
    assert_eq!(node.maximum, None, "isset() is false for null");
    assert_eq!(node.multiple_of, Some(0.5));
    assert!(node.items.is_some());
    assert!(!node.items_nonempty, "an empty items array is empty()");
}

#[test]
fn enum_format_and_pattern_as_core_reads_them() {
    assert_eq!(compiled(json!({"enum": []})).enum_values, None);
    assert_eq!(compiled(json!({"enum": 0})).enum_values, None);
    assert_eq!(compiled(json!({"enum": "x"})).enum_values, Some(Vec::new()));
    assert_eq!(
        compiled(json!({"enum": ["a", 1]})).enum_values,
        Some(vec![PhpValue::Str(b"a".to_vec()), PhpValue::Int(1)])
    );
    assert_eq!(
        compiled(json!({"format": "uuid"})).format,
        Some(Format::Uuid)
    );
    assert_eq!(
        compiled(json!({"format": true})).format,
        Some(Format::HexColor)
    );
    assert_eq!(
        compiled(json!({"format": "color"})).format,
        Some(Format::Other)
    );
    let source = |p: Value| compiled(json!({"pattern": p})).pattern.unwrap().source;
    assert_eq!(source(json!(5)), b"5".to_vec());
    assert_eq!(source(json!(true)), b"1".to_vec());
    assert_eq!(source(json!(false)), Vec::<u8>::new());
    assert_eq!(source(json!(["a"])), b"Array".to_vec());
}

#[test]
fn many_properties_are_indexed_by_name_and_integer() {
    let mut props = serde_json::Map::new();
    for i in 0..12 {
        props.insert(
            format!("p{i}"),
            json!({"type": "integer", "title": format!("t{i}")}),
        );
    }
    props.insert("7".into(), json!({"title": "seven"}));
    props.insert("gone".into(), Value::Null);
    let node = compiled(json!({ "properties": props }));
    assert!(node.prop_index.is_some());
    assert_eq!(
        node.property_str(b"p11").unwrap().title,
        Some(b"t11".to_vec())
    );
    assert_eq!(node.property_int(7).unwrap().title, Some(b"seven".to_vec()));
    assert_eq!(
        node.property(&PhpKey::Int(7)).unwrap().title,
        Some(b"seven".to_vec())
    );
    assert!(
        node.property_str(b"gone").is_none(),
        "a null schema is not isset()"
    );
    assert!(node.property_str(b"p12").is_none());
}

#[test]
fn what_core_cannot_read_is_refused_with_its_place() {
    assert_eq!(
        refusal(json!({"type": ["string", ["array"]]})),
        "The schema's type list holds an array, which is not a type name."
    );
    assert_eq!(
        refusal(json!({"properties": "abc"})),
        "The schema's properties is a string, which is not a map of schemas."
    );
    assert_eq!(
        refusal(json!({"required": [{"a": 1}]})),
        "The schema's required list holds an array, which is not a property name."
    );
    assert_eq!(
        refusal(json!({"maxLength": "ten"})),
        "The schema's maxLength is a string, which is not a number."
    );
    assert_eq!(
        refusal(json!({"minimum": [1]})),
        "The schema's minimum is an array, which is not a number."
    );
    assert_eq!(
        refusal(json!({"items": "string"})),
        "A sub-schema of the schema is a string, which is not a schema."
    );
    assert_eq!(
        refusal(json!({"type": "object", "anyOf": [5]})),
        "A sub-schema of the schema is an integer, which is not a schema."
    );
    // numbers, numeric strings, booleans and null are numbers to core; an untyped parent's
    // scalar branch reads as an empty schema
    compiled(json!({"minimum": "5", "maximum": true, "minLength": null, "anyOf": [5, false]}));
}

#[test]
fn an_enum_member_nested_too_deep_is_refused() {
    let deep = nested(MAX_ENUM_DEPTH + 1, "a", json!(1));
    let (at, holds) = match Compiler::new().compile(&json!({"enum": [deep]})) {
        Err(CompileError::Unreadable { at, holds }) => (at, holds),
        other => panic!("not refused: {other:?}"),
    };
    assert_eq!(at, Place::EnumDepth);
    assert_eq!(
        at.message(&holds),
        format!("An enum member of the schema is nested deeper than {MAX_ENUM_DEPTH} levels.")
    );
    compiled(json!({"enum": [nested(100, "a", json!(1))]}));
}

#[test]
fn depth_and_size_are_bounded() {
    let deep = nested(crate::core::MAX_DEPTH + 1, "items", json!({}));
    assert!(matches!(
        Compiler::new().compile(&deep),
        Err(CompileError::TooDeep)
    ));
    compiled(nested(crate::core::MAX_DEPTH - 1, "items", json!({})));
    let members: Vec<Value> = (0..MAX_SCHEMA_NODES as i64).map(Value::from).collect();
    assert!(matches!(
        Compiler::new().compile(&json!({ "enum": members })),
        Err(CompileError::TooLarge)
    ));
}

#[test]
fn described_names_each_kind_of_value() {
    assert_eq!(described(&json!(null)), "null");
    assert_eq!(described(&json!(false)), "false");
    assert_eq!(described(&json!(1)), "an integer");
    assert_eq!(described(&json!(1.5)), "a float");
    assert_eq!(described(&json!("")), "a string");
    assert_eq!(described(&json!({})), "an array");
    assert_eq!(described(&PhpValue::Opaque), "a resource");
}
