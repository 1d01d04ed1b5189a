//! Memory budgets: searches charge the bytes of their tables, node lists
//! and queues against a limit, before they allocate them, so that a cap in
//! bytes holds when it is measured. Every search given the same
//! [`MemoryBudget`] (a server's concurrent solves, a batch's threads) counts
//! against the one limit.
//!
//! A structure that must grow allocates its new block while the old one is
//! still there, so a growth is charged for both until the old block is
//! freed. A search whose next growth does not fit stops with
//! [`StopReason::MemoryLimit`].

use crate::control::StopReason;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// A limit in bytes shared by every search that holds a clone of it.
#[derive(Clone, Debug)]
pub struct MemoryBudget(Arc<Ledger>);

#[derive(Debug)]
struct Ledger {
    limit: u64,
    used: AtomicU64,
}

impl MemoryBudget {
    /// The budget the searches of a process share: what is
    /// [`left_for_searches`] under `limit`.
    pub fn for_searches(limit: Option<u64>) -> MemoryBudget {
        MemoryBudget::new(left_for_searches(limit))
    }

    pub fn new(limit: u64) -> MemoryBudget {
        MemoryBudget(Arc::new(Ledger {
            limit,
            used: AtomicU64::new(0),
        }))
    }

    /// The limit, in bytes.
    pub fn limit(&self) -> u64 {
        self.0.limit
    }

    /// Bytes the searches sharing this budget hold now.
    pub fn used(&self) -> u64 {
        self.0.used.load(Ordering::Relaxed)
    }

    /// Takes `bytes` unless that would pass the limit.
    fn take(&self, bytes: u64) -> bool {
        let ledger = &self.0;
        ledger
            .used
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |used| {
                used.checked_add(bytes).filter(|&n| n <= ledger.limit)
            })
            .is_ok()
    }

    fn give(&self, bytes: u64) {
        self.0.used.fetch_sub(bytes, Ordering::AcqRel);
    }

    fn same(&self, other: &MemoryBudget) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// The bytes one owner (a search, or a workspace kept between searches)
/// holds against a budget; they are given back when it is dropped.
#[derive(Debug, Default)]
pub(crate) struct Meter {
    budget: Option<MemoryBudget>,
    held: u64,
}

impl Meter {
    /// A meter charging `budget` (nothing is charged without one).
    pub fn new(budget: Option<&MemoryBudget>) -> Meter {
        Meter {
            budget: budget.cloned(),
            held: 0,
        }
    }

    /// Charges what is held to `budget` from now on; false (and nothing
    /// held in it) if the new budget cannot cover it.
    pub fn attach(&mut self, budget: Option<&MemoryBudget>) -> bool {
        let same = match (&self.budget, budget) {
            (Some(a), Some(b)) => a.same(b),
            (None, None) => true,
            _ => false,
        };
        if same {
            return true;
        }
        let held = std::mem::take(&mut self.held);
        if let Some(old) = self.budget.take() {
            old.give(held);
        }
        self.budget = budget.cloned();
        self.hold(held)
    }

    /// Sets the bytes held to `bytes`: true if the budget covers them
    /// (giving back always succeeds).
    pub fn hold(&mut self, bytes: u64) -> bool {
        let Some(budget) = &self.budget else {
            self.held = bytes;
            return true;
        };
        if bytes > self.held {
            if !budget.take(bytes - self.held) {
                return false;
            }
        } else {
            budget.give(self.held - bytes);
        }
        self.held = bytes;
        true
    }

