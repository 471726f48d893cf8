//! New zvals: the few values a result makes (the rest is shared), within a [`MemoryBudget`].

use std::ptr;

use ext_php_rs::ffi::{self, zend_array, zend_string, zval};
use ext_php_rs::types::Zval;

use super::budget::MemoryBudget;
use super::names::{interned, Name};
use super::object::stdclass;
use super::view::{deref, shape_of, ZKey, ZvalView};
use super::{
    canonical_integer, str_bytes, type_of, HASH_FLAG_PACKED, HASH_FLAG_UNINITIALIZED, IS_ARRAY,
    IS_ARRAY_EX,
};
use crate::core::transform::{Builder, Entry, OutKey};
use crate::core::view::Shape;

extern "C" {
    /// `ZEND_API void ZEND_FASTCALL zend_hash_real_init_mixed(HashTable *ht)` (FASTCALL is the C convention on 64-bit)
    fn zend_hash_real_init_mixed(ht: *mut zend_array);
    /// `ZEND_API zend_string *zend_double_to_str(double num)`: PHP's `(string)` of a float, at the
    /// `precision` setting (not in ext-php-rs's bindings; ZEND_FASTCALL is the C convention on 64-bit).
    fn zend_double_to_str(num: f64) -> *mut zend_string;
}

/// Builds result zvals; the transform's builder keeps to a [`MemoryBudget`].
pub struct ZvalBuilder {
    pub budget: MemoryBudget,
}

impl ZvalBuilder {
    pub const fn unlimited() -> Self {
        ZvalBuilder {
            budget: MemoryBudget::unlimited(),
        }
    }

    pub fn value(&mut self, entry: Entry<ZvalView<'_>, Zval>) -> Zval {
        match entry {
            Entry::Same(v) => v.share(),
            Entry::New(z) => z,
        }
    }

    /// A string zval, interned when it is one of [`NAMES`].
    pub fn bytes(&mut self, s: &[u8]) -> Zval {
        if let Some(name) = Name::of(s) {
            return name.string();
        }
        let mut z = Zval::new();
        // Refused: a null stands in (the call fails once the walk is over). PHP may hand back a
        // shared interned string (one-character strings are): ext-php-rs sets the flags from it.
        if self.budget.take(MemoryBudget::string_bytes(s.len())) {
            z.set_zend_string(ext_php_rs::types::ZendStr::new(s, false));
        }
        z
    }

    /// A boolean zval (ext-php-rs's `set_bool` is a call of its own).
    #[inline]
    pub fn boolean(b: bool) -> Zval {
        let mut z = Zval::new();
        z.u1.type_info = if b { ffi::IS_TRUE } else { ffi::IS_FALSE };
        z
    }

    pub fn new_array(capacity: usize) -> (*mut zend_array, Zval) {
        // SAFETY: the engine's array constructor; the new array is owned by the returned zval.
        let ht = unsafe { ffi::_zend_new_array(u32::try_from(capacity).unwrap_or(u32::MAX)) };
        let mut z = Zval::new();
        z.value.arr = ht;
        z.u1.type_info = IS_ARRAY_EX;
        (ht, z)
    }

    /// Inserts `value` under a string key given by its bytes; takes ownership of `value`.
    ///
    /// # Safety
    /// `ht` is a live array the caller owns (made by [`Self::new_array`], its zval not yet handed
    /// out) and no Rust reference to it is alive.
    pub unsafe fn insert_named(ht: *mut zend_array, name: &[u8], value: Zval) {
        let mut value = std::mem::ManuallyDrop::new(value);
        let slot: *mut zval = &mut *value;
        // SAFETY: `ht` is a live array this call owns; the key is interned or copied by the engine; `value` moves in.
        unsafe {
            match interned(name) {
                Some(key) => ffi::zend_hash_update(ht, key, slot),
                None => match canonical_integer(name) {
                    Some(i) => ffi::zend_hash_index_update(ht, i as u64, slot),
                    None => ffi::zend_hash_str_update(ht, name.as_ptr().cast(), name.len(), slot),
                },
            };
        }
    }

