//! Requests to the JSON API: every route with bodies built from the request
//! schema (`puzzle` in any of the six formats or as a board object, and
//! every option with values of any type; a review's moves), the same bodies
//! mutated as text, image bytes, arbitrary bytes, and query strings for
//! `/api/random`, `/api/level` and `/api/daily`.

use crate::mutate::{self, TOKENS};
use crate::{boards, images};
use proptest::prelude::*;
use serde_json::{json, Map, Value};

/// The routes that take a body.
pub const POST_ROUTES: [&str; 6] = [
    "/api/board",
    "/api/solve",
    "/api/solve/stream",
    "/api/analyze",
    "/api/scan",
    "/api/review",
];

/// One HTTP request.
#[derive(Clone, Debug)]
pub struct Request {
    pub post: bool,
    pub path: String,
    pub body: Vec<u8>,
}

/// A JSON value of an unexpected type or an edge value.
fn odd_value() -> BoxedStrategy<Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        proptest::sample::select(TOKENS).prop_map(Value::from),
        Just(json!([1, 2])),
        Just(json!({"a": 1})),
    ]
    .boxed()
}

/// A value for an option: one of its names most of the time.
fn option(names: &'static [&'static str]) -> BoxedStrategy<Value> {
    prop_oneof![
        3 => proptest::sample::select(names).prop_map(Value::from),
        1 => odd_value(),
    ]
    .boxed()
}

fn puzzle() -> BoxedStrategy<Value> {
    prop_oneof![
        4 => boards::any_format().prop_map(|b| Value::String(boards::text(&b))),
        2 => boards::json().prop_map(|b| {
            serde_json::from_slice(&b).unwrap_or_else(|_| Value::String(boards::text(&b)))
        }),
        1 => proptest::sample::select(&["card1", "hardest", "横刀立马", "klotski", "走投无路", "card99", ""][..])
            .prop_map(Value::from),
        1 => odd_value(),
    ]
    .boxed()
}

/// A request object: `puzzle` and any of the options, now and then an
/// unknown key or a missing puzzle.
fn object() -> BoxedStrategy<Value> {
    let number = prop_oneof![
        3 => (0.0f64..3.0).prop_map(Value::from),
        1 => (0u64..5000).prop_map(Value::from),
        1 => odd_value(),
    ];
    (
        prop::option::weighted(0.95, puzzle()),
        prop::option::of(option(&[
            "slide", "step", "steps", "piece", "moves", "hops",
        ])),
        prop::option::of(option(&[
            "bfs", "astar", "idastar", "iddfs", "dfs", "greedy", "bidir", "a*",
        ])),
        prop::option::of(option(&[
            "zero",
            "blockers",
            "stuck",
            "obstructed",
            "blockers2",
            "feup2",
            "distance",
        ])),
        prop::option::of(option(&["rush", "klotski", "chess"])),
        prop::option::of(option(&[
            "3,1", "0,0", "9,9", "3", "a,b", "255,255", "256,1",
        ])),
        prop::option::of(number.clone()),
        prop::option::of(number),
        prop::option::weighted(0.05, odd_value()),
    )
        .prop_map(
            |(puzzle, metric, algorithm, heuristic, game, goal, timeout, max_nodes, extra)| {
                let mut object = Map::new();
                let fields = [
                    ("puzzle", puzzle),
                    ("metric", metric),
                    ("algorithm", algorithm),
                    ("heuristic", heuristic),
                    ("game", game),
                    ("goal", goal),
                    ("timeout", timeout),
                    ("max_nodes", max_nodes),
                    ("colour", extra),
                ];
                for (key, value) in fields {
                    if let Some(value) = value {
                        object.insert(key.to_string(), value);
                    }
                }
                Value::Object(object)
            },
        )
        .boxed()
}

const JSON_ALPHABET: &[u8] = b"{}[]\":, puzzlemetricgoaltimeoutmax_nodes0123456789-.eE";

