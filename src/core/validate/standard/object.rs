//! `rest_validate_object_value_from_schema`: required, properties, patternProperties,
//! additionalProperties, minProperties and maxProperties.

use super::types::{display_php_value, gt, is_object, lt, ValueKind};
use super::{Flow, Stop, WalkState};
use crate::core::validate::php::Num;
use crate::core::validate::schema::{Additional, Node, Required};
use crate::core::validate::value::{keyed_entries, normalize_key, NormalKey, PhpKey};
use crate::core::view::{Key, View};
use std::borrow::Cow;

impl<'p> WalkState<'p> {
    /// `rest_validate_object_value_from_schema`; returns whether the type check passed.
    pub(super) fn object<V: View<'p>>(
        &mut self,
        v: V,
        k: ValueKind<'p>,
        n: &Node,
    ) -> Result<bool, Stop> {
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

    /// `empty`: the value is `''`, which core reads as an object without members.
    fn object_body<V: View<'p>>(&mut self, v: V, empty: bool, n: &Node) -> Flow {
        self.required_members(v, empty, n)?;
        let count = if empty { 0 } else { self.members(v, n)? };
        self.member_count(count, n)
    }

    /// `required` (a draft-4 list or the draft-3 flags): each missing name is a violation at
    /// the name's own path.
    fn required_members<V: View<'p>>(&mut self, v: V, empty: bool, n: &Node) -> Flow {
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
        Ok(())
    }

    /// Every member by the schema core picks for it; returns how many members there are.
    fn members<V: View<'p>>(&mut self, v: V, n: &Node) -> Result<usize, Stop> {
        let mut count = 0usize;
        for (key, child) in keyed_entries(v) {
            count += 1;
            self.member(key, child, n)?;
        }
        Ok(count)
    }

    /// One member: by its property's schema, else by the first matching patternProperties
    /// schema, else as additionalProperties says.
    fn member<V: View<'p>>(&mut self, key: Key<'p>, child: V, n: &Node) -> Flow {
        let name = normalize_key(key);
        if let Some(schema) = member_schema(n, name) {
            return self.in_member(key, |walk| walk.value(child, schema));
        }
        match &n.additional {
            Additional::None => Ok(()),
            Additional::False => {
                let name = match name {
                    NormalKey::Int(i) => i.to_string(),
                    NormalKey::Str(s) => String::from_utf8_lossy(s).into_owned(),
                };
                self.in_member(key, |walk| {
                    walk.fail("additionalProperties", |_| {
                        format!("{name} is not a valid property of Object.")
                    })
                })
            }
            Additional::Schema(schema) => self.in_member(key, |walk| walk.value(child, schema)),
        }
    }

    /// minProperties and maxProperties.
    fn member_count(&mut self, count: usize, n: &Node) -> Flow {
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
}

/// The schema of a member from `properties`, else from the first `patternProperties` pattern
/// its name matches (None there too when that pattern's schema is null).
fn member_schema<'n>(n: &'n Node, name: NormalKey<'_>) -> Option<&'n Node> {
    if !n.properties.is_empty() {
        let prop = match name {
            NormalKey::Int(i) => n.property_int(i),
            NormalKey::Str(s) => n.property_str(s),
        };
        if prop.is_some() {
            return prop;
        }
    }
    if n.pattern_properties.is_empty() {
        return None;
    }
    let name: Cow<[u8]> = match name {
        NormalKey::Int(i) => Cow::Owned(i.to_string().into_bytes()),
        NormalKey::Str(s) => Cow::Borrowed(s),
    };
    n.pattern_properties
        .iter()
        .find(|(p, _)| p.is_match(&name))
        .and_then(|(_, schema)| schema.as_ref())
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
