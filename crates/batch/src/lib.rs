#![doc = include_str!("../README.md")]

pub mod batch;
mod ordered;
