//! Zvals read as the core's [`View`]: zero-copy, straight from the Zend structures (buckets,
//! packed arrays, interned keys), with the containers being iterated held.

use std::cell::RefCell;
use std::marker::PhantomData;
use std::ptr;

use ext_php_rs::ffi::{self, zend_array, zend_refcounted, zend_string, zval, Bucket};
use ext_php_rs::types::Zval;

use super::names::interned;
use super::object::{call_json_serialize, class_name, object_kind, plain_properties};
use super::{
    canonical_integer, str_bytes, type_of, HASH_FLAG_PACKED, IS_ARRAY, IS_DOUBLE, IS_FALSE,
    IS_INDIRECT, IS_LONG, IS_NULL, IS_OBJECT, IS_REFERENCE, IS_STRING, IS_TRUE, IS_UNDEF,
};
use crate::core::view::{Key, Shape, View};

/// Follows references and indirections to the value itself.
#[inline]
pub fn deref(zv: &zval) -> &zval {
    deref_noting_reference(zv, ptr::null()).0
}

/// Like [`deref`] for an entry of the table `parent`, also giving the address of the PHP
/// reference passed through (0 if none): an array's identity for cycle detection.
///
/// A reference nothing else holds (refcount 1) counts as none, unless it points straight back at
/// `parent`: that is PHP's own rule (`zend_array_dup`, `ReflectionReference`), and the one the
/// PHP implementation of the contract can see, so both cut exactly the same cycles.
#[inline]
fn deref_noting_reference(mut zv: &zval, parent: *const zend_array) -> (&zval, usize) {
    let mut reference = 0;
    loop {
        match type_of(zv) {
            // SAFETY: an IS_REFERENCE zval points to a live zend_reference (the container holding it is held).
            IS_REFERENCE => unsafe {
                let r = zv.value.ref_;
                let target = &(*r).val;
                let ignorable = (*r).gc.refcount == 1
                    && !(type_of(target) == IS_ARRAY && ptr::eq(target.value.arr, parent));
                reference = if ignorable { 0 } else { r as usize };
                zv = target;
            },
            // SAFETY: an IS_INDIRECT zval points to a live zval slot of the same object or symbol table.
            IS_INDIRECT => zv = unsafe { &*zv.value.zv },
            _ => return (zv, reference),
        }
    }
}

/// Per-call storage for values made during the walk that views point into until the call's
/// result is built: what `jsonSerialize()` returned, and copies of values read through PHP
/// references (PHP code run during the walk may assign such a reference a new value).
#[derive(Default)]
pub struct CallScope {
    // Boxed: views point into these zvals, which must not move when the list grows.
    #[allow(clippy::vec_box)]
    made: RefCell<Vec<Box<Zval>>>,
}

impl CallScope {
    pub(super) fn keep(&self, value: Zval) -> &Zval {
        let boxed = Box::new(value);
        let at: *const Zval = &*boxed;
        self.made.borrow_mut().push(boxed);
        // SAFETY: the box is never removed or moved out before the scope is dropped.
        unsafe { &*at }
    }
}

#[derive(Clone, Copy)]
pub struct ZvalView<'a> {
    zv: &'a zval,
    /// The PHP reference this value was reached through (0 if none).
    via_reference: usize,
    scope: &'a CallScope,
}

impl<'a> ZvalView<'a> {
    pub fn new(zv: &'a Zval, scope: &'a CallScope) -> Self {
        // The arguments of a call are the root: their own reference cannot close a cycle.
        ZvalView {
            zv: deref(zv),
            via_reference: 0,
            scope,
        }
    }

    /// An entry of the table `parent` (see [`deref_noting_reference`]).
    ///
    /// A value read through a PHP reference that something else also holds is copied into the
    /// scope: PHP code run later in the walk may assign that reference a new value, freeing the
    /// one a view still reads.
    fn child(zv: &'a zval, parent: *const zend_array, scope: &'a CallScope) -> Self {
        let (zv, via_reference) = deref_noting_reference(zv, parent);
        if via_reference == 0 {
            return ZvalView {
                zv,
                via_reference,
                scope,
            };
        }
        ZvalView {
            zv: scope.keep(zv.shallow_clone()),
            via_reference,
            scope,
        }
    }

