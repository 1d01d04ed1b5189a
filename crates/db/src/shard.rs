//! Which part of a generation a file holds: part `K/N` of its units
//! (recorded in the file, checked when the parts are merged). Finding the
//! part a run does from a scheduler's environment is the generator's
//! (`unblocker_gen::scheduler`).

use std::fmt;
use std::str::FromStr;

/// Part `index` of `count` (1-based): the units `u` with
/// `u % count == index - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

/// Why a part is none.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    #[error("shard `{0}`: expected K/N (e.g. 2/8)")]
    Syntax(String),
    #[error("shard {index}/{count}: parts are numbered 1 to {count}")]
    OutOfRange { index: u64, count: u64 },
}

impl Shard {
    /// The whole generation in one part.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Part `index` of `count`, checked.
    pub fn new(index: u64, count: u64) -> Result<Shard, ShardError> {
        if index == 0 || index > count {
            return Err(ShardError::OutOfRange { index, count });
        }
        Ok(Shard { index, count })
    }

    /// Whether `unit` belongs to this part.
    pub fn contains(self, unit: u64) -> bool {
        unit % self.count == self.index - 1
    }

    /// How many of `units` units (numbered from 0) belong to this part.
    pub fn units_of(self, units: u64) -> u64 {
        units / self.count + u64::from(units % self.count >= self.index)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Shard, ShardError> {
        let syntax = || ShardError::Syntax(text.to_string());
        let (k, n) = text.split_once('/').ok_or_else(syntax)?;
        let (k, n) = (k.trim().parse(), n.trim().parse());
        Shard::new(k.map_err(|_| syntax())?, n.map_err(|_| syntax())?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn given_parts_parse_and_are_checked() {
        assert_eq!("3/8".parse(), Ok(Shard { index: 3, count: 8 }));
        for (text, err) in [
            ("0/4", ShardError::OutOfRange { index: 0, count: 4 }),
            ("5/4", ShardError::OutOfRange { index: 5, count: 4 }),
            ("1/0", ShardError::OutOfRange { index: 1, count: 0 }),
            ("3", ShardError::Syntax("3".into())),
            ("a/4", ShardError::Syntax("a/4".into())),
            ("-1/4", ShardError::Syntax("-1/4".into())),
        ] {
            assert_eq!(text.parse::<Shard>(), Err(err), "{text}");
        }
    }

    #[test]
    fn a_part_counts_its_units() {
        for count in 1..6 {
            for units in 0..20 {
                let total: u64 = (1..=count)
                    .map(|k| {
                        let s = Shard::new(k, count).unwrap();
                        let n = s.units_of(units);
                        assert_eq!(n, (0..units).filter(|&u| s.contains(u)).count() as u64);
                        n
                    })
                    .sum();
                assert_eq!(total, units);
            }
        }
    }
}
