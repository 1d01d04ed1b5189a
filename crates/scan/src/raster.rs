//! The picture at a normalised working resolution (box-filtered down so the
//! longer side is at most [`WORKING_SIDE`]), with each pixel sorted into the
//! colour classes of the game: the dark board floor, wood, the red prisoner,
//! silver fixed blocks, and anything else. Pixels under drawn marks (found by
//! [`crate::marks`]) can be masked: counts and brightness skip them.

use crate::Pixels;

/// Longer side of the working picture, in pixels: a board then spans about
/// 150–400 working pixels whatever the device.
pub const WORKING_SIDE: u32 = 640;

/// What a pixel looks like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    /// The dark brown floor of the board (and the gaps between pieces).
    Floor,
    /// Strong red, low green: the prisoner.
    Red,
    /// Grey, low saturation, not dark: a silver fixed block.
    Silver,
    /// Bright warm colours: wooden pieces and the frame.
    Wood,
    /// Anything else (dark grey, blue, …).
    Other,
}

/// Brightness (largest channel) under which a pixel is dark whatever its
/// hue: black marks drawn over the floor count as floor when finding the board.
const INK_VALUE: u8 = 48;

/// Sorts one colour.
pub fn tone([r, g, b]: [u8; 3]) -> Tone {
    let (r, g, b) = (i32::from(r), i32::from(g), i32::from(b));
    let max = r.max(g).max(b);
    let min = r.min(g).min(b);
    if r >= 110 && g * 100 < r * 32 && b * 100 < r * 42 {
        Tone::Red
    } else if max >= 95 && (max - min) * 100 < max * 16 {
        Tone::Silver
    } else if max == r && (20..=150).contains(&r) && r - b >= 15 && (r - b) * 100 >= r * 25 {
        Tone::Floor
    } else if max == r && max >= 130 && r - b >= 30 {
        Tone::Wood
    } else {
        Tone::Other
    }
}

/// The working picture.
#[derive(Clone)]
pub struct Raster {
    pub width: usize,
    pub height: usize,
    /// Original pixels per working pixel.
    pub scale: f32,
    pub tones: Vec<Tone>,
    /// Brightness (HSV value, the largest channel) of each pixel.
    pub value: Vec<u8>,
    /// Pixels under drawn marks, skipped by counts and brightness.
    pub masked: Vec<bool>,
}

impl Raster {
    /// Box-filters `pixels` down by a whole factor to the working resolution.
    pub fn new(pixels: Pixels) -> Raster {
        let (w, h) = (pixels.width() as usize, pixels.height() as usize);
        let factor = (w.max(h) as u32).div_ceil(WORKING_SIDE).max(1) as usize;
        let (width, height) = (w / factor, h / factor);
        let samples = pixels.samples();
        // One loop per layout, so that each knows its pixel size.
        let rgb = if pixels.channels() == 4 {
            shrink::<4>(samples, w, factor, width, height)
        } else {
            shrink::<3>(samples, w, factor, width, height)
        };
        Raster::from_rgb(rgb, width, height, factor as f32)
    }

    fn from_rgb(rgb: Vec<[u8; 3]>, width: usize, height: usize, scale: f32) -> Raster {
        let tones: Vec<Tone> = rgb.iter().map(|&p| tone(p)).collect();
        let value = rgb.iter().map(|p| p[0].max(p[1]).max(p[2])).collect();
        let masked = vec![false; width * height];
        Raster {
            width,
            height,
            scale,
            tones,
            value,
            masked,
        }
    }

    pub fn tone_at(&self, x: usize, y: usize) -> Tone {
        self.tones[y * self.width + x]
    }

    /// Floor, or near black (marks drawn over the floor): what the board's
    /// well is made of.
    pub fn dark_at(&self, x: usize, y: usize) -> bool {
        let i = y * self.width + x;
        self.tones[i] == Tone::Floor || self.value[i] < INK_VALUE
    }

    /// The pixels of a rectangle (clipped to the picture), as index ranges.
    pub fn clip(&self, x0: f32, y0: f32, x1: f32, y1: f32) -> Option<Rect> {
        let cx = |v: f32| v.round().clamp(0.0, self.width as f32) as usize;
        let cy = |v: f32| v.round().clamp(0.0, self.height as f32) as usize;
        let r = Rect {
            x0: cx(x0),
            y0: cy(y0),
            x1: cx(x1),
            y1: cy(y1),
        };
        (r.x1 > r.x0 && r.y1 > r.y0).then_some(r)
    }

