//! The Markdown files of the repository (all but `docs/history`, which
//! records what was) say what is true today:
//!
//! - every repository path they write in backticks, in prose or in a code
//!   block, and every relative link (with its `#anchor`, in a Markdown
//!   file) names what is there;
//! - every `unblocker …` command line parses: a line of a code block runs
//!   with `--help` added (clap reads every argument before the help);
//!   a synopsis (`[--json]`, `PUZZLE`, `…`) and a command named in prose
//!   name a command that exists and only options it has;
//! - a measured figure, and a crate's row, has one home: a table row about
//!   the same thing (its first cell) in two files is a copy that drifts,
//!   where a link would not.
//!
//! It needs nothing beside the clone and runs in about a second. A path is
//! a span with a `/` whose first part is an entry of the repository root
//! or of the Markdown file's folder (so `unblocker/puzzles.sqlite` in the
//! user's data directory is not one); one that is not there (nor the stem
//! of a file there, a command's output prefix) is reported when it starts
//! at a top folder of the repository or names a file (has an extension).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("the repository")
}

/// The Markdown files to check, relative to the root, sorted.
fn markdown_files(root: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![PathBuf::new()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(root.join(&folder)).expect("a readable folder") {
            let entry = entry.expect("a readable entry");
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = folder.join(&name);
            let skipped = name.starts_with('.')
                || ["target", "node_modules"].contains(&name.as_str())
                || path == Path::new("docs/history");
            if skipped {
                continue;
            }
            if entry.file_type().expect("a file type").is_dir() {
                folders.push(path);
            } else if name.ends_with(".md") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// A Markdown file read into its prose lines and its code blocks (each a
/// list of lines), with their line numbers.
struct Markdown {
    prose: Vec<(usize, String)>,
    blocks: Vec<Vec<(usize, String)>>,
}

impl Markdown {
    fn read(text: &str) -> Markdown {
        let (mut prose, mut blocks) = (Vec::new(), Vec::new());
        let mut block: Option<Vec<(usize, String)>> = None;
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("```") {
                match block.take() {
                    Some(lines) => blocks.push(lines),
                    None => block = Some(Vec::new()),
                }
            } else if let Some(lines) = block.as_mut() {
                lines.push((i + 1, line.to_string()));
            } else {
                prose.push((i + 1, line.to_string()));
            }
        }
        Markdown { prose, blocks }
    }

    /// The inline code spans of the prose, with their line numbers.
    fn spans(&self) -> Vec<(usize, &str)> {
        let mut spans = Vec::new();
        for (n, line) in &self.prose {
            let parts: Vec<&str> = line.split('`').collect();
            // Odd parts are inside backticks (a line with an odd count of
            // them has its last span open: left out).
            for (i, part) in parts.iter().enumerate() {
                if i % 2 == 1 && i + 1 < parts.len() {
                    spans.push((*n, *part));
                }
            }
        }
        spans
    }

    /// The targets of the prose's links `[…](target)`.
    fn links(&self) -> Vec<(usize, &str)> {
        let mut links = Vec::new();
        for (n, line) in &self.prose {
            let mut rest = line.as_str();
            while let Some(at) = rest.find("](") {
                let after = &rest[at + 2..];
                let end = after.find(')').unwrap_or(after.len());
                links.push((*n, &after[..end]));
                rest = &after[end..];
            }
        }
        links
    }

    /// The `#anchor`s of the file's headings, as GitHub makes them.
    fn anchors(&self) -> BTreeSet<String> {
        let mut anchors = BTreeSet::new();
        for (_, line) in &self.prose {
            let Some(heading) = line.strip_prefix('#') else {
                continue;
            };
            let heading = heading.trim_start_matches('#').trim().to_lowercase();
            let slug: String = heading
                .chars()
                .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_' || *c == ' ')
                .map(|c| if c == ' ' { '-' } else { c })
                .collect();
            anchors.insert(slug);
        }
        anchors
    }
}

/// A top folder of the repository: a path starting there is the
/// repository's, whatever its ending.
const TOP_FOLDERS: [&str; 7] = [
    "crates", "docs", "testdata", "python", "deploy", "fuzz", ".ci",
];

/// What is wrong with `span`, if it is a repository path that names
/// nothing (see the module documentation).
fn dead_path(root: &Path, folder: &Path, span: &str) -> Option<String> {
    let path = span
        .trim()
        .trim_end_matches([':', ',', '.', ')'])
        .split('#')
        .next()
        .unwrap_or("")
        .trim_end_matches('/');
    let placeholder = |c: char| c.is_whitespace() || "*{}<>…$|[]()'\"=".contains(c);
    if !path.contains('/') || path.contains(placeholder) || path.starts_with(['/', '~', '-']) {
        return None;
    }
    // Outside the repository (`../shared`), a URL, or a board (`I..J`).
    if path.contains("://") || path.contains("..") {
        return None;
    }
    let first = path.split('/').next().unwrap_or("");
    if first.is_empty() || first == "target" || first == "." {
        return None;
    }
    let bases = [root.to_path_buf(), root.join(folder)];
    let here: Vec<&PathBuf> = bases.iter().filter(|b| b.join(first).exists()).collect();
    if here.is_empty() || here.iter().any(|b| names(&b.join(path))) {
        return None;
    }
    let file = path.rsplit('/').next().unwrap_or("").contains('.');
    (TOP_FOLDERS.contains(&first) || file).then(|| format!("`{span}` names no file"))
}

/// Whether `path` is there, or is the stem of a file there (a command's
/// output prefix, such as `pdftoppm`'s).
fn names(path: &Path) -> bool {
    if path.exists() {
        return true;
    }
    let (Some(folder), Some(stem)) = (path.parent(), path.file_name()) else {
        return false;
    };
    let prefix = format!("{}.", stem.to_string_lossy());
    std::fs::read_dir(folder).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.file_name().to_string_lossy().starts_with(&prefix))
    })
}

