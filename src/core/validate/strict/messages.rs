//! The violations of the crate's errors, with messages of our own (the PHP fallback writes the
//! same).

use crate::core::keywords::push_pointer_segment;
use crate::core::validate::php::float_to_php_string;
use crate::core::validate::{Violation, Violations};
use jsonschema::error::{TypeKind, ValidationErrorKind as JsonSchemaError};
use serde_json::Value;

/// A limit as the messages print it (integers plainly, floats as PHP prints them).
pub fn display_json(v: &Value) -> String {
    match v {
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.to_string(),
            None => match n.as_u64() {
                Some(u) => u.to_string(),
                None => float_to_php_string(n.as_f64().unwrap_or(f64::NAN)),
            },
        },
        Value::String(s) => s.clone(),
        Value::Bool(b) => b.to_string(),
        Value::Null => "null".into(),
        _ => "array".into(),
    }
}

/// Canonical order of JSON types in messages.
pub const TYPE_ORDER: [&str; 7] = [
    "null", "boolean", "integer", "number", "string", "array", "object",
];

/// The violation of a property `additionalProperties` forbids, under the object at `base`.
pub(super) fn unexpected_property(base: &str, name: &str) -> Violation {
    let mut path = base.to_owned();
    path.push('/');
    push_pointer_segment(&mut path, name.as_bytes());
    Violation {
        path,
        keyword: "additionalProperties".into(),
        message: format!("{name} is not a valid property of Object."),
    }
}

/// The violation(s) of one error of the crate at the value `base`.
pub(super) fn push_violations(errs: &mut Violations, base: String, kind: &JsonSchemaError) {
    let who = if base.is_empty() {
        "value".to_string()
    } else {
        base.clone()
    };
    match kind {
        JsonSchemaError::AdditionalProperties { unexpected } => {
            for name in unexpected {
                errs.push(unexpected_property(&base, name));
            }
        }
        JsonSchemaError::Required { property } => {
            let name = property
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| display_json(property));
            let mut path = base;
            path.push('/');
            push_pointer_segment(&mut path, name.as_bytes());
            errs.push(Violation {
                path,
                keyword: "required".into(),
                message: format!("{name} is a required property of {who}."),
            });
        }
        _ => {
            let (keyword, message) =
                limit_violation(&who, kind).unwrap_or_else(|| keyword_violation(&who, kind));
            errs.push(Violation {
                path: base,
                keyword: keyword.into(),
                message,
            });
        }
    }
}

/// The keyword and message of a violated bound (a number's, a length, a count); None for
/// other errors.
fn limit_violation(who: &str, kind: &JsonSchemaError) -> Option<(&'static str, String)> {
    Some(match kind {
        JsonSchemaError::Minimum { limit } => (
            "minimum",
            format!(
                "{who} must be greater than or equal to {}.",
                display_json(limit)
            ),
        ),
        JsonSchemaError::Maximum { limit } => (
            "maximum",
            format!(
                "{who} must be less than or equal to {}.",
                display_json(limit)
            ),
        ),
        JsonSchemaError::ExclusiveMinimum { limit } => (
            "exclusiveMinimum",
            format!("{who} must be greater than {}.", display_json(limit)),
        ),
        JsonSchemaError::ExclusiveMaximum { limit } => (
            "exclusiveMaximum",
            format!("{who} must be less than {}.", display_json(limit)),
        ),
        JsonSchemaError::MultipleOf { multiple_of } => {
            let m = *multiple_of;
            let ms = if m.fract() == 0.0 && m.abs() < 1e15 {
                (m as i64).to_string()
            } else {
                float_to_php_string(m)
            };
            ("multipleOf", format!("{who} must be a multiple of {ms}."))
        }
        JsonSchemaError::MinLength { limit } => (
            "minLength",
            format!("{who} must be at least {limit} characters long."),
        ),
        JsonSchemaError::MaxLength { limit } => (
            "maxLength",
            format!("{who} must be at most {limit} characters long."),
        ),
        JsonSchemaError::MinItems { limit } => (
            "minItems",
            format!("{who} must contain at least {limit} items."),
        ),
        JsonSchemaError::MaxItems { limit } => (
            "maxItems",
            format!("{who} must contain at most {limit} items."),
        ),
        JsonSchemaError::MinProperties { limit } => (
            "minProperties",
            format!("{who} must contain at least {limit} properties."),
        ),
        JsonSchemaError::MaxProperties { limit } => (
            "maxProperties",
            format!("{who} must contain at most {limit} properties."),
        ),
        _ => return None,
    })
}

/// The keyword and message of any other error (the crate's keyword for those we do not word).
fn keyword_violation<'k>(who: &str, kind: &'k JsonSchemaError) -> (&'k str, String) {
    match kind {
        JsonSchemaError::Type { kind } => {
            let mut names: Vec<String> = match kind {
                TypeKind::Single(t) => vec![t.to_string()],
                TypeKind::Multiple(set) => set.iter().map(|t| t.to_string()).collect(),
            };
            names.sort_by_key(|n| TYPE_ORDER.iter().position(|t| t == n).unwrap_or(99));
            ("type", format!("{who} is not of type {}.", names.join(",")))
        }
        JsonSchemaError::Enum { .. } => {
            ("enum", format!("{who} is not one of the allowed values."))
        }
        JsonSchemaError::Constant { .. } => {
            ("const", format!("{who} is not the expected constant."))
        }
        JsonSchemaError::UniqueItems => ("uniqueItems", format!("{who} has duplicate items.")),
        JsonSchemaError::Pattern { pattern } => (
            "pattern",
            format!("{who} does not match pattern {pattern}."),
        ),
        JsonSchemaError::AnyOf { .. } => (
            "anyOf",
            format!("{who} does not match any of the expected formats."),
        ),
        JsonSchemaError::OneOfNotValid { .. } => (
            "oneOf",
            format!("{who} does not match any of the expected formats."),
        ),
        JsonSchemaError::OneOfMultipleValid { .. } => (
            "oneOf",
            format!("{who} matches more than one of the expected formats."),
        ),
        JsonSchemaError::Not { .. } => ("not", format!("{who} must not match the schema.")),
        JsonSchemaError::FalseSchema => ("falseSchema", format!("{who} is not allowed.")),
        other => (
            other.keyword(),
            format!("{who} does not satisfy {}.", other.keyword()),
        ),
    }
}
