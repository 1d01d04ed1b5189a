//! The Klotski database against dnomd343/klotski's layout count, the
//! classic layouts' ground truth (the data's puzzles/klotski/classic.tsv)
//! and the solver's own analysis.

use std::sync::OnceLock;
use unblocker_db::shard::Shard;
use unblocker_db::{Database, Filter};
use unblocker_gen::klotski::{
    generate_klotski, store, ComponentExplorer, Layouts, Totals, UNSOLVABLE,
};
use unblocker_gen::{generate, GenerateOptions};
use unblocker_model::{format, Difficulty, Metric};
use unblocker_solve::{Control, Solver};

/// The enumeration, shared by the tests of this file (it holds 117 MB).
fn layouts() -> &'static Layouts {
    static LAYOUTS: OnceLock<Layouts> = OnceLock::new();
    LAYOUTS.get_or_init(Layouts::enumerate)
}

/// One row of classic.tsv.
struct Classic {
    name: String,
    grid: String,
    piece_moves: Option<u32>,
    reachable_states: u32,
}

/// The rows with the bottom-centre goal (all but the Pennant puzzle, whose
/// goal is elsewhere).
fn classics() -> Vec<Classic> {
    let text = unblocker_testdata::read_to_string("puzzles/klotski/classic.tsv");
    text.lines()
        .skip(1)
        .map(|line| line.split('\t').collect::<Vec<_>>())
        .filter(|f| f[2] == "3,1")
        .map(|f| Classic {
            name: f[0].to_string(),
            grid: f[1].to_string(),
            piece_moves: f[5].parse().ok(),
            reachable_states: f[6].parse().unwrap(),
        })
        .collect()
}

/// dnomd343/klotski: 29,334,498 layouts (one 2×2, at least two empty cells,
/// blocks of one shape interchangeable).
#[test]
fn enumeration_counts_every_layout_once() {
    let layouts = layouts();
    assert_eq!(layouts.len(), 29_334_498);
    // Index and key agree both ways (the ranking is a bijection onto the
    // enumeration), and the printed grid reads back.
    for index in 0..layouts.len() as u32 {
        assert_eq!(layouts.index_of(layouts.key(index)), Some(index));
    }
    for index in (0..layouts.len() as u32).step_by(7_919) {
        // Mirroring twice gives the layout back.
        assert_eq!(layouts.mirror(layouts.mirror(index)), index);
        let board = format::parse(&layouts.grid(index), Default::default()).unwrap();
        assert_eq!(layouts.index_of_board(&board), Some(index));
    }
}

/// Each classic layout's component has `reachable_states` layouts and the
/// layout's distance is `piece_moves` (走投无路: an unsolvable component).
#[test]
fn classic_layouts_match_ground_truth() {
    let layouts = layouts();
    let mut explorer = ComponentExplorer::new(layouts);
    let classics = classics();
    assert_eq!(classics.len(), 39, "rows of classic.tsv");
    for c in &classics {
        let board = format::parse(&c.grid, Default::default()).unwrap();
        let index = layouts
            .index_of_board(&board)
            .unwrap_or_else(|| panic!("{}: not a layout", c.name));
        let component = explorer.explore(index);
        assert_eq!(component.size, c.reachable_states, "{}", c.name);
        // The mirror image is as far from the goal, in a component of the
        // same size (the census counts on it).
        let image = layouts.mirror(index);
        let image_distance = explorer.distance(image).or_else(|| {
            let mut other = ComponentExplorer::new(layouts);
            let twin = other.explore(image);
            assert_eq!(twin.size, component.size, "{}", c.name);
            other.distance(image)
        });
        assert_eq!(image_distance, explorer.distance(index), "{}", c.name);
        let distance = explorer.distance(index).unwrap();
        match c.piece_moves {
            Some(moves) => assert_eq!(distance as u32, moves, "{}", c.name),
            None => {
                assert_eq!(distance, UNSOLVABLE, "{}", c.name);
                assert_eq!(component.hardest, None, "{}", c.name);
            }
        }
        assert_eq!(
            component.histogram.iter().sum::<u64>(),
            if c.piece_moves.is_some() {
                c.reachable_states as u64
            } else {
                0
            },
            "{}",
            c.name
        );
        explorer.forget();
    }
}

