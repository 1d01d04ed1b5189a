//! Puzzles bundled by name (`hardest`, `card1` … `card40`, `横刀立马` alias
//! `hengdao-lima` alias `klotski`, …), compiled into the binary from `data/`.

/// A bundled puzzle (serialized as a row of `unblocker list --json` and
/// `GET /api/puzzles`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Bundled {
    pub name: &'static str,
    /// Other names `find` accepts (a pinyin and an English name for Klotski
    /// layouts).
    pub aliases: Vec<&'static str>,
    /// The game's name (`rush` or `klotski`).
    pub game: &'static str,
    /// The published optimum: slides for Rush Hour, piece moves for Klotski;
    /// `None` when the puzzle is unsolvable.
    pub optimum: Option<u32>,
    /// The board in the one-line form.
    pub board: &'static str,
    pub description: &'static str,
}

impl Bundled {
    /// The name and every alias.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        std::iter::once(self.name).chain(self.aliases.iter().copied())
    }
}

/// `NAME MOVES BOARD DESCRIPTION`, separated by spaces.
const RUSH: &str = include_str!("../data/rush.txt");
/// `NAME|ALIAS… MOVES BOARD DESCRIPTION`, separated by tabs (names have spaces).
const KLOTSKI: &str = include_str!("../data/klotski.txt");

fn parse_line(game: &'static str, separator: char, line: &'static str) -> Option<Bundled> {
    let line = line.trim();
    if line.is_empty() || line.starts_with('#') {
        return None;
    }
    let mut fields = line.splitn(4, separator);
    let mut names = fields.next()?.split('|');
    let name = names.next()?;
    let optimum = fields.next()?.parse().ok();
    let board = fields.next()?;
    let description = fields.next().unwrap_or("");
    Some(Bundled {
        name,
        aliases: names.collect(),
        game,
        optimum,
        board,
        description,
    })
}

/// Every bundled puzzle, in listing order: Rush Hour, then Klotski.
pub fn bundled() -> Vec<Bundled> {
    let rush = RUSH.lines().filter_map(|l| parse_line("rush", ' ', l));
    let klotski = KLOTSKI
        .lines()
        .filter_map(|l| parse_line("klotski", '\t', l));
    rush.chain(klotski).collect()
}

/// The bundled puzzle called `name` or one of its aliases (any case).
pub fn find(name: &str) -> Option<Bundled> {
    bundled()
        .into_iter()
        .find(|b| b.names().any(|n| n.eq_ignore_ascii_case(name)))
}

/// The bundled puzzles as a table, a line each under a header: name,
/// game, optimum, board and description (with the aliases).
pub fn table(all: &[Bundled]) -> String {
    let mut out = format!(
        "{:<18} {:<7} {:>7}  {:<36}  description\n",
        "name", "game", "optimum", "board"
    );
    for b in all {
        let optimum = b.optimum.map_or("-".to_string(), |o| o.to_string());
        let aliases = if b.aliases.is_empty() {
            String::new()
        } else {
            format!(" (also {})", b.aliases.join(", "))
        };
        out += &format!(
            "{:<18} {:<7} {:>7}  {:<36}  {}{aliases}\n",
            b.name, b.game, optimum, b.board, b.description
        );
    }
    out
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
            let board = crate::format::parse(b.board, Default::default())
                .unwrap_or_else(|e| panic!("{}: {e}", b.name));
            assert_eq!(board.game().name(), b.game, "{}", b.name);
        }
        assert_eq!(find("HARDEST").map(|b| b.optimum), Some(Some(60)));
        assert!(find("nope").is_none());
    }

    #[test]
    fn klotski_layouts_are_found_by_every_name() {
        let all = bundled();
        assert_eq!(all.iter().filter(|b| b.game == "klotski").count(), 40);
        for name in ["横刀立马", "hengdao-lima", "Klotski", "ane-rouge"] {
            assert_eq!(find(name).map(|b| b.optimum), Some(Some(81)), "{name}");
        }
        assert_eq!(find("century").map(|b| b.name), Some("守口如瓶 II"));
        assert_eq!(find("super-century").map(|b| b.optimum), Some(Some(138)));
        assert_eq!(find("pennant").map(|b| b.optimum), Some(Some(59)));
        assert_eq!(find("走投无路").map(|b| b.optimum), Some(None));
        let mut names: Vec<String> = all
            .iter()
            .flat_map(|b| b.names().map(str::to_lowercase))
            .collect();
        let count = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), count, "a name or alias is used twice");
    }
}
