//! The page's JavaScript modules, read as text: only `js/protocol.js` names
//! an op or a message in a string; every op is answered by the engine's
//! worker and function of that name and by the server's route; the manifest
//! shares as the protocol says; every view of the page has every hook of a
//! view, its tab and its panel; and every export is used.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn static_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("static")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every JavaScript file of the page: `(its path under static/, its text)`.
fn modules() -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    let root = static_folder();
    for folder in [root.clone(), root.join("js")] {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "js") {
                let name = path
                    .strip_prefix(&root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                files.insert(name, read(&path));
            }
        }
    }
    files
}

/// A string literal of a module: its text (a template's without its
/// `${…}`), its line, and whether it is the argument of `$(…)` (an
/// element's id, which may spell what an op does).
#[derive(Debug, PartialEq)]
struct Literal {
    text: String,
    line: usize,
    element_id: bool,
}

/// JavaScript `source` read by a small lexer: its string literals, and its
/// code without comments and strings. Strings, templates (their expressions
/// read as code) and comments; a regular expression is read as code, so one
/// holding a quote or `//` would mislead it (the page's hold none).
struct Lexed {
    literals: Vec<Literal>,
    code: String,
}

fn lex(source: &str) -> Lexed {
    let chars: Vec<char> = source.chars().collect();
    let mut lexed = Lexed {
        literals: Vec::new(),
        code: String::new(),
    };
    let mut line = 1;
    // The braces open in each template expression being read, innermost last.
    let mut expressions: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        // Where a string starts, and whether it is an element's id; or, at
        // the end of a template's expression, where the template goes on.
        let string_at = match c {
            '/' if next == Some('/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '/' if next == Some('*') => {
                i += 2;
                while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                    line += usize::from(chars[i] == '\n');
                    i += 1;
                }
                i += 2;
                continue;
            }
            '}' if expressions.last() == Some(&0) => {
                expressions.pop();
                Some(('`', false))
            }
            '\'' | '"' | '`' => Some((c, is_element_id(&chars[..i]))),
            _ => None,
        };
        let Some((quote, element_id)) = string_at else {
            match c {
                '\n' => line += 1,
                '{' if !expressions.is_empty() => *expressions.last_mut().unwrap() += 1,
                '}' if !expressions.is_empty() => *expressions.last_mut().unwrap() -= 1,
                _ => {}
            }
            lexed.code.push(c);
            i += 1;
            continue;
        };
        let (text, end, lines, expression) = string(&chars, i + 1, quote);
        lexed.literals.push(Literal {
            text,
            line,
            element_id,
        });
        lexed.code.push_str("\"\"");
        line += lines;
        if expression {
            expressions.push(0);
        }
        i = end;
    }
    lexed
}

/// A string from `start` (after its opening `quote`) to its end, or, in a
/// template, to a `${`: its text, the index after it, the lines it ends,
/// and whether an expression follows.
fn string(chars: &[char], start: usize, quote: char) -> (String, usize, usize, bool) {
    let mut text = String::new();
    let mut lines = 0;
    let mut i = start;
    while i < chars.len() {
        match chars[i] {
            '\\' => {
                text.extend(chars.get(i + 1));
                i += 2;
                continue;
            }
            '$' if quote == '`' && chars.get(i + 1) == Some(&'{') => {
                return (text, i + 2, lines, true)
            }
            c if c == quote => return (text, i + 1, lines, false),
            c => {
                lines += usize::from(c == '\n');
                text.push(c);
            }
        }
        i += 1;
    }
    panic!("a string never ends: {text}");
}

/// True when the code before a string ends with `$(`: the string is an element's id.
fn is_element_id(before: &[char]) -> bool {
    let mut code = before.iter().rev().skip_while(|c| c.is_whitespace());
    code.next() == Some(&'(')
        && code.next() == Some(&'$')
        && !code
            .next()
            .is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// True when `code` has `name` as a whole word.
fn mentions(code: &str, name: &str) -> bool {
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    code.match_indices(name).any(|(at, _)| {
        !code[..at].chars().next_back().is_some_and(word)
            && !code[at + name.len()..].chars().next().is_some_and(word)
    })
}

/// The frozen objects of js/protocol.js: `(object, key, value)` for each
/// `key: 'value',` of `export const OBJECT = Object.freeze({ … });`.
fn protocol() -> Vec<(String, String, String)> {
    let source = read(&static_folder().join("js/protocol.js"));
    let mut names = Vec::new();
    let mut object = None;
    for line in source.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("export const ") {
            object = rest.strip_suffix(" = Object.freeze({").map(str::to_string);
        } else if line == "});" {
            object = None;
        } else if let (Some(object), Some((key, value))) = (&object, line.split_once(": '")) {
            let value = value
                .strip_suffix("',")
                .expect("one name a line: key: 'value',");
            names.push((object.clone(), key.to_string(), value.to_string()));
        }
    }
    names
}