/// What is wrong with a relative link, if anything.
fn dead_link(root: &Path, file: &Path, target: &str, anchors: &Anchors) -> Option<String> {
    if target.contains("://") || target.starts_with("mailto:") {
        return None;
    }
    let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
    let linked = if path.is_empty() {
        file.to_path_buf()
    } else {
        normalise(&file.parent().unwrap_or(Path::new("")).join(path))
    };
    if !root.join(&linked).exists() {
        return Some(format!("the link ({target}) names no file"));
    }
    let is_markdown = linked.extension().is_some_and(|e| e == "md");
    if !anchor.is_empty() && is_markdown && !anchors.of(root, &linked).contains(anchor) {
        return Some(format!(
            "the link ({target}) names no heading of {}",
            linked.display()
        ));
    }
    None
}

/// `a/b/../c` as `a/c`.
fn normalise(path: &Path) -> PathBuf {
    let mut parts: Vec<&std::ffi::OsStr> = Vec::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                parts.pop();
            }
            std::path::Component::CurDir => {}
            other => parts.push(other.as_os_str()),
        }
    }
    parts.iter().collect()
}

/// The headings' anchors of the Markdown files read so far.
#[derive(Default)]
struct Anchors(std::cell::RefCell<HashMap<PathBuf, BTreeSet<String>>>);

impl Anchors {
    fn of(&self, root: &Path, file: &Path) -> BTreeSet<String> {
        let mut read = self.0.borrow_mut();
        read.entry(file.to_path_buf())
            .or_insert_with(|| {
                let text = std::fs::read_to_string(root.join(file)).unwrap_or_default();
                Markdown::read(&text).anchors()
            })
            .clone()
    }
}

/// A line as the shell splits it: words (quotes removed), stopping at a
/// comment; `|`, `||`, `&&`, `;` and `&` are words of their own.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut in_word = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, '\\') => {
                word.extend(chars.next());
                in_word = true;
            }
            (None, '#') if !in_word => break,
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, '|' | ';' | '&') => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
                let mut control = c.to_string();
                if chars.peek() == Some(&c) {
                    control.extend(chars.next());
                }
                words.push(control);
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        words.push(word);
    }
    words
}

