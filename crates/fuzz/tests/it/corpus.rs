//! The regression corpus (`fuzz/corpus/`), replayed in process: every board
//! text through everything the tools do with a PUZZLE, every image through
//! the scanner, and every file of every kind as the body of every route of
//! a server in this process (board texts also as `{"puzzle": …}`). The
//! command-line tests replay it through the binary and a served instance.

use unblocker_fuzz::corpus::{self, Kind};
use unblocker_fuzz::requests::{Request, POST_ROUTES};
use unblocker_fuzz::{checks, server, Finding};

fn replay(kind: Kind, check: impl Fn(&[u8]) -> Result<(), Finding>) {
    let files = corpus::files(kind);
    let failures: Vec<String> = files
        .iter()
        .filter_map(|(name, bytes)| check(bytes).err().map(|e| format!("{name}: {e}")))
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn board_texts() {
    replay(Kind::Boards, checks::board_text);
}

#[test]
fn images() {
    replay(Kind::Images, checks::image);
}

#[test]
fn every_file_to_every_route() {
    let files: usize = Kind::ALL.iter().map(|&k| corpus::files(k).len()).sum();
    assert!(files > 0, "the corpus is empty");
    for kind in Kind::ALL {
        replay(kind, |bytes| {
            let text = String::from_utf8_lossy(bytes);
            let wrapped = serde_json::json!({ "puzzle": text })
                .to_string()
                .into_bytes();
            for path in POST_ROUTES {
                for body in [bytes.to_vec(), wrapped.clone()] {
                    server::api_request(&Request {
                        post: true,
                        path: path.to_string(),
                        body,
                    })?;
                }
            }
            Ok(())
        });
    }
    assert_eq!(server::panics(), 0, "panics in the server");
}