    /// Makes room for its number of more entries in each part (`parts` is
    /// everything the owner holds), charging the budget first for each new
    /// block beside the old one it replaces, then for what the parts hold
    /// afterwards.
    pub fn make_room(&mut self, parts: &mut [Room<'_>]) -> Result<(), StopReason> {
        let held: usize = parts.iter().map(|(p, _)| p.bytes()).sum();
        let fresh: usize = parts.iter().map(|(p, more)| p.new_block(*more)).sum();
        if !self.hold((held + fresh) as u64) {
            // Stay charged for what is held, which is still allocated.
            self.hold(held as u64);
            return Err(StopReason::MemoryLimit);
        }
        for (part, more) in parts.iter_mut() {
            part.grow(*more);
        }
        let after: usize = parts.iter().map(|(p, _)| p.bytes()).sum();
        self.hold(after as u64);
        Ok(())
    }

    /// [`Meter::make_room`] only if some part needs a new block.
    #[inline(always)]
    pub fn room(&mut self, parts: &mut [Room<'_>]) -> Result<(), StopReason> {
        if parts.iter().all(|(p, more)| p.fits(*more)) {
            return Ok(());
        }
        self.make_room(parts)
    }
}

impl Drop for Meter {
    fn drop(&mut self) {
        if let Some(budget) = &self.budget {
            budget.give(self.held);
        }
    }
}

/// Bytes held outside any search (a request's body while it is handled),
/// charged to a budget until dropped.
#[derive(Debug)]
pub struct Charge(Meter);

impl Charge {
    pub fn new(budget: &MemoryBudget) -> Charge {
        Charge(Meter::new(Some(budget)))
    }

    /// Sets the bytes charged to `bytes`: false (the charge unchanged) if
    /// the budget cannot cover them.
    pub fn hold(&mut self, bytes: u64) -> bool {
        self.0.hold(bytes)
    }
}

/// A structure and the entries to make room for in it.
pub(crate) type Room<'a> = (&'a mut dyn Grows, usize);

/// A search structure that grows in blocks: what it holds, and the block a
/// growth for `more` entries would allocate.
pub(crate) trait Grows {
    /// Bytes allocated now.
    fn bytes(&self) -> usize;
    /// True if `more` entries fit without a new block.
    fn fits(&self, more: usize) -> bool;
    /// Bytes of the new block that [`Grows::grow`] would allocate (0 when
    /// they fit).
    fn new_block(&self, more: usize) -> usize;
    /// Makes room for `more` entries.
    fn grow(&mut self, more: usize);
}

/// A block that does not grow, counted in what a search holds.
pub(crate) struct Fixed(pub usize);

impl Grows for Fixed {
    fn bytes(&self) -> usize {
        self.0
    }

    fn fits(&self, _: usize) -> bool {
        true
    }

    fn new_block(&self, _: usize) -> usize {
        0
    }

    fn grow(&mut self, _: usize) {}
}

/// Vectors grow to at least twice their capacity, so that making room
/// entry by entry still copies each entry a bounded number of times.
fn vec_capacity_for(len: usize, capacity: usize, more: usize) -> usize {
    (len + more).max(capacity * 2).max(16)
}

/// `Grows` for a collection that allocates `capacity()` elements and
/// doubles like a `Vec` (a `Vec`, and a `BinaryHeap`, which is one).
macro_rules! grows_by_capacity {
    ($collection:ident $(: $bound:path)?) => {
        impl<T $(: $bound)?> Grows for $collection<T> {
            fn bytes(&self) -> usize {
                self.capacity() * size_of::<T>()
            }

            #[inline(always)]
            fn fits(&self, more: usize) -> bool {
                self.len() + more <= self.capacity()
            }

            fn new_block(&self, more: usize) -> usize {
                if self.fits(more) {
                    0
                } else {
                    vec_capacity_for(self.len(), self.capacity(), more) * size_of::<T>()
                }
            }

            fn grow(&mut self, more: usize) {
                if !self.fits(more) {
                    let capacity = vec_capacity_for(self.len(), self.capacity(), more);
                    self.reserve_exact(capacity - self.len());
                }
            }
        }
    };
}

grows_by_capacity!(Vec);
grows_by_capacity!(BinaryHeap: Ord);

/// The machine's physical memory in bytes, if the system says.
pub fn physical_memory() -> Option<u64> {
    system::physical_memory()
}

/// The default memory limit: half the machine's physical memory (4 GiB
/// when the system does not say).
pub fn default_limit() -> u64 {
    physical_memory().map_or(4 << 30, |bytes| bytes / 2)
}

/// Bytes of this process resident in memory now (Linux, macOS and
/// Windows; `None` elsewhere, or when the system does not say).
pub fn resident_bytes() -> Option<u64> {
    system::resident_bytes()
}

/// What each system says about memory.
#[cfg(unix)]
mod system {
    /// The size of a memory page.
    fn page_size() -> Option<u64> {
        // SAFETY: sysconf only reads system configuration.
        let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        u64::try_from(page).ok().filter(|&page| page > 0)
    }

    pub fn physical_memory() -> Option<u64> {
        // SAFETY: sysconf only reads system configuration.
        let pages = unsafe { libc::sysconf(libc::_SC_PHYS_PAGES) };
        let pages = u64::try_from(pages).ok().filter(|&pages| pages > 0)?;
        Some(pages * page_size()?)
    }

