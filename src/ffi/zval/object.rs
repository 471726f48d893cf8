//! PHP objects: which kind a value's object is (JSON carries a `stdClass` as an object and a
//! `JsonSerializable` as what it serialises to; nothing else), its `jsonSerialize()` call, and the
//! new `stdClass`es a result needs.

use std::ptr;

use ext_php_rs::ffi::{self, zend_array, zend_class_entry, zend_object, zval};
use ext_php_rs::types::Zval;

use super::names::statics;
use super::{bailout, str_bytes};
use crate::core::view::ObjectKind;

pub(super) fn object_kind(obj: *mut zend_object) -> ObjectKind {
    // SAFETY: `obj` is a live object; its class entry outlives it.
    let ce: *mut zend_class_entry = unsafe { (*obj).ce };
    // SAFETY: reading the address of the engine's static stdClass entry.
    if ce == unsafe { ffi::zend_standard_class_def } {
        return ObjectKind::Plain;
    }
    let js = statics().json_serializable as *mut zend_class_entry;
    // SAFETY: both class entries are live for the request; the engine's own instanceof test.
    if !js.is_null() && unsafe { ffi::instanceof_function_slow(ce, js) } {
        return ObjectKind::JsonSerializable;
    }
    ObjectKind::Opaque
}

/// The property table of a `stdClass` (`None` for any other object, or one without a table).
pub(super) fn plain_properties(obj: *mut zend_object) -> Option<*mut zend_array> {
    if object_kind(obj) != ObjectKind::Plain {
        return None;
    }
    // SAFETY: `obj` is a live object (its zval is held); every object has a handlers table.
    let props = unsafe {
        match (*(*obj).handlers).get_properties {
            Some(get) => get(obj),
            None => ptr::null_mut(),
        }
    };
    (!props.is_null()).then_some(props)
}

/// The name of `obj`'s class as PHP's get_class() gives it, up to a NUL byte.
pub(super) fn class_name(obj: *mut zend_object) -> String {
    // SAFETY: `obj` is a live object (its zval is held); its class entry (and name) outlive it.
    let name = unsafe { str_bytes((*(*obj).ce).name) };
    // an anonymous class's name goes on after a NUL byte with its file's path: not shown
    let shown = name.split(|&b| b == 0).next().unwrap_or_default();
    String::from_utf8_lossy(shown).into_owned()
}

/// What `jsonSerialize()` of the object `zv` returns. A fatal error in it (a bailout) is caught
/// and noted ([`bailout`]), to be resumed once the call's Rust frames are gone.
pub(super) fn call_json_serialize(zv: &zval) -> Result<Zval, String> {
    let called = ext_php_rs::zend::try_catch(std::panic::AssertUnwindSafe(|| {
        zv.try_call_method("jsonSerialize", vec![])
    }));
    match called {
        Ok(result) => result.map_err(|e| e.to_string()),
        Err(_) => {
            bailout::note();
            Err("a fatal error ended jsonSerialize()".into())
        }
    }
}

/// A new `stdClass`, with `properties` (an array zval) as its property table.
pub(super) fn stdclass(properties: Option<Zval>) -> Zval {
    let object = ext_php_rs::types::ZendObject::new_stdclass();
    if let Some(properties) = properties {
        let properties = std::mem::ManuallyDrop::new(properties);
        // SAFETY: a new stdClass has no property table yet (no declared properties); the array (refcount 1) moves into it, as object_and_properties_init does.
        unsafe {
            let obj = &*object as *const ext_php_rs::types::ZendObject as *mut zend_object;
            (*obj).properties = properties.value.arr;
        }
    }
    use ext_php_rs::convert::IntoZval;
    object.into_zval(false).unwrap_or_else(|_| Zval::null())
}
