//! The `standard` profile's compiled schema: one [`Node`] per schema array, holding exactly
//! what `rest_validate_value_from_schema` reads (with PHP's `isset` / `empty` rules applied
//! once, at compile time).

use super::php::{self, Num};
use fancy_regex as fancy;
use super::value::{ents, canonical_int, to_pval, PKey, PVal};
use crate::core::view::{Key, Shape, View};
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
    Invalid { name: Vec<u8>, falsy: bool },
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
            other => TypeName::Invalid { name: other.to_vec(), falsy: other.is_empty() || other == b"0" },
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
pub enum Ty {
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

impl Ty {
    pub fn is_set(&self) -> bool {
        !matches!(self, Ty::Missing)
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
    List(Vec<PKey>),
    /// Property-level `'required' => true` (draft 3).
    Props(Vec<PKey>),
}

#[derive(Debug)]
pub struct Pattern {
    pub source: Vec<u8>,
    pub regex: Option<fancy::Regex>,
}

impl Pattern {
    fn new(source: Vec<u8>) -> Pattern {
        let regex = php::compile_pattern(&source);
        Pattern { source, regex }
    }
    /// `rest_validate_json_schema_pattern($pattern, $subject)`.
    pub fn is_match(&self, subject: &[u8]) -> bool {
        let Some(re) = &self.regex else { return false };
        let Ok(s) = std::str::from_utf8(subject) else { return false };
        re.is_match(s).unwrap_or(false)
    }
}

#[derive(Debug)]
pub struct Node {
    pub ty: Ty,
    pub title: Option<Vec<u8>>,
    pub any_of: Option<Vec<Node>>,
    pub one_of: Option<Vec<Node>>,
    /// `properties` (only when it is an array); a `None` schema is a property whose schema is
    /// null (`isset` is false for it).
    pub properties: Vec<(PKey, Option<Node>)>,
    /// For many properties: string names and integer names to their index.
    pub prop_index: Option<(HashMap<Vec<u8>, usize>, HashMap<i64, usize>)>,
    pub has_properties: bool,
    pub required: Required,
    pub pattern_properties: Vec<(Pattern, Option<Node>)>,
    pub additional: Additional,
    pub min_properties: Option<PVal>,
    pub max_properties: Option<PVal>,
    pub items: Option<Box<Node>>,
    /// `! empty( $args['items'] )` (sanitization only walks items then).
    pub items_nonempty: bool,
    pub min_items: Option<PVal>,
    pub max_items: Option<PVal>,
    pub unique_items: bool,
    pub minimum: Option<PVal>,
    pub maximum: Option<PVal>,
    pub exclusive_minimum: bool,
    pub exclusive_maximum: bool,
    pub multiple_of: Option<f64>,
    pub min_length: Option<PVal>,
    pub max_length: Option<PVal>,
    pub pattern: Option<Pattern>,
    /// `! empty( $args['enum'] )`: the members (an empty list when enum is a truthy scalar,
    /// which WordPress then never matches).
    pub enum_values: Option<Vec<PVal>>,
    pub format: Option<Format>,
}

impl Node {
    /// A schema that is not an array (`true`, a number …): WordPress reads every keyword of it
    /// as null, so it accepts everything.
    pub fn accept_all() -> Node {
        Node {
            ty: Ty::Missing,
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
    pub fn property(&self, key: &PKey) -> Option<&Node> {
        match key {
            PKey::Int(i) => self.property_int(*i),
            PKey::Str(s) => self.property_str(s),
        }
    }

    /// The schema of a string-named property (a name that is not a canonical integer).
    #[inline]
    pub fn property_str(&self, name: &[u8]) -> Option<&Node> {
        if let Some((by_name, _)) = &self.prop_index {
            return by_name.get(name).and_then(|&i| self.properties[i].1.as_ref());
        }
        self.properties
            .iter()
            .find(|(k, _)| matches!(k, PKey::Str(s) if s.as_slice() == name))
            .and_then(|(_, n)| n.as_ref())
    }

    #[inline]
    pub fn property_int(&self, key: i64) -> Option<&Node> {
        if let Some((_, by_int)) = &self.prop_index {
            return by_int.get(&key).and_then(|&i| self.properties[i].1.as_ref());
        }
        self.properties.iter().find(|(k, _)| *k == PKey::Int(key)).and_then(|(_, n)| n.as_ref())
    }
}

#[derive(Debug)]
pub enum CompileError {
    TooDeep,
    Cycle,
    /// More than [`MAX_SCHEMA_NODES`] schema nodes.
    TooLarge,
}

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
        Compiler { stack: Vec::new(), nodes: 0 }
    }

    pub fn compile<'a, V: View<'a>>(&mut self, schema: V) -> Result<Node, CompileError> {
        self.node(schema, None)
    }

    fn child<'a, V: View<'a>>(&mut self, schema: V, inherit: Option<&Ty>) -> Result<Node, CompileError> {
        self.node(schema, inherit)
    }