    /// Adds `value` under `name`, a key `ht` (a live array this call owns) does not have yet;
    /// takes ownership of `value`. A hash table with room left gets it as PHP's own inline
    /// `_zend_hash_append_ex` adds an interned key (no lookup, no resize: a third of
    /// `zend_hash_add_new`'s instructions); a packed or full one through `zend_hash_add_new`.
    ///
    /// # Safety
    /// As [`Self::insert_named`], and `ht` does not hold the key `name` yet.
    #[inline]
    pub unsafe fn insert_new(ht: *mut zend_array, name: Name, value: Zval) {
        let mut value = std::mem::ManuallyDrop::new(value);
        let key = name.interned();
        // The append writes what `_zend_hash_append_ex` writes, inside the table's allocation:
        // the bucket at `nNumUsed` < `nTableSize`, and the hash slot `(int32_t)(h | nTableMask)`,
        // one of the `nTableSize * 2` slots before `arData` (build.rs checks this layout).
        // SAFETY: `ht` is a live array this call owns (no Rust reference to it is alive) without the key `name` (the caller's fixed shape); `key` is a permanent interned string hashed at MINIT; `value` moves in.
        unsafe {
            let flags = (*ht).u.flags;
            if flags & HASH_FLAG_UNINITIALIZED != 0 {
                zend_hash_real_init_mixed(ht);
            } else if flags & HASH_FLAG_PACKED != 0 || (*ht).nNumUsed >= (*ht).nTableSize {
                ffi::zend_hash_add_new(ht, key, &mut *value);
                return;
            }
            let idx = (*ht).nNumUsed;
            let data = (*ht).__bindgen_anon_1.arData;
            let bucket = data.add(idx as usize);
            ptr::write(&mut (*bucket).val, ptr::read(&*value));
            (*bucket).key = key;
            (*bucket).h = (*key).h;
            let hash_slot = data
                .cast::<u32>()
                .offset((((*key).h as u32) | (*ht).nTableMask) as i32 as isize);
            (*bucket).val.u2.next = *hash_slot;
            *hash_slot = idx;
            (*ht).nNumUsed = idx + 1;
            (*ht).nNumOfElements += 1;
        }
    }

    /// Appends `value` at index `i` of a list this call builds; takes ownership of `value`.
    pub fn insert_index(ht: *mut zend_array, i: i64, value: Zval) {
        Self::insert(ht, OutKey::Index(i), value);
    }

    fn insert(ht: *mut zend_array, key: OutKey<'_, ZKey<'_>>, value: Zval) {
        let mut value = std::mem::ManuallyDrop::new(value);
        let slot: *mut zval = &mut *value;
        // SAFETY: `ht` is a live array this call owns; keys come from held tables or are interned; `value` moves in.
        unsafe {
            match key {
                OutKey::Index(i) => {
                    ffi::zend_hash_index_update(ht, i as u64, slot);
                }
                OutKey::Orig(k) if k.s.is_null() => {
                    ffi::zend_hash_index_update(ht, k.h, slot);
                }
                OutKey::Orig(k) => match k
                    .from_object
                    .then(|| canonical_integer(str_bytes(k.s)))
                    .flatten()
                {
                    Some(i) => {
                        ffi::zend_hash_index_update(ht, i as u64, slot);
                    }
                    None => {
                        ffi::zend_hash_update(ht, k.s, slot);
                    }
                },
                OutKey::Name(n) => {
                    Self::insert_named(ht, n.as_bytes(), std::mem::ManuallyDrop::into_inner(value));
                }
            }
        }
    }
}

