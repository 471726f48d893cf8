//! The `standard` profile: `rest_validate_value_from_schema` function by function, collecting
//! every violation instead of returning the first. Where WordPress returns early inside one
//! node (a failed type check), we do too, so the verdict (valid or not) is always WordPress's.

use super::canonical::{unique_items, values_equal, Uniqueness};
use super::hooks;
use super::php::{self, Num};
use super::schema::{Additional, Format, Node, Required, TypeDecl, TypeName};
use super::value::{keyed_entries, normalize_key, NormalKey, PhpKey, PhpValue};
use super::{Violation, Violations};
use crate::core::keywords::push_pointer_segment;
use crate::core::view::{Key, ObjectKind, Shape, View};
use std::cmp::Ordering;

/// One step of a JSON Pointer.
#[derive(Clone, Copy, Debug)]
pub enum PathSegment<'p> {
    Key(Key<'p>),
    Idx(usize),
}

/// Stop signal of the first-error mode (used for anyOf/oneOf branches).
pub struct Stop;
type Flow = Result<(), Stop>;

pub struct WalkState<'p> {
    path: Vec<PathSegment<'p>>,
    prefix: String,
    pub errors: Violations,
    first_only: bool,
    ancestors: Vec<usize>,
    depth: usize,
}

/// A PHP scalar as the messages print it.
pub fn display_php_value(v: &PhpValue) -> String {
    match v {
        PhpValue::Null => "null".into(),
        PhpValue::Bool(b) => {
            if *b {
                "true".into()
            } else {
                "false".into()
            }
        }
        PhpValue::Int(i) => i.to_string(),
        PhpValue::Float(f) => php::float_to_php_string(*f),
        PhpValue::Str(s) => String::from_utf8_lossy(s).into_owned(),
        PhpValue::Arr(_) | PhpValue::Obj(_) => "array".into(),
        PhpValue::Opaque => "object".into(),
    }
}

fn display_enum_member(v: &PhpValue) -> String {
    match v {
        PhpValue::Str(s) => format!("\"{}\"", String::from_utf8_lossy(s)),
        other => display_php_value(other),
    }
}

/// The kind of a value as WordPress's checks see it.
#[derive(Clone, Copy)]
enum ValueKind<'a> {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(&'a [u8]),
    Arr(usize),
    PlainObj,
    Other,
}

fn kind<'a, V: View<'a>>(v: V) -> ValueKind<'a> {
    match v.shape() {
        Shape::Null => ValueKind::Null,
        Shape::Bool(b) => ValueKind::Bool(b),
        Shape::Int(i) => ValueKind::Int(i),
        Shape::Float(f) => ValueKind::Float(f),
        Shape::Str(s) => ValueKind::Str(s),
        Shape::Array { len, .. } => ValueKind::Arr(len),
        Shape::Object {
            kind: ObjectKind::Plain,
            ..
        } => ValueKind::PlainObj,
        _ => ValueKind::Other,
    }
}

/// `is_numeric`.
fn numeric(k: ValueKind<'_>) -> Option<Num> {
    match k {
        ValueKind::Int(i) => Some(Num::Int(i)),
        ValueKind::Float(f) => Some(Num::Float(f)),
        ValueKind::Str(s) => php::parse_numeric(s),
        _ => None,
    }
}

/// `rest_is_integer`.
fn is_integer(k: ValueKind<'_>) -> bool {
    match k {
        ValueKind::Int(_) => true,
        ValueKind::Float(f) => php::float_is_whole(f),
        ValueKind::Str(s) => php::str_is_integer(s),
        _ => false,
    }
}

/// `rest_is_boolean`.
fn is_boolean(k: ValueKind<'_>) -> bool {
    match k {
        ValueKind::Bool(_) => true,
        ValueKind::Str(s) => {
            php::eq_ignore_ascii_case(s, "false")
                || php::eq_ignore_ascii_case(s, "true")
                || s == b"0"
                || s == b"1"
        }
        ValueKind::Int(i) => i == 0 || i == 1,
        _ => false,
    }
}

/// `rest_is_object` (JsonSerializable objects are not read: they count as non-objects).
fn is_object(k: ValueKind<'_>) -> bool {
    matches!(
        k,
        ValueKind::Str(b"") | ValueKind::PlainObj | ValueKind::Arr(_)
    )
}

/// `rest_is_array`.
fn is_array<'a, V: View<'a>>(v: V, k: ValueKind<'a>) -> bool {
    match k {
        ValueKind::Bool(_) | ValueKind::Int(_) | ValueKind::Float(_) | ValueKind::Str(_) => true,
        ValueKind::Arr(_) => {
            keyed_entries(v).all(|(key, _)| matches!(normalize_key(key), NormalKey::Int(_)))
        }
        _ => false,
    }
}