    #[cfg(target_os = "linux")]
    pub fn resident_bytes() -> Option<u64> {
        let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
        let pages: u64 = statm.split_whitespace().nth(1)?.parse().ok()?;
        Some(pages * page_size()?)
    }

    #[cfg(target_os = "macos")]
    pub fn resident_bytes() -> Option<u64> {
        let mut info = std::mem::MaybeUninit::<libc::rusage_info_v0>::zeroed();
        // SAFETY: proc_pid_rusage fills a rusage_info_v0 for the flavour
        // RUSAGE_INFO_V0, about this process.
        let status = unsafe {
            libc::proc_pid_rusage(
                libc::getpid(),
                libc::RUSAGE_INFO_V0,
                info.as_mut_ptr().cast::<libc::rusage_info_t>(),
            )
        };
        // SAFETY: filled when the call succeeds (and zeroed before).
        (status == 0).then(|| unsafe { info.assume_init() }.ri_resident_size)
    }

    #[cfg(not(any(target_os = "linux", target_os = "macos")))]
    pub fn resident_bytes() -> Option<u64> {
        None
    }
}

#[cfg(windows)]
mod system {
    use windows_sys::Win32::System::ProcessStatus::{
        K32GetProcessMemoryInfo, PROCESS_MEMORY_COUNTERS,
    };
    use windows_sys::Win32::System::SystemInformation::{GlobalMemoryStatusEx, MEMORYSTATUSEX};
    use windows_sys::Win32::System::Threading::GetCurrentProcess;

    pub fn physical_memory() -> Option<u64> {
        let mut status = MEMORYSTATUSEX {
            dwLength: std::mem::size_of::<MEMORYSTATUSEX>() as u32,
            ..MEMORYSTATUSEX::default()
        };
        // SAFETY: GlobalMemoryStatusEx fills the struct whose length it is given.
        let ok = unsafe { GlobalMemoryStatusEx(&mut status) };
        (ok != 0 && status.ullTotalPhys > 0).then_some(status.ullTotalPhys)
    }

    pub fn resident_bytes() -> Option<u64> {
        let size = std::mem::size_of::<PROCESS_MEMORY_COUNTERS>() as u32;
        let mut counters = PROCESS_MEMORY_COUNTERS {
            cb: size,
            ..PROCESS_MEMORY_COUNTERS::default()
        };
        // SAFETY: the pseudo-handle of this process, and a struct of the
        // size given.
        let ok = unsafe { K32GetProcessMemoryInfo(GetCurrentProcess(), &mut counters, size) };
        (ok != 0).then_some(counters.WorkingSetSize as u64)
    }
}

/// Elsewhere (WebAssembly in a browser): the system says nothing.
#[cfg(not(any(unix, windows)))]
mod system {
    pub fn physical_memory() -> Option<u64> {
        None
    }

    pub fn resident_bytes() -> Option<u64> {
        None
    }
}

/// A memory limit for the searches of a process that already holds some:
/// `limit` (default: [`default_limit`]) less the bytes resident now.
pub fn left_for_searches(limit: Option<u64>) -> u64 {
    let limit = limit.unwrap_or_else(default_limit);
    limit.saturating_sub(resident_bytes().unwrap_or(0))
}

/// Why a text is not a size in bytes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SizeError {
    #[error("expected a size such as 512M or 4G, not '{}'", unblocker_model::quote(.0))]
    NotASize(String),
    #[error("the size must be at least 1 byte, not '{}'", unblocker_model::quote(.0))]
    Zero(String),
    #[error("'{}' overflows: a size is at most 16 EiB", unblocker_model::quote(.0))]
    TooLarge(String),
}

