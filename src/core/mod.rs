//! The pure core: no PHP types. Every algorithm reads values through [`view::View`] and builds
//! only what changes through a host-provided builder, so the FFI layer can run it over zvals
//! without copying, and `cargo test` can run it over `serde_json` values.

#![forbid(unsafe_code)]

pub mod argument_profile;
pub mod arguments;
pub mod draft3;
pub mod fingerprint;
pub mod json;
pub mod keywords;
pub mod list_cache;
pub mod transform;
pub mod validate;
pub mod view;

/// Deepest nesting any walk accepts (the root is depth 0). Deeper input is an error, never a
/// stack overflow. Real schemas rarely pass 10.
pub const MAX_DEPTH: usize = 128;

/// Longest `pattern` (or `patternProperties` name) either profile compiles, in bytes. The regex
/// parser holds some 340 bytes per pattern byte (an 11 MB pattern aborted the process at a
/// 4 GB address-space limit); PHP's PCRE refuses literal patterns past about 32 760 bytes itself.
pub const MAX_PATTERN_BYTES: usize = 32 * 1024;
