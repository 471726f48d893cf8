//! The `standard` profile's compiled schema: one [`Node`] per schema array, holding exactly
//! what `rest_validate_value_from_schema` reads (with PHP's `isset` / `empty` rules applied
//! once, at compile time).
//!
//! This file: the compiled form and the refusals; `compile` reads a schema view into it.

mod compile;

#[cfg(test)]
mod tests;

pub use self::compile::{php_empty, Compiler};

use super::value::{PhpKey, PhpValue};
use crate::core::view::{Shape, View};
use std::collections::HashMap;

#[derive(Clone, Debug, PartialEq)]
pub enum TypeName {
    Array,
    Object,
    String,
    Number,
    Integer,
    Boolean,
    Null,
    /// A type WordPress does not know: no type check (backward compatibility). `name` is the
    /// member as `implode()` writes it; `falsy` whether PHP reads the member as false, for a list
    /// whose first unknown member core falls back to (`! $best_type` then fails the value).
    Invalid {
        name: Vec<u8>,
        falsy: bool,
    },
}

impl TypeName {
    pub fn parse(s: &[u8]) -> TypeName {
        match s {
            b"array" => TypeName::Array,
            b"object" => TypeName::Object,
            b"string" => TypeName::String,
            b"number" => TypeName::Number,
            b"integer" => TypeName::Integer,
            b"boolean" => TypeName::Boolean,
            b"null" => TypeName::Null,
            other => TypeName::Invalid {
                name: other.to_vec(),
                falsy: other.is_empty() || other == b"0",
            },
        }
    }
    pub fn name(&self) -> String {
        match self {
            TypeName::Array => "array".into(),
            TypeName::Object => "object".into(),
            TypeName::String => "string".into(),
            TypeName::Number => "number".into(),
            TypeName::Integer => "integer".into(),
            TypeName::Boolean => "boolean".into(),
            TypeName::Null => "null".into(),
            TypeName::Invalid { name, .. } => String::from_utf8_lossy(name).into_owned(),
        }
    }
    pub fn is_valid(&self) -> bool {
        !matches!(self, TypeName::Invalid { .. })
    }
    /// An unknown type PHP reads as false (`""`, `"0"`, `0`, `0.0`, `null`, `false`).
    pub fn is_falsy(&self) -> bool {
        matches!(self, TypeName::Invalid { falsy: true, .. })
    }
}

/// `$args['type']`.
#[derive(Clone, Debug, PartialEq)]
pub enum TypeDecl {
    /// Not set (or null).
    Missing,
    One(TypeName),
    /// A list of types (`rest_handle_multi_type_schema`).
    List(Vec<TypeName>),
    /// `true`: PHP's loose `switch` sends it to the `'null'` case; the format keyword still
    /// applies (it is not one of the allowed type strings).
    LooseTrue,
    /// Any other non-string scalar: no type check, format applies.
    Other,
}

