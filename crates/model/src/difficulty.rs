//! How hard a puzzle is asked for: a range of optimal moves and, when
//! given, an exact number of walls. One type for every front end (the
//! random puzzle of the server and of the page's engine, a database query,
//! a printable pack), read from text by one parser with one error.

use std::fmt;

/// `min_moves` to `max_moves` optimal moves (both included), and exactly
/// `walls` walls when given (`Some(0)`: Unblock Me's kind of puzzle).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Difficulty {
    pub min_moves: u32,
    pub max_moves: u32,
    /// Exactly this many walls; any number when `None`.
    pub walls: Option<u32>,
}

/// Why a difficulty was refused; the names are those of the random
/// puzzle's query (`min`, `max`, `walls`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DifficultyError {
    #[error("{name} must be a number of {what}, not '{}'", crate::quote(.value))]
    NotANumber {
        name: &'static str,
        what: &'static str,
        value: String,
    },
    #[error("min ({min}) is more than max ({max})")]
    MinOverMax { min: u32, max: u32 },
}

impl Default for Difficulty {
    fn default() -> Difficulty {
        Difficulty::ANY
    }
}

impl Difficulty {
    /// Every puzzle: any number of moves, any number of walls.
    pub const ANY: Difficulty = Difficulty {
        min_moves: 0,
        max_moves: u32::MAX,
        walls: None,
    };

    /// `min_moves` to `max_moves` moves and `walls` walls (`None`: any);
    /// refused when `min_moves` is more than `max_moves`.
    pub fn new(
        min_moves: u32,
        max_moves: u32,
        walls: Option<u32>,
    ) -> Result<Difficulty, DifficultyError> {
        if min_moves > max_moves {
            return Err(DifficultyError::MinOverMax {
                min: min_moves,
                max: max_moves,
            });
        }
        Ok(Difficulty {
            min_moves,
            max_moves,
            walls,
        })
    }

    /// The random puzzle's query values as given (`None`: absent): `min`
    /// moves (default 1) to `max` (default any number), exactly `walls`
    /// walls when given; checked as by [`Difficulty::new`].
    pub fn read(
        min: Option<&str>,
        max: Option<&str>,
        walls: Option<&str>,
    ) -> Result<Difficulty, DifficultyError> {
        Difficulty::new(
            count("min", "moves", min)?.unwrap_or(1),
            count("max", "moves", max)?.unwrap_or(u32::MAX),
            count("walls", "walls", walls)?,
        )
    }

    /// Whether a puzzle of `moves` optimal moves and `walls` walls is of
    /// this difficulty.
    pub fn contains(&self, moves: u32, walls: u32) -> bool {
        (self.min_moves..=self.max_moves).contains(&moves) && self.walls.is_none_or(|w| w == walls)
    }
}

/// A count of the query, as `what` (moves, walls) says; `None` when absent.
fn count(
    name: &'static str,
    what: &'static str,
    value: Option<&str>,
) -> Result<Option<u32>, DifficultyError> {
    value
        .map(|v| {
            v.parse().map_err(|_| DifficultyError::NotANumber {
                name,
                what,
                value: v.to_string(),
            })
        })
        .transpose()
}

/// `20 to 30 moves`, `40 moves or more`, `1 move`, with `and 0 walls`
/// when the walls are given.
impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Difficulty {
            min_moves: min,
            max_moves: max,
            walls,
        } = *self;
        let moves = |n: u32| {
            if n == 1 {
                "1 move".to_string()
            } else {
                format!("{n} moves")
            }
        };
        match max {
            u32::MAX => write!(f, "{} or more", moves(min))?,
            _ if min == max => write!(f, "{}", moves(min))?,
            _ => write!(f, "{min} to {}", moves(max))?,
        }
        match walls {
            Some(1) => write!(f, " and 1 wall"),
            Some(walls) => write!(f, " and {walls} walls"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_with_their_defaults_and_refusals() {
        let read = Difficulty::read;
        let all = read(None, None, None).unwrap();
        assert_eq!(
            (all.min_moves, all.max_moves, all.walls),
            (1, u32::MAX, None)
        );
        let some = read(Some("20"), Some("30"), Some("0")).unwrap();
        assert_eq!(
            (some.min_moves, some.max_moves, some.walls),
            (20, 30, Some(0))
        );
        assert!(some.contains(25, 0) && !some.contains(25, 1) && !some.contains(31, 0));
        let wrong = read(Some("hard"), None, None).unwrap_err();
        assert_eq!(
            wrong.to_string(),
            "min must be a number of moves, not 'hard'"
        );
        let wrong = read(None, None, Some("-1")).unwrap_err();
        assert_eq!(
            wrong.to_string(),
            "walls must be a number of walls, not '-1'"
        );
        let wrong = read(Some("30"), Some("20"), None).unwrap_err();
        assert_eq!(wrong, DifficultyError::MinOverMax { min: 30, max: 20 });
        assert_eq!(wrong.to_string(), "min (30) is more than max (20)");
    }

    #[test]
    fn a_difficulty_says_itself() {
        let said = |min, max, walls| Difficulty::new(min, max, walls).unwrap().to_string();
        assert_eq!(said(20, 30, None), "20 to 30 moves");
        assert_eq!(said(7, 7, Some(0)), "7 moves and 0 walls");
        assert_eq!(said(40, u32::MAX, Some(2)), "40 moves or more and 2 walls");
        assert_eq!(said(1, u32::MAX, Some(1)), "1 move or more and 1 wall");
    }
}