/// A review's moves: slides of any piece letter, direction and distance
/// (legal now and then on a small board), or a value of another type.
fn moves() -> BoxedStrategy<Value> {
    let slide = (
        option(&["A", "B", "C", "D", "E", "J", "#", "", "AB", "o"]),
        option(&["up", "down", "left", "right", "north"]),
        prop_oneof![4 => (0u64..7).prop_map(Value::from), 1 => odd_value()],
        prop::option::weighted(0.05, odd_value()),
    )
        .prop_map(|(piece, direction, distance, extra)| {
            let mut slide = json!({"piece": piece, "direction": direction, "distance": distance});
            if let Some(extra) = extra {
                slide["turn"] = extra;
            }
            slide
        });
    prop_oneof![
        6 => proptest::collection::vec(slide, 0..40).prop_map(Value::from),
        1 => odd_value(),
    ]
    .boxed()
}

/// A review's body: a request object with moves (now and then none).
fn review_body() -> BoxedStrategy<Vec<u8>> {
    let json = (object(), prop::option::weighted(0.95, moves()))
        .prop_map(|(mut object, moves)| {
            if let (Some(moves), Some(fields)) = (moves, object.as_object_mut()) {
                fields.insert("moves".to_string(), moves);
            }
            object.to_string().into_bytes()
        })
        .boxed();
    prop_oneof![
        3 => json.clone(),
        1 => mutate::mutated(json, JSON_ALPHABET),
    ]
    .boxed()
}

/// A body for any route.
pub fn body() -> BoxedStrategy<Vec<u8>> {
    let json = object().prop_map(|o| o.to_string().into_bytes()).boxed();
    prop_oneof![
        6 => json.clone(),
        3 => mutate::mutated(json, JSON_ALPHABET),
        1 => images::bytes(),
        1 => proptest::collection::vec(any::<u8>(), 0..256),
    ]
    .boxed()
}

/// A request to any route: a body to a route that takes one (images
/// mostly to the scanner), or a query to `/api/random`.
pub fn request() -> BoxedStrategy<Request> {
    let post = (0..POST_ROUTES.len(), body()).prop_map(|(route, body)| Request {
        post: true,
        path: POST_ROUTES[route].to_string(),
        body,
    });
    let scan = images::bytes().prop_map(|body| Request {
        post: true,
        path: "/api/scan".to_string(),
        body,
    });
    let word = prop_oneof![
        (0u32..80).prop_map(|n| n.to_string()),
        proptest::sample::select(TOKENS).prop_map(str::to_string),
    ];
    let random = (word.clone(), word.clone()).prop_map(|(min, max)| Request {
        post: false,
        path: format!("/api/random?min={}&max={}", encode(&min), encode(&max)),
        body: Vec::new(),
    });
    let review = review_body().prop_map(|body| Request {
        post: true,
        path: "/api/review".to_string(),
        body,
    });
    let band = prop_oneof![
        3 => proptest::sample::select(&["beginner", "Expert", "cards", "klotski", "easy", ""][..])
            .prop_map(str::to_string),
        1 => proptest::sample::select(TOKENS).prop_map(str::to_string),
    ];
    let level = (band, word.clone()).prop_map(|(band, number)| Request {
        post: false,
        path: format!("/api/level?id={}", encode(&format!("{band}/{number}"))),
        body: Vec::new(),
    });
    let date = prop_oneof![
        3 => (0u32..10_000, 0u32..14, 0u32..33).prop_map(|(y, m, d)| format!("{y:04}-{m:02}-{d:02}")),
        1 => word,
    ];
    let daily = date.prop_map(|date| Request {
        post: false,
        path: format!("/api/daily?date={}", encode(&date)),
        body: Vec::new(),
    });
    prop_oneof![
        8 => post,
        2 => scan,
        1 => random,
        3 => review,
        1 => level,
        1 => daily,
    ]
    .boxed()
}

/// Percent-encodes a query value.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