fn names_of(object: &str) -> BTreeMap<String, String> {
    protocol()
        .into_iter()
        .filter(|(o, ..)| o == object)
        .map(|(_, key, value)| (key, value))
        .collect()
}

#[test]
fn only_the_protocol_names_an_op_or_a_message() {
    let names = protocol();
    assert!(names.iter().any(|(o, ..)| o == "OP"), "{names:?}");
    let mut found = Vec::new();
    for (file, source) in modules() {
        if file == "js/protocol.js" {
            continue;
        }
        for literal in lex(&source).literals {
            if literal.element_id {
                continue;
            }
            if let Some((object, key, _)) = names.iter().find(|(_, _, v)| *v == literal.text) {
                found.push(format!(
                    "{file}:{} names '{}' in a string: use {object}.{key} of js/protocol.js",
                    literal.line, literal.text
                ));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_lexer_finds_strings_templates_and_ids_not_comments() {
    let source = "// 'comment'\nconst a = $('board'); /* \"no\" */ call(\"solve\");\nconst t = `x${f('scan', `in${'deep'}`)}y`;\nconst r = /,.*/;";
    let lexed = lex(source);
    let found: Vec<(&str, usize, bool)> = lexed
        .literals
        .iter()
        .map(|l| (l.text.as_str(), l.line, l.element_id))
        .collect();
    assert_eq!(
        found,
        [
            ("board", 2, true),
            ("solve", 2, false),
            ("x", 3, false),
            ("scan", 3, false),
            ("in", 3, false),
            ("deep", 3, false),
            ("", 3, false),
            ("y", 3, false),
        ]
    );
    assert_eq!(
        lexed.code,
        "\nconst a = $(\"\");  call(\"\");\nconst t = \"\"f(\"\", \"\"\"\"\"\")\"\";\nconst r = /,.*/;"
    );
    assert!(mentions(&lexed.code, "f") && !mentions(&lexed.code, "con"));
}

#[test]
fn every_op_is_answered_by_the_engine_and_the_server() {
    let ops = names_of("OP");
    let worker = read(&static_folder().join("js/worker.js"));
    let engine = read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../wasm/src/lib.rs"));
    let routes = read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/api/mod.rs"));
    for (key, name) in &ops {
        assert_eq!(key, name, "an op's key is its name");
        assert!(
            worker.contains(&format!("[OP.{key}]:")),
            "js/worker.js answers no {key}"
        );
        assert!(
            engine.contains(&format!("#[wasm_bindgen]\npub fn {name}(")),
            "crates/wasm/src/lib.rs has no function {name} for the op"
        );
        assert!(
            routes.contains(&format!(".route(\"/api/{name}\"")),
            "src/api/mod.rs has no route /api/{name}"
        );
    }
}

#[test]
fn the_manifest_shares_as_the_protocol_says() {
    let share = names_of("SHARE");
    let manifest: serde_json::Value =
        serde_json::from_str(&read(&static_folder().join("manifest.webmanifest"))).unwrap();
    let target = &manifest["share_target"];
    assert_eq!(target["action"], share["path"].as_str(), "{target}");
    assert_eq!(
        target["params"]["files"][0]["name"],
        share["field"].as_str(),
        "{target}"
    );
}

/// The names a module exports (`export const|let|function|class NAME`).
fn exports(source: &str) -> Vec<String> {
    source
        .lines()
        .filter_map(|line| line.strip_prefix("export "))
        .filter_map(|rest| {
            let rest = rest.strip_prefix("async ").unwrap_or(rest);
            let (_, rest) = rest.split_once(' ')?;
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
                .collect();
            Some(name)
        })
        .collect()
}

/// What `source` imports from the module `module` (`api` for `./api.js`, or
/// a Node test's `../../static/js/api.js`):
/// the names it imports, or None for a namespace or a dynamic import (then
/// whatever it reads as `.NAME` counts).
fn imported(source: &str, module: &str) -> Option<Option<BTreeSet<String>>> {
    let from = format!("/{module}.js");
    let mut names = BTreeSet::new();
    let mut any = false;
    for line in source.lines() {
        let line = line.trim_start();
        if line.starts_with("import {") && line.contains(&format!("{from}'")) {
            any = true;
            let list = &line[line.find('{').unwrap() + 1..line.find('}').unwrap()];
            for item in list.split(',') {
                names.insert(item.split_whitespace().next().unwrap_or("").to_string());
            }
        } else if (line.starts_with("import * as") && line.contains(&format!("{from}'")))
            || (line.contains("import(") && line.contains(&from) && !line.starts_with("/**"))
        {
            return Some(None);
        }
    }
    any.then_some(Some(names))
}

/// True when the code of `source` reads a property `name` (`.name`).
fn reads_property(source: &str, name: &str) -> bool {
    let code = lex(source).code;
    code.match_indices(&format!(".{name}")).any(|(at, found)| {
        !code[at + found.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// The views of the page: main.js's `modes: { load, edit: editor, … }`, as
/// `(view, module)`, and the hooks each has (the properties of its
/// `@typedef {object} Mode`).
fn views() -> (Vec<(String, String)>, Vec<String>) {
    let main = read(&static_folder().join("js/main.js"));
    let modes = main.split("modes: {").nth(1).unwrap();
    let modes = &modes[..modes.find('}').unwrap()];
    let views = modes
        .split(',')
        .map(|entry| match entry.split_once(':') {
            Some((view, module)) => (view.trim().to_string(), module.trim().to_string()),
            None => (entry.trim().to_string(), entry.trim().to_string()),
        })
        .collect();
    let mode = main.split("@typedef {object} Mode").nth(1).unwrap();
    let mode = &mode[..mode.find("*/").unwrap()];
    let hooks = mode
        .lines()
        .filter_map(|line| line.split_once("@property {"))
        .map(|(_, rest)| {
            // The type may hold braces of its own: the name follows the type's last `}`.
            let (_, after) = rest.rsplit_once("} ").unwrap();
            after.split_whitespace().next().unwrap().to_string()
        })
        .collect();
    (views, hooks)
}

#[test]
fn every_view_has_every_hook_its_tab_and_its_panel() {
    let (views, hooks) = views();
    assert_eq!(views.len(), 6, "{views:?}");
    assert_eq!(
        hooks,
        ["setup", "reset", "enter", "leave", "draw", "undo", "redo"]
    );
    let page = read(&static_folder().join("index.html"));
    for (view, module) in &views {
        let exported = exports(&read(&static_folder().join(format!("js/{module}.js"))));
        let missing: Vec<&String> = hooks.iter().filter(|h| !exported.contains(h)).collect();
        assert!(
            missing.is_empty(),
            "js/{module}.js (the {view} view) has no {missing:?}"
        );
        for part in [
            format!("role=\"tab\" data-view=\"{view}\" id=\"tab-{view}\" aria-controls=\"panel-{view}\""),
            format!("data-view=\"{view}\" id=\"panel-{view}\" role=\"tabpanel\""),
        ] {
            assert!(page.contains(&part), "index.html has no {part}");
        }
    }
}

#[test]
fn every_export_is_used_by_another_module() {
    let modules = modules();
    let (views, hooks) = views();
    // The Node test of the engine's pool imports the engine too.
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/js");
    let mut importers: Vec<(String, String)> = modules.clone().into_iter().collect();
    for entry in std::fs::read_dir(&tests).unwrap() {
        let path = entry.unwrap().path();
        importers.push((path.display().to_string(), read(&path)));
    }
    let service_worker = lex(&modules["sw.js"]).code;
    let mut unused = Vec::new();
    for (file, source) in &modules {
        let Some(module) = file.strip_prefix("js/").and_then(|f| f.strip_suffix(".js")) else {
            continue;
        };
        let view = views.iter().any(|(_, m)| m == module);
        for name in exports(source) {
            let hook = view && hooks.contains(&name);
            // The service worker is given the protocol's declarations (`cargo xtask web`).
            let in_service_worker = module == "protocol" && mentions(&service_worker, &name);
            let used = importers.iter().any(|(other, text)| {
                other != file
                    && match imported(text, module) {
                        Some(Some(names)) => names.contains(&name),
                        Some(None) => reads_property(text, &name),
                        None => false,
                    }
            });
            if !(used || hook || in_service_worker) {
                unused.push(format!("{file}: {name}"));
            }
        }
    }
    assert!(unused.is_empty(), "exported, never imported: {unused:?}");
}
