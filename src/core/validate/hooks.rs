//! Where core's verdict passes through WordPress code a site can change (filters), the host
//! answers instead of the core's port, so a site's filter changes the native verdict as it
//! changes core's. On `rest_validate_value_from_schema()`'s path (WordPress 6.x–7.1):
//!
//! * `format: email` runs `is_email()`, whose every answer goes through the `is_email` filter;
//! * `enum` compares the value `rest_sanitize_value_from_schema()` makes: for a string with a
//!   `format`, `sanitize_text_field()` (the `sanitize_text_field` filter; the site's charset)
//!   or `sanitize_url()` (`clean_url`, `kses_allowed_protocols`).
//!
//! `rest_parse_date()` ends in PHP's `strtotime()`, which no port matches on every offset and
//! out-of-range field: the host calls it (after the port's exact RFC 3339 regex passed). The
//! length of a string that is not valid UTF-8 is mbstring's own count (`mb_strlen()`).
//!
//! The extension's host ([`crate::ffi::hooks`]) asks PHP for `is_email()` only when a callback is
//! attached to `is_email` (the fast path stays native otherwise), and always for the two
//! sanitizers (rare: an `enum` on a formatted string). Without a host (`cargo test`, or PHP
//! without WordPress) the ports in [`super::php`] answer.

use std::sync::OnceLock;

use super::php;

/// WordPress functions the host may answer; `None`: the core's port decides.
pub trait Hooks: Sync {
    /// `false !== is_email($s)` as core reads it (`! is_email()`): whether it is truthy.
    fn is_email(&self, _s: &[u8]) -> Option<bool> {
        None
    }
    /// `sanitize_text_field($s)`, or `sanitize_textarea_field($s)` when `keep_newlines`.
    fn sanitize_text_field(&self, _s: &[u8], _keep_newlines: bool) -> Option<Vec<u8>> {
        None
    }
    /// `sanitize_url($s)`.
    fn sanitize_url(&self, _s: &[u8]) -> Option<Vec<u8>> {
        None
    }
    /// `false !== strtotime($s)`: PHP's date parser (offsets, leap seconds, out-of-range
    /// fields and the host's timelib version decide; no port keeps up with it).
    fn strtotime(&self, _s: &[u8]) -> Option<bool> {
        None
    }
    /// `mb_strlen($s)` of a string that is not valid UTF-8: how mbstring counts invalid bytes
    /// is its own (and changes between PHP versions); valid UTF-8 is counted natively.
    fn mb_strlen(&self, _s: &[u8]) -> Option<usize> {
        None
    }
}

struct NoHost;
impl Hooks for NoHost {}

static HOOKS: OnceLock<&'static dyn Hooks> = OnceLock::new();

/// Installs the host's answers (once, at MINIT). Later calls are ignored.
pub fn install(hooks: &'static dyn Hooks) {
    let _ = HOOKS.set(hooks);
}

fn host() -> &'static dyn Hooks {
    *HOOKS.get_or_init(|| &NoHost)
}

/// `is_email()` as core's validation reads it.
pub fn is_email(s: &[u8]) -> bool {
    host().is_email(s).unwrap_or_else(|| php::is_email(s))
}

/// `sanitize_text_field()` / `sanitize_textarea_field()`.
pub fn sanitize_text_field(s: &[u8], keep_newlines: bool) -> Vec<u8> {
    host()
        .sanitize_text_field(s, keep_newlines)
        .unwrap_or_else(|| php::sanitize_text_field(s, keep_newlines))
}

/// `false !== strtotime($s)` (the last step of `rest_parse_date()`).
pub fn strtotime(s: &[u8]) -> bool {
    host()
        .strtotime(s)
        .unwrap_or_else(|| php::strtotime_accepts(s))
}

/// `mb_strlen($s)` (`minLength`, `maxLength`): characters of valid UTF-8, else mbstring's count.
pub fn mb_strlen(s: &[u8]) -> usize {
    match std::str::from_utf8(s) {
        Ok(text) => text.chars().count(),
        Err(_) => host().mb_strlen(s).unwrap_or_else(|| php::mb_strlen(s)),
    }
}

/// `sanitize_url()`.
pub fn sanitize_url(s: &[u8]) -> Vec<u8> {
    host()
        .sanitize_url(s)
        .unwrap_or_else(|| php::sanitize_url(s))
}
