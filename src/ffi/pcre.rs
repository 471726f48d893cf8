//! The `standard` profile's pattern engine: PHP's own PCRE, through src/ffi/pcre_shim.c (the
//! steps of `preg_match()`: PHP's compiled-pattern cache, JIT, limits and match data), on the
//! pattern core builds (`#…#u`, `#` escaped: [`pattern::core_regex`]). Installed into the core
//! at MINIT.
//!
//! What is kept between matches, and why it is safe:
//!
//! * Each pattern's whole regex is a persistent `zend_string` made once when its schema is
//!   compiled (the schema lives in the per-worker cache, across requests); PHP's cache copies it
//!   when it keeps it as a key (or, on PHP 8.2's CLI, takes a reference it releases itself).
//! * Within one request, the first match of a pattern looks up PHP's cache entry once (as
//!   `preg_match()` does on every call) and holds it (`php_pcre_pce_incref`): PHP never evicts an
//!   entry whose count is held (its cache-full clean-up skips them), so the entry and its
//!   compiled code stay valid; later matches in the request reuse them. Every held entry is
//!   released at this module's RSHUTDOWN ([`request_shutdown`]), which PHP runs before PCRE's own
//!   (modules shut down in the reverse order of their start): PHP 8.2's CLI frees its per-request
//!   cache there, and opcache may drop entries at the next request's start, so nothing is kept
//!   from one request to the next (a slot of another request is never read: the shim numbers
//!   requests at RINIT and reads a slot only in the request that filled it). What the shim
//!   keeps for a request (its id, PHP's match context, one match data block of its own) ends
//!   there too.
//! * The entry is the one `preg_match()` would use only while PHP's LC_CTYPE is "C" (under another
//!   locale PHP keys entries by locale too): under another locale, and outside a request, each
//!   match looks the entry up and releases it, as `preg_match()` does.
//! * A match calls what `preg_match()` calls (pcre_shim.c): `pcre2_jit_match()` on a JIT-compiled
//!   pattern and a subject known valid UTF-8, else `pcre2_match()` (which checks the UTF-8 of any
//!   other subject), with PHP's match context; any PCRE error is "no match", as core reads
//!   `preg_match()`'s false.

use std::cell::{RefCell, UnsafeCell};
use std::os::raw::{c_char, c_int, c_void};

use ext_php_rs::boxed::ZBox;
use ext_php_rs::ffi::zend_string;
use ext_php_rs::types::ZendStr;

use crate::core::validate::pattern::{self, Engine, Prepared};

/// PHP's `pcre_cache_entry` (opaque).
type Entry = c_void;

/// `mcp_native_pcre_exec_held`: the slot may not be used now.
const STALE: c_int = -2;

extern "C" {
    /// src/ffi/pcre_shim.c: 1 a match, 0 none, -1 `preg_match()` would return false; holds
    /// nothing.
    fn mcp_native_pcre_match(
        regex: *mut zend_string,
        subject: *const c_char,
        subject_len: usize,
        valid_utf8: c_int,
    ) -> c_int;
    /// Holds `regex`'s entry for the rest of the request and fills `slot`: 1 (the entry in
    /// `held`), 0 not held (no request, another locale), -1 the pattern does not compile.
    fn mcp_native_pcre_hold(
        regex: *mut zend_string,
        slot: *mut Slot,
        held: *mut *mut Entry,
    ) -> c_int;
    /// As [`mcp_native_pcre_match`] with the entry `slot` holds, or [`STALE`].
    fn mcp_native_pcre_exec_held(
        slot: *const Slot,
        subject: *const c_char,
        subject_len: usize,
        valid_utf8: c_int,
    ) -> c_int;
    /// RINIT / RSHUTDOWN of what the shim keeps per request.
    fn mcp_native_pcre_request_start();
    fn mcp_native_pcre_request_end();
    /// ext/pcre: releases a count of holders.
    fn php_pcre_pce_decref(entry: *mut Entry);
}

thread_local! {
    /// The entries this request holds, released at its RSHUTDOWN.
    static HELD: RefCell<Vec<usize>> = const { RefCell::new(Vec::new()) };
}

/// RINIT: a new request (slots of earlier requests are stale from now on).
pub fn request_startup() {
    // SAFETY: called by the module's RINIT, after PCRE's own.
    unsafe { mcp_native_pcre_request_start() };
}

