//! The `standard` profile's compiled schema: one [`Node`] per schema array, holding exactly
//! what `rest_validate_value_from_schema` reads (with PHP's `isset` / `empty` rules applied
//! once, at compile time).

use super::php::{self, Num};
use super::value::{canonical_int, keyed_entries, to_php_value, PhpKey, PhpValue};
use crate::core::view::{Key, ObjectKind, Shape, View};
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
    /// A sub-schema core follows (see [`unreadable_sub_schema`]).
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

/// Whether PHP throws reading a sub-schema core follows as one: a string anywhere
/// (`$schema['type']` on a string is a TypeError), and an integer, a float, `true` or a resource
/// as an anyOf/oneOf branch whose parent has a `type` (core writes `$schema['type']` into it).
/// Null and `false` become arrays there; elsewhere non-arrays read as empty schemas.
fn unreadable_sub_schema(shape: Shape<'_>, parent_typed: bool) -> bool {
    match shape {
        Shape::Str(_) => true,
        Shape::Int(_) | Shape::Float(_) | Shape::Bool(true) | Shape::Opaque => parent_typed,
        _ => false,
    }
}

/// The keywords core reads as numbers.
const NUMBER_KEYWORDS: [&str; 9] = [
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
    "minimum",
    "maximum",
    "multipleOf",
];

/// Whether core can read a keyword's value as a number (see [`Place::Number`]).
fn reads_as_number(shape: Shape<'_>) -> bool {
    match shape {
        Shape::Null | Shape::Bool(_) | Shape::Int(_) | Shape::Float(_) => true,
        Shape::Str(b) => php::parse_numeric(b).is_some(),
        _ => false,
    }
}

/// How deep an `enum` member may nest (the fallback's `Validator::ENUM_DEPTH`; a request's
/// JSON nests at most 512 deep).
pub const MAX_ENUM_DEPTH: usize = 1024;

/// Most schema nodes one compilation visits (the fallback's `SchemaShape::BUDGET` is the same
/// bound): shared sub-arrays can make a schema of a few KB have 2^40 nodes to a walk, and the
/// compiled tree lives outside `memory_limit`.
pub const MAX_SCHEMA_NODES: usize = 100_000;

/// PHP's `empty()`.
pub fn php_empty<'a, V: View<'a>>(v: V) -> bool {
    match v.shape() {
        Shape::Null => true,
        Shape::Bool(b) => !b,
        Shape::Int(i) => i == 0,
        Shape::Float(f) => f == 0.0,
        Shape::Str(s) => s.is_empty() || s == b"0",
        Shape::Array { len, .. } => len == 0,
        _ => false,
    }
}

/// `isset( $args[ $key ] )`: present and not null.
fn isset<'a, V: View<'a>>(v: V, key: &str) -> Option<V> {
    v.get(key).filter(|c| !matches!(c.shape(), Shape::Null))
}

pub struct Compiler {
    stack: Vec<usize>,
    nodes: usize,
}

impl Default for Compiler {
    fn default() -> Self {
        Self::new()
    }
}

impl Compiler {
    pub fn new() -> Compiler {
        Compiler {
            stack: Vec::new(),
            nodes: 0,
        }
    }

    pub fn compile<'a, V: View<'a>>(&mut self, schema: V) -> Result<Node, CompileError> {
        self.node(schema, None, false)
    }

    fn child<'a, V: View<'a>>(
        &mut self,
        schema: V,
        inherit: Option<&TypeDecl>,
    ) -> Result<Node, CompileError> {
        self.node(schema, inherit, false)
    }

