//! The daily puzzle: a [level](crate::level) chosen from the date alone, so
//! that everyone gets the same one on a given day with no network (the
//! server and the page's engine compute it alike), harder as the week goes
//! on: 15 to 17 moves on Mondays up to 38 or more on Sundays.

use crate::level::{Band, Level};
use crate::Difficulty;
use time::{Date, Month};

/// The day's puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Daily {
    pub date: Date,
    /// The range of optimal moves of that day of the week.
    pub difficulty: Difficulty,
    pub level: &'static Level,
}

/// Why a date was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DateError {
    #[error("a date is YYYY-MM-DD, such as 2025-03-14, not '{}'", crate::quote(.0))]
    NotADate(String),
    #[error("there is no day {0}")]
    NoSuchDay(String),
}

/// The optimum of a weekday's puzzle, Monday first: a range of one band.
const WEEK: [(u32, u32); 7] = [
    (15, 17),
    (18, 20),
    (21, 23),
    (24, 25),
    (26, 30),
    (31, 37),
    (38, u32::MAX),
];

/// Reads `YYYY-MM-DD` (a year of four digits).
pub fn parse_date(text: &str) -> Result<Date, DateError> {
    let not_a_date = || DateError::NotADate(text.to_string());
    let parts: Vec<&str> = text.split('-').collect();
    let [year, month, day] = parts[..] else {
        return Err(not_a_date());
    };
    let number = |part: &str, digits: usize| {
        (part.len() == digits && part.bytes().all(|b| b.is_ascii_digit()))
            .then(|| part.parse::<u16>().ok())
            .flatten()
            .ok_or_else(not_a_date)
    };
    let (year, month, day) = (number(year, 4)?, number(month, 2)?, number(day, 2)?);
    let no_such_day = || DateError::NoSuchDay(text.to_string());
    let month = Month::try_from(month as u8).map_err(|_| no_such_day())?;
    Date::from_calendar_date(i32::from(year), month, day as u8).map_err(|_| no_such_day())
}

/// The puzzle of `date`: the weekday sets the range of moves, the date picks
/// one of the levels without walls of that range (the sample's draw, with
/// the day's number as its seed, so consecutive days pick unrelated
/// puzzles).
pub fn daily(date: Date) -> Daily {
    let (min_moves, max_moves) = WEEK[date.weekday().number_days_from_monday() as usize];
    let difficulty = Difficulty {
        min_moves,
        max_moves,
        walls: Some(0),
    };
    let seed = i64::from(date.to_julian_day()) as u64;
    let entry = crate::sample::embedded()
        .draw(&difficulty, seed)
        .entry
        .expect("every day's range holds puzzles without walls (checked by the tests)");
    let level = Band::ALL
        .iter()
        .filter(|b| b.difficulty().is_some_and(|d| d.contains(entry.moves, 0)))
        .flat_map(|b| b.levels())
        .find(|l| l.board == entry.board)
        .expect("a sample's puzzle without walls of 15 moves or more is a level");
    Daily {
        date,
        difficulty,
        level,
    }
}

/// `2025-03-14`.
pub fn format_date(date: Date) -> String {
    format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_picks_one_level_harder_over_the_week() {
        let monday = parse_date("2025-03-10").unwrap();
        let mut previous = 0;
        for offset in 0..7 {
            let date = monday + time::Duration::days(offset);
            let today = daily(date);
            assert_eq!(today, daily(date), "the same date, the same puzzle");
            assert!(today.difficulty.contains(today.level.optimum, 0));
            assert!(today.difficulty.min_moves > previous);
            previous = today.difficulty.min_moves;
        }
        // Fixed: the puzzles of given dates do not change from one build to the next.
        let on = |text| daily(parse_date(text).unwrap()).level.id().to_string();
        assert_eq!(on("2025-03-10"), "beginner/39");
        assert_eq!(on("2025-03-16"), "expert/307");
        assert_eq!(on("2026-01-01"), "intermediate/115");
        // Every day of a year has its puzzle, not always the same one.
        let start = parse_date("2025-01-01").unwrap();
        let mut seen: Vec<String> = (0..365)
            .map(|d| {
                daily(start + time::Duration::days(d))
                    .level
                    .id()
                    .to_string()
            })
            .collect();
        seen.sort();
        seen.dedup();
        assert!(
            seen.len() > 200,
            "{} different puzzles in a year",
            seen.len()
        );
    }

    #[test]
    fn dates_read_and_refuse() {
        let date = parse_date("2024-02-29").unwrap();
        assert_eq!(format_date(date), "2024-02-29");
        assert_eq!(date.weekday().to_string(), "Thursday");
        let refused = |text: &str| parse_date(text).unwrap_err().to_string();
        assert_eq!(refused("2025-02-29"), "there is no day 2025-02-29");
        assert_eq!(refused("2025-13-01"), "there is no day 2025-13-01");
        assert_eq!(
            refused("25-1-1"),
            "a date is YYYY-MM-DD, such as 2025-03-14, not '25-1-1'"
        );
        assert_eq!(
            refused("2025-+1-01"),
            "a date is YYYY-MM-DD, such as 2025-03-14, not '2025-+1-01'"
        );
    }
}
