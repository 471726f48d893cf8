//! Argument validation (issue 4).
//!
//! * `standard`: the verdict of WordPress core's `rest_validate_value_from_schema` (its
//!   coercions and keywords), reporting every violation with a JSON Pointer path.
//! * `strict`: standard JSON Schema (2020-12, `$ref`/`$defs`) via the `jsonschema` crate, on
//!   the JSON types exactly as sent.
//!
//! Schemas are compiled once and kept in a bounded per-thread cache (a php-fpm worker keeps it
//! across requests), keyed by a 128-bit structural hash of the schema view: no pointer is ever
//! part of the key, so a freed-and-reused array cannot hit a stale entry.

pub mod canonical;
pub mod hooks;
pub mod pattern;
pub mod php;
pub mod schema;
pub mod standard;
pub mod strict;
pub mod value;

use self::value::keyed_entries;
use crate::core::view::{Key, ObjectKind, Shape, View};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

thread_local! {
    /// Value nodes the whole-value walks (enum copies, uniqueItems, strict's JSON conversion) may
    /// still visit in this call: values that share sub-arrays by value can have 2^n paths
    /// through n arrays, so these walks are bounded by work, not only by depth.
    static WORK: std::cell::Cell<u64> = const { std::cell::Cell::new(WORK_BUDGET) };
}

/// Per call.
pub const WORK_BUDGET: u64 = 2_000_000;

/// The one violation of a schema past the compiler's or the strict conversion's bound (the
/// fallback says the same).
pub const SCHEMA_TOO_LARGE: &str = "The schema is too large to validate.";

/// Spends one unit of the call's work budget; false once it is exhausted.
#[inline]
pub fn spend() -> bool {
    WORK.with(|w| {
        let left = w.get();
        if left == 0 {
            false
        } else {
            w.set(left - 1);
            true
        }
    })
}

/// Spends the units copying `bytes` bytes costs (one per 32 bytes, at least one): a string
/// shared by value many times must not be copied without bound either.
#[inline]
pub fn spend_bytes(bytes: usize) -> bool {
    WORK.with(|w| {
        let cost = 1 + (bytes as u64) / 32;
        let left = w.get();
        w.set(left.saturating_sub(cost));
        left >= cost
    })
}

/// Whether this call's work budget ran out.
pub fn exhausted() -> bool {
    WORK.with(|w| w.get() == 0)
}

/// Starts a new call's work budget.
pub fn reset_work() {
    WORK.with(|w| w.set(WORK_BUDGET));
}

/// One violation: JSON Pointer path ('' = the root), keyword, message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub path: String,
    pub keyword: String,
    pub message: String,
}

/// The most violations one call lists (`McpNative\MAX_VIOLATIONS`): a 4 MiB body of invalid
/// items must not make a list (and messages) that outgrows the body itself.
pub const MAX_VIOLATIONS: usize = 100;

/// The violations of one call: the first [`MAX_VIOLATIONS`] kept, the rest only counted.
#[derive(Debug, Default)]
pub struct Violations {
    kept: Vec<Violation>,
    total: usize,
}

impl Violations {
    /// Whether the next violation will be kept (callers skip building messages that would not).
    #[inline]
    pub fn has_room(&self) -> bool {
        self.kept.len() < MAX_VIOLATIONS
    }

    pub fn push(&mut self, v: Violation) {
        if self.has_room() {
            self.kept.push(v);
        }
        self.total += 1;
    }

    /// Counts a violation that is not listed.
    pub fn count_unlisted(&mut self) {
        self.total += 1;
    }

    /// Adds the violations of a sub-walk, in order.
    pub fn append(&mut self, other: Violations) {
        let unlisted = other.total - other.kept.len();
        for v in other.kept {
            self.push(v);
        }
        self.total += unlisted;
    }

    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    pub fn total(&self) -> usize {
        self.total
    }

