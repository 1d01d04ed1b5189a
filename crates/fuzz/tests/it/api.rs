//! Every route of the JSON API with generated and mutated request bodies,
//! against a server in this process: every request is answered, never with
//! a server error, and nothing panics.

use unblocker_fuzz::corpus::Kind;
use unblocker_fuzz::{fuzz, requests, server};

#[test]
fn request_bodies_of_every_route() {
    fuzz(
        "api",
        Kind::Requests,
        1250,
        requests::request(),
        |r| r.body.clone(),
        server::api_request,
    );
    assert_eq!(server::panics(), 0, "panics in the server");
}