impl TypeDecl {
    pub fn is_set(&self) -> bool {
        !matches!(self, TypeDecl::Missing)
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Format {
    HexColor,
    DateTime,
    Email,
    Ip,
    Uuid,
    Uri,
    TextField,
    TextareaField,
    Other,
}

#[derive(Debug)]
pub enum Additional {
    None,
    False,
    Schema(Box<Node>),
}

#[derive(Debug)]
pub enum Required {
    None,
    /// `required` is an array (draft 4).
    List(Vec<PhpKey>),
    /// Property-level `'required' => true` (draft 3).
    Props(Vec<PhpKey>),
}

#[derive(Debug)]
pub struct Pattern {
    pub source: Vec<u8>,
    /// The host's form of it (PHP's PCRE in the extension, see [`super::pattern`]); None when
    /// it can never match (longer than `MAX_PATTERN_BYTES`, or known not to compile).
    prepared: Option<Box<dyn super::pattern::Prepared>>,
}

impl Pattern {
    fn new(source: Vec<u8>) -> Pattern {
        let prepared = if source.len() > crate::core::MAX_PATTERN_BYTES {
            None // as PHP's preg_match failing on it: no match
        } else {
            super::pattern::engine().prepare(&source)
        };
        Pattern { source, prepared }
    }
    /// `rest_validate_json_schema_pattern($pattern, $subject)`.
    pub fn is_match(&self, subject: &[u8]) -> bool {
        self.prepared.as_ref().is_some_and(|p| p.is_match(subject))
    }
}

/// Where each named (by bytes) and integer-keyed property sits in `properties`.
pub type PropertyIndex = (HashMap<Vec<u8>, usize>, HashMap<i64, usize>);

#[derive(Debug)]
pub struct Node {
    pub ty: TypeDecl,
    /// `ty` is the parent's, given to an anyOf/oneOf branch without its own `type` (core gives
    /// such a branch whatever type its parent has when it is read, which sanitizing may have narrowed).
    pub ty_inherited: bool,
    pub title: Option<Vec<u8>>,
    pub any_of: Option<Vec<Node>>,
    pub one_of: Option<Vec<Node>>,
    /// `properties` (only when it is an array); a `None` schema is a property whose schema is
    /// null (`isset` is false for it).
    pub properties: Vec<(PhpKey, Option<Node>)>,
    /// For many properties: string names and integer names to their index.
    pub prop_index: Option<PropertyIndex>,
    pub has_properties: bool,
    pub required: Required,
    pub pattern_properties: Vec<(Pattern, Option<Node>)>,
    pub additional: Additional,
    pub min_properties: Option<PhpValue>,
    pub max_properties: Option<PhpValue>,
    pub items: Option<Box<Node>>,
    /// `! empty( $args['items'] )` (sanitization only walks items then).
    pub items_nonempty: bool,
    pub min_items: Option<PhpValue>,
    pub max_items: Option<PhpValue>,
    pub unique_items: bool,
    pub minimum: Option<PhpValue>,
    pub maximum: Option<PhpValue>,
    pub exclusive_minimum: bool,
    pub exclusive_maximum: bool,
    pub multiple_of: Option<f64>,
    pub min_length: Option<PhpValue>,
    pub max_length: Option<PhpValue>,
    pub pattern: Option<Pattern>,
    /// `! empty( $args['enum'] )`: the members (an empty list when enum is a truthy scalar,
    /// which WordPress then never matches).
    pub enum_values: Option<Vec<PhpValue>>,
    pub format: Option<Format>,
}

impl Node {
    /// A schema that is not an array (`true`, a number …): WordPress reads every keyword of it
    /// as null, so it accepts everything.
    pub fn accept_all() -> Node {
        Node {
            ty: TypeDecl::Missing,
            ty_inherited: false,
            title: None,
            any_of: None,
            one_of: None,
            properties: Vec::new(),
            prop_index: None,
            has_properties: false,
            required: Required::None,
            pattern_properties: Vec::new(),
            additional: Additional::None,
            min_properties: None,
            max_properties: None,
            items: None,
            items_nonempty: false,
            min_items: None,
            max_items: None,
            unique_items: false,
            minimum: None,
            maximum: None,
            exclusive_minimum: false,
            exclusive_maximum: false,
            multiple_of: None,
            min_length: None,
            max_length: None,
            pattern: None,
            enum_values: None,
            format: None,
        }
    }

    /// The schema of a named property (`isset( $args['properties'][ $key ] )`).
    pub fn property(&self, key: &PhpKey) -> Option<&Node> {
        match key {
            PhpKey::Int(i) => self.property_int(*i),
            PhpKey::Str(s) => self.property_str(s),
        }
    }

    /// The schema of a string-named property (a name that is not a canonical integer).
    #[inline]
    pub fn property_str(&self, name: &[u8]) -> Option<&Node> {
        if let Some((by_name, _)) = &self.prop_index {
            return by_name
                .get(name)
                .and_then(|&i| self.properties[i].1.as_ref());
        }
        self.properties
            .iter()
            .find(|(k, _)| matches!(k, PhpKey::Str(s) if s.as_slice() == name))
            .and_then(|(_, n)| n.as_ref())
    }

    #[inline]
    pub fn property_int(&self, key: i64) -> Option<&Node> {
        if let Some((_, by_int)) = &self.prop_index {
            return by_int
                .get(&key)
                .and_then(|&i| self.properties[i].1.as_ref());
        }
        self.properties
            .iter()
            .find(|(k, _)| *k == PhpKey::Int(key))
            .and_then(|(_, n)| n.as_ref())
    }
}

#[derive(Debug)]
pub enum CompileError {
    TooDeep,
    Cycle,
    /// More than [`MAX_SCHEMA_NODES`] schema nodes.
    TooLarge,
    /// A value core cannot read where it is: PHP throws (or, for an enum member, its JSON
    /// encoder could run without a bound). `holds` says what it is ("an array", "a Closure
    /// object"). The refusal does not depend on the value validated, as depth does not.
    Unreadable {
        at: Place,
        holds: String,
    },
}

/// Where a schema holds what core cannot read (each with the message of its refusal).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Place {
    /// A sub-schema core follows (see `compile::unreadable_sub_schema`).
    SubSchema,
    /// `properties` as a string: core's `$args['properties'][ $name ]` indexes it.
    Properties,
    /// A member of a `type` list: core's array_diff() and `isset( $checks[ $type ] )` throw on
    /// arrays and objects.
    TypeList,
    /// A member of a `required` list: array_key_exists() throws on arrays and objects.
    RequiredList,
    /// A keyword core reads as a number: a comparison or its message's number_format() throws
    /// on anything but a number, a numeric string, a boolean or null.
    Number(&'static str),
    /// `pattern`: an object cannot be made the pattern's string without running its code.
    Pattern,
    /// An `enum` member holding an object other than a stdClass (its `jsonSerialize()` may return
    /// anything) when core's message json_encode()s it.
    EnumObject,
    /// An `enum` member nested [`MAX_ENUM_DEPTH`] deep (PHP's encoder recurses in C).
    EnumDepth,
}

impl Place {
    /// The message of a schema refused for holding `holds` here.
    pub fn message(self, holds: &str) -> String {
        match self {
            Place::SubSchema => {
                format!("A sub-schema of the schema is {holds}, which is not a schema.")
            }
            Place::Properties => {
                format!("The schema's properties is {holds}, which is not a map of schemas.")
            }
            Place::TypeList => {
                format!("The schema's type list holds {holds}, which is not a type name.")
            }
            Place::RequiredList => {
                format!("The schema's required list holds {holds}, which is not a property name.")
            }
            Place::Number(keyword) => {
                format!("The schema's {keyword} is {holds}, which is not a number.")
            }
            Place::Pattern => format!("The schema's pattern is {holds}, which is not a pattern."),
            Place::EnumObject => {
                format!("An enum member of the schema is {holds}, which has no fixed JSON form.")
            }
            Place::EnumDepth => format!(
                "An enum member of the schema is nested deeper than {MAX_ENUM_DEPTH} levels."
            ),
        }
    }
}

/// What a value is, as a refusal names it (the fallback's `SchemaShape::described()`).
pub fn described<'a, V: View<'a>>(v: V) -> String {
    match v.shape() {
        Shape::Null => "null".into(),
        Shape::Bool(b) => if b { "true" } else { "false" }.into(),
        Shape::Int(_) => "an integer".into(),
        Shape::Float(_) => "a float".into(),
        Shape::Str(_) => "a string".into(),
        Shape::Array { .. } => "an array".into(),
        Shape::Object { .. } => format!("a {} object", v.class_name().unwrap_or_default()),
        Shape::Opaque => "a resource".into(),
    }
}

fn unreadable<'a, V: View<'a>>(at: Place, v: V) -> CompileError {
    CompileError::Unreadable {
        at,
        holds: described(v),
    }
}

/// How deep an `enum` member may nest (the fallback's `Validator::ENUM_DEPTH`; a request's
/// JSON nests at most 512 deep).
pub const MAX_ENUM_DEPTH: usize = 1024;

/// Most schema nodes one compilation visits (the fallback's `SchemaShape::BUDGET` is the same
/// bound): shared sub-arrays can make a schema of a few KB have 2^40 nodes to a walk, and the
/// compiled tree lives outside `memory_limit`.
pub const MAX_SCHEMA_NODES: usize = 100_000;