/// `(string) $scalar`.
fn scalar_string(k: ValueKind<'_>) -> Option<Vec<u8>> {
    match k {
        ValueKind::Bool(b) => Some(if b { b"1".to_vec() } else { Vec::new() }),
        ValueKind::Int(i) => Some(i.to_string().into_bytes()),
        ValueKind::Float(f) => Some(php::float_to_php_string(f).into_bytes()),
        ValueKind::Str(s) => Some(s.to_vec()),
        ValueKind::Null => Some(Vec::new()),
        _ => None,
    }
}

/// `wp_parse_list( $scalar )` as a list value.
fn parse_list_value(k: ValueKind<'_>) -> PhpValue {
    let s = scalar_string(k).unwrap_or_default();
    PhpValue::Arr(
        php::parse_list(&s)
            .into_iter()
            .enumerate()
            .map(|(i, p)| (PhpKey::Int(i as i64), PhpValue::Str(p.to_vec())))
            .collect(),
    )
}

/// PHP 8 `$num <=> $schema_value` for a numeric left side.
fn cmp_num(a: Num, b: &PhpValue) -> Option<Ordering> {
    match b {
        PhpValue::Int(i) => php::num_cmp(a, Num::Int(*i)),
        PhpValue::Float(f) => php::num_cmp(a, Num::Float(*f)),
        PhpValue::Str(s) => match php::parse_numeric(s) {
            Some(n) => php::num_cmp(a, n),
            None => {
                let left = match a {
                    Num::Int(i) => i.to_string(),
                    Num::Float(f) => php::float_to_php_string(f),
                };
                Some(left.as_bytes().cmp(s.as_slice()))
            }
        },
        PhpValue::Bool(b) => {
            let l = a.as_f64() != 0.0;
            Some(l.cmp(b))
        }
        PhpValue::Null => {
            let l = a.as_f64() != 0.0;
            Some(l.cmp(&false))
        }
        PhpValue::Arr(_) | PhpValue::Obj(_) | PhpValue::Opaque => Some(Ordering::Less),
    }
}

fn lt(a: Num, b: &PhpValue) -> bool {
    cmp_num(a, b) == Some(Ordering::Less)
}
fn gt(a: Num, b: &PhpValue) -> bool {
    cmp_num(a, b) == Some(Ordering::Greater)
}
fn le(a: Num, b: &PhpValue) -> bool {
    matches!(cmp_num(a, b), Some(Ordering::Less | Ordering::Equal))
}
fn ge(a: Num, b: &PhpValue) -> bool {
    matches!(cmp_num(a, b), Some(Ordering::Greater | Ordering::Equal))
}

