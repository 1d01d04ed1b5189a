//! Numbered levels, the same for everyone and never renumbered: four bands
//! of Rush Hour puzzles without walls by their optimum (Beginner,
//! Intermediate, Advanced, Expert, the categories of the page's Random) taken
//! from the [embedded sample](crate::sample::embedded) in its own order, the
//! 40 ThinkFun cards by number, and the solvable Klotski classics in the order
//! of the bundled list. A level is addressed as `BAND/N` (`beginner/1`,
//! `cards/40`, `klotski/1`), counting from 1.
//!
//! The numbering depends only on the sample and the bundled list compiled
//! in, so a level keeps its number from one build to the next; the tests
//! hold the first levels' boards.

use crate::{catalog, format, Board, Difficulty};
use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

/// A pack of levels.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    serde::Serialize,
    strum::Display,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::VariantArray,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum Band {
    /// 15 to 20 moves.
    Beginner,
    /// 21 to 25 moves.
    Intermediate,
    /// 26 to 30 moves.
    Advanced,
    /// 31 moves or more.
    Expert,
    /// ThinkFun's Rush Hour cards 1 to 40.
    Cards,
    /// The Klotski (华容道) classics.
    Klotski,
}

impl Band {
    /// Every band, in the order the levels view lists them.
    pub const ALL: &'static [Band] = <Band as strum::VariantArray>::VARIANTS;

    /// The name in a level's address (`beginner`).
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// The name a player reads (`Beginner`, `Card`: "Card 12").
    pub fn title(self) -> &'static str {
        match self {
            Band::Beginner => "Beginner",
            Band::Intermediate => "Intermediate",
            Band::Advanced => "Advanced",
            Band::Expert => "Expert",
            Band::Cards => "Card",
            Band::Klotski => "Klotski",
        }
    }

    /// The optimum range and walls of a band drawn from the sample (`None`
    /// for the cards and Klotski).
    pub fn difficulty(self) -> Option<Difficulty> {
        let (min_moves, max_moves) = match self {
            Band::Beginner => (15, 20),
            Band::Intermediate => (21, 25),
            Band::Advanced => (26, 30),
            Band::Expert => (31, u32::MAX),
            Band::Cards | Band::Klotski => return None,
        };
        Some(Difficulty {
            min_moves,
            max_moves,
            walls: Some(0),
        })
    }

    /// The band's levels, in order (built once, on the first call).
    pub fn levels(self) -> &'static [Level] {
        static BANDS: [OnceLock<Vec<Level>>; 6] = [const { OnceLock::new() }; 6];
        BANDS[self as usize].get_or_init(|| build(self))
    }
}

/// One level.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    pub band: Band,
    /// From 1.
    pub number: u32,
    /// The start position.
    pub board: Board,
    /// The optimum in the game's own metric: slides for Rush Hour, piece
    /// moves for Klotski.
    pub optimum: u32,
    /// The bundled puzzle it is (`card12`, `横刀立马`); `None` for a
    /// puzzle of the sample.
    pub name: Option<&'static str>,
}

impl Level {
    pub fn id(&self) -> LevelId {
        LevelId {
            band: self.band,
            number: self.number,
        }
    }

    /// The board in the one-line form.
    pub fn line(&self) -> String {
        format::to_line(&self.board)
    }
}

/// A level's address: `BAND/N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LevelId {
    pub band: Band,
    pub number: u32,
}

impl LevelId {
    /// The level this address names, or why there is none.
    pub fn level(self) -> Result<&'static Level, LevelError> {
        let levels = self.band.levels();
        (self.number as usize)
            .checked_sub(1)
            .and_then(|i| levels.get(i))
            .ok_or(LevelError::NoSuchLevel {
                band: self.band,
                number: self.number,
                count: levels.len(),
            })
    }
}

/// `beginner/1`.
impl fmt::Display for LevelId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.band, self.number)
    }
}

/// Why an address names no level.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LevelError {
    #[error("a level is BAND/N, such as beginner/1, not '{}'", crate::quote(.0))]
    NotALevel(String),
    #[error("no band '{}' (expected beginner, intermediate, advanced, expert, cards or klotski)", crate::quote(.0))]
    UnknownBand(String),
    #[error("{band} has levels 1 to {count}, not {number}")]
    NoSuchLevel {
        band: Band,
        number: u32,
        count: usize,
    },
}

/// Reads `BAND/N` (the band in any case).
impl FromStr for LevelId {
    type Err = LevelError;

