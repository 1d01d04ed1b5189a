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
pub enum Entry {
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
        let size = (n.max(8) * 2).next_power_of_two();
        StateTable {
            slots: vec![
                Slot {
                    key: K::EMPTY,
                    index: 0
                };
                size
            ],
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

    /// Forgets every state, keeping the memory.
    pub fn clear(&mut self) {
        if self.len > 0 {
            self.slots.iter_mut().for_each(|s| s.key = K::EMPTY);
            self.len = 0;
        }
    }

    #[inline(always)]
    fn home(&self, key: K) -> usize {
        (key.hash64() >> self.shift) as usize
    }

    /// Maps `key` to `index` unless it is already present.
    #[inline(always)]
    pub fn insert(&mut self, key: K, index: u32) -> Entry {
        if self.len * 2 >= self.slots.len() {
            self.grow();
        }
        let mut i = self.home(key);
        loop {
            let slot = &mut self.slots[i];
            if slot.key == K::EMPTY {
                *slot = Slot { key, index };
                self.len += 1;
                return Entry::Inserted;
            }
            if slot.key == key {
                return Entry::Present(slot.index);
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

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        *self = Self::with_capacity(old.len());
        for slot in old {
            if slot.key != K::EMPTY {
                self.insert(slot.key, slot.index);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inserts_finds_and_grows() {
        let mut t = StateTable::<u64>::with_capacity(4);
        for k in 0..10_000u64 {
            assert!(matches!(t.insert(k * 7, k as u32), Entry::Inserted));
        }
        for k in 0..10_000u64 {
            assert_eq!(t.get(k * 7), Some(k as u32));
            assert!(matches!(t.insert(k * 7, 0), Entry::Present(i) if i == k as u32));
        }
        assert_eq!(t.get(3), None);
        assert_eq!(t.len(), 10_000);
        t.clear();
        assert!(t.is_empty());
        assert_eq!(t.get(7), None);
    }
}
