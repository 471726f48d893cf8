//! The pure core against the reference vectors (tests/vectors, copied from the official
//! adapter's recorded behaviour) and against the rules where we deliberately do better.

use mcp_native::core::json;
use serde_json::{json, Value};

/// Cases where we deliberately differ from the reference (see tests/vectors/README-differences).
const DIFFERENT_ON_PURPOSE: [&str; 4] = [
    "non_object_wrapping_keeps_wp_only_keys",
    "nested_empty_properties_NOT_stripped",
    "nested_empty_stdclass_becomes_empty_array",
    "object_valued_callback_is_cast_recursively",
];

/// Turns the vectors' `{"$php":"array()"}` into the JSON `json_decode(…, true)` would see; returns
/// None for values plain JSON cannot carry (those are tested in PHP).
fn plain(v: &Value) -> Option<Value> {
    match v {
        Value::Object(o) if o.get("$php") == Some(&json!("array()")) => Some(json!([])),
        Value::Object(o) if o.contains_key("$php") || o.contains_key("$wp_error") => None,
        Value::Object(o) => {
            let mut out = serde_json::Map::new();
            for (k, v) in o {
                out.insert(k.clone(), plain(v)?);
            }
            Some(Value::Object(out))
        }
        Value::Array(a) => a
            .iter()
            .map(plain)
            .collect::<Option<Vec<_>>>()
            .map(Value::Array),
        other => Some(other.clone()),
    }
}

fn cases(file: &str) -> Vec<Value> {
    let path = format!("{}/tests/vectors/{file}", env!("CARGO_MANIFEST_DIR"));
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    doc["cases"].as_array().unwrap().clone()
}

#[test]
fn schema_transformer_vectors() {
    let mut checked = 0;
    for case in cases("schema_transformer.json") {
        let name = case["name"].as_str().unwrap();
        if DIFFERENT_ON_PURPOSE.contains(&name) {
            continue;
        }
        let (Some(input), Some(expected)) = (plain(&case["input"]), plain(&case["expected"]))
        else {
            continue;
        };
        let key = input
            .get("wrapper_key")
            .and_then(Value::as_str)
            .unwrap_or("input");
        let got = json::transform_to_object_schema(input.get("schema"), key).unwrap();
        // Key order matters (PHP arrays are ordered): compare the serialised forms.
        assert_eq!(got.to_string(), expected.to_string(), "case {name}");
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} vector cases were checked");
}

#[test]
fn normalizer_vectors() {
    let mut checked = 0;
    for case in cases("ability_argument_normalizer.json") {
        let name = case["name"].as_str().unwrap();
        let input = plain(&case["input"]).unwrap();
        let mut expected = plain(&case["expected"]).unwrap();
        if name == "null_stays_null_with_schema" {
            // Seed rule (reference README): an object schema without default turns null into [].
            expected = json!([]);
        }
        let got = json::normalize_arguments(Some(&input["input_schema"]), &input["parameters"]);
        assert_eq!(got, expected, "case {name}");
        checked += 1;
    }
    assert_eq!(checked, 13);
}

