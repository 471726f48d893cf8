//! Zero-copy views of zvals for the core, and the builder that makes the few new zvals a
//! result needs. Everything here reads the Zend structures directly (buckets, packed arrays,
//! interned keys): the idiomatic ext-php-rs API checks UTF-8 and parses numeric keys on every
//! entry, which costs more than the whole transform.
//!
//! Safety model: a view borrows a zval for the duration of one PHP function call. Containers
//! being iterated hold a reference count, so that PHP code run during the walk (a
//! `jsonSerialize()` method) separates rather than frees or resizes them.
//!
//! The files: [`names`] (what is fixed at MINIT: interned names, shared lists, class entries),
//! [`view`] (zvals read as the core's [`View`](crate::core::view::View)), [`object`] (objects:
//! their kind, `jsonSerialize()`, new `stdClass`es), [`builder`] (new zvals) and [`budget`] (the
//! memory a result may take).

mod budget;
mod builder;
mod names;
mod object;
mod view;

pub use budget::MemoryBudget;
pub use builder::ZvalBuilder;
pub use names::{init_statics, startup_class, Name, NAMES};
pub use view::{deref, CallScope, ZEntries, ZKey, ZvalView};

use ext_php_rs::ffi::{self, zend_string, zval};

const IS_UNDEF: u8 = ffi::IS_UNDEF as u8;
const IS_NULL: u8 = ffi::IS_NULL as u8;
const IS_FALSE: u8 = ffi::IS_FALSE as u8;
const IS_TRUE: u8 = ffi::IS_TRUE as u8;
const IS_LONG: u8 = ffi::IS_LONG as u8;
const IS_DOUBLE: u8 = ffi::IS_DOUBLE as u8;
const IS_STRING: u8 = ffi::IS_STRING as u8;
const IS_ARRAY: u8 = ffi::IS_ARRAY as u8;
const IS_OBJECT: u8 = ffi::IS_OBJECT as u8;
const IS_REFERENCE: u8 = ffi::IS_REFERENCE as u8;
const IS_INDIRECT: u8 = ffi::IS_INDIRECT as u8;
// HASH_FLAG_PACKED and IS_ARRAY_EX from this PHP's headers, and assertions that the layout read
// here matches them: build.rs fails the build when it does not.
include!(concat!(env!("OUT_DIR"), "/zend_layout.rs"));

#[inline]
fn type_of(zv: &zval) -> u8 {
    // SAFETY: every zval has a valid type byte, whatever its value.
    unsafe { zv.u1.v.type_ }
}

/// # Safety
/// `s` must point to a live `zend_string` that outlives `'a`.
#[inline]
unsafe fn str_bytes<'a>(s: *const zend_string) -> &'a [u8] {
    // SAFETY: the caller guarantees a live string; `val` holds `len` bytes.
    std::slice::from_raw_parts((*s).val.as_ptr().cast::<u8>(), (*s).len)
}

/// A PHP fatal error caught inside a call, to resume once the call's Rust frames are gone.
pub mod bailout {
    use std::cell::Cell;

    thread_local! {
        static PENDING: Cell<bool> = const { Cell::new(false) };
    }

    pub fn note() {
        PENDING.with(|p| p.set(true));
    }

    /// Whether a bailout was caught during this call (and clears the note).
    pub fn take() -> bool {
        PENDING.with(|p| p.replace(false))
    }
}

/// PHP's `ZEND_HANDLE_NUMERIC_STR`: is this string key stored as an integer in an array?
fn canonical_integer(bytes: &[u8]) -> Option<i64> {
    let digits = bytes.strip_prefix(b"-").unwrap_or(bytes);
    if digits.is_empty() || digits.len() > 19 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    if (digits[0] == b'0' && digits.len() > 1) || bytes == b"-0" {
        return None;
    }
    std::str::from_utf8(bytes).ok()?.parse::<i64>().ok()
}