/// The arguments of every `unblocker` command in a line of words: each
/// pipeline part whose program (after `VAR=value` words) is `unblocker`,
/// cut at its first redirection.
fn commands_in(words: &[String]) -> Vec<Vec<String>> {
    let mut commands = Vec::new();
    for part in words.split(|w| ["|", "||", "&&", ";", "&"].contains(&w.as_str())) {
        let mut part = part
            .iter()
            .skip_while(|w| w.contains('=') && !w.starts_with('-'));
        let Some(program) = part.next() else {
            continue;
        };
        if program.rsplit('/').next() != Some("unblocker") {
            continue;
        }
        let redirection = |w: &&String| w.starts_with(['>', '<']) || w.starts_with("2>");
        commands.push(part.take_while(|w| !redirection(w)).cloned().collect());
    }
    commands
}

/// A word that stands for what a user writes (`PUZZLE`, `K/N`,
/// `[--json]`, `…`) rather than being it.
fn is_placeholder(word: &str) -> bool {
    let upper = |part: &str| !part.is_empty() && part.chars().all(|c| c.is_ascii_uppercase());
    word.contains(['[', ']', '…'])
        || word.contains("...")
        || word.contains('|')
        || word.split(['/', ',', '_']).all(upper)
}

/// Runs `unblocker ARGS`; its exit status and what it printed.
fn run(args: &[String]) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_unblocker"))
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("unblocker runs");
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&output.stderr));
    (output.status.success(), text)
}

/// What is wrong with a command line, if anything: a concrete one must
/// parse (`--help` added); a synopsis must name a command whose help lists
/// each of its options.
fn refused_command(args: &[String], synopsis: bool) -> Option<String> {
    let said = format!("`unblocker {}`", args.join(" "));
    let synopsis = synopsis || args.iter().any(|w| is_placeholder(w));
    if !synopsis {
        let mut with_help = args.to_vec();
        with_help.push("--help".into());
        let (ok, text) = run(&with_help);
        let first = text.lines().next().unwrap_or("").to_string();
        return (!ok).then(|| format!("{said} does not parse: {first}"));
    }
    let mut path: Vec<String> = args
        .iter()
        .take_while(|w| !w.starts_with('-') && !is_placeholder(w))
        .cloned()
        .collect();
    // The longest prefix that is a command (the rest are its arguments).
    let help = loop {
        let mut asked = path.clone();
        asked.push("--help".into());
        let (ok, text) = run(&asked);
        let usage = format!("Usage: unblocker {}", path.join(" "));
        if ok && (path.is_empty() || text.contains(usage.trim_end())) {
            break text;
        }
        if path.pop().is_none() {
            return Some(format!("{said}: no such command"));
        }
    };
    let listed = |flag: &str| {
        help.match_indices(flag).any(|(at, _)| {
            let before = help[..at].chars().next_back();
            let after = help[at + flag.len()..].chars().next();
            before.is_none_or(|c| c.is_whitespace() || c == ',')
                && after.is_none_or(|c| !c.is_alphanumeric() && c != '-')
        })
    };
    for word in args {
        let flag = word
            .trim_matches(['[', ']', '(', ')', ','])
            .split(['=', '['])
            .next()
            .unwrap_or("");
        let is_flag = flag.len() > 1 && flag.starts_with('-') && flag != "--";
        if is_flag && !listed(flag) {
            return Some(format!(
                "{said}: `unblocker {}` has no option {flag}",
                path.join(" ")
            ));
        }
    }
    None
}

/// The first cell of a table row about a measured figure or about a
/// crate: what the row is about, which one file says.
fn row_subject(line: &str) -> Option<String> {
    let line = line.trim();
    if !line.starts_with('|') || line.trim_matches(['|', '-', ':', ' ']).is_empty() {
        return None;
    }
    let first = line.trim_matches('|').split('|').next()?.trim().to_string();
    let crate_row = first.starts_with("`crates/") || first.starts_with("`python`");
    let units = [
        " ms",
        " s ",
        " s|",
        " KB",
        " MB",
        " B |",
        "positions/s",
        " µs",
    ];
    let figure = line.chars().any(|c| c.is_ascii_digit()) && units.iter().any(|u| line.contains(u));
    (!first.is_empty() && (crate_row || figure)).then_some(first)
}

