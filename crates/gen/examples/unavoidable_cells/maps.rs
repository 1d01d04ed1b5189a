//! Where each position of a unit lies in a unit one wall fewer, a position
//! at a time (to check the figures against).

use unblocker_gen::rush::{Units, Wall};
use unblocker_gen::unit::Unit;
use unblocker_gen::Fibered;

/// The first filling of a unit's class in row `r`.
pub fn class_start(units: &Units, unit: usize, r: usize) -> u32 {
    units.rows[r].classes[units.classes(unit)[r] as usize].start
}

/// Where each position of `unit` lies in `wall`'s parent (`parent` its
/// layout).
pub fn to_parent(units: &Units, unit: usize, index: &Unit, wall: &Wall, parent: &Unit) -> Vec<u32> {
    let mut map = Vec::with_capacity(index.positions() as usize);
    let r = wall.row;
    for block in 0..index.blocks() {
        let mut places: Vec<usize> = index.row_places(block).collect();
        let filling = class_start(units, unit, r) + places[r] as u32;
        places[r] = (units.rows[r].without(filling, wall.slot) - class_start(units, wall.parent, r))
            as usize;
        let (fc, list) = index.fiber_axis(block);
        let mut at = index.first(block);
        for _ in index.block_fibers(block) {
            let mut columns = index.column_fillings(&at).map(u32::from);
            for &f in list {
                columns[fc] = f as u32;
                let q = parent
                    .index_of(&places, &columns[..units.size])
                    .expect("a position without a wall is one of the parent's");
                map.push(q as u32);
            }
            index.advance(&mut at);
        }
    }
    map
}