/// The component summaries equal the solver's analysis of the component's
/// hardest layout: size, goal layouts, optimum = farthest distance, and the
/// histogram (横刀立马's component and a few others).
#[test]
fn components_agree_with_the_solver() {
    let layouts = layouts();
    let mut explorer = ComponentExplorer::new(layouts);
    let mut solver = Solver::new();
    let seeds = ["横刀立马", "峰回路转", "比翼横空", "勇闯五关"];
    let classics = classics();
    for name in seeds {
        let c = classics.iter().find(|c| c.name == name).unwrap();
        let board = format::parse(&c.grid, Default::default()).unwrap();
        let component = explorer.explore(layouts.index_of_board(&board).unwrap());
        let hardest = component.hardest.expect("solvable");
        let analysis = solver
            .analyze(
                &layouts.board(hardest.layout),
                Metric::Piece,
                &Control::default(),
            )
            .unwrap();
        assert_eq!(analysis.reachable_states, component.size as u64, "{name}");
        assert_eq!(analysis.goal_states, component.goals as u64, "{name}");
        assert_eq!(analysis.optimal, Some(hardest.moves), "{name}");
        assert_eq!(analysis.farthest, Some(hardest.moves), "{name}");
        assert_eq!(analysis.distance_histogram, component.histogram, "{name}");
        // The tie rule: no layout at that distance has a smaller index.
        let first = explorer
            .members()
            .filter(|&(_, d)| d as u32 == hardest.moves)
            .map(|(layout, _)| layout)
            .min();
        assert_eq!(first, Some(hardest.layout), "{name}");
        explorer.forget();
    }
}

