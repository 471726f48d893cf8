//! The `standard` profile: `rest_validate_value_from_schema` function by function, collecting
//! every violation instead of returning the first. Where WordPress returns early inside one
//! node (a failed type check), we do too, so the verdict (valid or not) is always WordPress's.
//!
//! This file walks a node (anyOf/oneOf, the type check, enum and format); `object`, `array` and
//! `scalar` hold the per-type validators, `sanitize` the sanitizer `enum` compares by, `types`
//! the kind of a value as core's checks read it.

mod array;
mod object;
mod sanitize;
mod scalar;
mod types;

#[cfg(test)]
mod tests;

pub use self::sanitize::{sanitize, Unsanitizable};
pub use self::types::display_php_value;

use self::sanitize::{branch_type, enum_fast, format_applies};
use self::types::{best_type, display_enum_member, is_boolean, is_integer, kind, ValueKind};
use super::canonical::values_equal;
use super::schema::{Node, TypeDecl, TypeName};
use super::{Violation, Violations};
use crate::core::keywords::push_pointer_segment;
use crate::core::view::{Key, Shape, View};

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

    /// Runs `walk` with the path one member (or item) deeper.
    fn in_member(&mut self, key: Key<'p>, walk: impl FnOnce(&mut Self) -> Flow) -> Flow {
        self.path.push(PathSegment::Key(key));
        let r = walk(self);
        self.path.pop();
        r
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
            let Some(m) = self.any_of_match(v, branches, eff)? else {
                return Ok(());
            };
            if !eff.is_set() && m.ty.is_set() {
                eff = &m.ty;
            }
        }
        if let Some(branches) = &n.one_of {
            let Some(m) = self.one_of_match(v, branches, eff)? else {
                return Ok(());
            };
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
            if !self.type_check(v, k, n, t)? {
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
        self.enum_and_format(v, k, n, &eff_for_sanitize)
    }

    /// The anyOf branch `v` matches first; None (after the violation) when none does.
    fn any_of_match<'n, V: View<'p>>(
        &mut self,
        v: V,
        branches: &'n [Node],
        eff: &TypeDecl,
    ) -> Result<Option<&'n Node>, Stop> {
        let inherit = eff.is_set().then_some(eff);
        match branches.iter().find(|b| self.matches(v, b, inherit)) {
            None => {
                self.fail("anyOf", |w| {
                    format!("{w} does not match any of the expected formats.")
                })?;
                Ok(None)
            }
            Some(m) => Ok(Some(m)),
        }
    }

    /// The one oneOf branch `v` matches; None (after the violation) when none or several do.
    fn one_of_match<'n, V: View<'p>>(
        &mut self,
        v: V,
        branches: &'n [Node],
        eff: &TypeDecl,
    ) -> Result<Option<&'n Node>, Stop> {
        let inherit = eff.is_set().then_some(eff);
        let (matched, count) = one_of_matches(branches, |b| self.matches(v, b, inherit));
        if count == 0 {
            self.fail("oneOf", |w| {
                format!("{w} does not match any of the expected formats.")
            })?;
            return Ok(None);
        }
        if count > 1 {
            self.fail("oneOf", |w| {
                format!("{w} matches more than one of the expected formats.")
            })?;
            return Ok(None);
        }
        Ok(matched)
    }

    /// The check of one type (with its keywords); false when the type check failed, which ends
    /// the node as core returns there.
    fn type_check<V: View<'p>>(
        &mut self,
        v: V,
        k: ValueKind<'p>,
        n: &Node,
        t: &TypeName,
    ) -> Result<bool, Stop> {
        Ok(match t {
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
        })
    }

    /// `rest_validate_enum` (on the sanitized value) and the `format` check.
    fn enum_and_format<V: View<'p>>(
        &mut self,
        v: V,
        k: ValueKind<'p>,
        n: &Node,
        eff: &TypeDecl,
    ) -> Flow {
        if let Some(members) = &n.enum_values {
            let ok = match enum_fast(k, n, eff) {
                Some(found) => found,
                None => match sanitize(v, n, eff, self.depth) {
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
            if format_applies(eff) {
                self.format(k, f)?;
            }
        }
        Ok(())
    }

    /// Enters a container (its depth counted); None for a scalar.
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
}

/// The first of `branches` that `matches` accepts and how many it accepts: core tries every
/// oneOf branch, for its verdict (exactly one) and for the sanitizing that follows it. Always
/// inlined: as a call it changed how the validation walk compiled, +3 % instructions on every
/// payload of `bench/native_instructions.php`, oneOf or not.
#[inline(always)]
fn one_of_matches(
    branches: &[Node],
    mut matches: impl FnMut(&Node) -> bool,
) -> (Option<&Node>, usize) {
    let mut first = None;
    let mut count = 0;
    for b in branches {
        if matches(b) {
            count += 1;
            first = first.or(Some(b));
        }
    }
    (first, count)
}
