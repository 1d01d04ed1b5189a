//! A flat open-addressing hash map from states to node indices.
//!
//! Linear probing over one array of `(state, index)` slots, kept at most half
//! full; states are never removed, so there are no tombstones. `clear` keeps
//! the allocation for the next puzzle of a batch.

use unblocker_engine::State;

#[derive(Clone, Copy)]
struct Slot<K> {
    key: K,
    index: u32,
}

pub struct StateTable<K: State> {
    slots: Vec<Slot<K>>,
    mask: usize,
    shift: u32,
    len: usize,
}

/// Where a state stands after [`StateTable::insert`].
pub enum Insertion {
    /// It was new and now maps to the given index.
    Inserted,
    /// It was already there, mapped to this index.
    Present(u32),
}

impl<K: State> Default for StateTable<K> {
    fn default() -> Self {
        Self::with_capacity(1 << 10)
    }
}

impl<K: State> StateTable<K> {
    /// A table that holds `n` states before it grows.
    pub fn with_capacity(n: usize) -> Self {
        let size = Self::slots_for(n);
        let mut slots = Vec::with_capacity(size);
        huge_pages::advise(&slots);
        slots.resize(
            size,
            Slot {
                key: K::EMPTY,
                index: 0,
            },
        );
        StateTable {
            slots,
            mask: size - 1,
            shift: 64 - size.trailing_zeros(),
            len: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes held by the slot array.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot<K>>()
    }

    /// Forgets every state. The memory is kept for the next search unless it
    /// is far larger than the last one needed: wiping costs time in
    /// proportion to the slots, so one large puzzle in a batch would
    /// otherwise slow down every small one after it.
    pub fn clear(&mut self) {
        if self.len == 0 {
            return;
        }
        if self.slots.len() > 8 * Self::slots_for(self.len) {
            *self = Self::with_capacity(self.len);
        } else {
            self.slots.iter_mut().for_each(|s| s.key = K::EMPTY);
            self.len = 0;
        }
    }

    /// The slots a table holding `n` states has (kept at most half full).
    fn slots_for(n: usize) -> usize {
        (n.max(8) * 2).next_power_of_two()
    }

    #[inline(always)]
    fn home(&self, key: K) -> usize {
        (key.hash64() >> self.shift) as usize
    }

    /// True once the table outgrows the CPU's private caches, where
    /// prefetching starts to pay.
    #[inline(always)]
    pub fn is_large(&self) -> bool {
        self.slots.len() >= 1 << 17
    }

    /// Asks the CPU to start loading `key`'s slot, so that a batch of
    /// look-ups waits for memory once instead of once per state.
    #[inline(always)]
    pub fn prefetch(&self, key: K) {
        #[cfg(target_arch = "x86_64")]
        {
            let slot = &self.slots[self.home(key)] as *const Slot<K> as *const i8;
            // SAFETY: prefetching is only a hint and never faults; the
            // pointer is in bounds anyway.
            #[allow(unused_unsafe)]
            unsafe {
                std::arch::x86_64::_mm_prefetch(slot, std::arch::x86_64::_MM_HINT_T0)
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Makes room for `n` more states, so that the next `n` inserts need
    /// not check (a search reserves once per expanded position).
    #[inline(always)]
    pub fn reserve(&mut self, n: usize) {
        if !self.fits(n) {
            self.grow(self.len + n);
        }
    }

    /// True if `n` more states fit without growing.
    #[inline(always)]
    pub(crate) fn fits(&self, n: usize) -> bool {
        (self.len + n) * 2 <= self.slots.len()
    }

    /// Maps `key` to `index` unless it is already present.
    #[inline(always)]
    pub fn insert(&mut self, key: K, index: u32) -> Insertion {
        self.reserve(1);
        self.insert_reserved(key, index)
    }

    /// [`StateTable::insert`] after [`StateTable::reserve`] made room.
    #[inline(always)]
    pub fn insert_reserved(&mut self, key: K, index: u32) -> Insertion {
        let mut i = self.home(key);
        loop {
            // SAFETY: `home` is the hash's top `log2(slots)` bits and the
            // probe wraps with `mask = slots - 1`, so `i < slots.len()`.
            let slot = unsafe { self.slots.get_unchecked_mut(i) };
            if slot.key == K::EMPTY {
                *slot = Slot { key, index };
                self.len += 1;
                return Insertion::Inserted;
            }
            if slot.key == key {
                return Insertion::Present(slot.index);
            }
            i = (i + 1) & self.mask;
        }
    }

    /// The index of `key`, if present.
    #[inline]
    pub fn get(&self, key: K) -> Option<u32> {
        let mut i = self.home(key);
        loop {
            let slot = &self.slots[i];
            if slot.key == K::EMPTY {
                return None;
            }
            if slot.key == key {
                return Some(slot.index);
            }
            i = (i + 1) & self.mask;
        }
    }

    /// Moves the states into a table that holds `states` (and at least
    /// twice the slots of the old one).
    fn grow(&mut self, states: usize) {
        let old = std::mem::take(&mut self.slots);
        *self = Self::with_capacity(states.max(old.len()));
        for slot in old {
            if slot.key != K::EMPTY {
                self.insert(slot.key, slot.index);
            }
        }
    }
}

/// A table grows into a new slot array (the old one is freed once its
/// states have moved).
impl<K: State> crate::memory::Grows for StateTable<K> {
    fn bytes(&self) -> usize {
        StateTable::bytes(self)
    }

    #[inline(always)]
    fn fits(&self, more: usize) -> bool {
        StateTable::fits(self, more)
    }

    fn new_block(&self, more: usize) -> usize {
        if self.fits(more) {
            0
        } else {
            Self::slots_for((self.len + more).max(self.slots.len()))
                * std::mem::size_of::<Slot<K>>()
        }
    }

    fn grow(&mut self, more: usize) {
        self.reserve(more);
    }
}

/// Large tables are probed at random: back them with huge pages where the
/// kernel offers them on request, or nearly every probe misses the TLB.
pub(crate) mod huge_pages {
    #[cfg(target_os = "linux")]
    pub fn advise<T>(v: &Vec<T>) {
        const HUGE_PAGE: usize = 2 << 20;
        let bytes = v.capacity() * std::mem::size_of::<T>();
        if bytes < 2 * HUGE_PAGE {
            return;
        }
        let start = v.as_ptr() as usize;
        let aligned = start.next_multiple_of(HUGE_PAGE);
        let end = (start + bytes) / HUGE_PAGE * HUGE_PAGE;
        if end > aligned {
            // SAFETY: the range lies inside the vector's own allocation and
            // madvise only changes how the kernel backs it.
            unsafe {
                libc::madvise(
                    aligned as *mut libc::c_void,
                    end - aligned,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }

    #[cfg(not(target_os = "linux"))]
    pub fn advise<T>(_: &Vec<T>) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserts_finds_and_grows() {
        let mut t = StateTable::<u64>::with_capacity(4);
        for k in 0..10_000u64 {
            assert!(matches!(t.insert(k * 7, k as u32), Insertion::Inserted));
        }
        for k in 0..10_000u64 {
            assert_eq!(t.get(k * 7), Some(k as u32));
            assert!(matches!(t.insert(k * 7, 0), Insertion::Present(i) if i == k as u32));
        }
        assert_eq!(t.get(3), None);
        assert_eq!(t.len(), 10_000);
        t.clear();
        assert!(t.is_empty());
        assert_eq!(t.get(7), None);
        assert_eq!(
            t.bytes(),
            32_768 * 16,
            "a table the last search filled stays"
        );
        t.insert(1, 1);
        t.clear();
        assert_eq!(t.bytes(), 16 * 16, "a table 8× too large shrinks");
        assert_eq!(t.get(1), None);
    }
}