    /// The list a caller gets: the kept violations, then, when some were not kept, one
    /// `truncated` entry with the exact total.
    pub fn into_list(self) -> Vec<Violation> {
        let mut list = self.kept;
        if self.total > list.len() {
            list.push(Violation {
                path: String::new(),
                keyword: "truncated".into(),
                message: format!(
                    "{} violations in total; the first {MAX_VIOLATIONS} are listed",
                    self.total
                ),
            });
        }
        list
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Profile {
    Standard,
    Strict,
}

impl Profile {
    pub fn parse(s: &str) -> Option<Profile> {
        match s {
            "standard" => Some(Profile::Standard),
            "strict" => Some(Profile::Strict),
            _ => None,
        }
    }
}

/// A schema compiled for one profile.
pub enum Compiled {
    Standard(Box<schema::Node>),
    Strict(strict::StrictValidator),
    /// The schema itself cannot be used (too deep, cyclic).
    Broken(String),
}

impl Compiled {
    pub fn compile<'a, V: View<'a>>(schema: V, profile: Profile) -> Compiled {
        // Compiling copies enum members: with the budget a previous call left, a cached
        // schema could keep members cut short.
        reset_work();
        match profile {
            Profile::Standard => match schema::Compiler::new().compile(schema) {
                Ok(n) => Compiled::Standard(Box::new(n)),
                Err(schema::CompileError::TooDeep) => Compiled::Broken(format!(
                    "The schema is nested deeper than {} levels.",
                    crate::core::MAX_DEPTH
                )),
                Err(schema::CompileError::Cycle) => {
                    Compiled::Broken("The schema contains a reference cycle.".into())
                }
                Err(schema::CompileError::TooLarge) => Compiled::Broken(SCHEMA_TOO_LARGE.into()),
                Err(schema::CompileError::Unreadable { at, holds }) => {
                    Compiled::Broken(at.message(&holds))
                }
            },
            Profile::Strict => Compiled::Strict(strict::StrictValidator::compile(schema)),
        }
    }

    pub fn validate<'a, V: View<'a>>(&self, value: V) -> Vec<Violation> {
        self.validate_at(value, "")
    }

    /// Every violation of a value that sits at JSON Pointer `at` inside a larger document (a
    /// tool's arguments): paths start with `at`, and messages name the root by it.
    pub fn validate_at<'a, V: View<'a>>(&self, value: V, at: &str) -> Vec<Violation> {
        reset_work();
        match self {
            Compiled::Standard(n) => {
                let mut walk = standard::WalkState::new(false, 0, at.to_string());
                let _ = walk.value(value, n);
                walk.errors.into_list()
            }
            Compiled::Strict(s) => s.validate(value, at).into_list(),
            Compiled::Broken(msg) => {
                vec![Violation {
                    path: at.into(),
                    keyword: "schema".into(),
                    message: msg.clone(),
                }]
            }
        }
    }

    /// Only the verdict (stops at the first violation).
    pub fn is_valid<'a, V: View<'a>>(&self, value: V) -> bool {
        reset_work();
        match self {
            Compiled::Standard(n) => {
                let mut walk = standard::WalkState::new(true, 0, String::new());
                walk.value(value, n).is_ok()
            }
            _ => self.validate(value).is_empty(),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Structural hash (the cache key)
// ---------------------------------------------------------------------------------------------

/// Two independent 64-bit multiply-rotate chains, fed alternately (so their latencies
/// overlap), finalised into 128 bits.
#[derive(Clone, Copy)]
struct Hasher128 {
    a: u64,
    b: u64,
    /// What the compiled form of the hashed schema may cost, in bytes (the cache's bound).
    weight: u64,
    /// Values hashed so far: past [`MAX_KEY_VALUES`] the schema has no key (it is compiled
    /// uncached, and the compiler's own bound ends it).
    values: usize,
}

/// Most values a cache key reads (shared sub-arrays can make a small schema's walk exponential).
const MAX_KEY_VALUES: usize = 2_000_000;

impl Hasher128 {
    #[inline(always)]
    fn pair(&mut self, x: u64, y: u64) {
        self.a = (self.a ^ x)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .rotate_left(31);
        self.b = (self.b ^ y)
            .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            .rotate_left(27);
    }
    /// A tagged word (`tag` < 256).
    #[inline(always)]
    fn word(&mut self, tag: u64, x: u64) {
        self.weight += 16;
        self.pair(
            x,
            x.rotate_left(17) ^ tag.wrapping_mul(0x1656_67B1_9E37_79F9),
        );
    }
    /// Bytes, with their length and a tag folded into the last word.
    #[inline(always)]
    fn bytes(&mut self, tag: u64, s: &[u8]) {
        self.weight += 16 + s.len() as u64;
        let mut chunks = s.chunks_exact(16);
        for c in &mut chunks {
            self.pair(
                u64::from_le_bytes(c[..8].try_into().unwrap()),
                u64::from_le_bytes(c[8..].try_into().unwrap()),
            );
        }
        let r = chunks.remainder();
        let mut w = [0u8; 16];
        w[..r.len()].copy_from_slice(r);
        let lo = u64::from_le_bytes(w[..8].try_into().unwrap());
        let hi = u64::from_le_bytes(w[8..].try_into().unwrap());
        self.pair(
            lo ^ ((s.len() as u64) << 48) ^ tag,
            hi ^ tag.rotate_left(40) ^ (s.len() as u64),
        );
    }
    fn finish(self) -> u128 {
        let fa = (self.a ^ (self.a >> 33)).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        let fb = (self.b ^ (self.b >> 29)).wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        let fa = fa ^ fb.rotate_left(13);
        ((fa as u128) << 64) | ((fb ^ (fa >> 31)) as u128)
    }
}

/// The cache key of a schema: every key, scalar and nesting that validation can read, hashed
/// (the values of annotation keywords of schema nodes such as `description` are skipped: real
/// ability schemas are mostly descriptions, and no profile reads them). `None` when the schema
/// is cyclic or deeper than `MAX_DEPTH` (such schemas are compiled uncached).
pub fn schema_key<'a, V: View<'a>>(schema: V, profile: Profile) -> Option<u128> {
    keyed(schema, profile).map(|(key, _)| key)
}

/// The cache key and the estimated bytes of the compiled schema.
fn keyed<'a, V: View<'a>>(schema: V, profile: Profile) -> Option<(u128, u64)> {
    let mut h = Hasher128 {
        a: 0x243F_6A88_85A3_08D3,
        b: 0x1319_8A2E_0370_7344,
        weight: 0,
        values: 0,
    };
    h.word(1, profile as u64 + 1);
    let mut stack: Vec<usize> = Vec::new();
    if hash_view(schema, &mut h, &mut stack, Placement::Schema) {
        let weight = h.weight;
        Some((h.finish(), weight))
    } else {
        None
    }
}

/// Where a value sits, for the key: a schema node, a map or list of schema nodes, or data.
#[derive(Clone, Copy, PartialEq)]
enum Placement {
    Schema,
    SchemaMap,
    SchemaList,
    Data,
}

/// The context of a schema node's member (from the keyword table), and whether its value can
/// be skipped (no profile reads it).
#[inline]
fn member_ctx(key: &[u8]) -> Option<Placement> {
    use crate::core::keywords::{self, Position};
    if keywords::is_unread_by_validation(key) {
        return None;
    }
    Some(match keywords::position(key) {
        Some(Position::SchemaMap | Position::MapOfSchemaOrList) => Placement::SchemaMap,
        Some(Position::SchemaList) => Placement::SchemaList,
        Some(Position::Schema | Position::SchemaOrList) => Placement::Schema,
        Some(Position::Data | Position::WordPressOnly) | None => Placement::Data,
    })
}

fn hash_view<'a, V: View<'a>>(
    v: V,
    h: &mut Hasher128,
    stack: &mut Vec<usize>,
    walk: Placement,
) -> bool {
    h.values += 1;
    if h.values > MAX_KEY_VALUES {
        return false;
    }
    match v.shape() {
        Shape::Null => h.word(2, 0),
        Shape::Bool(b) => h.word(3, b as u64),
        Shape::Int(i) => h.word(4, i as u64),
        Shape::Float(f) => h.word(5, f.to_bits()),
        Shape::Str(s) => h.bytes(6, s),
        Shape::Array { identity, .. }
        | Shape::Object {
            identity,
            kind: ObjectKind::Plain,
        } => {
            if stack.len() >= crate::core::MAX_DEPTH || (identity != 0 && stack.contains(&identity))
            {
                return false;
            }
            let is_array = matches!(v.shape(), Shape::Array { .. });
            h.word(if is_array { 7 } else { 8 }, walk as u64);
            // a compiled node per container
            h.weight += std::mem::size_of::<schema::Node>() as u64;
            stack.push(identity);
            let mut n = 0u64;
            for (k, c) in keyed_entries(v) {
                let child_ctx = match (walk, k) {
                    (Placement::Schema, Key::Str(name)) => match member_ctx(name) {
                        Some(c) => c,
                        None => {
                            // an annotation: its name counts, its value does not
                            h.bytes(12, name);
                            n += 1;
                            continue;
                        }
                    },
                    (Placement::SchemaMap | Placement::SchemaList, _) => Placement::Schema,
                    _ => Placement::Data,
                };
                match k {
                    Key::Int(i) => h.word(9, i as u64),
                    Key::Str(s) => h.bytes(10, s),
                }
                if !hash_view(c, h, stack, child_ctx) {
                    stack.pop();
                    return false;
                }
                n += 1;
            }
            h.word(11, n);
            stack.pop();
        }
        // messages name the class of an object a schema cannot hold
        Shape::Object { .. } => h.bytes(13, v.class_name().unwrap_or_default().as_bytes()),
        Shape::Opaque => h.word(14, 0),
    }
    true
}

// ---------------------------------------------------------------------------------------------
// Bounded per-thread cache
// ---------------------------------------------------------------------------------------------

/// How many compiled schemas a worker keeps.
pub const CACHE_CAPACITY: usize = 256;
/// How many bytes (estimated, see [`Hasher128::weight`]) of compiled schemas a worker keeps; a
/// schema weighing more than an eighth of it is compiled for the call and not kept.
pub const CACHE_BYTES: u64 = 16 << 20;

struct Cache {
    /// key → (compiled, last use, weight)
    map: HashMap<u128, (Rc<Compiled>, u64, u64)>,
    bytes: u64,
    tick: u64,
    hits: u64,
    misses: u64,
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache { map: HashMap::new(), bytes: 0, tick: 0, hits: 0, misses: 0 });
}

/// The compiled validator for a schema (from the cache, or compiled and cached).
pub fn compiled<'a, V: View<'a>>(schema: V, profile: Profile) -> Rc<Compiled> {
    let Some((key, weight)) = keyed(schema, profile) else {
        return Rc::new(Compiled::compile(schema, profile));
    };
    let found = CACHE.with(|c| {
        let mut c = c.borrow_mut();
        c.tick += 1;
        let tick = c.tick;
        let hit = c.map.get_mut(&key).map(|e| {
            e.1 = tick;
            e.0.clone()
        });
        if hit.is_some() {
            c.hits += 1;
        }
        hit
    });
    if let Some(hit) = found {
        return hit;
    }
    let comp = Rc::new(Compiled::compile(schema, profile));
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        c.misses += 1;
        if weight > CACHE_BYTES / 8 {
            return;
        }
        if c.map.len() >= CACHE_CAPACITY || c.bytes + weight > CACHE_BYTES {
            // evict least recently used entries: a quarter of them, or more until the new one
            // fits (amortised O(1) per insert)
            let mut by_age: Vec<(u64, u64)> = c.map.values().map(|e| (e.1, e.2)).collect();
            by_age.sort_unstable();
            let (mut freed, mut cut, mut n) = (0u64, 0u64, 0usize);
            for (tick, w) in by_age {
                if n >= CACHE_CAPACITY / 4 && c.bytes - freed + weight <= CACHE_BYTES {
                    break;
                }
                freed += w;
                cut = tick;
                n += 1;
            }
            c.map.retain(|_, e| e.1 > cut);
            c.bytes = c.map.values().map(|e| e.2).sum();
        }
        let tick = c.tick;
        c.bytes += weight;
        c.map.insert(key, (comp.clone(), tick, weight));
    });
    comp
}

/// Estimated bytes this thread's cache holds (at most [`CACHE_BYTES`]).
pub fn cache_bytes() -> u64 {
    CACHE.with(|c| c.borrow().bytes)
}

/// (entries, hits, misses) of this thread's cache.
pub fn cache_stats() -> (usize, u64, u64) {
    CACHE.with(|c| {
        let c = c.borrow();
        (c.map.len(), c.hits, c.misses)
    })
}

/// Empties this thread's cache.
pub fn cache_clear() {
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        c.map.clear();
        c.bytes = 0;
    });
}

/// Validates `value` against `schema` with the given profile; every violation, empty when valid.
pub fn validate<'a, 'b, V: View<'a>, S: View<'b>>(
    value: V,
    schema: S,
    profile: Profile,
) -> Vec<Violation> {
    compiled(schema, profile).validate(value)
}

#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;