/// RSHUTDOWN: releases every entry this request held (before PCRE's own RSHUTDOWN).
pub fn request_shutdown() {
    for entry in HELD.with(|h| std::mem::take(&mut *h.borrow_mut())) {
        // SAFETY: held by `mcp_native_pcre_hold` in this request, so still in PHP's cache; released once, here.
        unsafe { php_pcre_pce_decref(entry as *mut Entry) };
    }
    // SAFETY: called by the module's RSHUTDOWN; no slot of this request is used after it.
    unsafe { mcp_native_pcre_request_end() };
}

/// PHP's PCRE (see the module doc).
pub struct PhpPcre;

/// The entry a pattern holds in one request (the layout of pcre_shim.c's
/// `mcp_native_pcre_slot`; `request` 0: none).
#[repr(C)]
struct Slot {
    request: u64,
    code: *mut c_void,
    capture_count: u32,
    jit: c_int,
}

/// Core's whole pattern as a persistent string, owned (it outlives requests in the per-worker
/// schema cache). A raw pointer: PHP writes its hash into it on first use.
struct PhpPattern {
    regex: *mut ZendStr,
    slot: UnsafeCell<Slot>,
}

impl Drop for PhpPattern {
    fn drop(&mut self) {
        // A reference PHP's cache took to the string is PHP's own to release.
        // SAFETY: made by `ZBox::into_raw` in `prepare` and released once, here.
        drop(unsafe { ZBox::from_raw(self.regex) });
    }
}

impl std::fmt::Debug for PhpPattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // SAFETY: the string lives as long as `self`; nothing writes its bytes.
        let bytes = unsafe { (*self.regex).as_bytes() };
        f.debug_tuple("PhpPattern")
            .field(&String::from_utf8_lossy(bytes))
            .finish()
    }
}

impl PhpPattern {
    /// The match when this pattern's slot may not be used now (its first match in this
    /// request, another locale, no request): holds the entry when it may, else matches as
    /// `preg_match()` does, holding the entry for this match only.
    #[cold]
    #[inline(never)]
    fn is_match_unheld(&self, s: *const c_char, len: usize, valid_utf8: c_int) -> bool {
        let regex = self.regex.cast::<zend_string>();
        let slot = self.slot.get();
        let mut held = std::ptr::null_mut();
        // SAFETY: `self.regex` is a live persistent string owned by `self` (PHP may store its hash); no reference to `*slot` is alive (!Sync, and only these calls use it).
        match unsafe { mcp_native_pcre_hold(regex, slot, &mut held) } {
            1 => {
                HELD.with(|h| h.borrow_mut().push(held as usize));
                // SAFETY: as above; `slot` was just filled in this request; `s` is `len` readable bytes.
                unsafe { mcp_native_pcre_exec_held(slot, s, len, valid_utf8) == 1 }
            }
            // SAFETY: as above; the shim keeps neither pointer.
            0 => unsafe { mcp_native_pcre_match(regex, s, len, valid_utf8) == 1 },
            _ => false,
        }
    }
}

impl Prepared for PhpPattern {
    fn is_match(&self, subject: &[u8]) -> bool {
        // Known valid UTF-8 (Rust's check is UTF-8's definition, as PCRE's is): PHP's call for a
        // string flagged valid. Otherwise PHP's call for a string it knows nothing of: PCRE
        // checks the UTF-8 itself and refuses the subject (or, if it ever disagreed, matches).
        let valid_utf8 = c_int::from(subject.is_ascii() || std::str::from_utf8(subject).is_ok());
        let (s, len) = (subject.as_ptr().cast::<c_char>(), subject.len());
        // SAFETY: the slot is this pattern's (the shim only reads it here; a slot of this request holds its entry, so its code is live); `s` is `len` readable bytes.
        match unsafe { mcp_native_pcre_exec_held(self.slot.get(), s, len, valid_utf8) } {
            STALE => self.is_match_unheld(s, len, valid_utf8),
            matched => matched == 1,
        }
    }
}

impl Engine for PhpPcre {
    /// Compilation happens on the first match, in PHP's own cache (a pattern that does not
    /// compile then matches nothing, as `preg_match()`'s false does in core).
    fn prepare(&self, source: &[u8]) -> Option<Box<dyn Prepared>> {
        let regex = pattern::core_regex(source);
        Some(Box::new(PhpPattern {
            regex: ZendStr::new(&regex, true).into_raw(),
            slot: UnsafeCell::new(Slot {
                request: 0,
                code: std::ptr::null_mut(),
                capture_count: 0,
                jit: 0,
            }),
        }))
    }
}

static ENGINE: PhpPcre = PhpPcre;

/// Makes PHP's PCRE the core's pattern engine (MINIT).
pub fn install() {
    pattern::install(&ENGINE);
}
