//! The transform's errors, with a JSON Pointer to where they happened.

use super::MAX_CONTAINERS;
use crate::core::keywords;
use crate::core::view::Key;
use crate::core::MAX_DEPTH;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransformError(Box<TransformFailure>);

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TransformFailure {
    /// Nesting deeper than [`MAX_DEPTH`]; `path` is a JSON Pointer to the container that was too deep.
    TooDeep { path: String },
    /// More than [`MAX_CONTAINERS`] arrays and objects to walk (shared sub-arrays count once per
    /// place they are used); `path` is a JSON Pointer to the first one past the bound.
    TooLarge { path: String },
    /// A `JsonSerializable` object failed to serialise.
    Serialize { path: String, message: String },
}

impl TransformError {
    pub(super) fn too_deep() -> Self {
        TransformError(Box::new(TransformFailure::TooDeep {
            path: String::new(),
        }))
    }

    pub(super) fn too_large() -> Self {
        TransformError(Box::new(TransformFailure::TooLarge {
            path: String::new(),
        }))
    }

    pub(super) fn serialize(message: String) -> Self {
        TransformError(Box::new(TransformFailure::Serialize {
            path: String::new(),
            message,
        }))
    }

    pub fn failure(&self) -> &TransformFailure {
        &self.0
    }

    pub(super) fn under(mut self, key: Key<'_>) -> Self {
        let path = match &mut *self.0 {
            TransformFailure::TooDeep { path }
            | TransformFailure::TooLarge { path }
            | TransformFailure::Serialize { path, .. } => path,
        };
        *path = format!("/{}{}", pointer_segment(key), path);
        self
    }
}

impl std::fmt::Display for TransformError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &*self.0 {
            TransformFailure::TooDeep { path } => {
                write!(
                    f,
                    "Schema nesting exceeds the maximum depth of {MAX_DEPTH} at '{path}'"
                )
            }
            TransformFailure::TooLarge { path } => {
                write!(f, "Schema has more than {MAX_CONTAINERS} arrays and objects to walk (a shared sub-array counts each time it is used) at '{path}'")
            }
            TransformFailure::Serialize { path, message } => {
                write!(
                    f,
                    "Schema value at '{path}' could not be serialised: {message}"
                )
            }
        }
    }
}

/// A JSON Pointer segment for `key` (RFC 6901 escaping); a key that is not UTF-8, or holds a NUL
/// byte (which no exception message can carry), is shown as `0x` and its bytes in hex.
pub fn pointer_segment(key: Key<'_>) -> String {
    match key {
        Key::Int(i) => i.to_string(),
        Key::Str(s) => {
            let mut segment = String::with_capacity(s.len());
            keywords::push_pointer_segment(&mut segment, s);
            segment
        }
    }
}