impl<'p> WalkState<'p> {
    pub fn new(first_only: bool, depth: usize, prefix: String) -> WalkState<'p> {
        WalkState {
            path: Vec::new(),
            prefix,
            errors: Violations::default(),
            first_only,
            ancestors: Vec::new(),
            depth,
        }
    }

    pub fn pointer(&self) -> String {
        let mut s = self.prefix.clone();
        for seg in &self.path {
            s.push('/');
            match seg {
                PathSegment::Key(Key::Int(i)) => s.push_str(&i.to_string()),
                PathSegment::Key(Key::Str(b)) => push_pointer_segment(&mut s, b),
                PathSegment::Idx(i) => s.push_str(&i.to_string()),
            }
        }
        s
    }

    fn who(&self) -> String {
        let p = self.pointer();
        if p.is_empty() {
            "value".into()
        } else {
            p
        }
    }

    fn fail(&mut self, keyword: &'static str, message: impl FnOnce(&str) -> String) -> Flow {
        if self.first_only {
            return Err(Stop);
        }
        if !self.errors.has_room() {
            self.errors.count_unlisted();
            return Ok(());
        }
        let path = self.pointer();
        let who = if path.is_empty() {
            "value".to_string()
        } else {
            path.clone()
        };
        let message = message(&who);
        self.errors.push(Violation {
            path,
            keyword: keyword.into(),
            message,
        });
        Ok(())
    }

    /// A violation at a child of the current path (the child need not exist: `required`).
    fn fail_child(
        &mut self,
        name: &[u8],
        keyword: &'static str,
        message: impl FnOnce(&str) -> String,
    ) -> Flow {
        if self.first_only {
            return Err(Stop);
        }
        if !self.errors.has_room() {
            self.errors.count_unlisted();
            return Ok(());
        }
        let parent = self.who();
        let mut path = self.pointer();
        path.push('/');
        push_pointer_segment(&mut path, name);
        let message = message(&parent);
        self.errors.push(Violation {
            path,
            keyword: keyword.into(),
            message,
        });
        Ok(())
    }

    /// Does `v` satisfy `n` (first-error mode, no messages)?
    /// `inherit`: the type an untyped branch takes from its parent while core validates.
    fn matches<V: View<'p>>(&mut self, v: V, n: &Node, inherit: Option<&TypeDecl>) -> bool {
        let saved = self.first_only;
        self.first_only = true;
        let ok = self.value_as(v, n, inherit).is_ok();
        self.first_only = saved;
        ok
    }

    /// `rest_validate_value_from_schema`.
    pub fn value<V: View<'p>>(&mut self, v: V, n: &Node) -> Flow {
        self.value_as(v, n, None)
    }

    /// value() of an anyOf/oneOf branch whose parent has the type `inherit` now (see
    /// [`branch_type`]: core writes the parent's current type into a branch without its own,
    /// where the compiler gave it the parent's declared one).
    fn value_as<V: View<'p>>(&mut self, v: V, n: &Node, inherit: Option<&TypeDecl>) -> Flow {
        let mut eff: &TypeDecl = inherit.map_or(&n.ty, |parent| branch_type(n, parent));
        // branches without a type of their own take this node's as it is now
        if let Some(branches) = &n.any_of {
            let inherit = eff.is_set().then_some(eff);
            match branches.iter().find(|b| self.matches(v, b, inherit)) {
                None => {
                    return self.fail("anyOf", |w| {
                        format!("{w} does not match any of the expected formats.")
                    })
                }
                Some(m) => {
                    if !eff.is_set() && m.ty.is_set() {
                        eff = &m.ty;
                    }
                }
            }
        }
        if let Some(branches) = &n.one_of {
            let inherit = eff.is_set().then_some(eff);
            let mut matched: Option<&Node> = None;
            let mut count = 0;
            for b in branches {
                if self.matches(v, b, inherit) {
                    count += 1;
                    if matched.is_none() {
                        matched = Some(b);
                    }
                }
            }
            if count == 0 {
                return self.fail("oneOf", |w| {
                    format!("{w} does not match any of the expected formats.")
                });
            }
            if count > 1 {
                return self.fail("oneOf", |w| {
                    format!("{w} matches more than one of the expected formats.")
                });
            }
            let m = matched.unwrap();
            if !eff.is_set() && m.ty.is_set() {
                eff = &m.ty;
            }
        }
        let k = kind(v);
        // Multi-type: pick the best type.
        let resolved: Option<TypeName>;
        let single: Option<&TypeName> = match eff {
            TypeDecl::List(types) => {
                resolved = best_type(v, k, types);
                match &resolved {
                    None => {
                        let names: Vec<String> = types.iter().map(|t| t.name()).collect();
                        let names = names.join(",");
                        return self.fail("type", |w| format!("{w} is not of type {names}."));
                    }
                    Some(t) => Some(t),
                }
            }
            TypeDecl::One(t) => Some(t),
            TypeDecl::LooseTrue => Some(&TypeName::Null),
            TypeDecl::Missing | TypeDecl::Other => None,
        };
        if let Some(t) = single {
            let type_ok = match t {
                TypeName::Null => {
                    if matches!(k, ValueKind::Null) {
                        true
                    } else {
                        self.fail("type", |w| format!("{w} is not of type null."))?;
                        false
                    }
                }
                TypeName::Boolean => {
                    if is_boolean(k) {
                        true
                    } else {
                        self.fail("type", |w| format!("{w} is not of type boolean."))?;
                        false
                    }
                }
                TypeName::Object => self.object(v, k, n)?,
                TypeName::Array => self.array(v, k, n)?,
                TypeName::Number => self.number(k, n, "number")?,
                TypeName::Integer => {
                    if self.number(k, n, "integer")? {
                        if is_integer(k) {
                            true
                        } else {
                            self.fail("type", |w| format!("{w} is not of type integer."))?;
                            false
                        }
                    } else {
                        false
                    }
                }
                TypeName::String => self.string(k, n)?,
                TypeName::Invalid { .. } => true,
            };
            if !type_ok {
                return Ok(());
            }
        }
        if n.enum_values.is_none() && n.format.is_none() {
            return Ok(());
        }
        // The type as `$args['type']` now reads (a resolved list becomes one name).
        let eff_for_sanitize: TypeDecl = match (eff, single) {
            (TypeDecl::List(_), Some(t)) => TypeDecl::One(t.clone()),
            (other, _) => other.clone(),
        };
        if let Some(members) = &n.enum_values {
            let ok = match enum_fast(k, n, &eff_for_sanitize) {
                Some(found) => found,
                None => match sanitize(v, n, &eff_for_sanitize, self.depth) {
                    Err(Unsanitizable) => false,
                    Ok(s) => members.iter().any(|m| values_equal(&s, m)),
                },
            };
            if !ok {
                let list: Vec<String> = members.iter().map(display_enum_member).collect();
                let list = list.join(", ");
                self.fail("enum", |w| {
                    if members.len() == 1 {
                        format!("{w} is not {list}.")
                    } else {
                        format!("{w} is not one of {list}.")
                    }
                })?;
            }
        }
        if let Some(f) = n.format {
            if format_applies(&eff_for_sanitize) {
                self.format(k, f)?;
            }
        }
        Ok(())
    }

    fn format(&mut self, k: ValueKind<'p>, f: Format) -> Flow {
        // preg_match & co. read scalars as strings; WordPress errors on arrays here.
        let owned;
        let s: &[u8] = match k {
            ValueKind::Str(s) => s,
            _ => {
                owned = scalar_string(k).unwrap_or_default();
                &owned
            }
        };
        match f {
            Format::HexColor if !php::is_hex_color(s) => {
                self.fail("format", |w| format!("{w} is not a valid hex color."))
            }
            Format::DateTime if !php::is_rest_date(s) => {
                self.fail("format", |w| format!("{w} is not a valid date."))
            }
            Format::Email if !hooks::is_email(s) => {
                self.fail("format", |w| format!("{w} is not a valid email address."))
            }
            Format::Ip if !php::is_ip(s) => {
                self.fail("format", |w| format!("{w} is not a valid IP address."))
            }
            Format::Uuid if !(matches!(k, ValueKind::Str(_)) && php::is_uuid(s)) => {
                self.fail("format", |w| format!("{w} is not a valid UUID."))
            }
            _ => Ok(()),
        }
    }

    fn enter<V: View<'p>>(&mut self, v: V) -> Result<Option<usize>, Stop> {
        let id = match v.shape() {
            Shape::Array { identity, .. } | Shape::Object { identity, .. } => identity,
            _ => return Ok(None),
        };
        if self.depth + self.ancestors.len() >= crate::core::MAX_DEPTH {
            self.fail("depth", |w| {
                format!(
                    "{w} is nested deeper than {} levels.",
                    crate::core::MAX_DEPTH
                )
            })?;
            return Err(Stop);
        }
        // A reference cycle needs no check here: every step down the value is a step down the
        // (finite, acyclic) compiled schema, exactly as in WordPress.
        self.ancestors.push(id);
        Ok(Some(id))
    }

    /// `rest_validate_object_value_from_schema`; returns whether the type check passed.
    fn object<V: View<'p>>(&mut self, v: V, k: ValueKind<'p>, n: &Node) -> Result<bool, Stop> {
        if !is_object(k) {
            self.fail("type", |w| format!("{w} is not of type object."))?;
            return Ok(false);
        }
        let is_empty_string = matches!(k, ValueKind::Str(_));
        let entered = if is_empty_string {
            None
        } else {
            match self.enter(v) {
                Ok(e) => e,
                Err(Stop) if !self.first_only => return Ok(false),
                Err(Stop) => return Err(Stop),
            }
        };
        let r = self.object_body(v, is_empty_string, n);
        if entered.is_some() {
            self.ancestors.pop();
        }
        r.map(|_| true)
    }

    fn object_body<V: View<'p>>(&mut self, v: V, empty: bool, n: &Node) -> Flow {
        let required: &[PhpKey] = match &n.required {
            Required::List(l) | Required::Props(l) => l,
            Required::None => &[],
        };
        for name in required {
            let present = !empty && has_key(v, name);
            if !present {
                let nb = name.to_bytes();
                let shown = String::from_utf8_lossy(&nb).into_owned();
                self.fail_child(&nb, "required", |parent| {
                    format!("{shown} is a required property of {parent}.")
                })?;
            }
        }
        let mut count = 0usize;
        if !empty {
            for (key, child) in keyed_entries(v) {
                count += 1;
                let pk = normalize_key(key);
                let prop = if n.properties.is_empty() {
                    None
                } else {
                    match pk {
                        NormalKey::Int(i) => n.property_int(i),
                        NormalKey::Str(s) => n.property_str(s),
                    }
                };
                if let Some(ps) = prop {
                    self.path.push(PathSegment::Key(key));
                    let r = self.value(child, ps);
                    self.path.pop();
                    r?;
                    continue;
                }
                if !n.pattern_properties.is_empty() {
                    let name: std::borrow::Cow<[u8]> = match pk {
                        NormalKey::Int(i) => std::borrow::Cow::Owned(i.to_string().into_bytes()),
                        NormalKey::Str(s) => std::borrow::Cow::Borrowed(s),
                    };
                    if let Some((_, Some(ps))) =
                        n.pattern_properties.iter().find(|(p, _)| p.is_match(&name))
                    {
                        self.path.push(PathSegment::Key(key));
                        let r = self.value(child, ps);
                        self.path.pop();
                        r?;
                        continue;
                    }
                }
                match &n.additional {
                    Additional::None => {}
                    Additional::False => {
                        let name = match pk {
                            NormalKey::Int(i) => i.to_string(),
                            NormalKey::Str(s) => String::from_utf8_lossy(s).into_owned(),
                        };
                        self.path.push(PathSegment::Key(key));
                        let r = self.fail("additionalProperties", |_| {
                            format!("{name} is not a valid property of Object.")
                        });
                        self.path.pop();
                        r?;
                    }
                    Additional::Schema(s) => {
                        self.path.push(PathSegment::Key(key));
                        let r = self.value(child, s);
                        self.path.pop();
                        r?;
                    }
                }
            }
        }
        let c = Num::Int(count as i64);
        if let Some(min) = &n.min_properties {
            if lt(c, min) {
                let m = display_php_value(min);
                self.fail("minProperties", |w| {
                    format!("{w} must contain at least {m} properties.")
                })?;
            }
        }
        if let Some(max) = &n.max_properties {
            if gt(c, max) {
                let m = display_php_value(max);
                self.fail("maxProperties", |w| {
                    format!("{w} must contain at most {m} properties.")
                })?;
            }
        }
        Ok(())
    }

    /// `rest_validate_array_value_from_schema`; returns whether the type check passed.
    fn array<V: View<'p>>(&mut self, v: V, k: ValueKind<'p>, n: &Node) -> Result<bool, Stop> {
        if !is_array(v, k) {
            self.fail("type", |w| format!("{w} is not of type array."))?;
            return Ok(false);
        }
        if let ValueKind::Arr(_) = k {
            let entered = match self.enter(v) {
                Ok(e) => e,
                Err(Stop) if !self.first_only => return Ok(false),
                Err(Stop) => return Err(Stop),
            };
            let r = self.array_body(v, n);
            if entered.is_some() {
                self.ancestors.pop();
            }
            return r.map(|_| true);
        }
        // A scalar: wp_parse_list() makes a list of strings of it.
        let list = parse_list_value(k);
        let mut sub = WalkState::new(
            self.first_only,
            self.depth + self.ancestors.len(),
            self.pointer(),
        );
        let r = sub.array_body(&list, n);
        self.errors.append(std::mem::take(&mut sub.errors));
        r.map(|_| true)
    }

    fn array_body<V: View<'p>>(&mut self, v: V, n: &Node) -> Flow {
        let mut count = 0usize;
        if let Some(items) = &n.items {
            for (i, (key, child)) in keyed_entries(v).enumerate() {
                let _ = i;
                count += 1;
                self.path.push(PathSegment::Key(key));
                let r = self.value(child, items);
                self.path.pop();
                r?;
            }
        } else {
            count = keyed_entries(v).count();
        }
        let c = Num::Int(count as i64);
        if let Some(min) = &n.min_items {
            if lt(c, min) {
                let m = display_php_value(min);
                self.fail("minItems", |w| {
                    format!("{w} must contain at least {m} items.")
                })?;
            }
        }
        if let Some(max) = &n.max_items {
            if gt(c, max) {
                let m = display_php_value(max);
                self.fail("maxItems", |w| {
                    format!("{w} must contain at most {m} items.")
                })?;
            }
        }
        if n.unique_items {
            match unique_items(v) {
                Uniqueness::Unique => {}
                Uniqueness::Duplicate => {
                    self.fail("uniqueItems", |w| format!("{w} has duplicate items."))?
                }
                Uniqueness::Undecided(why) => self.fail("uniqueItems", |w| {
                    format!("{w} has items that {why}, so they cannot be shown to be unique.")
                })?,
            }
        }
        Ok(())
    }

    /// `rest_validate_number_value_from_schema`; returns whether the type check passed.
    fn number(
        &mut self,
        k: ValueKind<'p>,
        n: &Node,
        type_name: &'static str,
    ) -> Result<bool, Stop> {
        let Some(x) = numeric(k) else {
            self.fail("type", |w| format!("{w} is not of type {type_name}."))?;
            return Ok(false);
        };
        if let Some(m) = n.multiple_of {
            let xf = x.as_f64();
            let r = xf % m;
            if r != 0.0 {
                let ms = if m.fract() == 0.0 && m.abs() < 1e15 {
                    (m as i64).to_string()
                } else {
                    php::float_to_php_string(m)
                };
                self.fail("multipleOf", |w| format!("{w} must be a multiple of {ms}."))?;
            }
        }
        if let Some(min) = &n.minimum {
            let bad = if n.exclusive_minimum {
                le(x, min)
            } else {
                lt(x, min)
            };
            if bad {
                let m = display_php_value(min);
                if n.exclusive_minimum {
                    self.fail("exclusiveMinimum", |w| {
                        format!("{w} must be greater than {m}.")
                    })?;
                } else {
                    self.fail("minimum", |w| {
                        format!("{w} must be greater than or equal to {m}.")
                    })?;
                }
            }
        }
        if let Some(max) = &n.maximum {
            let bad = if n.exclusive_maximum {
                ge(x, max)
            } else {
                gt(x, max)
            };
            if bad {
                let m = display_php_value(max);
                if n.exclusive_maximum {
                    self.fail("exclusiveMaximum", |w| {
                        format!("{w} must be less than {m}.")
                    })?;
                } else {
                    self.fail("maximum", |w| {
                        format!("{w} must be less than or equal to {m}.")
                    })?;
                }
            }
        }
        Ok(true)
    }

    /// `rest_validate_string_value_from_schema`; returns whether the type check passed.
    fn string(&mut self, k: ValueKind<'p>, n: &Node) -> Result<bool, Stop> {
        let ValueKind::Str(s) = k else {
            self.fail("type", |w| format!("{w} is not of type string."))?;
            return Ok(false);
        };
        if n.min_length.is_some() || n.max_length.is_some() {
            let len = Num::Int(super::hooks::mb_strlen(s) as i64);
            if let Some(min) = &n.min_length {
                if lt(len, min) {
                    let m = display_php_value(min);
                    self.fail("minLength", |w| {
                        format!("{w} must be at least {m} characters long.")
                    })?;
                }
            }
            if let Some(max) = &n.max_length {
                if gt(len, max) {
                    let m = display_php_value(max);
                    self.fail("maxLength", |w| {
                        format!("{w} must be at most {m} characters long.")
                    })?;
                }
            }
        }
        if let Some(p) = &n.pattern {
            if !p.is_match(s) {
                let src = String::from_utf8_lossy(&p.source);
                self.fail("pattern", |w| format!("{w} does not match pattern {src}."))?;
            }
        }
        Ok(true)
    }
}

