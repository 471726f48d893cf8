//! The `standard` profile's pattern engine: PHP's own PCRE, through src/ffi/pcre_shim.c (the
//! steps of `preg_match()`: PHP's compiled-pattern cache, JIT and limits), on the pattern core
//! builds (`#…#u`, `#` escaped: [`pattern::core_regex`]). Installed into the core at MINIT.

use std::os::raw::{c_char, c_int};

use ext_php_rs::boxed::ZBox;
use ext_php_rs::ffi::zend_string;
use ext_php_rs::types::ZendStr;

use crate::core::validate::pattern::{self, Engine, Prepared};

extern "C" {
    /// src/ffi/pcre_shim.c: 1 a match, 0 none, -1 `preg_match()` would return false.
    fn mcp_native_pcre_match(
        regex: *mut zend_string,
        subject: *const c_char,
        subject_len: usize,
    ) -> c_int;
}

/// PHP's PCRE (see the module doc).
pub struct PhpPcre;

/// Core's whole pattern as a persistent string, owned (it outlives requests in the per-worker
/// schema cache; PHP's pattern cache copies it when it keeps it as a key). A raw pointer: PHP
/// writes its hash into it on first use.
struct PhpPattern(*mut ZendStr);

impl Drop for PhpPattern {
    fn drop(&mut self) {
        // SAFETY: made by `ZBox::into_raw` in `prepare` and released once, here.
        drop(unsafe { ZBox::from_raw(self.0) });
    }
}

impl std::fmt::Debug for PhpPattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // SAFETY: the string lives as long as `self`; nothing writes its bytes.
        let bytes = unsafe { (*self.0).as_bytes() };
        f.debug_tuple("PhpPattern")
            .field(&String::from_utf8_lossy(bytes))
            .finish()
    }
}

impl Prepared for PhpPattern {
    fn is_match(&self, subject: &[u8]) -> bool {
        // The shim may store the string's hash in it, as PHP does for any string: no Rust
        // reference to it is alive meanwhile. It keeps neither pointer.
        // SAFETY: `self.0` is a live persistent string owned by `self`; `subject` is `subject.len()` readable bytes.
        unsafe {
            mcp_native_pcre_match(
                self.0.cast::<zend_string>(),
                subject.as_ptr().cast(),
                subject.len(),
            ) == 1
        }
    }
}

impl Engine for PhpPcre {
    /// Compilation happens on the first match, in PHP's own cache (a pattern that does not
    /// compile then matches nothing, as `preg_match()`'s false does in core).
    fn prepare(&self, source: &[u8]) -> Option<Box<dyn Prepared>> {
        let regex = pattern::core_regex(source);
        Some(Box::new(PhpPattern(ZendStr::new(&regex, true).into_raw())))
    }
}

static ENGINE: PhpPcre = PhpPcre;

/// Makes PHP's PCRE the core's pattern engine (MINIT).
pub fn install() {
    pattern::install(&ENGINE);
}