/// Stores the components of the classic layouts the way the whole run
/// stores every component (the whole run takes about a minute, see
/// `whole_run`): one puzzle per solvable component, at its hardest layout;
/// queries, stats, export and random read them; a rerun does nothing; a
/// Rush Hour file is refused.
#[test]
fn stored_components_read_back() {
    let layouts = layouts();
    let mut explorer = ComponentExplorer::new(layouts);
    let mut components = Vec::new();
    for c in classics() {
        let board = format::parse(&c.grid, Default::default()).unwrap();
        let index = layouts.index_of_board(&board).unwrap();
        if !explorer.seen(index) {
            components.push(explorer.explore(index));
        }
    }
    // Two different components of 25,955 layouts, and 走投无路's unsolvable
    // one.
    let sizes: Vec<u32> = components.iter().map(|c| c.size).collect();
    assert_eq!(
        sizes,
        [25_955, 25_955, 81_340, 81_462, 28_832, 7_888, 7_462]
    );
    let dir = tempfile::tempdir().unwrap();
    let mut db = Database::open(&dir.path().join("klotski.sqlite")).unwrap();
    let totals = Totals {
        layouts: layouts.len() as u64,
        components: components.len() as u64,
        seconds: 0.0,
    };
    let summary = store(&mut db, layouts, &components, totals, |_, _| {}).unwrap();
    assert_eq!(summary.puzzles, 6);
    assert_eq!(
        summary.solvable_layouts,
        2 * 25_955 + 81_340 + 81_462 + 28_832 + 7_888
    );
    let all = db.query(&Filter::default()).unwrap();
    assert_eq!(all.len(), 6);
    assert_eq!(Some(&all[0]), summary.hardest.as_ref());
    let mut solver = Solver::new();
    for p in &all {
        assert_eq!(p.histogram.len() as u32, p.moves + 1, "{}", p.board);
        assert_eq!(p.histogram.iter().sum::<u64>(), p.cluster, "{}", p.board);
        assert_eq!((p.walls, p.pieces), (0, 10), "{}", p.board);
        // The stored text is the canonical grid, and `analyze` finds the
        // same component, optimum and farthest distance.
        let board = format::parse(&p.board, Default::default()).unwrap();
        assert_eq!(format::print(&board, format::Format::Line), p.board);
        let analysis = solver
            .analyze(&board, Metric::Piece, &Control::default())
            .unwrap();
        assert_eq!(analysis.reachable_states, p.cluster, "{}", p.board);
        assert_eq!(analysis.optimal, Some(p.moves), "{}", p.board);
        assert_eq!(analysis.farthest, Some(p.moves), "{}", p.board);
    }
    // 横刀立马's component: its hardest layout is as far as `analyze` of
    // 横刀立马 says the component reaches.
    let classic = format::parse("BAAC/BAAC/DEEF/DGHF/I..J", Default::default()).unwrap();
    let farthest = solver
        .analyze(&classic, Metric::Piece, &Control::default())
        .unwrap()
        .farthest;
    let stored: Vec<u32> = all
        .iter()
        .filter(|p| p.cluster == 25_955)
        .map(|p| p.moves)
        .collect();
    assert!(stored.contains(&farthest.unwrap()), "{stored:?}");

    let stats = unblocker_db::stats::DatabaseStats::of(&db).unwrap();
    assert_eq!(stats.puzzles, 6);
    assert_eq!(stats.hardest.as_ref(), summary.hardest.as_ref());
    let random = db.random(&Difficulty::new(0, 200, None).unwrap());
    let random = random.unwrap().unwrap();
    assert!(all.contains(&random));
    let mut exported = Vec::new();
    assert_eq!(db.export(&mut exported).unwrap(), 6);
    let first = String::from_utf8(exported).unwrap();
    assert!(first.starts_with(&format!("{} {} ", all[0].moves, all[0].board)));

    let again = generate_klotski(&mut db, |_, _, _| {}).unwrap();
    assert!(!again.generated, "a finished file has nothing to do");
    // A file the Rush Hour generator has begun (one unit of 4x4).
    let mut rush = Database::open(&dir.path().join("rush.sqlite")).unwrap();
    let one_unit = GenerateOptions {
        size: 4,
        max_walls: 0,
        threads: 1,
        shard: Shard::WHOLE,
        max_units: Some(1),
    };
    generate(&mut rush, &one_unit, |_| {}).unwrap();
    assert!(generate_klotski(&mut rush, |_, _, _| {}).is_err());
}

/// The whole run: every solvable component stored once, the totals
/// consistent, and each classic layout's component stored with its hardest
/// layout.
#[test]
#[ignore = "the whole Klotski run, about a minute: cargo test -p unblocker-gen --test it klotski::whole_run -- --ignored"]
fn whole_run() {
    let dir = tempfile::tempdir().unwrap();
    let mut db = Database::open(&dir.path().join("klotski.sqlite")).unwrap();
    let summary = generate_klotski(&mut db, |_, _, _| {}).unwrap();
    assert!(summary.generated);
    assert_eq!(summary.layouts, 29_334_498);
    assert_eq!(summary.puzzles, summary.solvable_components);
    assert!(summary.components > summary.solvable_components);
    let all = db.query(&Filter::default()).unwrap();
    assert_eq!(all.len() as u64, summary.puzzles);
    assert_eq!(
        all.iter().map(|p| p.cluster).sum::<u64>(),
        summary.solvable_layouts
    );
    assert_eq!(Some(&all[0]), summary.hardest.as_ref());
    let layouts = layouts();
    let mut explorer = ComponentExplorer::new(layouts);
    for c in classics().iter().filter(|c| c.piece_moves.is_some()) {
        let board = format::parse(&c.grid, Default::default()).unwrap();
        let component = explorer.explore(layouts.index_of_board(&board).unwrap());
        let hardest = component.hardest.unwrap();
        let grid = layouts.grid(hardest.layout);
        assert!(
            all.iter()
                .any(|p| p.board == grid && p.moves == hardest.moves),
            "{}",
            c.name
        );
        explorer.forget();
    }
}
