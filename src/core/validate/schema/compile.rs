//! The compiler: a schema view to a [`Node`] tree, refusing what core cannot read (see
//! [`Place`]) before any value is validated.

use super::{
    unreadable, Additional, CompileError, Format, Node, Pattern, Place, PropertyIndex, Required,
    TypeDecl, TypeName, MAX_ENUM_DEPTH, MAX_SCHEMA_NODES,
};
use crate::core::validate::php::{self, Num};
use crate::core::validate::value::{keyed_entries, to_php_value, PhpKey, PhpValue};
use crate::core::view::{Key, ObjectKind, Shape, View};
use std::collections::HashMap;

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

/// A keyword core compares with (a limit): its value as PHP holds it.
fn limit<'a, V: View<'a>>(s: V, keyword: &str) -> Option<PhpValue> {
    isset(s, keyword).map(|v| to_php_value(v, 0))
}

/// A keyword core reads with `! empty()`.
fn flag<'a, V: View<'a>>(s: V, keyword: &str) -> bool {
    s.get(keyword).is_some_and(|v| !php_empty(v))
}

/// `(string) $scalar` of a type list member, a pattern …: PHP's string of it.
fn scalar_string_or<'a, V: View<'a>>(v: V, otherwise: &[u8]) -> Vec<u8> {
    match v.shape() {
        Shape::Str(b) => b.to_vec(),
        Shape::Int(i) => i.to_string().into_bytes(),
        Shape::Float(f) => php::float_to_php_string(f).into_bytes(),
        Shape::Bool(true) => b"1".to_vec(),
        Shape::Bool(false) => Vec::new(),
        _ => otherwise.to_vec(),
    }
}

/// `$args['type']` when set.
fn type_decl<'a, V: View<'a>>(t: V) -> Result<TypeDecl, CompileError> {
    Ok(match t.shape() {
        Shape::Str(b) => TypeDecl::One(TypeName::parse(b)),
        Shape::Array { .. } => {
            let mut list = Vec::new();
            for (_, member) in keyed_entries(t) {
                list.push(type_list_member(member)?);
            }
            TypeDecl::List(list)
        }
        Shape::Bool(true) => TypeDecl::LooseTrue,
        _ => TypeDecl::Other,
    })
}

/// One member of a `type` list: a type name, or an unknown type named as `implode()` writes it.
fn type_list_member<'a, V: View<'a>>(member: V) -> Result<TypeName, CompileError> {
    Ok(match member.shape() {
        Shape::Str(b) => TypeName::parse(b),
        Shape::Array { .. } | Shape::Object { .. } => {
            return Err(unreadable(Place::TypeList, member))
        }
        Shape::Opaque => TypeName::Invalid {
            name: b"?".to_vec(),
            falsy: false,
        },
        shape => TypeName::Invalid {
            name: scalar_string_or(member, b""),
            falsy: match shape {
                Shape::Int(i) => i == 0,
                Shape::Float(f) => f == 0.0,
                Shape::Bool(b) => !b,
                _ => true, // null
            },
        },
    })
}

/// `required` as an array (draft 4), else the properties' `'required' => true` (draft 3) when
/// the schema has `properties`.
fn required<'a, V: View<'a>>(s: V, has_properties: bool) -> Result<Required, CompileError> {
    match isset(s, "required") {
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
            Ok(Required::List(names))
        }
        _ if has_properties => {
            let names: Vec<PhpKey> = match s.get("properties") {
                Some(props) => crate::core::draft3::required_properties(props)
                    .map(PhpKey::from_key)
                    .collect(),
                None => Vec::new(),
            };
            Ok(if names.is_empty() {
                Required::None
            } else {
                Required::Props(names)
            })
        }
        _ => Ok(Required::None),
    }
}

/// Where each property sits, for a node with many of them (the first of equal names wins).
fn property_index(properties: &[(PhpKey, Option<Node>)]) -> PropertyIndex {
    let mut by_name = HashMap::with_capacity(properties.len());
    let mut by_int = HashMap::new();
    for (i, (k, _)) in properties.iter().enumerate() {
        match k {
            PhpKey::Str(s) => {
                by_name.entry(s.clone()).or_insert(i);
            }
            PhpKey::Int(x) => {
                by_int.entry(*x).or_insert(i);
            }
        }
    }
    (by_name, by_int)
}

/// `multipleOf` as the float core divides by (NaN where PHP's `%` would not read a number).
fn multiple_of<'a, V: View<'a>>(v: V) -> f64 {
    match v.shape() {
        Shape::Int(i) => i as f64,
        Shape::Float(f) => f,
        Shape::Str(b) => php::parse_numeric(b).map(Num::as_f64).unwrap_or(f64::NAN),
        Shape::Bool(b) => b as i64 as f64,
        _ => f64::NAN,
    }
}

/// The pattern's source as core's concatenation makes it (an array reads as "Array").
fn pattern_source<'a, V: View<'a>>(p: V) -> Vec<u8> {
    match p.shape() {
        Shape::Array { .. } => b"Array".to_vec(),
        _ => scalar_string_or(p, b""),
    }
}

/// `! empty( $args['enum'] )`: its members (none when it is a truthy scalar).
fn enum_values<'a, V: View<'a>>(s: V) -> Option<Vec<PhpValue>> {
    let e = s.get("enum").filter(|e| !php_empty(*e))?;
    Some(if e.is_array() {
        keyed_entries(e).map(|(_, m)| to_php_value(m, 1)).collect()
    } else {
        Vec::new()
    })
}

