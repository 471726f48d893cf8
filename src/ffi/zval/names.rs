//! What is fixed at MINIT: the interned names results use, the shared `["input"]` and
//! `["result"]` lists, and the class entries values are tested against.

use std::ptr;

use ext_php_rs::ffi::{self, zend_array, zend_string};
use ext_php_rs::types::Zval;
use once_cell::sync::OnceCell;

use super::{GC_IMMUTABLE_ARRAY, IS_ARRAY_IMMUTABLE_ZVAL};

/// Pointers fixed at MINIT: interned keys, shared name lists and the class entries we test against.
pub struct Statics {
    /// The interned string of each [`Name`], at its index.
    interned: [usize; NAMES.len()],
    /// `["input"]` and `["result"]`: see [`Name::shared_list`].
    name_lists: [usize; 2],
    pub(super) json_serializable: usize,
}

static STATICS: OnceCell<Statics> = OnceCell::new();

/// Names used as keys or values of results: interned once, at MINIT (strings interned during a
/// request die with it). The order is [`NAMES`]'.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Name {
    Type,
    Object,
    Properties,
    Required,
    Input,
    Result,
    Schema,
    WasTransformed,
    WrapperProperty,
    Wrapper,
}

pub const NAMES: [&str; 10] = [
    "type",
    "object",
    "properties",
    "required",
    "input",
    "result",
    "schema",
    "was_transformed",
    "wrapper_property",
    "wrapper",
];

impl Name {
    /// The name these bytes spell (a `match`, not a search: it runs for every key a result gets).
    #[inline(always)]
    pub(super) fn of(name: &[u8]) -> Option<Name> {
        Some(match name {
            b"type" => Name::Type,
            b"object" => Name::Object,
            b"properties" => Name::Properties,
            b"required" => Name::Required,
            b"input" => Name::Input,
            b"result" => Name::Result,
            b"schema" => Name::Schema,
            b"was_transformed" => Name::WasTransformed,
            b"wrapper_property" => Name::WrapperProperty,
            b"wrapper" => Name::Wrapper,
            _ => return None,
        })
    }

    #[inline]
    pub(super) fn interned(self) -> *mut zend_string {
        statics().interned[self as usize] as *mut zend_string
    }

    /// The name as a string zval.
    pub fn string(self) -> Zval {
        interned_zval(self.interned())
    }

    /// The shared `[name]` list for the wrapper names `input` and `result` (None for any other).
    pub(super) fn shared_list(self) -> Option<Zval> {
        let index = match self {
            Name::Input => 0,
            Name::Result => 1,
            _ => return None,
        };
        let mut z = Zval::new();
        z.value.arr = statics().name_lists[index] as *mut zend_array;
        z.u1.type_info = IS_ARRAY_IMMUTABLE_ZVAL;
        Some(z)
    }
}

/// The zval of a permanent interned string (no count to take or drop).
fn interned_zval(s: *mut zend_string) -> Zval {
    let mut z = Zval::new();
    z.value.str_ = s;
    z.u1.type_info = ffi::IS_STRING;
    z
}

extern "C" {
    /// `ZEND_API void _zend_hash_init(HashTable *ht, uint32_t nSize, dtor_func_t pDestructor, bool persistent)`
    fn _zend_hash_init(
        ht: *mut zend_array,
        size: u32,
        destructor: ffi::dtor_func_t,
        persistent: bool,
    );
    /// `ZEND_API void zend_hash_real_init_packed(HashTable *ht)`
    fn zend_hash_real_init_packed(ht: *mut zend_array);
}

/// Called from MINIT.
pub fn init_statics() {
    STATICS.get_or_init(|| {
        let interned = NAMES.map(|name| {
            ext_php_rs::types::ZendStr::new_interned(name, true).into_raw() as *mut zend_string
                as usize
        });
        // ZvalBuilder::insert_new reads these hashes without computing them.
        let hashed = |&s: &usize| {
            // SAFETY: each pointer is a permanent interned string just made.
            unsafe { (*(s as *const zend_string)).h != 0 }
        };
        assert!(
            interned.iter().all(hashed),
            "interned names carry their hash"
        );
        let name_lists = [Name::Input, Name::Result]
            .map(|name| immutable_name_list(interned[name as usize] as *mut zend_string));
        let json_serializable =
            startup_class("JsonSerializable").map_or(0, |ce| ptr::from_ref(ce) as usize);
        Statics {
            interned,
            name_lists,
            json_serializable,
        }
    });
}

/// A persistent, immutable list of one permanent interned string, made the way opcache makes a
/// script's literal arrays: every result that needs it shares it without a count, a write to it
/// separates (its count stays 2), and nothing ever frees it.
fn immutable_name_list(name: *mut zend_string) -> usize {
    // The table is malloc'd (persistent) and initialised by the engine; its one value is a
    // permanent interned string, which needs no count.
    // SAFETY: MINIT, single-threaded; every pointer is the engine's, just made.
    unsafe {
        let ht = ffi::__zend_malloc(std::mem::size_of::<zend_array>()).cast::<zend_array>();
        _zend_hash_init(ht, 1, Some(ffi::zval_ptr_dtor), true);
        zend_hash_real_init_packed(ht);
        let mut value = interned_zval(name);
        ffi::zend_hash_next_index_insert(ht, &mut value);
        (*ht).gc.refcount = 2;
        (*ht).gc.u.type_info |= GC_IMMUTABLE_ARRAY;
        ht as usize
    }
}

/// Finds a class during MINIT, when the executor's class table does not exist yet.
pub fn startup_class(name: &str) -> Option<&'static ext_php_rs::zend::ClassEntry> {
    // SAFETY: MINIT runs single-threaded; the compiler globals' class table is read only, and null-checked.
    unsafe {
        let table = ffi::compiler_globals.class_table;
        if table.is_null() {
            return None;
        }
        let found = ffi::zend_hash_str_find_ptr_lc(table, name.as_ptr().cast(), name.len());
        found.cast::<ext_php_rs::zend::ClassEntry>().as_ref()
    }
}

#[inline]
pub(super) fn statics() -> &'static Statics {
    STATICS.get().expect("mcp_native: MINIT did not run")
}

/// The interned string for one of [`NAMES`].
#[inline]
pub(super) fn interned(name: &[u8]) -> Option<*mut zend_string> {
    Name::of(name).map(Name::interned)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Name`, `NAMES` and `Name::of` spell the names three times: they must agree, and the
    /// default wrapper must be the name `transform_to_object_schema` answers without a lookup.
    #[test]
    fn names_agree() {
        for (i, name) in NAMES.iter().enumerate() {
            assert_eq!(
                Name::of(name.as_bytes()).map(|n| n as usize),
                Some(i),
                "{name}"
            );
        }
        assert_eq!(
            Name::of(crate::core::arguments::DEFAULT_INPUT_WRAPPER.as_bytes()),
            Some(Name::Input)
        );
        assert_eq!(Name::of(b"inputs"), None);
    }
}