/// `512M`, `4G`, `1.5GiB`, `65536`: a number of bytes, with an optional
/// binary unit (K, M, G, T; an `i` and a `B` may follow).
pub fn parse_bytes(text: &str) -> Result<u64, SizeError> {
    let bad = || SizeError::NotASize(text.to_string());
    let t = text.trim();
    let digits = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(digits);
    let number: f64 = number.parse().map_err(|_| bad())?;
    let shift = match unit.trim().to_ascii_uppercase().trim_end_matches('B') {
        "" => 0,
        "K" | "KI" => 10,
        "M" | "MI" => 20,
        "G" | "GI" => 30,
        "T" | "TI" => 40,
        _ => return Err(bad()),
    };
    let bytes = number * (1u64 << shift) as f64;
    if bytes >= u64::MAX as f64 {
        return Err(SizeError::TooLarge(text.to_string()));
    }
    if bytes < 1.0 {
        return Err(SizeError::Zero(text.to_string()));
    }
    Ok(bytes as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where the system says (Linux, macOS, Windows), the machine's memory
    /// is read, this process holds some of it, and the default limit is
    /// half of it.
    #[cfg(any(target_os = "linux", target_os = "macos", windows))]
    #[test]
    fn the_system_says_how_much_memory_there_is_and_how_much_this_process_holds() {
        let physical = physical_memory().expect("the machine's memory");
        let resident = resident_bytes().expect("this process's resident size");
        assert!(physical >= 64 << 20, "{physical} bytes of memory");
        assert!(
            resident > 0 && resident < physical,
            "{resident} of {physical} bytes"
        );
        assert_eq!(default_limit(), physical / 2);
    }

    #[test]
    fn a_charge_holds_its_bytes_until_dropped() {
        let budget = MemoryBudget::new(1000);
        let mut charge = Charge::new(&budget);
        assert!(charge.hold(800));
        assert!(!charge.hold(1200));
        assert_eq!(budget.used(), 800);
        drop(charge);
        assert_eq!(budget.used(), 0);
    }

    #[test]
    fn a_budget_is_shared_and_given_back() {
        let budget = MemoryBudget::new(1000);
        let mut a = Meter::new(Some(&budget));
        let mut b = Meter::new(Some(&budget));
        assert!(a.hold(600));
        assert!(!b.hold(500), "600 + 500 is over 1000");
        assert!(b.hold(400));
        assert_eq!(budget.used(), 1000);
        assert!(a.hold(100));
        assert_eq!(budget.used(), 500);
        drop(b);
        assert_eq!(budget.used(), 100);
        // Moving to another budget carries what is held.
        let other = MemoryBudget::new(50);
        assert!(!a.attach(Some(&other)), "100 bytes do not fit in 50");
        assert_eq!(budget.used(), 0);
        assert!(a.attach(None));
        assert!(a.hold(10_000), "no budget, no limit");
    }

    #[test]
    fn room_is_charged_with_the_old_block_before_it_is_freed() {
        let budget = MemoryBudget::new(64 * 8 + 32 * 8);
        let mut meter = Meter::new(Some(&budget));
        let mut v: Vec<u64> = Vec::new();
        meter.room(&mut [(&mut v, 20)]).unwrap();
        assert_eq!(v.capacity(), 20);
        v.extend(0..20);
        meter.room(&mut [(&mut v, 1)]).unwrap();
        assert_eq!((v.capacity(), budget.used()), (40, 40 * 8));
        v.extend(0..20);
        // 80 entries beside the 40 held: 960 bytes, over the 768 of the budget.
        assert_eq!(meter.room(&mut [(&mut v, 1)]), Err(StopReason::MemoryLimit));
        assert_eq!((v.capacity(), budget.used()), (40, 40 * 8));
        // A fixed block counts in what is held.
        let mut fixed = Fixed(100);
        meter.room(&mut [(&mut fixed, 0), (&mut v, 0)]).unwrap();
        assert_eq!(budget.used(), 40 * 8, "nothing to grow: nothing charged");
        meter
            .make_room(&mut [(&mut fixed, 0), (&mut v, 0)])
            .unwrap();
        assert_eq!(budget.used(), 40 * 8 + 100);
    }

    #[test]
    fn sizes_read_with_binary_units() {
        assert_eq!(parse_bytes("65536"), Ok(65536));
        assert_eq!(parse_bytes("512M"), Ok(512 << 20));
        assert_eq!(parse_bytes("1.5GiB"), Ok(3 << 29));
        assert_eq!(parse_bytes(" 4 gb "), Ok(4 << 30));
        assert_eq!(parse_bytes("4X"), Err(SizeError::NotASize("4X".into())));
        assert_eq!(parse_bytes("0"), Err(SizeError::Zero("0".into())));
        assert_eq!(
            parse_bytes("99999999999T").unwrap_err().to_string(),
            "'99999999999T' overflows: a size is at most 16 EiB"
        );
    }
}