    /// How many unmasked pixels of each tone a rectangle holds.
    pub fn tally(&self, r: Rect) -> Tally {
        let mut t = Tally::default();
        for i in self.unmasked(r) {
            t.add(self.tones[i]);
        }
        t
    }

    /// How many unmasked pixels of each tone a rectangle holds, leaving out
    /// its darkest 30%: digits drawn over a cell, and their blends with what
    /// is under them, are darker than the cell.
    pub fn bright_tally(&self, r: Rect) -> Tally {
        let Some(median) = self.quantile_value(r, 0.3, 0.0) else {
            return Tally::default();
        };
        let mut t = Tally::default();
        for i in self.unmasked(r) {
            if f32::from(self.value[i]) >= median {
                t.add(self.tones[i]);
            }
        }
        t
    }

    /// The brightness below which a share `q` of the unmasked pixels of a
    /// rectangle lie, if at least `share` of it is unmasked.
    pub fn quantile_value(&self, r: Rect, q: f32, share: f32) -> Option<f32> {
        let mut values: Vec<u8> = self.unmasked(r).map(|i| self.value[i]).collect();
        if values.is_empty() || (values.len() as f32) < share * r.area() as f32 {
            return None;
        }
        let k = ((values.len() - 1) as f32 * q).round() as usize;
        Some(f32::from(*values.select_nth_unstable(k).1))
    }

    /// The indices of the unmasked pixels of a rectangle.
    fn unmasked(&self, r: Rect) -> impl Iterator<Item = usize> + '_ {
        (r.y0..r.y1)
            .flat_map(move |y| y * self.width + r.x0..y * self.width + r.x1)
            .filter(|&i| !self.masked[i])
    }
}

/// Averages `factor`×`factor` blocks of an interleaved 8-bit picture of
/// `CHANNELS` samples a pixel (RGB first), `w` pixels wide.
fn shrink<const CHANNELS: usize>(
    raw: &[u8],
    w: usize,
    factor: usize,
    width: usize,
    height: usize,
) -> Vec<[u8; 3]> {
    if width == 0 {
        // No pixel to average (and rows of no samples cannot be told apart).
        return Vec::new();
    }
    let mut out = Vec::with_capacity(width * height);
    let mut sums = vec![[0u32; 3]; width];
    let n = (factor * factor) as u32;
    for y in 0..height {
        sums.iter_mut().for_each(|s| *s = [0; 3]);
        for row in raw.chunks_exact(w * CHANNELS).skip(y * factor).take(factor) {
            for (x, sum) in sums.iter_mut().enumerate() {
                for px in
                    row[x * factor * CHANNELS..(x + 1) * factor * CHANNELS].chunks_exact(CHANNELS)
                {
                    sum[0] += u32::from(px[0]);
                    sum[1] += u32::from(px[1]);
                    sum[2] += u32::from(px[2]);
                }
            }
        }
        out.extend(
            sums.iter()
                .map(|s| [(s[0] / n) as u8, (s[1] / n) as u8, (s[2] / n) as u8]),
        );
    }
    out
}

/// A rectangle of working pixels, `x1`/`y1` excluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rect {
    pub x0: usize,
    pub y0: usize,
    pub x1: usize,
    pub y1: usize,
}

impl Rect {
    pub fn area(&self) -> usize {
        (self.x1 - self.x0) * (self.y1 - self.y0)
    }
}

/// Pixel counts per tone.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tally {
    pub floor: u32,
    pub red: u32,
    pub silver: u32,
    pub wood: u32,
    pub other: u32,
}

impl Tally {
    fn add(&mut self, tone: Tone) {
        match tone {
            Tone::Floor => self.floor += 1,
            Tone::Red => self.red += 1,
            Tone::Silver => self.silver += 1,
            Tone::Wood => self.wood += 1,
            Tone::Other => self.other += 1,
        }
    }

    pub fn total(&self) -> u32 {
        self.floor + self.red + self.silver + self.wood + self.other
    }

    /// The share of the rectangle with this tone.
    pub fn share(&self, tone: Tone) -> f32 {
        let n = match tone {
            Tone::Floor => self.floor,
            Tone::Red => self.red,
            Tone::Silver => self.silver,
            Tone::Wood => self.wood,
            Tone::Other => self.other,
        };
        n as f32 / self.total().max(1) as f32
    }
}
