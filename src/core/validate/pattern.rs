//! The `standard` profile's `pattern` and `patternProperties`: WordPress runs them through
//! `rest_validate_json_schema_pattern()`, that is PHP's `preg_match('#' . $escaped . '#u', $s)`.
//! Emulating PHP's PCRE in Rust leaked (POSIX classes under UTF-8, `\X`, `\Q…\E`, branch reset,
//! start-of-pattern verbs, `{,n}` … each gave another verdict), so the core does not match
//! patterns itself: the host injects an [`Engine`], and the extension's is PHP's own PCRE
//! (`src/ffi/pcre.rs`), so the verdicts are core's by construction and follow the host's PCRE2.
//!
//! Without a host (`cargo test`), [`StandIn`] answers with fancy-regex: an approximation for the
//! core's own tests, never used inside PHP.

use std::fmt::Debug;
use std::sync::OnceLock;

/// A pattern prepared once, when its schema is compiled; matched many times.
pub trait Prepared: Debug {
    /// `1 === preg_match(…)`: false when the pattern does not compile, or PCRE gives up (its
    /// backtrack and JIT limits), or the subject is not UTF-8.
    fn is_match(&self, subject: &[u8]) -> bool;
}

/// What answers patterns.
pub trait Engine: Sync {
    /// Prepares `pattern` (as written in the schema: the engine adds core's delimiter, escaping
    /// and flags). None when it can never match (the engine knows now it does not compile).
    fn prepare(&self, pattern: &[u8]) -> Option<Box<dyn Prepared>>;
}

static ENGINE: OnceLock<&'static dyn Engine> = OnceLock::new();

/// Installs the host's engine (once, before any schema is compiled: the extension's MINIT).
/// Later calls are ignored.
pub fn install(engine: &'static dyn Engine) {
    let _ = ENGINE.set(engine);
}

/// The host's engine, else the stand-in.
pub fn engine() -> &'static dyn Engine {
    *ENGINE.get_or_init(|| &StandIn)
}

/// `str_replace('#', '\#', $pattern)` inside `#…#u`: the pattern PHP compiles for core.
pub fn core_regex(pattern: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(pattern.len() + 8);
    out.push(b'#');
    for &b in pattern {
        if b == b'#' {
            out.push(b'\\');
        }
        out.push(b);
    }
    out.extend_from_slice(b"#u");
    out
}

/// fancy-regex on the pattern as written, for the core's tests without PHP.
pub struct StandIn;

#[derive(Debug)]
struct StandInPattern(fancy_regex::Regex);

impl Prepared for StandInPattern {
    fn is_match(&self, subject: &[u8]) -> bool {
        let Ok(s) = std::str::from_utf8(subject) else {
            return false;
        };
        self.0.is_match(s).unwrap_or(false)
    }
}

/// Whether core's `#…#u` ends where it was meant to: a `#` of the pattern already escaped
/// (`\#`) becomes `\\#` there, an escaped backslash and then the end delimiter.
fn delimited(regex: &[u8]) -> bool {
    let inner = &regex[1..regex.len() - 2];
    let mut backslashes = 0;
    for &b in inner {
        if b == b'#' && backslashes % 2 == 0 {
            return false;
        }
        backslashes = if b == b'\\' { backslashes + 1 } else { 0 };
    }
    true
}

impl Engine for StandIn {
    fn prepare(&self, pattern: &[u8]) -> Option<Box<dyn Prepared>> {
        if !delimited(&core_regex(pattern)) {
            return None;
        }
        let p = std::str::from_utf8(pattern).ok()?;
        let re = fancy_regex::RegexBuilder::new(p)
            .backtrack_limit(1_000_000)
            .build()
            .ok()?;
        Some(Box::new(StandInPattern(re)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn core_escapes_its_delimiter_only() {
        assert_eq!(core_regex(b"^a#b$"), b"#^a\\#b$#u".to_vec());
        // an escaped '#' becomes "\\#": PHP then ends the pattern early (it does not compile)
        assert_eq!(core_regex(b"a\\#"), b"#a\\\\##u".to_vec());
        assert_eq!(core_regex(b""), b"##u".to_vec());
    }

    #[test]
    fn the_stand_in_matches_plain_patterns() {
        let p = StandIn.prepare(b"^a\\d$").expect("compiles");
        assert!(p.is_match(b"a1"));
        assert!(!p.is_match(b"b1"));
        assert!(!p.is_match(b"a\xff"));
        assert!(StandIn.prepare(b"(").is_none());
        assert!(StandIn.prepare(b"a#b").is_some());
        assert!(StandIn.prepare(b"a\\#b").is_none());
        assert!(StandIn.prepare(b"a\\\\#b").is_some());
    }
}