    fn node<'a, V: View<'a>>(&mut self, s: V, inherit_type: Option<&Ty>) -> Result<Node, CompileError> {
        let identity = match s.shape() {
            Shape::Array { identity, .. } => identity,
            _ => {
                let mut n = Node::accept_all();
                if let Some(t) = inherit_type {
                    n.ty = t.clone();
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
        let r = self.node_inner(s, inherit_type);
        self.stack.pop();
        r
    }

    fn node_inner<'a, V: View<'a>>(&mut self, s: V, inherit_type: Option<&Ty>) -> Result<Node, CompileError> {
        let mut n = Node::accept_all();
        n.ty = match isset(s, "type") {
            None => inherit_type.cloned().unwrap_or(Ty::Missing),
            Some(t) => match t.shape() {
                Shape::Str(b) => Ty::One(TypeName::parse(b)),
                Shape::Array { .. } => Ty::List(
                    ents(t)
                        .map(|(_, e)| match e.shape() {
                            Shape::Str(b) => TypeName::parse(b),
                            Shape::Int(i) => TypeName::Invalid { name: i.to_string().into_bytes(), falsy: i == 0 },
                            Shape::Float(f) => TypeName::Invalid { name: php::float_to_php_string(f).into_bytes(), falsy: f == 0.0 },
                            Shape::Bool(b) => TypeName::Invalid { name: if b { b"1".to_vec() } else { Vec::new() }, falsy: !b },
                            Shape::Null => TypeName::Invalid { name: Vec::new(), falsy: true },
                            _ => TypeName::Invalid { name: b"?".to_vec(), falsy: false },
                        })
                        .collect(),
                ),
                Shape::Bool(true) => Ty::LooseTrue,
                _ => Ty::Other,
            },
        };
        n.title = isset(s, "title").and_then(|t| t.as_str().map(|b| b.to_vec()));
        // anyOf / oneOf: every branch inherits the parent's type when it has none.
        let parent_ty = if n.ty.is_set() { Some(n.ty.clone()) } else { None };
        for (kw, slot) in [("anyOf", 0), ("oneOf", 1)] {
            if let Some(list) = isset(s, kw) {
                let mut branches = Vec::new();
                for (_, b) in ents(list) {
                    branches.push(self.child(b, parent_ty.as_ref())?);
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
                for (k, p) in ents(props) {
                    let key = PKey::from_key(k);
                    let node = if matches!(p.shape(), Shape::Null) { None } else { Some(self.child(p, None)?) };
                    n.properties.push((key, node));
                }
                if n.properties.len() > 8 {
                    let mut by_name = HashMap::with_capacity(n.properties.len());
                    let mut by_int = HashMap::new();
                    for (i, (k, _)) in n.properties.iter().enumerate() {
                        match k {
                            PKey::Str(s) => {
                                by_name.entry(s.clone()).or_insert(i);
                            }
                            PKey::Int(x) => {
                                by_int.entry(*x).or_insert(i);
                            }
                        }
                    }
                    n.prop_index = Some((by_name, by_int));
                }
            } else {
                // A non-array `properties` still selects the draft-3 branch of `required`.
                n.has_properties = true;
            }
        }
        n.required = match isset(s, "required") {
            Some(r) if r.is_array() => Required::List(
                ents(r)
                    .filter_map(|(_, name)| match name.shape() {
                        Shape::Str(b) => Some(PKey::from_bytes(b)),
                        Shape::Int(i) => Some(PKey::Int(i)),
                        Shape::Bool(b) => Some(PKey::Int(b as i64)),
                        Shape::Float(f) => Some(PKey::Int(php::float_to_int(f))),
                        Shape::Null => Some(PKey::Str(Vec::new())),
                        _ => None,
                    })
                    .collect(),
            ),
            _ if n.has_properties => {
                let req: Vec<PKey> = match s.get("properties") {
                    Some(props) => crate::core::keywords::draft3_required(props).map(PKey::from_key).collect(),
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
            for (k, p) in ents(pp) {
                let src = match k {
                    Key::Int(i) => i.to_string().into_bytes(),
                    Key::Str(b) => b.to_vec(),
                };
                let node = if matches!(p.shape(), Shape::Null) { None } else { Some(self.child(p, None)?) };
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
        n.min_properties = isset(s, "minProperties").map(|v| to_pval(v, 0));
        n.max_properties = isset(s, "maxProperties").map(|v| to_pval(v, 0));
        if let Some(items) = isset(s, "items") {
            n.items_nonempty = !php_empty(items);
            n.items = Some(Box::new(self.child(items, None)?));
        }
        n.min_items = isset(s, "minItems").map(|v| to_pval(v, 0));
        n.max_items = isset(s, "maxItems").map(|v| to_pval(v, 0));
        n.unique_items = s.get("uniqueItems").is_some_and(|v| !php_empty(v));
        n.minimum = isset(s, "minimum").map(|v| to_pval(v, 0));
        n.maximum = isset(s, "maximum").map(|v| to_pval(v, 0));
        n.exclusive_minimum = s.get("exclusiveMinimum").is_some_and(|v| !php_empty(v));
        n.exclusive_maximum = s.get("exclusiveMaximum").is_some_and(|v| !php_empty(v));
        n.multiple_of = isset(s, "multipleOf").map(|v| match v.shape() {
            Shape::Int(i) => i as f64,
            Shape::Float(f) => f,
            Shape::Str(b) => php::parse_numeric(b).map(Num::as_f64).unwrap_or(f64::NAN),
            Shape::Bool(b) => b as i64 as f64,
            _ => f64::NAN,
        });
        n.min_length = isset(s, "minLength").map(|v| to_pval(v, 0));
        n.max_length = isset(s, "maxLength").map(|v| to_pval(v, 0));
        n.pattern = isset(s, "pattern").map(|p| {
            let src = match p.shape() {
                Shape::Str(b) => b.to_vec(),
                Shape::Int(i) => i.to_string().into_bytes(),
                Shape::Float(f) => php::float_to_php_string(f).into_bytes(),
                Shape::Bool(b) => if b { b"1".to_vec() } else { Vec::new() },
                _ => Vec::new(),
            };
            Pattern::new(src)
        });
        if let Some(e) = s.get("enum") {
            if !php_empty(e) {
                n.enum_values = Some(if e.is_array() { ents(e).map(|(_, m)| to_pval(m, 1)).collect() } else { Vec::new() });
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