#[test]
fn the_docs_name_what_is_there() {
    let root = root();
    let anchors = Anchors::default();
    let mut problems = Vec::new();
    let mut commands: BTreeMap<(Vec<String>, bool), String> = BTreeMap::new();
    let mut subjects: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let files = markdown_files(&root);
    for file in &files {
        let text = std::fs::read_to_string(root.join(file)).expect("a readable file");
        let markdown = Markdown::read(&text);
        let folder = file.parent().unwrap_or(Path::new(""));
        let at = |n: usize| format!("{}:{n}", file.display());
        for (n, span) in markdown.spans() {
            problems.extend(dead_path(&root, folder, span).map(|p| format!("{}: {p}", at(n))));
            if let Some(rest) = span.strip_prefix("unblocker ") {
                let words = shell_words(rest);
                commands.entry((words, true)).or_insert_with(|| at(n));
            }
        }
        for (n, target) in markdown.links() {
            let problem = dead_link(&root, file, target, &anchors);
            problems.extend(problem.map(|p| format!("{}: {p}", at(n))));
        }
        for block in &markdown.blocks {
            // In a console block only the `$ ` lines are commands.
            let console = block.iter().any(|(_, l)| l.starts_with("$ "));
            for (n, line) in block {
                for word in shell_words(line) {
                    problems.extend(
                        dead_path(&root, folder, &word).map(|p| format!("{}: {p}", at(*n))),
                    );
                }
                let line = match (console, line.strip_prefix("$ ")) {
                    (true, None) => continue,
                    (_, Some(command)) => command,
                    (false, None) => line.as_str(),
                };
                for args in commands_in(&shell_words(line)) {
                    commands.entry((args, false)).or_insert_with(|| at(*n));
                }
            }
        }
        for (_, line) in &markdown.prose {
            if let Some(subject) = row_subject(line) {
                subjects
                    .entry(subject)
                    .or_default()
                    .insert(file.display().to_string());
            }
        }
    }
    for ((args, synopsis), at) in &commands {
        problems.extend(refused_command(args, *synopsis).map(|p| format!("{at}: {p}")));
    }
    for (subject, homes) in &subjects {
        if homes.len() > 1 {
            let homes: Vec<&str> = homes.iter().map(String::as_str).collect();
            problems.push(format!(
                "the table row \"{subject}\" is in {}: keep it in one and link to it from the others",
                homes.join(" and ")
            ));
        }
    }
    assert!(
        files.len() > 25,
        "only {} Markdown files found",
        files.len()
    );
    assert!(
        commands.len() > 80,
        "only {} command lines found",
        commands.len()
    );
    assert!(
        problems.is_empty(),
        "{} problems in the docs:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_docs_checks_read_what_they_should() {
    let words = shell_words(r#"FOO=1 unblocker solve "a b" --json | head -3 # note"#);
    assert_eq!(
        words,
        [
            "FOO=1",
            "unblocker",
            "solve",
            "a b",
            "--json",
            "|",
            "head",
            "-3"
        ]
    );
    assert_eq!(commands_in(&words), [vec!["solve", "a b", "--json"]]);
    let piped = shell_words("cargo build && target/release/unblocker db export > x.txt");
    assert_eq!(commands_in(&piped), [vec!["db", "export"]]);
    for placeholder in ["PUZZLE", "K/N", "[--json]", "ROW,COL", "…", "line|rows"] {
        assert!(is_placeholder(placeholder), "{placeholder}");
    }
    for concrete in [
        "card1",
        "BAAC/BAAC/DEEF/DGHF/I..J",
        "1A9BF0C00",
        "3/8",
        "横刀立马",
    ] {
        assert!(!is_placeholder(concrete), "{concrete}");
    }
    let root = root();
    assert_eq!(
        dead_path(&root, Path::new("crates/db"), "src/store.rs"),
        None
    );
    assert!(dead_path(&root, Path::new("crates/db"), "tests/nothing.rs").is_some());
    assert!(dead_path(&root, Path::new(""), "crates/nothing").is_some());
    assert_eq!(
        dead_path(&root, Path::new(""), "unblocker/puzzles.sqlite"),
        None
    );
    assert_eq!(
        row_subject("| `hardest` (60 moves) | 0.224 ms | < 1 ms |").as_deref(),
        Some("`hardest` (60 moves)")
    );
    assert_eq!(
        row_subject("| `--algorithm` | optimal? | what it does |"),
        None
    );
    assert_eq!(row_subject("|---|---|"), None);
}