/// `rest_validate_enum` without allocating, for the common scalar cases (no anyOf/oneOf, a
/// single scalar type, no format): None when the general path is needed.
fn enum_fast(k: ValueKind<'_>, n: &Node, eff: &TypeDecl) -> Option<bool> {
    if n.any_of.is_some() || n.one_of.is_some() {
        return None;
    }
    let members = n.enum_values.as_ref()?;
    let t = match eff {
        TypeDecl::One(t) => t,
        _ => return None,
    };
    match t {
        TypeName::String if n.format.is_none() => {
            let ValueKind::Str(s) = k else { return None };
            Some(
                members
                    .iter()
                    .any(|m| matches!(m, PhpValue::Str(x) if x.as_slice() == s)),
            )
        }
        TypeName::Integer => {
            let i = match k {
                ValueKind::Int(i) => i,
                ValueKind::Str(s) => php::str_to_int(s),
                ValueKind::Float(f) => php::float_to_int(f),
                _ => return None,
            };
            Some(members.iter().any(|m| values_equal(&PhpValue::Int(i), m)))
        }
        TypeName::Boolean => {
            let b = match k {
                ValueKind::Bool(b) => b,
                ValueKind::Str(s) => {
                    !(php::eq_ignore_ascii_case(s, "false") || s == b"0" || s.is_empty())
                }
                ValueKind::Int(i) => i != 0,
                _ => return None,
            };
            Some(
                members
                    .iter()
                    .any(|m| matches!(m, PhpValue::Bool(x) if *x == b)),
            )
        }
        _ => None,
    }
}

