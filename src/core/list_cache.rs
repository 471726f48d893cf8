//! A per-process store of encoded lists (a server's `tools/list` entries as JSON texts), the one
//! thing PHP cannot keep between the requests a php-fpm worker serves.
//!
//! Bounded in entries and bytes, least recently used out first. The caller keys an entry by a
//! fingerprint of everything its value was made from, so an entry is never stale: a change
//! makes a new key, and the old entry ages out. Memory is the process's own (not Zend's), so it
//! does not count against `memory_limit`; [`MAX_BYTES`] bounds it.

use std::sync::{Arc, Mutex};

/// Most entries kept (a site has a few servers; each is one entry while it does not change).
pub const MAX_ENTRIES: usize = 32;
/// Most bytes kept, over all entries (keys and texts).
pub const MAX_BYTES: usize = 16 << 20;

/// The texts of one entry (bytes: a JSON text from PHP is not checked again here).
pub type Parts = Vec<Vec<u8>>;

struct Slot {
    key: Vec<u8>,
    parts: Arc<Parts>,
    bytes: usize,
    last_use: u64,
}

#[derive(Default)]
struct Store {
    slots: Vec<Slot>,
    bytes: usize,
    clock: u64,
    hits: u64,
    misses: u64,
    refused: u64,
}

/// Counters for a status page.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub entries: usize,
    pub bytes: usize,
    pub hits: u64,
    pub misses: u64,
    /// Entries found but not served: the copy would not have fit in the caller's memory.
    pub refused: u64,
}

static STORE: Mutex<Store> = Mutex::new(Store {
    slots: Vec::new(),
    bytes: 0,
    clock: 0,
    hits: 0,
    misses: 0,
    refused: 0,
});

fn store() -> std::sync::MutexGuard<'static, Store> {
    // A panic while holding the lock leaves consistent data (every update is one assignment).
    STORE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// What an entry counts against [`MAX_BYTES`]: its key, and each part's text and slot.
fn size_of(key: &[u8], parts: &[&[u8]]) -> usize {
    parts.iter().fold(key.len(), |n, p| {
        n.saturating_add(p.len())
            .saturating_add(std::mem::size_of::<Vec<u8>>())
    })
}

/// The parts stored under `key`.
pub fn fetch(key: &[u8]) -> Option<Arc<Parts>> {
    let mut s = store();
    s.clock += 1;
    let now = s.clock;
    match s.slots.iter_mut().find(|slot| slot.key == key) {
        Some(slot) => {
            slot.last_use = now;
            let parts = Arc::clone(&slot.parts);
            s.hits += 1;
            Some(parts)
        }
        None => {
            s.misses += 1;
            None
        }
    }
}

/// Stores a copy of `parts` under `key` (replacing what was there), evicting the least recently
/// used entries to make room. False when the entry alone is larger than [`MAX_BYTES`]: that is
/// found before anything is copied (the copy is the process's memory, which `memory_limit` does
/// not bound).
pub fn store_parts(key: &[u8], parts: &[&[u8]]) -> bool {
    let bytes = size_of(key, parts);
    if bytes > MAX_BYTES {
        return false;
    }
    let parts: Parts = parts.iter().map(|p| p.to_vec()).collect();
    let mut s = store();
    if let Some(i) = s.slots.iter().position(|slot| slot.key == key) {
        let old = s.slots.swap_remove(i);
        s.bytes -= old.bytes;
    }
    while !s.slots.is_empty() && (s.slots.len() >= MAX_ENTRIES || s.bytes + bytes > MAX_BYTES) {
        let oldest = s
            .slots
            .iter()
            .enumerate()
            .min_by_key(|(_, slot)| slot.last_use)
            .map(|(i, _)| i)
            .expect("not empty");
        let old = s.slots.swap_remove(oldest);
        s.bytes -= old.bytes;
    }
    s.clock += 1;
    let last_use = s.clock;
    s.bytes += bytes;
    s.slots.push(Slot {
        key: key.to_vec(),
        parts: Arc::new(parts),
        bytes,
        last_use,
    });
    true
}

/// Counts the last [`fetch`] as refused rather than a hit: its caller could not take the copy
/// (it would not have fit in `memory_limit`) and builds the value as on a miss.
pub fn refused() {
    let mut s = store();
    s.hits = s.hits.saturating_sub(1);
    s.refused += 1;
}

/// Forgets every entry (the counters stay).
pub fn clear() {
    let mut s = store();
    s.slots.clear();
    s.bytes = 0;
}

pub fn stats() -> Stats {
    let s = store();
    Stats {
        entries: s.slots.len(),
        bytes: s.bytes,
        hits: s.hits,
        misses: s.misses,
        refused: s.refused,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // One test: the store is process-wide, and cargo runs tests in parallel.
    #[test]
    fn store_fetch_replace_evict() {
        clear();
        assert!(fetch(b"k1").is_none());
        assert!(store_parts(b"k1", &[b"a", b"b"]));
        assert_eq!(
            fetch(b"k1").as_deref(),
            Some(&vec![b"a".to_vec(), b"b".to_vec()])
        );
        assert!(store_parts(b"k1", &[b"c"]));
        assert_eq!(fetch(b"k1").as_deref(), Some(&vec![b"c".to_vec()]));
        assert_eq!(stats().entries, 1);

        // Entry bound: the least recently used goes first.
        for i in 0..MAX_ENTRIES {
            assert!(store_parts(
                format!("e{i}").as_bytes(),
                &[i.to_string().as_bytes()]
            ));
            if i == 0 {
                assert!(fetch(b"k1").is_some()); // k1 is used after e0 was stored
            }
        }
        assert_eq!(stats().entries, MAX_ENTRIES);
        assert!(fetch(b"e0").is_none(), "e0 was the least recently used");
        assert!(fetch(b"k1").is_some());

        // Byte bound: an entry larger than the store is refused; a large one evicts the rest.
        assert!(!store_parts(b"huge", &[&vec![b'x'; MAX_BYTES]]));
        assert!(store_parts(b"big", &[&vec![b'x'; MAX_BYTES - 64]]));
        assert!(stats().bytes <= MAX_BYTES);
        assert!(fetch(b"big").is_some());
        assert!(stats().entries <= 2, "the least recently used made room");
        assert!(fetch(b"e1").is_none());
        clear();
        assert_eq!(stats().entries, 0);
        assert_eq!(stats().bytes, 0);
    }
}
