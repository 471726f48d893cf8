//! The read-only scan that tells a clean schema (nothing to change) from one the walk must
//! rebuild, at a fraction of the walk's cost.

use super::{is_list, is_wordpress_only_key, keyword, position_under, MAX_CONTAINERS};
use crate::core::keywords::Position;
use crate::core::view::{Key, Shape, View};
use crate::core::MAX_DEPTH;

/// Whether the walk would leave the entries of `v` (at `position`, `depth`; with the wire rules
/// or without) as they are. Most schemas need nothing, and this read-only scan costs a fraction
/// of the walk, which keeps at every entry the state a rebuild needs.
///
/// Clean means: no WordPress-only key at a schema position, no object, no value JSON cannot
/// carry, no empty map of sub-schemas; on the wire also no empty sub-schema (it becomes `{}`), no
/// map of sub-schemas keyed as a list (it becomes an object), no list of sub-schemas with other
/// keys, and every `required` a list of names (anything else is dropped or rewritten, and a
/// draft-3 `required: true` is itself not a list). What the scan cannot decide alone (an array
/// behind a PHP reference, a possible cycle; nesting at the depth limit, which the walk reports)
/// counts as not clean: the walk then decides. So does a schema past [`MAX_CONTAINERS`] (`left`
/// counts down the containers the scan may still enter).
fn is_clean<'a, V: View<'a>>(
    v: V,
    position: Position,
    depth: usize,
    wire: bool,
    left: &mut usize,
) -> bool {
    let position = match position {
        Position::SchemaOrList if is_list(v) => Position::SchemaList,
        Position::SchemaOrList => Position::Schema,
        other => other,
    };
    if wire && position == Position::SchemaList && !is_list(v) {
        return false;
    }
    v.entries()
        .all(|(key, child)| is_clean_entry(key, child, position, depth, wire, left))
}

/// One entry of [`is_clean`]'s container `v` (at `position`, `depth`).
#[inline(always)]
fn is_clean_entry<'a, V: View<'a>>(
    entry_key: V::EntryKey,
    child: V,
    position: Position,
    depth: usize,
    wire: bool,
    left: &mut usize,
) -> bool {
    // Only a schema's keys are read: elsewhere a key's text is one memory load that decides
    // nothing (a property name, a list index).
    let keyword = if position == Position::Schema {
        let key: Key<'a> = entry_key.into();
        if child.is_scalar() {
            // A scalar changes only under a WordPress-only key, or as a `required` on the wire
            // (not a list of names): most keys are ruled out by their length alone.
            return !(is_wordpress_only_key(key) || wire && key.is("required"));
        }
        let keyword = keyword(key);
        if keyword == Position::WordPressOnly {
            return false;
        }
        if wire && key.is("required") {
            return depth + 1 < MAX_DEPTH && is_name_list(child);
        }
        keyword
    } else {
        Position::Data
    };
    if child.is_scalar() {
        return true;
    }
    let Some(len) = to_enter(child, depth, left) else {
        return false;
    };
    let child_pos = position_under(position, keyword);
    let child_wire = wire
        && child_pos != Position::Data
        // The names lists of `dependencies` are not sub-schemas on the wire.
        && !(position == Position::MapOfSchemaOrList && len > 0 && is_list(child));
    if len == 0 {
        // Removed (an empty map of sub-schemas), or `{}` on the wire (an empty sub-schema).
        return !(child_pos.is_schema_map()
            || child_wire && matches!(child_pos, Position::Schema | Position::SchemaOrList));
    }
    if child_pos == Position::Data {
        return is_clean_data(child, depth + 1, left);
    }
    if child_wire && child_pos.is_schema_map() && is_list(child) {
        return false;
    }
    is_clean(child, child_pos, depth + 1, child_wire, left)
}

/// [`is_clean`] at a position that holds only data (an `enum`, a `default`, an unknown keyword's
/// value): no key is read and no wire rule applies, so only the values decide.
fn is_clean_data<'a, V: View<'a>>(v: V, depth: usize, left: &mut usize) -> bool {
    v.entries().all(|(_, child)| {
        if child.is_scalar() {
            return true;
        }
        to_enter(child, depth, left)
            .is_some_and(|len| len == 0 || is_clean_data(child, depth + 1, left))
    })
}

/// The length of a value (not a scalar) of a container at `depth` that the scan may enter, and
/// one container fewer `left`; `None` for anything but an array reached directly (an object, a
/// value behind a shared reference) or past the bounds: the walk decides those.
#[inline(always)]
fn to_enter<'a, V: View<'a>>(child: V, depth: usize, left: &mut usize) -> Option<usize> {
    let Shape::Array { identity: 0, len } = child.shape() else {
        return None;
    };
    if depth + 1 >= MAX_DEPTH || *left == 0 {
        return None;
    }
    *left -= 1;
    Some(len)
}

/// [`is_clean`] for a walk's root, and the root's `type` when it is clean (met on the way, so
/// not looked up again).
pub(super) fn scan_root<'a, V: View<'a>>(root: V, wire: bool) -> (bool, Option<V>) {
    let mut left = MAX_CONTAINERS;
    let mut type_value = None;
    let clean = root.entries().all(|(key, child)| {
        if Into::<Key<'a>>::into(key).is("type") {
            type_value = Some(child);
        }
        is_clean_entry(key, child, Position::Schema, 0, wire, &mut left)
    });
    (clean, type_value)
}

/// [`is_clean`] for a walk's root.
#[cfg(test)]
pub(super) fn is_clean_root<'a, V: View<'a>>(root: V, wire: bool) -> bool {
    scan_root(root, wire).0
}

/// A `required` the wire walk keeps as it is: a list of strings.
fn is_name_list<'a, V: View<'a>>(v: V) -> bool {
    matches!(v.shape(), Shape::Array { identity: 0, .. })
        && is_list(v)
        && v.entries().all(|(_, name)| name.as_str().is_some())
}
