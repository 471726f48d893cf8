//! What the profiles' rule tests (`standard/tests.rs`, `strict/tests.rs`) compare violations as.

use super::Violation;

/// A violation as (path, keyword, message).
pub(crate) type Triple = (String, String, String);

pub(crate) fn triple(path: &str, keyword: &str, message: &str) -> Triple {
    (path.into(), keyword.into(), message.into())
}

pub(crate) fn triples(list: Vec<Violation>) -> Vec<Triple> {
    list.into_iter()
        .map(|v| (v.path, v.keyword, v.message))
        .collect()
}