/// Whether the `format` keyword applies: type unset, `string`, or not a built-in type.
fn format_applies(t: &TypeDecl) -> bool {
    match t {
        TypeDecl::Missing | TypeDecl::LooseTrue | TypeDecl::Other => true,
        TypeDecl::One(TypeName::String) | TypeDecl::One(TypeName::Invalid { .. }) => true,
        TypeDecl::One(_) => false,
        // A list that found no best type never gets here; one that did was resolved.
        TypeDecl::List(_) => false,
    }
}

/// `rest_get_best_type_for_value` + the invalid-type fallback of `rest_handle_multi_type_schema`.
fn best_type<'a, V: View<'a>>(v: V, k: ValueKind<'a>, types: &[TypeName]) -> Option<TypeName> {
    if matches!(k, ValueKind::Str(b"")) && types.contains(&TypeName::String) {
        return Some(TypeName::String);
    }
    for t in types {
        let ok = match t {
            TypeName::Array => is_array(v, k),
            TypeName::Object => is_object(k),
            TypeName::Integer => is_integer(k),
            TypeName::Number => numeric(k).is_some(),
            TypeName::Boolean => is_boolean(k),
            TypeName::String => matches!(k, ValueKind::Str(_)),
            TypeName::Null => matches!(k, ValueKind::Null),
            TypeName::Invalid { .. } => false,
        };
        if ok {
            return Some(t.clone());
        }
    }
    // core falls back to the first unknown type, and then fails the value when PHP reads it as false
    types
        .iter()
        .find(|t| !t.is_valid())
        .filter(|t| !t.is_falsy())
        .cloned()
}

