//! The crate picture (`docs/crates.dot`, drawn to `docs/crates.svg`),
//! generated from `cargo metadata`: a box for each package of the workspace
//! with the first clause of its description, an arrow for each dependency
//! between them, and a check that the committed picture is current.

use cargo_metadata::{DependencyKind, Metadata, MetadataCommand, Package};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Why the picture could not be made or checked.
#[derive(Debug, thiserror::Error)]
pub enum CratesError {
    #[error("cargo metadata: {0}")]
    Metadata(#[from] cargo_metadata::Error),
    #[error("{}: {source}", path.display())]
    File {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot run `dot` (Graphviz: apt-get install graphviz) to draw docs/crates.svg: {0}")]
    Dot(std::io::Error),
    #[error("`dot` failed: {0}")]
    DotFailed(String),
    #[error("{0}\nrun `cargo xtask crates` to regenerate it")]
    Stale(String),
}

/// The graph's source, relative to the workspace root.
fn dot() -> PathBuf {
    PathBuf::from("docs/crates.dot")
}

/// The drawing, relative to the workspace root.
fn svg() -> PathBuf {
    PathBuf::from("docs/crates.svg")
}

/// The workspace's crates and the dependencies between them.
#[derive(Debug, PartialEq, Eq)]
pub struct Graph {
    /// Short name (the package name without `unblocker-`; the binary's
    /// package is `cli`) → the label's lines and whether it is a front end
    /// (a binary or a library loaded by another runtime).
    nodes: BTreeMap<String, Node>,
    /// (dependent, dependency), normal dependencies only.
    edges: BTreeSet<(String, String)>,
}

#[derive(Debug, PartialEq, Eq)]
struct Node {
    lines: Vec<String>,
    front_end: bool,
}

impl Graph {
    /// The graph of the workspace at `root`.
    pub fn read(root: &Path) -> Result<Graph, CratesError> {
        let metadata = MetadataCommand::new().current_dir(root).no_deps().exec()?;
        Ok(Graph::of(&metadata))
    }

    fn of(metadata: &Metadata) -> Graph {
        let members: Vec<&Package> = metadata.workspace_packages();
        let names: BTreeSet<&str> = members.iter().map(|p| p.name.as_str()).collect();
        let nodes = members
            .iter()
            .map(|p| {
                let front_end = p.targets.iter().any(|t| {
                    t.kind
                        .iter()
                        .any(|k| matches!(k.to_string().as_str(), "bin" | "cdylib"))
                });
                let lines = std::iter::once(short(&p.name))
                    .chain(wrap(
                        first_clause(p.description.as_deref().unwrap_or("")),
                        30,
                    ))
                    .collect();
                (short(&p.name), Node { lines, front_end })
            })
            .collect();
        let edges = members
            .iter()
            .flat_map(|p| {
                p.dependencies
                    .iter()
                    .filter(|d| d.kind == DependencyKind::Normal && names.contains(d.name.as_str()))
                    .map(|d| (short(&p.name), short(&d.name)))
            })
            .collect();
        Graph { nodes, edges }
    }

    /// Whether `to` is reached from `from` through another crate: the
    /// direct arrow then says nothing the others do not, and is drawn light.
    fn implied(&self, from: &str, to: &str) -> bool {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&str> = self
            .edges
            .iter()
            .filter(|(a, b)| a == from && b != to)
            .map(|(_, b)| b.as_str())
            .collect();
        while let Some(at) = stack.pop() {
            if at == to {
                return true;
            }
            if seen.insert(at) {
                stack.extend(
                    self.edges
                        .iter()
                        .filter(|(a, _)| a == at)
                        .map(|(_, b)| b.as_str()),
                );
            }
        }
        false
    }

    /// The Graphviz source.
    pub fn to_dot(&self) -> String {
        let mut out = String::from(
            "// The workspace's crates and their dependencies: docs/design.md's picture.\n\
             // Generated from `cargo metadata` by `cargo xtask crates` (which also draws\n\
             // docs/crates.svg with Graphviz); `cargo test -p xtask` checks both are current.\n\
             // An arrow goes from a crate to one it uses (dev-dependencies left out); a\n\
             // light arrow is also reached through another crate.\n\
             digraph crates {\n  \
             graph [rankdir=TB, fontname=\"Helvetica\", fontsize=11, nodesep=0.3, ranksep=0.5, bgcolor=\"white\"];\n  \
             node [fontname=\"Helvetica\", fontsize=10, shape=box, style=\"rounded,filled\", fillcolor=\"#e8f0fe\", color=\"#3b5b92\"];\n  \
             edge [color=\"#3b5b92\", arrowsize=0.7];\n\n",
        );
        for (name, node) in &self.nodes {
            let label = node
                .lines
                .iter()
                .map(|l| l.replace('\\', "\\\\").replace('"', "\\\""))
                .collect::<Vec<_>>()
                .join("\\n");
            let fill = if node.front_end {
                ", fillcolor=\"#fff6d5\", color=\"#a08000\""
            } else {
                ""
            };
            out += &format!("  \"{name}\" [label=\"{label}\"{fill}];\n");
        }
        out.push('\n');
        for (from, to) in &self.edges {
            let style = if self.implied(from, to) {
                " [color=\"#c8c8c8\"]"
            } else {
                ""
            };
            out += &format!("  \"{from}\" -> \"{to}\"{style};\n");
        }
        out += "}\n";
        out
    }

    /// What `svg` (Graphviz's drawing) lacks or has beyond this graph: its
    /// nodes and arrows by their titles, and every label line as text.
    fn differences_from_svg(&self, svg: &str) -> Vec<String> {
        let titles: BTreeSet<String> = svg
            .split("<title>")
            .skip(1)
            .filter_map(|s| s.split_once("</title>").map(|(t, _)| unescape(t)))
            .filter(|t| t != "crates")
            .collect();
        let texts: BTreeSet<String> = svg
            .split("<text")
            .skip(1)
            .filter_map(|s| {
                let (_, rest) = s.split_once('>')?;
                rest.split_once("</text>").map(|(t, _)| unescape(t))
            })
            .collect();
        let wanted: BTreeSet<String> = self
            .nodes
            .keys()
            .cloned()
            .chain(self.edges.iter().map(|(a, b)| format!("{a}->{b}")))
            .collect();
        let mut differences: Vec<String> = wanted
            .difference(&titles)
            .map(|t| format!("missing: {t}"))
            .chain(titles.difference(&wanted).map(|t| format!("extra: {t}")))
            .collect();
        differences.extend(
            self.nodes
                .values()
                .flat_map(|n| &n.lines)
                .filter(|l| !texts.contains(*l))
                .map(|l| format!("missing text: {l}")),
        );
        differences
    }
}

/// `unblocker-model` → `model`; the binary's package `unblocker` → `cli`.
fn short(name: &str) -> String {
    match name {
        "unblocker" => "cli".into(),
        _ => name.strip_prefix("unblocker-").unwrap_or(name).into(),
    }
}

/// A description up to its first colon (the rest details it).
fn first_clause(description: &str) -> &str {
    description.split(':').next().unwrap_or("").trim()
}

/// `text` in lines of at most `width` characters (longer words alone).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

fn unescape(text: &str) -> String {
    text.replace("&#45;", "-")
        .replace("&gt;", ">")
        .replace("&lt;", "<")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

fn read(path: &Path) -> Result<String, CratesError> {
    std::fs::read_to_string(path).map_err(|source| CratesError::File {
        path: path.to_path_buf(),
        source,
    })
}

fn write(path: &Path, text: &[u8]) -> Result<(), CratesError> {
    std::fs::write(path, text).map_err(|source| CratesError::File {
        path: path.to_path_buf(),
        source,
    })
}

/// Writes `docs/crates.dot` and draws `docs/crates.svg` with Graphviz.
pub fn generate(root: &Path) -> Result<(), CratesError> {
    let source = Graph::read(root)?.to_dot();
    write(&root.join(dot()), source.as_bytes())?;
    let drawn = Command::new("dot")
        .arg("-Tsvg")
        .arg(root.join(dot()))
        .output()
        .map_err(CratesError::Dot)?;
    if !drawn.status.success() {
        return Err(CratesError::DotFailed(
            String::from_utf8_lossy(&drawn.stderr).into(),
        ));
    }
    write(&root.join(svg()), &drawn.stdout)?;
    eprintln!("wrote {} and {}", dot().display(), svg().display());
    Ok(())
}

/// Whether the committed source and drawing show the workspace as
/// `cargo metadata` has it.
pub fn check(root: &Path) -> Result<(), CratesError> {
    let graph = Graph::read(root)?;
    if read(&root.join(dot()))? != graph.to_dot() {
        return Err(CratesError::Stale(format!(
            "{} is not the workspace's graph",
            dot().display()
        )));
    }
    let differences = graph.differences_from_svg(&read(&root.join(svg()))?);
    if !differences.is_empty() {
        return Err(CratesError::Stale(format!(
            "{} is not drawn from {}: {}",
            svg().display(),
            dot().display(),
            differences.join("; ")
        )));
    }
    Ok(())
}

/// The workspace root (this crate is `crates/xtask`).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_picture_is_the_workspaces() {
        if let Err(error) = check(&root()) {
            panic!("{error}");
        }
    }

    fn graph(edges: &[(&str, &str)]) -> Graph {
        let names: BTreeSet<&str> = edges.iter().flat_map(|&(a, b)| [a, b]).collect();
        Graph {
            nodes: names
                .into_iter()
                .map(|n| {
                    let node = Node {
                        lines: vec![n.to_string(), format!("the {n} crate")],
                        front_end: false,
                    };
                    (n.to_string(), node)
                })
                .collect(),
            edges: edges
                .iter()
                .map(|&(a, b)| (a.to_string(), b.to_string()))
                .collect(),
        }
    }

    #[test]
    fn an_arrow_reached_another_way_is_implied() {
        let g = graph(&[("cli", "solve"), ("solve", "model"), ("cli", "model")]);
        assert!(g.implied("cli", "model"));
        assert!(!g.implied("cli", "solve"));
        assert!(!g.implied("solve", "model"));
    }

    #[test]
    fn a_drawing_missing_an_arrow_a_crate_or_a_label_is_stale() {
        let g = graph(&[("cli", "model")]);
        let drawn = "<svg><title>crates</title>\
            <g><title>cli</title><text x=\"1\">cli</text><text x=\"1\">the cli crate</text></g>\
            <g><title>model</title><text>model</text><text>the model crate</text></g>\
            <g><title>cli&#45;&gt;model</title></g></svg>";
        assert_eq!(g.differences_from_svg(drawn), Vec::<String>::new());
        let no_arrow = drawn.replace("<g><title>cli&#45;&gt;model</title></g>", "");
        assert_eq!(g.differences_from_svg(&no_arrow), ["missing: cli->model"]);
        let old_label = drawn.replace("the model crate", "the old model");
        assert_eq!(
            g.differences_from_svg(&old_label),
            ["missing text: the model crate"]
        );
        let extra = graph(&[("cli", "model"), ("cli", "web")]);
        assert_eq!(
            extra.differences_from_svg(drawn),
            [
                "missing: cli->web",
                "missing: web",
                "missing text: web",
                "missing text: the web crate"
            ]
        );
    }

    #[test]
    fn descriptions_are_cut_at_the_colon_and_wrapped() {
        assert_eq!(
            first_clause("Project tasks: `cargo xtask web`"),
            "Project tasks"
        );
        assert_eq!(
            wrap("Optimal sliding-block puzzle solvers with statistics", 20),
            [
                "Optimal",
                "sliding-block puzzle",
                "solvers with",
                "statistics"
            ]
        );
    }
}
