//! The memory a result may take: PHP's `memory_limit`, kept to from inside native code.

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
    pub(super) fn take(&mut self, bytes: usize) -> bool {
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
    pub(super) fn array_bytes(n: usize) -> usize {
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
    pub(super) fn string_bytes(len: usize) -> usize {
        let bytes = len.saturating_add(32);
        if bytes > 3072 {
            bytes.saturating_mul(2)
        } else {
            bytes
        }
    }

    /// An upper bound of what a new `stdClass` without properties takes (`zend_object`, 56 bytes).
    pub(super) const OBJECT_BYTES: usize = 64;

    /// The longest decimal form of an integer key or number (`-9223372036854775808`, a double
    /// at `precision` 17 with its exponent).
    pub(super) const NUMBER_TEXT: usize = 32;
}
