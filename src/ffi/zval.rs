//! Zero-copy views of zvals for the core, and the builder that makes the few new zvals a
//! result needs. Everything here reads the Zend structures directly (buckets, packed arrays,
//! interned keys): the idiomatic ext-php-rs API checks UTF-8 and parses numeric keys on every
//! entry, which costs more than the whole transform.
//!
//! Safety model: a view borrows a zval for the duration of one PHP function call. Containers
//! being iterated hold a reference count, so that PHP code run during the walk (a
//! `jsonSerialize()` method) separates rather than frees or resizes them.

use std::cell::RefCell;
use std::marker::PhantomData;
use std::ptr;

use ext_php_rs::ffi::{
    self, zend_array, zend_class_entry, zend_object, zend_refcounted, zend_string, zval, Bucket,
};
use ext_php_rs::types::Zval;
use once_cell::sync::OnceCell;

use crate::core::transform::{Builder, Entry, OutKey};
use crate::core::view::{Key, ObjectKind, Shape, View};

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

/// Pointers fixed at MINIT: interned keys, shared name lists and the class entries we test against.
pub struct Statics {
    /// The interned string of each [`Name`], at its index.
    interned: [usize; NAMES.len()],
    /// `["input"]` and `["result"]`: see [`Name::shared_list`].
    name_lists: [usize; 2],
    json_serializable: usize,
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
    fn of(name: &[u8]) -> Option<Name> {
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
    fn interned(self) -> *mut zend_string {
        statics().interned[self as usize] as *mut zend_string
    }

    /// The name as a string zval.
    pub fn string(self) -> Zval {
        interned_zval(self.interned())
    }

    /// The shared `[name]` list for the wrapper names `input` and `result` (None for any other).
    fn shared_list(self) -> Option<Zval> {
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
    /// `ZEND_API void ZEND_FASTCALL zend_hash_real_init_mixed(HashTable *ht)` (FASTCALL is the C convention on 64-bit)
    fn zend_hash_real_init_mixed(ht: *mut zend_array);
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
fn statics() -> &'static Statics {
    STATICS.get().expect("mcp_native: MINIT did not run")
}

/// The interned string for one of [`NAMES`].
#[inline]
fn interned(name: &[u8]) -> Option<*mut zend_string> {
    Name::of(name).map(Name::interned)
}

#[inline]
fn type_of(zv: &zval) -> u8 {
    // SAFETY: every zval has a valid type byte, whatever its value.
    unsafe { zv.u1.v.type_ }
}

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

/// # Safety
/// `s` must point to a live `zend_string` that outlives `'a`.
#[inline]
unsafe fn str_bytes<'a>(s: *const zend_string) -> &'a [u8] {
    // SAFETY: the caller guarantees a live string; `val` holds `len` bytes.
    std::slice::from_raw_parts((*s).val.as_ptr().cast::<u8>(), (*s).len)
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
    fn keep(&self, value: Zval) -> &Zval {
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
                (!props.is_null()).then_some((props, true))
            }
            _ => None,
        }?;
        Some(table)
    }
}

fn object_kind(obj: *mut zend_object) -> ObjectKind {
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

/// A key as stored in a bucket: reused as it is when an entry is copied into a new array.
#[derive(Clone, Copy, Debug)]
pub struct ZKey<'a> {
    h: u64,
    s: *mut zend_string,
    /// Property names of objects are always strings; arrays need numeric ones as integers.
    from_object: bool,
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

    /// Runs PHP code: a fatal error in it (a bailout, which longjmps) is caught here, so the
    /// Rust frames of the walk unwind normally and free what they own; [`super::functions`]
    /// then resumes the bailout once nothing Rust-owned is left.
    fn hold(self) -> impl Sized + 'a {
        self.table().map(|(ht, _)| Hold::new(ht))
    }

    /// The name as PHP's get_class() gives it, up to a NUL byte.
    fn class_name(self) -> Option<String> {
        if type_of(self.zv) != IS_OBJECT {
            return None;
        }
        // SAFETY: an IS_OBJECT zval holds a live object; its class entry (and name) outlive it.
        let name = unsafe { str_bytes((*(*self.zv.value.obj).ce).name) };
        // an anonymous class's name goes on after a NUL byte with its file's path: not shown
        let shown = name.split(|&b| b == 0).next().unwrap_or_default();
        Some(String::from_utf8_lossy(shown).into_owned())
    }

    fn json_value(self) -> Result<Self, String> {
        let zv = self.zv;
        let called = ext_php_rs::zend::try_catch(std::panic::AssertUnwindSafe(|| {
            zv.try_call_method("jsonSerialize", vec![])
        }));
        let result = match called {
            Ok(result) => result.map_err(|e| e.to_string())?,
            Err(_) => {
                bailout::note();
                return Err("a fatal error ended jsonSerialize()".into());
            }
        };
        Ok(ZvalView::child(
            self.scope.keep(result),
            ptr::null(),
            self.scope,
        ))
    }
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