impl<'a> Builder<'a, ZvalView<'a>> for ZvalBuilder {
    type Out = Zval;

    fn share(&mut self, v: ZvalView<'a>) -> Zval {
        v.share()
    }

    fn string(&mut self, s: &'a str) -> Zval {
        self.bytes(s.as_bytes())
    }

    fn array<I>(&mut self, entries: I) -> Zval
    where
        I: IntoIterator<Item = (OutKey<'a, ZKey<'a>>, Entry<ZvalView<'a>, Zval>)>,
        I::IntoIter: ExactSizeIterator,
    {
        let entries = entries.into_iter();
        // Refused: a null stands in (the call fails once the walk is over); shared values are
        // not taken, so nothing is owned twice.
        if !self.budget.take(MemoryBudget::array_bytes(entries.len())) {
            return Zval::null();
        }
        let (ht, z) = Self::new_array(entries.len());
        for (key, entry) in entries {
            let value = self.value(entry);
            Self::insert(ht, key, value);
        }
        z
    }

    fn made_shape<'s>(&'s self, out: &'s Zval) -> Shape<'s> {
        shape_of(deref(out), 0)
    }

    fn is_empty_array(&self, out: &Zval) -> bool {
        // SAFETY: the type byte says IS_ARRAY, so `arr` points to a live array.
        type_of(out) == IS_ARRAY && unsafe { (*out.value.arr).nNumOfElements } == 0
    }

    fn empty_object(&mut self) -> Zval {
        if !self.budget.take(MemoryBudget::OBJECT_BYTES) {
            return Zval::null();
        }
        stdclass(None)
    }

    /// A `stdClass` whose property table is built here: every key a string, as PHP's `(object)`
    /// cast makes them (an integer key would be a property no PHP code could read).
    fn object<I>(&mut self, entries: I) -> Zval
    where
        I: IntoIterator<Item = (OutKey<'a, ZKey<'a>>, Entry<ZvalView<'a>, Zval>)>,
        I::IntoIter: ExactSizeIterator,
    {
        let entries = entries.into_iter();
        let n = entries.len();
        let bytes = MemoryBudget::array_bytes(n)
            .saturating_add(n.saturating_mul(MemoryBudget::string_bytes(MemoryBudget::NUMBER_TEXT)))
            .saturating_add(MemoryBudget::OBJECT_BYTES);
        if !self.budget.take(bytes) {
            return Zval::null();
        }
        let (ht, table) = Self::new_array(n);
        for (key, entry) in entries {
            let mut value = std::mem::ManuallyDrop::new(self.value(entry));
            let slot: *mut zval = &mut *value;
            let name = match key {
                OutKey::Orig(k) if !k.s.is_null() => PropertyKey::Stored(k.s),
                OutKey::Orig(k) => PropertyKey::Text((k.h as i64).to_string()),
                OutKey::Index(i) => PropertyKey::Text(i.to_string()),
                OutKey::Name(n) => PropertyKey::Text(n.to_owned()),
            };
            // SAFETY: `ht` is a live array this call owns; a stored key comes from a held table (the engine takes its own reference); `value` moves in.
            unsafe {
                match name {
                    PropertyKey::Stored(key) => ffi::zend_hash_update(ht, key, slot),
                    PropertyKey::Text(text) => {
                        ffi::zend_hash_str_update(ht, text.as_ptr().cast(), text.len(), slot)
                    }
                };
            }
        }
        stdclass(Some(table))
    }

    fn scalar_string(&mut self, scalar: Shape<'_>) -> Zval {
        if !self
            .budget
            .take(MemoryBudget::string_bytes(MemoryBudget::NUMBER_TEXT))
        {
            return Zval::null();
        }
        match scalar {
            Shape::Int(i) => self.bytes(i.to_string().as_bytes()),
            Shape::Bool(true) => self.bytes(b"1"),
            Shape::Float(f) => {
                let mut z = Zval::new();
                // SAFETY: the engine's own float-to-string; the new string (refcount 1) is handed to the box, which owns it.
                z.set_zend_string(unsafe {
                    ext_php_rs::boxed::ZBox::from_raw(
                        zend_double_to_str(f).cast::<ext_php_rs::types::ZendStr>(),
                    )
                });
                z
            }
            _ => self.bytes(b""),
        }
    }

    fn wrapper(
        &mut self,
        inner: Entry<ZvalView<'a>, Zval>,
        key: &'a str,
        properties_as_object: bool,
    ) -> Zval {
        // The usual `input` / `result` (any of NAMES): fixed shapes with interned keys.
        let Some(name) = Name::of(key.as_bytes()).filter(|_| !properties_as_object) else {
            return crate::core::transform::wrapper_of_arrays(
                self,
                inner,
                key,
                properties_as_object,
            );
        };
        // Both new arrays at once.
        if !self
            .budget
            .take(MemoryBudget::array_bytes(1) + MemoryBudget::array_bytes(3))
        {
            return Zval::null();
        }
        let (ht, properties) = Self::new_array(1);
        let inner = self.value(inner);
        // SAFETY: `ht` is the array made on the line above, owned here until `properties` moves on.
        unsafe { Self::insert_new(ht, name, inner) };
        let required = name
            .shared_list()
            .unwrap_or_else(|| self.array([(OutKey::Index(0), Entry::New(name.string()))]));
        let (ht, z) = Self::new_array(3);
        // SAFETY: `ht` is the array made on the line above, owned here until `z` is returned; three distinct keys.
        unsafe {
            Self::insert_new(ht, Name::Type, Name::Object.string());
            Self::insert_new(ht, Name::Properties, properties);
            Self::insert_new(ht, Name::Required, required);
        }
        z
    }

    fn key_string(&mut self, key: ZKey<'a>) -> Zval {
        if key.s.is_null() {
            return self.scalar_string(Shape::Int(key.h as i64));
        }
        let mut z = Zval::new();
        // SAFETY: a key of a held table is a live zend_string; the zval takes a reference as ZVAL_STR_COPY does (none for an interned string, which may live in read-only memory).
        unsafe {
            let interned = (*key.s).gc.u.type_info & ffi::GC_IMMUTABLE != 0;
            if !interned {
                (*key.s).gc.refcount += 1;
            }
            z.value.str_ = key.s;
            z.u1.type_info = if interned {
                ffi::IS_STRING
            } else {
                ffi::IS_STRING_EX
            };
        }
        z
    }
}

/// A property name of a new `stdClass`: a string key as it was stored, or the text of one.
enum PropertyKey {
    Stored(*mut zend_string),
    Text(String),
}