    /// `typed_later`: an anyOf/oneOf branch whose untyped parent may take a type while core
    /// validates (from the anyOf branch a value matches), which core then writes into it.
    fn node<'a, V: View<'a>>(
        &mut self,
        s: V,
        inherit_type: Option<&TypeDecl>,
        typed_later: bool,
    ) -> Result<Node, CompileError> {
        let identity = match s.shape() {
            Shape::Array { identity, .. } => identity,
            shape => {
                if unreadable_sub_schema(shape, inherit_type.is_some() || typed_later) {
                    return Err(unreadable(Place::SubSchema, s));
                }
                let mut n = Node::accept_all();
                if let Some(t) = inherit_type {
                    n.ty = t.clone();
                    n.ty_inherited = true;
                }
                return Ok(n);
            }
        };
        if self.stack.len() >= crate::core::MAX_DEPTH {
            return Err(CompileError::TooDeep);
        }
        if identity != 0 && self.stack.contains(&identity) {
            return Err(CompileError::Cycle);
        }
        self.nodes += 1;
        if self.nodes > MAX_SCHEMA_NODES {
            return Err(CompileError::TooLarge);
        }
        self.stack.push(identity);
        let r = self.node_inner(s, inherit_type, typed_later);
        self.stack.pop();
        r
    }

    /// Refuses the members core's enum message would json_encode() unsafely (see
    /// [`Place::EnumObject`], [`Place::EnumDepth`]); each member counts as a schema node, as in the fallback.
    fn check_enum<'a, V: View<'a>>(&mut self, members: V) -> Result<(), CompileError> {
        let mut stack = vec![(members, 0usize)];
        while let Some((container, depth)) = stack.pop() {
            if depth >= MAX_ENUM_DEPTH {
                return Err(CompileError::Unreadable {
                    at: Place::EnumDepth,
                    holds: String::new(),
                });
            }
            for (_, member) in keyed_entries(container) {
                self.nodes += 1;
                if self.nodes > MAX_SCHEMA_NODES {
                    return Err(CompileError::TooLarge);
                }
                match member.shape() {
                    Shape::Array { .. }
                    | Shape::Object {
                        kind: ObjectKind::Plain,
                        ..
                    } => stack.push((member, depth + 1)),
                    Shape::Object { .. } => return Err(unreadable(Place::EnumObject, member)),
                    _ => {}
                }
            }
        }
        Ok(())
    }

