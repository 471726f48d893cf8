//! The core's [`Hooks`]: WordPress's own functions where a site's filters can change core's
//! verdict (see `core::validate::hooks` for the list). Installed at MINIT.

use std::os::raw::c_char;

use ext_php_rs::ffi;
use ext_php_rs::types::{ZendCallable, Zval};

use super::zval::{bailout, deref};
use crate::core::validate::hooks::{self, Hooks};

const IS_INDIRECT: u8 = ffi::IS_INDIRECT as u8;

/// WordPress's functions, through PHP.
struct WordPress;

/// `zend_is_true()`'s answer whichever PHP it comes from: an int up to PHP 8.3, a bool since 8.4.
trait Truthy {
    fn truthy(self) -> bool;
}

impl Truthy for bool {
    fn truthy(self) -> bool {
        self
    }
}

impl Truthy for std::os::raw::c_int {
    fn truthy(self) -> bool {
        self != 0
    }
}

/// Whether `$GLOBALS['wp_filter']` holds `hook` (`add_filter()` puts it there, `remove_filter()`
/// of its last callback takes it out): a cheap, conservative `has_filter($hook)`.
fn filter_attached(hook: &str) -> bool {
    // Read only, inside a request (the core calls hooks only while validating).
    // SAFETY: the executor globals of this thread; every zval read is type-checked before its union member is used.
    unsafe {
        let globals = ffi::ext_php_rs_executor_globals();
        let name = b"wp_filter";
        let found = ffi::zend_hash_str_find(
            &(*globals).symbol_table,
            name.as_ptr().cast::<c_char>(),
            name.len(),
        );
        if found.is_null() {
            return false;
        }
        // a global of the main script's scope is an IS_INDIRECT slot pointing at its variable
        let mut zv: *const ffi::zval = found;
        if (*zv).u1.v.type_ == IS_INDIRECT {
            zv = (*zv).value.zv;
        }
        let zv = deref(&*zv);
        if zv.u1.v.type_ != ffi::IS_ARRAY as u8 {
            return false;
        }
        !ffi::zend_hash_str_find(zv.value.arr, hook.as_ptr().cast::<c_char>(), hook.len()).is_null()
    }
}

/// `$function($arg)` when WordPress defines it; None when it does not, or PHP code in it threw
/// or ended in a fatal error (the exception stays pending and wins over our answer; a fatal is
/// resumed when the call returns, see `functions::run`).
fn call(function: &str, arg: &[u8]) -> Option<Zval> {
    let callable = ZendCallable::try_from_name(function).ok()?;
    let mut subject = Zval::new();
    subject.set_binary(arg.to_vec());
    let called = ext_php_rs::zend::try_catch(std::panic::AssertUnwindSafe(|| {
        callable.try_call(vec![&subject])
    }));
    match called {
        Ok(result) => result.ok(),
        Err(_) => {
            bailout::note();
            None
        }
    }
}

/// A PHP string's bytes (what a sanitizer returns), or its `(string)` form for a scalar.
fn bytes_of(zv: &Zval) -> Vec<u8> {
    match zv.zend_str() {
        Some(s) => s.as_bytes().to_vec(),
        None => zv.string().map(String::into_bytes).unwrap_or_default(),
    }
}

impl Hooks for WordPress {
    fn is_email(&self, s: &[u8]) -> Option<bool> {
        if !filter_attached("is_email") {
            return None;
        }
        let mut answer = call("is_email", s)?;
        // SAFETY: `answer` is a live zval we own; zend_is_true only reads it (PHP's `(bool)`).
        Some(unsafe { ffi::zend_is_true(&mut answer) }.truthy())
    }

    fn sanitize_text_field(&self, s: &[u8], keep_newlines: bool) -> Option<Vec<u8>> {
        let function = if keep_newlines {
            "sanitize_textarea_field"
        } else {
            "sanitize_text_field"
        };
        call(function, s).map(|z| bytes_of(&z))
    }

    fn strtotime(&self, s: &[u8]) -> Option<bool> {
        let answer = call("strtotime", s)?;
        Some(!answer.is_false())
    }

    fn mb_strlen(&self, s: &[u8]) -> Option<usize> {
        call("mb_strlen", s)?
            .long()
            .and_then(|n| usize::try_from(n).ok())
    }

    fn sanitize_url(&self, s: &[u8]) -> Option<Vec<u8>> {
        call("sanitize_url", s).map(|z| bytes_of(&z))
    }
}

static WORDPRESS: WordPress = WordPress;

/// Makes WordPress's functions the core's hooks (MINIT).
pub fn install() {
    hooks::install(&WORDPRESS);
}