    fn from_str(text: &str) -> Result<LevelId, LevelError> {
        let (band, number) = text
            .split_once('/')
            .ok_or_else(|| LevelError::NotALevel(text.to_string()))?;
        let band: Band = band
            .parse()
            .map_err(|_| LevelError::UnknownBand(band.to_string()))?;
        // Digits only: no sign, no space.
        let number = (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
            .then(|| number.parse::<u32>().ok())
            .flatten()
            .ok_or_else(|| LevelError::NotALevel(text.to_string()))?;
        Ok(LevelId { band, number })
    }
}

/// The levels of `band`: the sample's puzzles of its difficulty in the
/// sample's order (by optimum, then by the size of their component), or the
/// bundled puzzles it holds in the bundled list's order.
fn build(band: Band) -> Vec<Level> {
    let numbered = |(i, (board, optimum, name))| Level {
        band,
        number: i as u32 + 1,
        board,
        optimum,
        name,
    };
    if let Some(difficulty) = band.difficulty() {
        let sample = crate::sample::embedded();
        return sample
            .with_moves(difficulty.min_moves, difficulty.max_moves)
            .iter()
            .filter(|e| difficulty.contains(e.moves, e.board.walls().len() as u32))
            .map(|e| (e.board.clone(), e.moves, None))
            .enumerate()
            .map(numbered)
            .collect();
    }
    let (game, prefix) = match band {
        Band::Cards => ("rush", "card"),
        _ => ("klotski", ""),
    };
    catalog::bundled()
        .into_iter()
        .filter(|b| b.game == game && b.name.starts_with(prefix))
        .filter_map(|b| {
            let board = format::parse(b.board, Default::default())
                .expect("the bundled puzzles parse (checked by the catalog's tests)");
            Some((board, b.optimum?, Some(b.name)))
        })
        .enumerate()
        .map(numbered)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first levels of every band, as they were numbered when levels
    /// came in: a change of the sample or of the bundled list that moves
    /// them fails here (players' progress and shared links name levels by
    /// number).
    #[test]
    fn the_first_levels_keep_their_numbers() {
        let first = |band: Band| -> Vec<(String, u32)> {
            band.levels()[..3]
                .iter()
                .map(|l| (l.line(), l.optimum))
                .collect()
        };
        let expected: [(Band, [(&str, u32); 3]); 6] = [
            (
                Band::Beginner,
                [
                    ("BCCCDDBoEEFGHoAAFGHooIJJHooIoKLLMMMK", 15),
                    ("BCCCooBooDEoAAoDEoFFGGEooHoooooHIIJJ", 15),
                    ("oBCCDDoBEEFFAAoGHIJKKGHIJoLLMIJNNNMo", 15),
                ],
            ),
            (
                Band::Intermediate,
                [
                    ("BBBooCDEFFFCDEAAGCDHIoGooHIJJJKKLLLo", 21),
                    ("BCCCDDBoEFFGHoEAAGHIIJoGoooJKKLLMMMo", 21),
                    ("BBBoCDEEooCDoFAACGoFHooGoIHoJJoIKKLL", 21),
                ],
            ),
            (
                Band::Advanced,
                [
                    ("BoCoDDBoCoEFBAAoEFGGGHHFIIJJJoKKLLLo", 26),
                    ("BCCDDEBoFooEAAFGoHIIIGoHJoooooJKKKLL", 26),
                    ("BBBooCDDDEECFGAAHIFGJKHILoJKHoLoJKMM", 26),
                ],
            ),
            (
                Band::Expert,
                [
                    ("oBCCoDoBEFoDAAEFoGHoIJoGHoIJoGHKKLLL", 31),
                    ("oBCCCDoBooEDoBAAEFGGHoEFooHIIIoJJKKo", 31),
                    ("oBBCCCDDDooEAAFoGEHHFoGIJKKoGIJLLLoI", 31),
                ],
            ),
            (
                Band::Cards,
                [
                    ("BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo", 8),
                    ("BooCCCBooDoEAAoDFEGGGoFEooHoIIJJHKKo", 8),
                    ("oooooooooooooAABoooCCBoDoEoBoDoEFFoD", 14),
                ],
            ),
            (
                Band::Klotski,
                [
                    ("BAAC/BAAC/DEEF/DGHF/I..J", 81),
                    ("BAAC/BAAC/DEEF/GHIJ/G..J", 70),
                    (".AA./BAAC/BDEC/FDEG/HHIJ", 72),
                ],
            ),
        ];
        for (band, levels) in expected {
            let want: Vec<(String, u32)> =
                levels.iter().map(|&(l, m)| (l.to_string(), m)).collect();
            assert_eq!(first(band), want, "{band}");
        }
    }

    #[test]
    fn bands_hold_what_they_say() {
        let counts: Vec<usize> = Band::ALL.iter().map(|b| b.levels().len()).collect();
        assert_eq!(counts, [182, 155, 180, 459, 40, 39]);
        for &band in Band::ALL {
            for (i, level) in band.levels().iter().enumerate() {
                assert_eq!(level.number as usize, i + 1);
                assert_eq!(level.id().level(), Ok(level));
                if let Some(d) = band.difficulty() {
                    assert!(d.contains(level.optimum, level.board.walls().len() as u32));
                }
            }
            // Never easier further on in a band drawn from the sample.
            if band.difficulty().is_some() {
                let levels = band.levels();
                assert!(levels.windows(2).all(|w| w[0].optimum <= w[1].optimum));
            }
        }
        assert_eq!(Band::Cards.levels()[39].name, Some("card40"));
        assert_eq!(Band::Klotski.levels()[0].name, Some("横刀立马"));
        assert!(Band::Klotski
            .levels()
            .iter()
            .all(|l| l.name != Some("走投无路")));
    }

    #[test]
    fn addresses_read_and_refuse() {
        let id: LevelId = "Beginner/12".parse().unwrap();
        assert_eq!(id.to_string(), "beginner/12");
        assert_eq!(id.level().unwrap().number, 12);
        let refused = |text: &str| text.parse::<LevelId>().unwrap_err().to_string();
        assert_eq!(
            refused("beginner"),
            "a level is BAND/N, such as beginner/1, not 'beginner'"
        );
        assert_eq!(
            refused("easy/1"),
            "no band 'easy' (expected beginner, intermediate, advanced, expert, cards or klotski)"
        );
        assert_eq!(
            refused("cards/+1"),
            "a level is BAND/N, such as beginner/1, not 'cards/+1'"
        );
        let none = |text: &str| text.parse::<LevelId>().unwrap().level().unwrap_err();
        assert_eq!(
            none("cards/41").to_string(),
            "cards has levels 1 to 40, not 41"
        );
        assert_eq!(
            none("cards/0").to_string(),
            "cards has levels 1 to 40, not 0"
        );
    }
}