    fn node_inner<'a, V: View<'a>>(
        &mut self,
        s: V,
        inherit_type: Option<&TypeDecl>,
        typed_later: bool,
    ) -> Result<Node, CompileError> {
        let mut n = Node::accept_all();
        n.ty_inherited = inherit_type.is_some() && isset(s, "type").is_none();
        n.ty = match isset(s, "type") {
            None => inherit_type.cloned().unwrap_or(TypeDecl::Missing),
            Some(t) => match t.shape() {
                Shape::Str(b) => TypeDecl::One(TypeName::parse(b)),
                Shape::Array { .. } => {
                    let mut list = Vec::new();
                    for (_, e) in keyed_entries(t) {
                        list.push(match e.shape() {
                            Shape::Str(b) => TypeName::parse(b),
                            Shape::Int(i) => TypeName::Invalid {
                                name: i.to_string().into_bytes(),
                                falsy: i == 0,
                            },
                            Shape::Float(f) => TypeName::Invalid {
                                name: php::float_to_php_string(f).into_bytes(),
                                falsy: f == 0.0,
                            },
                            Shape::Bool(b) => TypeName::Invalid {
                                name: if b { b"1".to_vec() } else { Vec::new() },
                                falsy: !b,
                            },
                            Shape::Null => TypeName::Invalid {
                                name: Vec::new(),
                                falsy: true,
                            },
                            Shape::Array { .. } | Shape::Object { .. } => {
                                return Err(unreadable(Place::TypeList, e))
                            }
                            Shape::Opaque => TypeName::Invalid {
                                name: b"?".to_vec(),
                                falsy: false,
                            },
                        });
                    }
                    TypeDecl::List(list)
                }
                Shape::Bool(true) => TypeDecl::LooseTrue,
                _ => TypeDecl::Other,
            },
        };
        if let Some(members) = isset(s, "enum").filter(|e| e.is_array()) {
            self.check_enum(members)?;
        }
        for keyword in NUMBER_KEYWORDS {
            if let Some(v) = isset(s, keyword).filter(|v| !reads_as_number(v.shape())) {
                return Err(unreadable(Place::Number(keyword), v));
            }
        }
        if let Some(v) = isset(s, "pattern")
            .filter(|p| matches!(p.shape(), Shape::Object { .. } | Shape::Opaque))
        {
            return Err(unreadable(Place::Pattern, v));
        }
        n.title = isset(s, "title").and_then(|t| t.as_str().map(|b| b.to_vec()));
        // anyOf / oneOf: every branch inherits the parent's type when it has none; an untyped
        // parent takes the type of the anyOf branch a value matches, which oneOf's branches then inherit
        let parent_ty = if n.ty.is_set() {
            Some(n.ty.clone())
        } else {
            None
        };
        let any_of_typed = isset(s, "anyOf").is_some_and(|l| {
            keyed_entries(l).any(|(_, b)| b.is_array() && isset(b, "type").is_some())
        });
        for (kw, slot) in [("anyOf", 0), ("oneOf", 1)] {
            if let Some(list) = isset(s, kw) {
                let later = parent_ty.is_none() && (typed_later || (slot == 1 && any_of_typed));
                let mut branches = Vec::new();
                for (_, b) in keyed_entries(list) {
                    branches.push(self.node(b, parent_ty.as_ref(), later)?);
                }
                if slot == 0 {
                    n.any_of = Some(branches);
                } else {
                    n.one_of = Some(branches);
                }
            }
        }
        if let Some(props) = isset(s, "properties") {
            if props.is_array() {
                n.has_properties = true;
                for (k, p) in keyed_entries(props) {
                    let key = PhpKey::from_key(k);
                    let node = if matches!(p.shape(), Shape::Null) {
                        None
                    } else {
                        Some(self.child(p, None)?)
                    };
                    n.properties.push((key, node));
                }
                if n.properties.len() > 8 {
                    let mut by_name = HashMap::with_capacity(n.properties.len());
                    let mut by_int = HashMap::new();
                    for (i, (k, _)) in n.properties.iter().enumerate() {
                        match k {
                            PhpKey::Str(s) => {
                                by_name.entry(s.clone()).or_insert(i);
                            }
                            PhpKey::Int(x) => {
                                by_int.entry(*x).or_insert(i);
                            }
                        }
                    }
                    n.prop_index = Some((by_name, by_int));
                }
            } else if props.as_str().is_some() {
                return Err(unreadable(Place::Properties, props));
            } else {
                // A non-array `properties` still selects the draft-3 branch of `required`.
                n.has_properties = true;
            }
        }
        n.required = match isset(s, "required") {
            Some(r) if r.is_array() => {
                let mut names = Vec::new();
                for (_, name) in keyed_entries(r) {
                    names.push(match name.shape() {
                        Shape::Str(b) => PhpKey::from_bytes(b),
                        Shape::Int(i) => PhpKey::Int(i),
                        Shape::Bool(b) => PhpKey::Int(b as i64),
                        Shape::Float(f) => PhpKey::Int(php::float_to_int(f)),
                        Shape::Null => PhpKey::Str(Vec::new()),
                        Shape::Array { .. } | Shape::Object { .. } => {
                            return Err(unreadable(Place::RequiredList, name))
                        }
                        Shape::Opaque => continue,
                    });
                }
                Required::List(names)
            }
            _ if n.has_properties => {
                let req: Vec<PhpKey> = match s.get("properties") {
                    Some(props) => crate::core::draft3::required_properties(props)
                        .map(PhpKey::from_key)
                        .collect(),
                    None => Vec::new(),
                };
                if req.is_empty() {
                    Required::None
                } else {
                    Required::Props(req)
                }
            }
            _ => Required::None,
        };
        if let Some(pp) = isset(s, "patternProperties") {
            for (k, p) in keyed_entries(pp) {
                let src = match k {
                    Key::Int(i) => i.to_string().into_bytes(),
                    Key::Str(b) => b.to_vec(),
                };
                let node = if matches!(p.shape(), Shape::Null) {
                    None
                } else {
                    Some(self.child(p, None)?)
                };
                n.pattern_properties.push((Pattern::new(src), node));
            }
        }
        n.additional = match isset(s, "additionalProperties") {
            Some(a) => match a.shape() {
                Shape::Bool(false) => Additional::False,
                Shape::Array { .. } => Additional::Schema(Box::new(self.child(a, None)?)),
                _ => Additional::None,
            },
            None => Additional::None,
        };
        n.min_properties = isset(s, "minProperties").map(|v| to_php_value(v, 0));
        n.max_properties = isset(s, "maxProperties").map(|v| to_php_value(v, 0));
        if let Some(items) = isset(s, "items") {
            n.items_nonempty = !php_empty(items);
            n.items = Some(Box::new(self.child(items, None)?));
        }
        n.min_items = isset(s, "minItems").map(|v| to_php_value(v, 0));
        n.max_items = isset(s, "maxItems").map(|v| to_php_value(v, 0));
        n.unique_items = s.get("uniqueItems").is_some_and(|v| !php_empty(v));
        n.minimum = isset(s, "minimum").map(|v| to_php_value(v, 0));
        n.maximum = isset(s, "maximum").map(|v| to_php_value(v, 0));
        n.exclusive_minimum = s.get("exclusiveMinimum").is_some_and(|v| !php_empty(v));
        n.exclusive_maximum = s.get("exclusiveMaximum").is_some_and(|v| !php_empty(v));
        n.multiple_of = isset(s, "multipleOf").map(|v| match v.shape() {
            Shape::Int(i) => i as f64,
            Shape::Float(f) => f,
            Shape::Str(b) => php::parse_numeric(b).map(Num::as_f64).unwrap_or(f64::NAN),
            Shape::Bool(b) => b as i64 as f64,
            _ => f64::NAN,
        });
        n.min_length = isset(s, "minLength").map(|v| to_php_value(v, 0));
        n.max_length = isset(s, "maxLength").map(|v| to_php_value(v, 0));
        n.pattern = isset(s, "pattern").map(|p| {
            let src = match p.shape() {
                Shape::Str(b) => b.to_vec(),
                Shape::Int(i) => i.to_string().into_bytes(),
                Shape::Float(f) => php::float_to_php_string(f).into_bytes(),
                Shape::Bool(b) => {
                    if b {
                        b"1".to_vec()
                    } else {
                        Vec::new()
                    }
                }
                // PHP's string of an array, as core's concatenation makes it
                Shape::Array { .. } => b"Array".to_vec(),
                _ => Vec::new(),
            };
            Pattern::new(src)
        });
        if let Some(e) = s.get("enum") {
            if !php_empty(e) {
                n.enum_values = Some(if e.is_array() {
                    keyed_entries(e).map(|(_, m)| to_php_value(m, 1)).collect()
                } else {
                    Vec::new()
                });
            }
        }
        n.format = isset(s, "format").map(|f| match f.shape() {
            Shape::Str(b) => match b {
                b"hex-color" => Format::HexColor,
                b"date-time" => Format::DateTime,
                b"email" => Format::Email,
                b"ip" => Format::Ip,
                b"uuid" => Format::Uuid,
                b"uri" => Format::Uri,
                b"text-field" => Format::TextField,
                b"textarea-field" => Format::TextareaField,
                _ => Format::Other,
            },
            // loose switch: `true == 'hex-color'`
            Shape::Bool(true) => Format::HexColor,
            _ => Format::Other,
        });
        let _ = canonical_int;
        Ok(n)
    }
}
