//! How the environments step their boards: the rules of a step (reward,
//! episode ends, autoreset), each board's episode, and one call's outputs,
//! cut into consecutive boards' parts and halved over the thread pool.

use crate::component::{Component, UNREACHED};
use crate::layout::Position;
use crate::source::DrawError;
use crate::supply::Supply;
use std::sync::Arc;
use unblocker_model::random::Rng;
use unblocker_model::Direction;

/// Boards a task of the thread pool steps at least (fewer are stepped on
/// the calling thread, the GIL held).
pub const GRAIN: usize = 128;

/// How every board is stepped.
pub struct Rules {
    /// Piece channels (and pieces in the action space).
    pub pieces: usize,
    /// Distances of the action space: 1..=reach.
    pub reach: usize,
    pub shaping: f32,
    pub max_steps: u32,
    pub autoreset: bool,
}

/// One board and its episode.
pub struct Board {
    pub component: Arc<Component>,
    pub position: Position,
    pub remaining: u32,
    steps: u32,
    done: bool,
    /// Draws this board's starts.
    pub rng: Rng,
}

/// What one call writes, for some consecutive boards.
pub struct Out<'a> {
    pub obs: &'a mut [u8],
    pub mask: &'a mut [i8],
    pub reward: &'a mut [f32],
    pub terminated: &'a mut [bool],
    pub truncated: &'a mut [bool],
    pub optimal: &'a mut [i32],
    pub illegal: &'a mut [bool],
}

impl<'a> Out<'a> {
    /// The first `n` boards' part and the rest.
    fn split_at(self, n: usize) -> (Out<'a>, Out<'a>) {
        let obs = self.obs.len() / self.reward.len();
        let mask = self.mask.len() / self.reward.len();
        let (obs_a, obs_b) = self.obs.split_at_mut(n * obs);
        let (mask_a, mask_b) = self.mask.split_at_mut(n * mask);
        let (reward_a, reward_b) = self.reward.split_at_mut(n);
        let (terminated_a, terminated_b) = self.terminated.split_at_mut(n);
        let (truncated_a, truncated_b) = self.truncated.split_at_mut(n);
        let (optimal_a, optimal_b) = self.optimal.split_at_mut(n);
        let (illegal_a, illegal_b) = self.illegal.split_at_mut(n);
        (
            Out {
                obs: obs_a,
                mask: mask_a,
                reward: reward_a,
                terminated: terminated_a,
                truncated: truncated_a,
                optimal: optimal_a,
                illegal: illegal_a,
            },
            Out {
                obs: obs_b,
                mask: mask_b,
                reward: reward_b,
                terminated: terminated_b,
                truncated: truncated_b,
                optimal: optimal_b,
                illegal: illegal_b,
            },
        )
    }
}

/// What a call does to each board before writing what it shows.
#[derive(Clone, Copy)]
pub enum Call<'a> {
    /// Nothing (the boards were just drawn).
    Show,
    /// Steps each board with its action.
    Step(&'a [i64]),
}

impl Rules {
    pub fn actions(&self) -> usize {
        self.pieces * 4 * self.reach
    }

    pub fn decode(&self, action: i64) -> Option<(usize, Direction, usize)> {
        let a = usize::try_from(action)
            .ok()
            .filter(|&a| a < self.actions())?;
        Some((
            a / (4 * self.reach),
            Direction::ALL[(a / self.reach) % 4],
            a % self.reach + 1,
        ))
    }

    /// A board at a start drawn from `supply` with `rng`.
    pub fn start(&self, supply: &Supply, mut rng: Rng) -> Result<Board, DrawError> {
        let (component, key) = supply.draw(&mut rng)?;
        Ok(Board {
            position: component.layout().position(key),
            remaining: component.distance(key).unwrap_or(UNREACHED),
            component,
            steps: 0,
            done: false,
            rng,
        })
    }

    /// The slide of `action` if `board` allows it.
    fn legal(&self, board: &Board, action: i64) -> Option<(usize, Direction, usize)> {
        let layout = board.component.layout();
        self.decode(action).filter(|&(p, direction, distance)| {
            p < board.position.pieces() && board.position.reach(layout, p, direction) >= distance
        })
    }

    /// Does `call` to board `i` of `boards`, writing its part of `out`.
    fn one(
        &self,
        board: &mut Board,
        call: Call<'_>,
        i: usize,
        supply: &Supply,
        out: &mut Out<'_>,
    ) -> Result<(), DrawError> {
        // Whether the board took a step, and whether its action was legal.
        let (mut stepped, mut moved) = (false, false);
        match call {
            Call::Show => {}
            Call::Step(_) if board.done && self.autoreset => {
                let rng = board.rng.clone();
                *board = self.start(supply, rng)?;
            }
            Call::Step(actions) => {
                stepped = true;
                if let Some((p, direction, distance)) = self.legal(board, actions[i]) {
                    let layout = board.component.layout();
                    board.position.slide(layout, p, direction, distance);
                    moved = true;
                }
            }
        }
        let layout = board.component.layout();
        let cells = out.obs.len() / out.reward.len();
        board
            .position
            .observe(layout, &mut out.obs[i * cells..(i + 1) * cells]);
        let actions = self.actions();
        board.position.mask(
            layout,
            &mut out.mask[i * actions..(i + 1) * actions],
            self.reach,
        );
        let (mut reward, mut terminated, mut truncated) = (0.0, false, false);
        if stepped {
            let before = board.remaining;
            if moved {
                board.remaining = board
                    .component
                    .distance(board.position.key())
                    .unwrap_or(UNREACHED);
            }
            reward = -1.0;
            if before != UNREACHED && board.remaining != UNREACHED {
                reward += self.shaping * (before as f32 - board.remaining as f32);
            }
            board.steps += 1;
            terminated = board.remaining == 0;
            truncated = !terminated && self.max_steps > 0 && board.steps >= self.max_steps;
            board.done = terminated || truncated;
        }
        out.reward[i] = reward;
        out.terminated[i] = terminated;
        out.truncated[i] = truncated;
        out.illegal[i] = stepped && !moved;
        out.optimal[i] = if board.remaining == UNREACHED {
            -1
        } else {
            board.remaining as i32
        };
        Ok(())
    }

    /// Does `call` to every board of `boards` (`call`'s actions and `out`
    /// cut to them), halving the work over the thread pool down to
    /// [`GRAIN`] boards.
    pub fn all(
        &self,
        boards: &mut [Board],
        call: Call<'_>,
        supply: &Supply,
        out: Out<'_>,
    ) -> Result<(), DrawError> {
        if boards.len() <= GRAIN {
            let mut out = out;
            return boards
                .iter_mut()
                .enumerate()
                .try_for_each(|(i, b)| self.one(b, call, i, supply, &mut out));
        }
        let half = boards.len() / 2;
        let (first, second) = boards.split_at_mut(half);
        let (out_first, out_second) = out.split_at(half);
        let (call_first, call_second) = match call {
            Call::Show => (Call::Show, Call::Show),
            Call::Step(actions) => {
                let (a, b) = actions.split_at(half);
                (Call::Step(a), Call::Step(b))
            }
        };
        let (a, b) = rayon::join(
            || self.all(first, call_first, supply, out_first),
            || self.all(second, call_second, supply, out_second),
        );
        a.and(b)
    }
}