/// `$args['format']` as core's loose `switch` reads it.
fn format<'a, V: View<'a>>(f: V) -> Format {
    match f.shape() {
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
    }
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

    fn child<'a, V: View<'a>>(&mut self, schema: V) -> Result<Node, CompileError> {
        self.node(schema, None, false)
    }

    /// A child schema that may be null (`isset` is false for it: no schema).
    fn optional_child<'a, V: View<'a>>(&mut self, schema: V) -> Result<Option<Node>, CompileError> {
        if matches!(schema.shape(), Shape::Null) {
            Ok(None)
        } else {
            self.child(schema).map(Some)
        }
    }

    /// Counts one schema node against [`MAX_SCHEMA_NODES`].
    fn count_node(&mut self) -> Result<(), CompileError> {
        self.nodes += 1;
        if self.nodes > MAX_SCHEMA_NODES {
            return Err(CompileError::TooLarge);
        }
        Ok(())
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
        self.count_node()?;
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
                self.count_node()?;
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

    /// The keywords whose value core cannot read (an enum member, a number, a pattern).
    fn refuse_unreadable_keywords<'a, V: View<'a>>(&mut self, s: V) -> Result<(), CompileError> {
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
            Some(t) => type_decl(t)?,
        };
        self.refuse_unreadable_keywords(s)?;
        n.title = isset(s, "title").and_then(|t| t.as_str().map(|b| b.to_vec()));
        self.branches(s, &mut n, typed_later)?;
        self.properties(s, &mut n)?;
        n.required = required(s, n.has_properties)?;
        self.pattern_properties(s, &mut n)?;
        n.additional = match isset(s, "additionalProperties") {
            Some(a) => match a.shape() {
                Shape::Bool(false) => Additional::False,
                Shape::Array { .. } => Additional::Schema(Box::new(self.child(a)?)),
                _ => Additional::None,
            },
            None => Additional::None,
        };
        n.min_properties = limit(s, "minProperties");
        n.max_properties = limit(s, "maxProperties");
        if let Some(items) = isset(s, "items") {
            n.items_nonempty = !php_empty(items);
            n.items = Some(Box::new(self.child(items)?));
        }
        read_scalar_keywords(s, &mut n);
        Ok(n)
    }

    /// anyOf / oneOf: every branch inherits the parent's type when it has none; an untyped
    /// parent takes the type of the anyOf branch a value matches, which oneOf's branches then inherit.
    fn branches<'a, V: View<'a>>(
        &mut self,
        s: V,
        n: &mut Node,
        typed_later: bool,
    ) -> Result<(), CompileError> {
        let parent_ty = if n.ty.is_set() {
            Some(n.ty.clone())
        } else {
            None
        };
        let any_of_typed = isset(s, "anyOf").is_some_and(|l| {
            keyed_entries(l).any(|(_, b)| b.is_array() && isset(b, "type").is_some())
        });
        for (keyword, is_one_of) in [("anyOf", false), ("oneOf", true)] {
            if let Some(list) = isset(s, keyword) {
                let later = parent_ty.is_none() && (typed_later || (is_one_of && any_of_typed));
                let mut branches = Vec::new();
                for (_, b) in keyed_entries(list) {
                    branches.push(self.node(b, parent_ty.as_ref(), later)?);
                }
                if is_one_of {
                    n.one_of = Some(branches);
                } else {
                    n.any_of = Some(branches);
                }
            }
        }
        Ok(())
    }

    fn properties<'a, V: View<'a>>(&mut self, s: V, n: &mut Node) -> Result<(), CompileError> {
        let Some(props) = isset(s, "properties") else {
            return Ok(());
        };
        if props.is_array() {
            n.has_properties = true;
            for (k, p) in keyed_entries(props) {
                let node = self.optional_child(p)?;
                n.properties.push((PhpKey::from_key(k), node));
            }
            if n.properties.len() > 8 {
                n.prop_index = Some(property_index(&n.properties));
            }
        } else if props.as_str().is_some() {
            return Err(unreadable(Place::Properties, props));
        } else {
            // A non-array `properties` still selects the draft-3 branch of `required`.
            n.has_properties = true;
        }
        Ok(())
    }

    fn pattern_properties<'a, V: View<'a>>(
        &mut self,
        s: V,
        n: &mut Node,
    ) -> Result<(), CompileError> {
        if let Some(pp) = isset(s, "patternProperties") {
            for (k, p) in keyed_entries(pp) {
                let source = match k {
                    Key::Int(i) => i.to_string().into_bytes(),
                    Key::Str(b) => b.to_vec(),
                };
                let node = self.optional_child(p)?;
                n.pattern_properties.push((Pattern::new(source), node));
            }
        }
        Ok(())
    }
}

/// The keywords read after the sub-schemas, in core's order (limits are copied in this order,
/// each spending the call's work budget).
fn read_scalar_keywords<'a, V: View<'a>>(s: V, n: &mut Node) {
    n.min_items = limit(s, "minItems");
    n.max_items = limit(s, "maxItems");
    n.unique_items = flag(s, "uniqueItems");
    n.minimum = limit(s, "minimum");
    n.maximum = limit(s, "maximum");
    n.exclusive_minimum = flag(s, "exclusiveMinimum");
    n.exclusive_maximum = flag(s, "exclusiveMaximum");
    n.multiple_of = isset(s, "multipleOf").map(multiple_of);
    n.min_length = limit(s, "minLength");
    n.max_length = limit(s, "maxLength");
    n.pattern = isset(s, "pattern").map(|p| Pattern::new(pattern_source(p)));
    n.enum_values = enum_values(s);
    n.format = isset(s, "format").map(format);
}
