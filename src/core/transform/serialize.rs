//! `jsonSerialize()` during a walk: an object is replaced by what it serialises to, and an
//! object whose own `jsonSerialize()` is running is cut as an ancestor is.

use super::TransformError;
use crate::core::view::View;

/// Most `jsonSerialize()` calls of the walks that may be running at once in one thread: a
/// `jsonSerialize()` that starts another walk (a schema builder transforming its own schema) nests
/// walks on the native stack, so the nesting is bounded (the fallback has the same bound).
pub const MAX_SERIALIZE_NESTING: usize = 16;

thread_local! {
    /// Identities of the objects whose `jsonSerialize()` is running, in every walk of this thread
    /// (the walks nested by those calls included): an object met again while its own
    /// `jsonSerialize()` runs is cut, as an ancestor is, so a `jsonSerialize()` that walks the
    /// schema it belongs to cannot recurse without end.
    static SERIALIZING: std::cell::RefCell<Vec<usize>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Whether the object `identity` is inside its own `jsonSerialize()` in this thread.
pub(super) fn is_serializing(identity: usize) -> bool {
    SERIALIZING.with(|s| s.borrow().contains(&identity))
}

/// Takes the object off [`SERIALIZING`] when its `jsonSerialize()` returns (or unwinds).
struct SerializingGuard;

impl Drop for SerializingGuard {
    fn drop(&mut self) {
        SERIALIZING.with(|s| s.borrow_mut().pop());
    }
}

/// What the `JsonSerializable` object `v` serialises to, its `jsonSerialize()` run with the object
/// marked as serializing (see [`SERIALIZING`]).
pub(super) fn serialize_marked<'a, V: View<'a>>(
    v: V,
    identity: usize,
) -> Result<V, TransformError> {
    let nesting = SERIALIZING.with(|s| s.borrow().len());
    if nesting >= MAX_SERIALIZE_NESTING {
        return Err(TransformError::serialize(format!(
            "jsonSerialize() calls nest more than {MAX_SERIALIZE_NESTING} deep (each walks a schema again)"
        )));
    }
    SERIALIZING.with(|s| s.borrow_mut().push(identity));
    let _guard = SerializingGuard;
    v.json_value().map_err(TransformError::serialize)
}
