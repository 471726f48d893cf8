//! `SchemaTransformer::transform_to_object_schema`: makes an ability's schema fit MCP's rule that
//! every tool schema is an object, and cleans it for the wire.
//!
//! The walk is read-only: a node whose subtree needs no change comes back as [`Entry::Same`]
//! (the host shares it, no copy); only the branches that change are rebuilt.
//!
//! Cleaning rules, at any depth:
//! - `stdClass` becomes an array; a `JsonSerializable` object becomes what it serialises to;
//! - `sanitize_callback`, `validate_callback` and `arg_options` are removed at schema positions;
//! - values JSON cannot carry (closures, resources, other objects) are removed with their key
//!   (lists are re-indexed so that they stay lists);
//! - an empty map of sub-schemas (`properties`, `patternProperties`, `$defs`, …) is removed,
//!   since an empty PHP array would reach the wire as a JSON array;
//! - a container met again below itself (a reference cycle) is cut, and so is an object met
//!   again while its own `jsonSerialize()` runs (one that walks the schema it belongs to);
//! - nesting deeper than [`MAX_DEPTH`] is an error, never a stack overflow.
//!
//! The wire encodings ([`wire_tool_schema`], [`wire_ability_schema`]) are the same walk with the
//! rules JSON needs on top, applied in the same pass (so a schema is walked once on its way out):
//! - an empty sub-schema (`[]`) becomes `{}`, and a map of sub-schemas whose keys PHP reads as a
//!   list (0, 1, …) becomes an object;
//! - a list of sub-schemas (`anyOf`, …) with other keys is re-indexed;
//! - WordPress's draft-3 `required: true` on a property moves to the parent's `required` list; a
//!   `required` that is not an array is dropped, and its names become strings;
//! - a tool's root always has `type: object` and a `properties` object.
//!
//! The files: [`root`] (the entry points and what a root becomes), [`walk`] (the walk over a
//! schema's containers), [`required`] (a wire schema node's `required`, the draft-3 lifting
//! included), [`scan`] (the read-only scan that spares a clean schema the walk), [`serialize`]
//! (`jsonSerialize()` during a walk), [`builder`] (what the host builds) and [`error`].

mod builder;
mod error;
mod required;
mod root;
mod scan;
mod serialize;
mod walk;

#[cfg(test)]
mod tests;

pub use builder::{wrapper_of_arrays, Builder, Entries, Entry, OutKey};
pub use error::{pointer_segment, TransformError, TransformFailure};
pub use root::{
    transform_to_object_schema, wire_ability_schema, wire_tool_schema, Transformed, WireTool,
};
pub use serialize::MAX_SERIALIZE_NESTING;

use super::keywords;
use super::view::{Key, Shape, View};

/// Where a value sits in a JSON Schema document (decides which keys are keywords): the
/// positions of [the keyword table](super::keywords); `Data` for anything that is not schema.
pub use super::keywords::Position;

/// Most arrays and objects one walk enters. Shared sub-arrays make a schema of a few KB as large
/// as its expansion (40 levels of `{x: $s, y: $s}` are 2^40 of them), and PHP's
/// `max_execution_time` cannot stop a walk in native code: this bound ends it. (A 500-tool
/// list's schemas are about 10 000 in all.)
pub const MAX_CONTAINERS: usize = 1_000_000;

/// The position a key gives its value at a schema node (`Data`: a plain value or unknown key).
#[inline(always)]
fn keyword(key: Key<'_>) -> Position {
    match key {
        Key::Str(name) => keywords::schema_position(name),
        Key::Int(_) => Position::Data,
    }
}

pub fn is_wordpress_only_key(key: Key<'_>) -> bool {
    matches!(key, Key::Str(name) if keywords::is_wordpress_only(name))
}

pub fn is_schema_map_keyword(key: Key<'_>) -> bool {
    keyword(key).is_schema_map()
}

/// The position of the value stored under `key` in a container at `parent`.
pub fn child_position(parent: Position, key: Key<'_>) -> Position {
    let keyword = match parent {
        Position::Schema | Position::SchemaOrList => keyword(key),
        _ => Position::Data,
    };
    position_under(parent, keyword)
}

/// [`child_position`] for a key whose keyword position is known.
fn position_under(parent: Position, keyword: Position) -> Position {
    match parent {
        Position::SchemaMap | Position::SchemaList => Position::Schema,
        Position::MapOfSchemaOrList => Position::SchemaOrList,
        Position::Data | Position::WordPressOnly => Position::Data,
        Position::Schema | Position::SchemaOrList => match keyword {
            Position::WordPressOnly => Position::Data,
            p => p,
        },
    }
}

/// Every entry of `v`, shared.
fn shared_entries<'a, V: View<'a>, O>(v: V) -> Entries<'a, V, O> {
    v.entries()
        .map(|(k, c)| (OutKey::Orig(k), Entry::Same(c)))
        .collect()
}

/// The first `n` entries of `v`, shared: the prefix of a container that starts changing at `n`.
fn copy_first<'a, V: View<'a>, O>(v: V, n: usize) -> Entries<'a, V, O> {
    let mut out = Vec::with_capacity(n + 4);
    out.extend(
        v.entries()
            .take(n)
            .map(|(k, c)| (OutKey::Orig(k), Entry::Same(c))),
    );
    out
}

/// The position a container at `position` is walked at: a schema-or-list becomes one of them.
fn node_position<'a, V: View<'a>>(v: V, position: Position) -> Position {
    match position {
        Position::SchemaOrList if is_list(v) => Position::SchemaList,
        Position::SchemaOrList => Position::Schema,
        other => other,
    }
}

/// PHP's `array_is_list`: keys are 0, 1, 2, … in order.
pub fn is_list<'a, V: View<'a>>(v: V) -> bool {
    v.entries()
        .enumerate()
        .all(|(i, (k, _))| k.into() == Key::Int(i as i64))
}

/// The length of an array (0 for anything else).
trait ShapeLen {
    fn shape_len(self) -> usize;
}

impl<'a, V: View<'a>> ShapeLen for V {
    fn shape_len(self) -> usize {
        match self.shape() {
            Shape::Array { len, .. } => len,
            _ => 0,
        }
    }
}
