//! The integration tests of unblocker, one test binary
//! (`cargo test -p unblocker --test it`), a module per subject.

mod cli;
mod common;
mod compare;
mod corpus;
mod db;
mod docs;
mod examples;
mod klotski;
mod length;
mod render;
mod scan;
mod serve;
mod shards;