/// `array_key_exists( $name, $value )`.
fn has_key<'a, V: View<'a>>(v: V, name: &PhpKey) -> bool {
    if let PhpKey::Str(s) = name {
        if let Ok(k) = std::str::from_utf8(s) {
            if v.get(k).is_some() {
                return true;
            }
            // a view may store keys un-normalised; fall through to the scan only for ints
            return false;
        }
    }
    keyed_entries(v).any(|(k, _)| name.matches(k))
}

// ---------------------------------------------------------------------------------------------
// Sanitization (only for `enum`): rest_sanitize_value_from_schema.
// ---------------------------------------------------------------------------------------------

/// First-error verdict of `v` against the anyOf/oneOf branch `n` of a node whose type is
/// `parent` while core reads it, in a fresh context.
fn verdict<'q, V: View<'q>>(v: V, n: &Node, parent: &TypeDecl, depth: usize) -> bool {
    let mut c: WalkState<'q> = WalkState::new(true, depth, String::new());
    c.value_as(v, n, parent.is_set().then_some(parent)).is_ok()
}

/// The type core reads a branch `b` by: its own, else its parent's as the parent has it now.
fn branch_type<'t>(b: &'t Node, parent: &'t TypeDecl) -> &'t TypeDecl {
    if (b.ty_inherited || !b.ty.is_set()) && parent.is_set() {
        parent
    } else {
        &b.ty
    }
}

