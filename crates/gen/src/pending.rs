//! The generator's state between phases, in the compact form the database
//! file keeps it in (so that an interrupted run resumes): a unit's
//! candidates that wait for removal tests, with those tests, and the
//! candidates that a unit's answers reject.
//!
//! Everything is a sequence of LEB128 varints.

use crate::error::GenError;
use crate::rush::{Candidate, CandidateId, Position, RemovalTest};

/// A unit's waiting candidates and their queries.
pub fn encode_waiting(size: usize, candidates: &[Candidate], queries: &[RemovalTest]) -> Vec<u8> {
    let mut out = Vec::new();
    put(&mut out, candidates.len() as u64);
    for c in candidates {
        put(&mut out, c.id.seq as u64);
        for i in 0..size {
            put(&mut out, c.position.rows[i] as u64);
            put(&mut out, c.position.columns[i] as u64);
        }
        put(&mut out, c.moves as u64);
        put(&mut out, c.cluster);
        put(&mut out, c.histogram.len() as u64);
        for &h in &c.histogram {
            put(&mut out, h);
        }
        put(&mut out, c.tests as u64);
    }
    put(&mut out, queries.len() as u64);
    for q in queries {
        put(&mut out, q.unit as u64);
        put(&mut out, q.position);
        put(&mut out, q.moves as u64);
        put(&mut out, q.candidate.seq as u64);
    }
    out
}

/// The inverse of [`encode_waiting`] for the candidates of `unit`.
pub fn decode_waiting(
    size: usize,
    unit: u32,
    blob: &[u8],
) -> Result<(Vec<Candidate>, Vec<RemovalTest>), GenError> {
    let mut r = Reader { blob, at: 0 };
    let mut candidates = Vec::new();
    for _ in 0..r.get()? {
        let seq = r.get()? as u32;
        let mut position = Position {
            rows: [0; 6],
            columns: [0; 6],
        };
        for i in 0..size {
            position.rows[i] = r.get()? as u32;
            position.columns[i] = r.get()? as u32;
        }
        let moves = r.get()? as u8;
        let cluster = r.get()?;
        let histogram = (0..r.get()?).map(|_| r.get()).collect::<Result<_, _>>()?;
        let tests = r.get()? as u32;
        candidates.push(Candidate {
            id: CandidateId { unit, seq },
            position,
            moves,
            cluster,
            histogram,
            tests,
        });
    }
    let mut queries = Vec::new();
    for _ in 0..r.get()? {
        queries.push(RemovalTest {
            unit: r.get()? as u32,
            position: r.get()?,
            moves: r.get()? as u8,
            candidate: CandidateId {
                unit,
                seq: r.get()? as u32,
            },
        });
    }
    r.end()?;
    Ok((candidates, queries))
}

/// Candidates rejected by a unit's answers.
pub fn encode_rejected(rejected: &[CandidateId]) -> Vec<u8> {
    let mut out = Vec::new();
    put(&mut out, rejected.len() as u64);
    for id in rejected {
        put(&mut out, id.unit as u64);
        put(&mut out, id.seq as u64);
    }
    out
}

/// The inverse of [`encode_rejected`].
pub fn decode_rejected(blob: &[u8]) -> Result<Vec<CandidateId>, GenError> {
    let mut r = Reader { blob, at: 0 };
    let ids = (0..r.get()?)
        .map(|_| {
            Ok(CandidateId {
                unit: r.get()? as u32,
                seq: r.get()? as u32,
            })
        })
        .collect::<Result<_, GenError>>()?;
    r.end()?;
    Ok(ids)
}

fn put(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

struct Reader<'a> {
    blob: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn get(&mut self) -> Result<u64, GenError> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = *self.blob.get(self.at).ok_or(GenError::Damaged)?;
            self.at += 1;
            v |= ((byte & 0x7F) as u64) << shift;
            if byte < 0x80 {
                return Ok(v);
            }
        }
        Err(GenError::Damaged)
    }

    fn end(&self) -> Result<(), GenError> {
        if self.at == self.blob.len() {
            Ok(())
        } else {
            Err(GenError::Damaged)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waiting_candidates_round_trip() {
        let id = CandidateId { unit: 7, seq: 3 };
        let c = Candidate {
            id,
            position: Position {
                rows: [1, 2, 3, 4, 5, 6],
                columns: [0, 21, 3, 4, 5, 6],
            },
            moves: 51,
            cluster: 4780,
            histogram: vec![1, 300, 1 << 40],
            tests: 2,
        };
        let q = RemovalTest {
            unit: 12_345,
            position: (1 << 53) | 77,
            moves: 51,
            candidate: id,
        };
        let blob = encode_waiting(6, std::slice::from_ref(&c), &[q, q]);
        assert_eq!(decode_waiting(6, 7, &blob).unwrap(), (vec![c], vec![q, q]));
        assert!(decode_waiting(6, 7, &blob[..blob.len() - 1]).is_err());
        let ids = [id, CandidateId { unit: 0, seq: 0 }];
        assert_eq!(decode_rejected(&encode_rejected(&ids)).unwrap(), ids);
    }
}