/// The shape of a dereferenced zval; `array_identity` is the identity an array gets.
#[inline]
fn shape_of(zv: &zval, array_identity: usize) -> Shape<'_> {
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

/// Zend memory a result may still take before it comes near PHP's `memory_limit`.
///
/// PHP's memory-limit fatal must never be raised inside a call: that bailout longjmps over the
/// Rust frames of the walk and leaks what they own (and PHP 8.2.36 defers the fatal but ends the
/// process outright at twice the limit). So the transform's builder counts what it allocates
/// and refuses, before allocating, once the Zend chunks that could take would pass the limit;
/// the call then fails with a plain exception and nothing Rust-owned is lost.
pub struct MemoryBudget {
    /// Bytes that may still be allocated before usage is read again (None: no limit).
    left: Option<usize>,
    limit: usize,
    refused: bool,
}

extern "C" {
    /// `ZEND_API size_t zend_memory_usage(bool real_usage)` (not in ext-php-rs's bindings).
    fn zend_memory_usage(real_usage: bool) -> usize;
    /// `ZEND_API zend_string *zend_double_to_str(double num)`: PHP's `(string)` of a float, at the
    /// `precision` setting (not in ext-php-rs's bindings; ZEND_FASTCALL is the C convention on 64-bit).
    fn zend_double_to_str(num: f64) -> *mut zend_string;
}

impl MemoryBudget {
    /// The Zend allocator grows by chunks of this size (`ZEND_MM_CHUNK_SIZE`), and checks the
    /// limit only when it adds one.
    const CHUNK: usize = 2 * 1024 * 1024;

    /// No check at all (small results of known size).
    pub const fn unlimited() -> Self {
        MemoryBudget {
            left: None,
            limit: 0,
            refused: false,
        }
    }

    /// Against this request's `memory_limit` (none when it is -1).
    pub fn of_request() -> Self {
        // Read in place: `ProcessGlobals::get()` takes a lock, a tenth of a small transform.
        // An ini change runs on this same thread, between calls, so nothing writes it meanwhile.
        // SAFETY: this thread's core globals, live for the whole request; a plain read.
        let limit = unsafe { (*ext_php_rs::ffi::ext_php_rs_process_globals()).memory_limit };
        match usize::try_from(limit) {
            // Usage is read at the first allocation (a clean schema makes none).
            Ok(limit) if limit > 0 => MemoryBudget {
                left: Some(0),
                limit,
                refused: false,
            },
            _ => Self::unlimited(),
        }
    }

    fn refill(&mut self) {
        // SAFETY: a plain read of the request heap's counters, called from a PHP function.
        let used = unsafe { zend_memory_usage(true) };
        // Only whole chunks count: `n` bytes need at most ceil(n / CHUNK) new ones.
        let free = self.limit.saturating_sub(used);
        self.left = Some(free - free % Self::CHUNK);
    }

    /// Whether `bytes` more may be allocated; the first refusal is final for the call.
    #[inline]
    fn take(&mut self, bytes: usize) -> bool {
        let Some(left) = self.left else { return true };
        if self.refused {
            return false;
        }
        if bytes <= left {
            self.left = Some(left - bytes);
            return true;
        }
        // What was counted may have been freed since (or fit in chunks PHP already had).
        self.refill();
        match self.left {
            Some(left) if bytes <= left => {
                self.left = Some(left - bytes);
                true
            }
            _ => {
                self.refused = true;
                false
            }
        }
    }

    /// The limit, when a result was refused for it.
    pub fn refused_at(&self) -> Option<usize> {
        self.refused.then_some(self.limit)
    }

    /// An upper bound of what a new array of `n` entries takes (its header, buckets and hash).
    /// A table past a page is a run of whole pages that may not fit the free pages of the last
    /// chunk: counted twice, it bounds the chunks such runs can need.
    fn array_bytes(n: usize) -> usize {
        let slots = n
            .max(8)
            .checked_next_power_of_two()
            .unwrap_or(usize::MAX / 64);
        let table = slots.saturating_mul(40);
        64 + if table > 3072 {
            table.saturating_mul(2)
        } else {
            table
        }
    }

    /// An upper bound of what a new string of `len` bytes takes; one past a page is a run of
    /// pages, counted twice as in [`Self::array_bytes`].
    fn string_bytes(len: usize) -> usize {
        let bytes = len.saturating_add(32);
        if bytes > 3072 {
            bytes.saturating_mul(2)
        } else {
            bytes
        }
    }

    /// An upper bound of what a new `stdClass` without properties takes (`zend_object`, 56 bytes).
    const OBJECT_BYTES: usize = 64;

    /// The longest decimal form of an integer key or number (`-9223372036854775808`, a double
    /// at `precision` 17 with its exponent).
    const NUMBER_TEXT: usize = 32;
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

/// A new `stdClass`, with `properties` (an array zval) as its property table.
fn stdclass(properties: Option<Zval>) -> Zval {
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