fn to_p<'a, V: View<'a>>(v: V) -> PhpValue {
    super::value::to_php_value(v, 0)
}

/// Why a value has no sanitized form: nested past MAX_DEPTH, or a branch core cannot sanitize by
/// (core's sanitizer then answers with an error of its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unsanitizable;

pub fn sanitize<'a, V: View<'a>>(
    v: V,
    n: &Node,
    eff: &TypeDecl,
    depth: usize,
) -> Result<PhpValue, Unsanitizable> {
    if depth > crate::core::MAX_DEPTH {
        return Err(Unsanitizable);
    }
    let mut eff = eff.clone();
    if let Some(branches) = &n.any_of {
        let m = branches
            .iter()
            .find(|b| verdict(v, b, &eff, depth))
            .ok_or(Unsanitizable)?;
        let s = sanitize_by_branch(v, m, &mut eff, depth)?;
        return sanitize_after_any(&s, n, &eff, depth);
    }
    sanitize_after_any(v, n, &eff, depth)
}

/// `v` sanitized by the anyOf/oneOf branch `m` it matched, read by the type core gives `m` (its
/// own, else the node's `eff` as it is now); an untyped node then takes `m`'s type, as core does.
fn sanitize_by_branch<'a, V: View<'a>>(
    v: V,
    m: &Node,
    eff: &mut TypeDecl,
    depth: usize,
) -> Result<PhpValue, Unsanitizable> {
    let m_ty = branch_type(m, eff).clone();
    if !eff.is_set() {
        *eff = m.ty.clone();
    }
    sanitize(v, m, &m_ty, depth + 1)
}

fn sanitize_after_any<'a, V: View<'a>>(
    v: V,
    n: &Node,
    eff: &TypeDecl,
    depth: usize,
) -> Result<PhpValue, Unsanitizable> {
    let mut eff = eff.clone();
    if let Some(branches) = &n.one_of {
        let mut found: Option<&Node> = None;
        let mut count = 0;
        for b in branches {
            if verdict(v, b, &eff, depth) {
                count += 1;
                if found.is_none() {
                    found = Some(b);
                }
            }
        }
        if count != 1 {
            return Err(Unsanitizable);
        }
        let s = sanitize_by_branch(v, found.unwrap(), &mut eff, depth)?;
        return sanitize_typed(&s, n, &eff, depth);
    }
    sanitize_typed(v, n, &eff, depth)
}