    pub fn zval(self) -> &'a Zval {
        self.zv
    }

    /// A new reference to the same value (no copy).
    pub fn share(self) -> Zval {
        self.zv.shallow_clone()
    }

    /// The properties table of a `stdClass`, or the array's hash table.
    fn table(self) -> Option<(*mut zend_array, bool)> {
        let table = match type_of(self.zv) {
            // SAFETY: the type byte says IS_ARRAY, so `arr` is the active union member.
            IS_ARRAY => Some((unsafe { self.zv.value.arr }, false)),
            IS_OBJECT => {
                // SAFETY: the type byte says IS_OBJECT, so `obj` is the active union member.
                let obj = unsafe { self.zv.value.obj };
                plain_properties(obj).map(|props| (props, true))
            }
            _ => None,
        }?;
        Some(table)
    }
}

/// A key as stored in a bucket: reused as it is when an entry is copied into a new array.
#[derive(Clone, Copy, Debug)]
pub struct ZKey<'a> {
    pub(super) h: u64,
    pub(super) s: *mut zend_string,
    /// Property names of objects are always strings; arrays need numeric ones as integers.
    pub(super) from_object: bool,
    _life: PhantomData<&'a zend_string>,
}

impl<'a> From<ZKey<'a>> for Key<'a> {
    /// The key as PHP's `(array)` cast shows it: numeric property names become integers.
    #[inline]
    fn from(k: ZKey<'a>) -> Key<'a> {
        if k.s.is_null() {
            return Key::Int(k.h as i64);
        }
        // SAFETY: a non-null key of a held table is a live zend_string.
        let bytes = unsafe { str_bytes(k.s) };
        match k.from_object.then(|| canonical_integer(bytes)).flatten() {
            Some(i) => Key::Int(i),
            None => Key::Str(bytes),
        }
    }
}

/// Holds a reference on a hash table while it is iterated, so PHP code cannot free or resize it
/// under us (a write to a shared table separates it instead).
struct Hold(*mut zend_refcounted);

impl Hold {
    fn new(ht: *mut zend_array) -> Self {
        let counted = ht.cast::<zend_refcounted>();
        // Immutable (e.g. opcache) arrays are never freed or written: no count to take.
        // SAFETY: `ht` is a live array (just read from a held zval); the header is readable.
        if unsafe { (*counted).gc.u.type_info } & (ffi::GC_IMMUTABLE) != 0 {
            return Hold(ptr::null_mut());
        }
        // SAFETY: a live, non-immutable array: taking a reference is what ZVAL_COPY does (no Rust reference to it is alive).
        unsafe { (*counted).gc.refcount += 1 };
        Hold(counted)
    }
}

impl Drop for Hold {
    fn drop(&mut self) {
        if self.0.is_null() {
            return;
        }
        // SAFETY: this Hold took one reference in `new`; releasing the last one frees the table as the engine would.
        unsafe {
            (*self.0).gc.refcount -= 1;
            if (*self.0).gc.refcount == 0 {
                ffi::zend_array_destroy(self.0.cast::<zend_array>());
            }
        }
    }
}

/// Iterates a hash table's slots. The layout is read once: a walk that runs PHP code meanwhile
/// (the transform, through `jsonSerialize()`) holds the table first ([`View::hold`]), so that
/// code cannot resize or free it (a write separates it instead).
pub struct ZEntries<'a> {
    ht: *mut zend_array,
    /// `arPacked` (zvals) when `packed`, else `arData` (buckets).
    slots: *const u8,
    packed: bool,
    used: u32,
    pos: u32,
    from_object: bool,
    scope: &'a CallScope,
}

impl<'a> ZEntries<'a> {
    #[inline(always)]
    fn new(ht: *mut zend_array, from_object: bool, scope: &'a CallScope) -> Self {
        if ht.is_null() {
            return ZEntries {
                ht,
                slots: ptr::null(),
                packed: false,
                used: 0,
                pos: 0,
                from_object,
                scope,
            };
        }
        // Raw reads: no Rust reference to the table lives while its count is changed.
        // SAFETY: `ht` is live; a walk that runs PHP code holds it first (View::hold), so its layout cannot change under these raw reads.
        let (packed, used, slots) = unsafe {
            (
                (*ht).u.flags & HASH_FLAG_PACKED != 0,
                (*ht).nNumUsed,
                (*ht).__bindgen_anon_1.arData as *const u8,
            )
        };
        ZEntries {
            ht,
            slots,
            packed,
            used,
            pos: 0,
            from_object,
            scope,
        }
    }
}