#[test]
fn wrap_and_unwrap_vectors() {
    let mut checked = 0;
    for case in cases("mcp_tool.json") {
        let name = case["name"].as_str().unwrap();
        let input = &case["input"];
        let (Some(meta), Some(expected)) =
            (plain(&input["adapter_meta"]), plain(&case["expected"]))
        else {
            continue;
        };
        if meta.is_null() {
            continue;
        }
        if let Some(args) = input.get("arguments").and_then(plain) {
            assert_eq!(
                json::unwrap_input_if_needed(&args, &meta),
                expected,
                "case {name}"
            );
            checked += 1;
        } else if let Some(raw) = input.get("raw_result").and_then(plain) {
            if !name.starts_with("wrap_") {
                continue; // the no_wrap_* cases describe the handler's result shaping, not this function
            }
            assert_eq!(
                json::wrap_output_if_needed(&raw, &meta),
                expected,
                "case {name}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 11, "only {checked} cases");
}

fn t(schema: Value) -> Value {
    json::transform_to_object_schema(Some(&schema), "input").unwrap()
}

#[test]
fn wordpress_only_keys_are_removed_at_every_schema_position_but_not_from_data() {
    let got = t(json!({
        "type": "string", "sanitize_callback": "sanitize_text_field", "arg_options": {"x": 1},
        "default": {"sanitize_callback": "kept: this is data"}
    }));
    assert_eq!(
        got["schema"],
        json!({"type":"object","properties":{"input":{"type":"string","default":{"sanitize_callback":"kept: this is data"}}},"required":["input"]})
    );
    let got = t(json!({"type":"object","properties":{
        "a": {"type":"array","items":{"type":"string","validate_callback":"v"}},
        "b": {"anyOf":[{"type":"string","sanitize_callback":"s"}]},
        "sanitize_callback": {"type":"string","description":"a property merely named like the key"}
    }}));
    assert_eq!(
        got["schema"]["properties"]["a"]["items"],
        json!({"type":"string"})
    );
    assert_eq!(
        got["schema"]["properties"]["b"]["anyOf"],
        json!([{"type":"string"}])
    );
    assert_eq!(
        got["schema"]["properties"]["sanitize_callback"]["description"],
        json!("a property merely named like the key")
    );
}

#[test]
fn empty_properties_never_reach_the_wire_at_any_depth() {
    let got = t(json!({"type":"object","properties":{
        "opts": {"type":"object","properties":[]},
        "properties": {"type":"object"}
    }}));
    assert_eq!(
        got["schema"].to_string(),
        json!({"type":"object","properties":{"opts":{"type":"object"},"properties":{"type":"object"}}}).to_string()
    );
    // A property named `properties` whose schema is empty is a property, not the keyword.
    let got = t(json!({"type":"object","properties":{"properties":[]}}));
    assert_eq!(got["schema"]["properties"]["properties"], json!([]));
}

#[test]
fn unchanged_object_schema_is_not_rebuilt_and_the_type_rules_hold() {
    let got = t(json!({"type":["object","null"]}));
    assert_eq!(got["was_transformed"], json!(true));
    let got = t(json!({"type": null, "description": "d"}));
    assert_eq!(
        got["schema"].to_string(),
        r#"{"type":"object","description":"d"}"#
    );
    let got = json::transform_to_object_schema(Some(&json!({"type":"integer"})), "result").unwrap();
    assert_eq!(got["wrapper_property"], json!("result"));
    assert_eq!(
        json::transform_to_object_schema(None, "input").unwrap()["schema"],
        json!({"type":"object"})
    );
}

#[test]
fn nesting_past_the_limit_is_an_error_with_a_path() {
    let mut schema = json!({"type": "string"});
    for _ in 0..200 {
        schema = json!({"type": "object", "properties": {"p": schema}});
    }
    let err = json::transform_to_object_schema(Some(&schema), "input").unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains("maximum depth of 128"), "{msg}");
    assert!(msg.contains("/properties/p/properties/p"), "{msg}");
    // Depth within the limit passes.
    let mut ok = json!({"type": "string"});
    for _ in 0..60 {
        ok = json!({"type": "object", "properties": {"p": ok}});
    }
    assert!(json::transform_to_object_schema(Some(&ok), "input").is_ok());
}

#[test]
fn normalize_rules_from_the_seed() {
    let obj = json!({"type":"object","properties":{"a":{"type":"string"}}});
    assert_eq!(
        json::normalize_arguments(Some(&obj), &Value::Null),
        json!([])
    );
    assert_eq!(
        json::normalize_arguments(
            Some(&json!({"type":"object","default":{"a":"x"}})),
            &json!([])
        ),
        Value::Null
    );
    assert_eq!(
        json::normalize_arguments(
            Some(&json!({"type":"object","default":{"a":"x"}})),
            &Value::Null
        ),
        Value::Null
    );
    assert_eq!(
        json::normalize_arguments(Some(&json!({"properties":{}})), &Value::Null),
        json!([])
    );
    assert_eq!(json::normalize_arguments(None, &json!([])), Value::Null);
    assert_eq!(
        json::normalize_arguments(Some(&json!({"type":"string"})), &Value::Null),
        Value::Null
    );
    assert_eq!(
        json::normalize_arguments(Some(&json!({"type":"string"})), &json!([])),
        json!([])
    );
    assert_eq!(
        json::normalize_arguments(Some(&obj), &json!({"a":"b"})),
        json!({"a":"b"})
    );
}

/// Issue 11: the wire encoding is the transform plus the wire rules, in one walk.
#[test]
fn the_wire_encoding_applies_every_wire_rule() {
    // The schema of tests/php/wp/DescriptorTest::tricky_schema, as JSON can carry it.
    let schema = json!({
        "type": "object",
        "validate_callback": "x",
        "properties": {
            "id": {"type": "integer", "required": true, "sanitize_callback": "absint"},
            "any": {},
            "opts": {"type": "object", "properties": {}, "required": true},
            "tuple": {"type": "array", "items": [{"type": "string"}, {}]},
            "numeric": {"type": "object", "properties": [{"type": "string"}]},
            "enum": {"type": "string", "enum": ["a"], "default": "a", "arg_options": {"x": 1}}
        },
        "dependencies": {"id": ["opts"], "opts": {}},
        "required": ["any"]
    });
    let wire = json::wire_tool_schema(&schema, "input").unwrap();
    assert_eq!(
        wire.to_string(),
        r#"{"schema":{"type":"object","properties":{"id":{"type":"integer"},"any":{},"opts":{"type":"object"},"tuple":{"type":"array","items":[{"type":"string"},{}]},"numeric":{"type":"object","properties":{"0":{"type":"string"}}},"enum":{"type":"string","enum":["a"],"default":"a"}},"dependencies":{"id":["opts"],"opts":{}},"required":["any","id","opts"]},"wrapper":null}"#
    );
    assert_eq!(json::wire_ability_schema(&schema).unwrap(), wire["schema"]);
}

#[test]
fn the_wire_encoding_of_roots() {
    let tool = |s: Value, key: &str| json::wire_tool_schema(&s, key).unwrap().to_string();
    assert_eq!(
        tool(json!([]), "input"),
        r#"{"schema":{"type":"object","properties":{}},"wrapper":null}"#
    );
    assert_eq!(
        json::wire_ability_schema(&json!([])).unwrap().to_string(),
        "{}"
    );
    // Wrapped, with the draft-3 flag of the wrapped schema dropped (its name is required already).
    assert_eq!(
        tool(json!({"type": "string", "required": true}), "result"),
        r#"{"schema":{"type":"object","properties":{"result":{"type":"string"}},"required":["result"]},"wrapper":"result"}"#
    );
    assert_eq!(
        json::wire_ability_schema(&json!({"type": "string", "required": true})).unwrap(),
        json!({"type": "string"})
    );
    // No type: `type` goes before a `required` made of draft-3 names, `properties` stays where it is.
    assert_eq!(
        tool(
            json!({"properties": {"a": {"required": true}}, "required": false}),
            "input"
        ),
        r#"{"schema":{"properties":{"a":{}},"type":"object","required":["a"]},"wrapper":null}"#
    );
    // A `required` of other types: names only, as strings.
    assert_eq!(
        tool(
            json!({"type": "object", "properties": {"a": {}}, "required": [1, true, false, null, ["x"], "b", 1.5]}),
            "input"
        ),
        r#"{"schema":{"type":"object","properties":{"a":{}},"required":["1","1","","b","1.5"]},"wrapper":null}"#
    );
    // A list of sub-schemas with other keys is re-indexed.
    assert_eq!(
        json::wire_ability_schema(
            &json!({"type": "object", "anyOf": {"x": {"type": "string"}, "y": []}})
        )
        .unwrap()
        .to_string(),
        r#"{"type":"object","anyOf":[{"type":"string"},{}]}"#
    );
}

/// Every vector's schema comes out of the tool encoding as an object schema with a `properties`
/// object, and wrapped exactly when the transform wraps it.
#[test]
fn vector_schemas_keep_the_tool_root_rules() {
    let mut checked = 0;
    for case in cases("schema_transformer.json") {
        let name = case["name"].as_str().unwrap();
        let Some(input) = plain(&case["input"]) else {
            continue;
        };
        let schema = input
            .get("schema")
            .filter(|s| !s.is_null())
            .cloned()
            .unwrap_or(json!([]));
        let key = input
            .get("wrapper_key")
            .and_then(Value::as_str)
            .unwrap_or("input");
        let wire = json::wire_tool_schema(&schema, key).unwrap();
        assert_eq!(wire["schema"]["type"], json!("object"), "case {name}");
        assert!(
            wire["schema"]["properties"].is_object(),
            "case {name}: {wire}"
        );
        let transformed = json::transform_to_object_schema(Some(&schema), key).unwrap();
        assert_eq!(
            wire["wrapper"], transformed["wrapper_property"],
            "case {name}"
        );
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} vector cases were checked");
}