fn sanitize_typed<'a, V: View<'a>>(
    v: V,
    n: &Node,
    eff: &TypeDecl,
    depth: usize,
) -> Result<PhpValue, Unsanitizable> {
    let k = kind(v);
    let t: Option<TypeName> = match eff {
        TypeDecl::List(types) => match best_type(v, k, types) {
            None => return Ok(PhpValue::Null),
            Some(t) => Some(t),
        },
        TypeDecl::One(t) => Some(t.clone()),
        _ => None,
    };
    let eff_one = match &t {
        Some(t) => TypeDecl::One(t.clone()),
        None => eff.clone(),
    };
    match t {
        Some(TypeName::Array) => {
            let list: Vec<PhpValue> = match k {
                ValueKind::Bool(_)
                | ValueKind::Int(_)
                | ValueKind::Float(_)
                | ValueKind::Str(_) => match parse_list_value(k) {
                    PhpValue::Arr(items) => items.into_iter().map(|(_, x)| x).collect(),
                    _ => Vec::new(),
                },
                ValueKind::Arr(_) => keyed_entries(v).map(|(_, c)| to_p(c)).collect(),
                _ => Vec::new(),
            };
            let mut out = Vec::with_capacity(list.len());
            for (i, item) in list.into_iter().enumerate() {
                let item = match (&n.items, n.items_nonempty) {
                    (Some(items), true) => sanitize(&item, items, &items.ty, depth + 1)?,
                    _ => item,
                };
                out.push((PhpKey::Int(i as i64), item));
            }
            let arr = PhpValue::Arr(out);
            if n.unique_items && unique_items(&arr) != Uniqueness::Unique {
                return Err(Unsanitizable);
            }
            Ok(arr)
        }
        Some(TypeName::Object) => {
            let entries: Vec<(PhpKey, PhpValue)> = match k {
                ValueKind::Arr(_) | ValueKind::PlainObj => keyed_entries(v)
                    .map(|(key, c)| (PhpKey::from_key(key), to_p(c)))
                    .collect(),
                _ => Vec::new(),
            };
            let mut out = Vec::with_capacity(entries.len());
            for (key, c) in entries {
                if let Some(ps) = n.property(&key) {
                    out.push((key, sanitize(&c, ps, &ps.ty, depth + 1)?));
                    continue;
                }
                let name = key.to_bytes();
                if let Some((_, Some(ps))) =
                    n.pattern_properties.iter().find(|(p, _)| p.is_match(&name))
                {
                    out.push((key, sanitize(&c, ps, &ps.ty, depth + 1)?));
                    continue;
                }
                match &n.additional {
                    Additional::False => {}
                    Additional::Schema(s) => out.push((key, sanitize(&c, s, &s.ty, depth + 1)?)),
                    Additional::None => out.push((key, c)),
                }
            }
            Ok(PhpValue::Arr(out))
        }
        Some(TypeName::Null) => Ok(PhpValue::Null),
        Some(TypeName::Integer) => Ok(PhpValue::Int(match k {
            ValueKind::Int(i) => i,
            ValueKind::Float(f) => php::float_to_int(f),
            ValueKind::Str(s) => php::str_to_int(s),
            ValueKind::Bool(b) => b as i64,
            ValueKind::Null => 0,
            ValueKind::Arr(len) => (len > 0) as i64,
            _ => 1,
        })),
        Some(TypeName::Number) => Ok(PhpValue::Float(match k {
            ValueKind::Int(i) => i as f64,
            ValueKind::Float(f) => f,
            ValueKind::Str(s) => php::str_to_float(s),
            ValueKind::Bool(b) => b as i64 as f64,
            ValueKind::Null => 0.0,
            ValueKind::Arr(len) => (len > 0) as i64 as f64,
            _ => 1.0,
        })),
        Some(TypeName::Boolean) => Ok(PhpValue::Bool(match k {
            ValueKind::Str(s) => {
                !(php::eq_ignore_ascii_case(s, "false") || s == b"0" || s.is_empty())
            }
            ValueKind::Bool(b) => b,
            ValueKind::Int(i) => i != 0,
            ValueKind::Float(f) => f != 0.0,
            ValueKind::Null => false,
            ValueKind::Arr(len) => len > 0,
            _ => true,
        })),
        t => {
            if let Some(f) = n.format {
                if format_applies(&eff_one) {
                    let s = match k {
                        ValueKind::Arr(_) | ValueKind::PlainObj | ValueKind::Other => None,
                        _ => scalar_string(k),
                    };
                    let out = match f {
                        Format::HexColor => {
                            Some(s.map(|s| php::sanitize_hex_color(&s)).unwrap_or_default())
                        }
                        Format::DateTime
                        | Format::Email
                        | Format::Ip
                        | Format::Uuid
                        | Format::TextField => Some(
                            s.map(|s| hooks::sanitize_text_field(&s, false))
                                .unwrap_or_default(),
                        ),
                        Format::TextareaField => Some(
                            s.map(|s| hooks::sanitize_text_field(&s, true))
                                .unwrap_or_default(),
                        ),
                        Format::Uri => Some(s.map(|s| hooks::sanitize_url(&s)).unwrap_or_default()),
                        Format::Other => None,
                    };
                    if let Some(o) = out {
                        return Ok(PhpValue::Str(o));
                    }
                }
            }
            if t == Some(TypeName::String) {
                return Ok(match scalar_string(k) {
                    Some(s) => PhpValue::Str(s),
                    None => to_p(v),
                });
            }
            Ok(to_p(v))
        }
    }
}
