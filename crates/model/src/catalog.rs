//! Puzzles bundled by name (`hardest`, `card1` … `card40`, …), compiled into
//! the binary from `data/`.

/// A bundled puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bundled {
    pub name: &'static str,
    /// The game's name (`rush` or `klotski`).
    pub game: &'static str,
    /// The published optimum (slide metric for Rush Hour).
    pub optimum: Option<u32>,
    /// The board in the one-line form.
    pub board: &'static str,
    pub description: &'static str,
}

const RUSH: &str = include_str!("../data/rush.txt");

fn parse_line(game: &'static str, line: &'static str) -> Option<Bundled> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let mut fields = line.splitn(4, ' ');
    let name = fields.next()?;
    let optimum = fields.next()?.parse().ok();
    let board = fields.next()?;
    let description = fields.next().unwrap_or("");
    Some(Bundled {
        name,
        game,
        optimum,
        board,
        description,
    })
}

/// Every bundled puzzle, in listing order.
pub fn bundled() -> Vec<Bundled> {
    RUSH.lines().filter_map(|l| parse_line("rush", l)).collect()
}

/// The bundled puzzle called `name` (any case).
pub fn find(name: &str) -> Option<Bundled> {
    bundled()
        .into_iter()
        .find(|b| b.name.eq_ignore_ascii_case(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_puzzle_parses() {
        let all = bundled();
        assert_eq!(
            all.iter().filter(|b| b.name.starts_with("card")).count(),
            40
        );
        for b in &all {
            crate::format::parse(b.board, Default::default())
                .unwrap_or_else(|e| panic!("{}: {e}", b.name));
        }
        assert_eq!(find("HARDEST").map(|b| b.optimum), Some(Some(60)));
        assert!(find("nope").is_none());
    }
}