impl<'a> Iterator for ZEntries<'a> {
    type Item = (ZKey<'a>, ZvalView<'a>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        while self.pos < self.used {
            let i = self.pos as usize;
            self.pos += 1;
            // SAFETY: `i` < nNumUsed of a held table whose layout was read once: the slot is inside the allocation.
            let (raw, h, s): (&zval, u64, *mut zend_string) = unsafe {
                if self.packed {
                    (
                        &*self.slots.cast::<zval>().add(i),
                        i as u64,
                        ptr::null_mut(),
                    )
                } else {
                    let b: &Bucket = &*self.slots.cast::<Bucket>().add(i);
                    (&b.val, b.h, b.key)
                }
            };
            let value = ZvalView::child(raw, self.ht, self.scope);
            if type_of(value.zv) == IS_UNDEF {
                continue;
            }
            let key = ZKey {
                h,
                s,
                from_object: self.from_object,
                _life: PhantomData,
            };
            return Some((key, value));
        }
        None
    }
}

impl<'a> View<'a> for ZvalView<'a> {
    type EntryKey = ZKey<'a>;

    #[inline]
    fn is_scalar(self) -> bool {
        matches!(
            type_of(self.zv),
            IS_UNDEF | IS_NULL | IS_FALSE | IS_TRUE | IS_LONG | IS_DOUBLE | IS_STRING
        )
    }

    #[inline]
    fn shape(self) -> Shape<'a> {
        shape_of(self.zv, self.via_reference)
    }

    #[inline(always)]
    fn entries(self) -> impl Iterator<Item = (ZKey<'a>, ZvalView<'a>)> + 'a {
        let (ht, from_object) = self.table().unwrap_or((ptr::null_mut(), false));
        ZEntries::new(ht, from_object, self.scope)
    }

    /// `$array[$key]`: a numeric string finds the integer key, as in PHP.
    #[inline]
    fn get(self, key: &str) -> Option<Self> {
        let (ht, _) = self.table()?;
        // SAFETY: `ht` is a live table held by the scope; `key` outlives the call.
        let found = unsafe {
            // An interned name carries its hash (and usually is the very key stored).
            match interned(key.as_bytes()) {
                Some(name) => ffi::zend_hash_find(ht, name),
                None => match canonical_integer(key.as_bytes()) {
                    Some(index) => ffi::zend_hash_index_find(ht, index as u64),
                    None => ffi::zend_hash_str_find(ht, key.as_ptr().cast(), key.len()),
                },
            }
        };
        if found.is_null() {
            return None;
        }
        // SAFETY: a non-null result of zend_hash_*_find points into the held table.
        let value = ZvalView::child(unsafe { &*found }, ht, self.scope);
        (type_of(value.zv) != IS_UNDEF).then_some(value)
    }

    fn hold(self) -> impl Sized + 'a {
        self.table().map(|(ht, _)| Hold::new(ht))
    }

    /// The name as PHP's get_class() gives it, up to a NUL byte.
    fn class_name(self) -> Option<String> {
        if type_of(self.zv) != IS_OBJECT {
            return None;
        }
        // SAFETY: the type byte says IS_OBJECT, so `obj` is the active union member.
        Some(class_name(unsafe { self.zv.value.obj }))
    }

    /// Runs PHP code: a fatal error in it (a bailout, which longjmps) is caught here, so the
    /// Rust frames of the walk unwind normally and free what they own; [`crate::ffi::functions`]
    /// then resumes the bailout once nothing Rust-owned is left.
    fn json_value(self) -> Result<Self, String> {
        let result = call_json_serialize(self.zv)?;
        Ok(ZvalView::child(
            self.scope.keep(result),
            ptr::null(),
            self.scope,
        ))
    }
}

/// The shape of a dereferenced zval; `array_identity` is the identity an array gets.
#[inline]
pub(super) fn shape_of(zv: &zval, array_identity: usize) -> Shape<'_> {
    // SAFETY: the type byte selects the union member read in each arm; strings and arrays are live.
    unsafe {
        match type_of(zv) {
            IS_UNDEF | IS_NULL => Shape::Null,
            IS_FALSE => Shape::Bool(false),
            IS_TRUE => Shape::Bool(true),
            IS_LONG => Shape::Int(zv.value.lval),
            IS_DOUBLE => Shape::Float(zv.value.dval),
            IS_STRING => Shape::Str(str_bytes(zv.value.str_)),
            IS_ARRAY => Shape::Array {
                identity: array_identity,
                len: (*zv.value.arr).nNumOfElements as usize,
            },
            IS_OBJECT => {
                let obj = zv.value.obj;
                Shape::Object {
                    identity: obj as usize,
                    kind: object_kind(obj),
                }
            }
            _ => Shape::Opaque,
        }
    }
}
