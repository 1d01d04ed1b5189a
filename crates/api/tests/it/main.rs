//! The API's answers without a transport: the same objects whether the
//! server or the browser's worker sends them.

mod answers;
mod play;
