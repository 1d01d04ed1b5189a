//! Decoded pixels handed to the scanner (a browser canvas's `ImageData`, or
//! a file decoded by the `decode` feature), checked against their size, and
//! the RGBA picture the debug overlay gives back.

use crate::ScanError;
use std::fmt;

/// The largest picture accepted, in pixels (50 megapixels).
pub const MAX_PIXELS: u64 = 50_000_000;

/// Refuses a picture of `width`×`height` over [`MAX_PIXELS`]
/// ([`ScanError::TooLarge`]), before anything of its size is allocated: a
/// file's header, or a browser's decoded bitmap.
pub fn check_size(width: u32, height: u32) -> Result<(), ScanError> {
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(ScanError::TooLarge {
            width,
            height,
            limit: MAX_PIXELS / 1_000_000,
        });
    }
    Ok(())
}

/// A decoded picture, borrowed: 8-bit samples, row by row from the top
/// left, no padding between rows. Made by [`Pixels::rgba`] or
/// [`Pixels::rgb`], which check that the samples fill the size given.
#[derive(Clone, Copy)]
pub struct Pixels<'a> {
    width: u32,
    height: u32,
    channels: usize,
    samples: &'a [u8],
}

impl<'a> Pixels<'a> {
    /// RGBA pixels, 4 bytes each, as a canvas's `getImageData` gives them
    /// (alpha is ignored).
    pub fn rgba(width: u32, height: u32, rgba: &'a [u8]) -> Result<Self, ScanError> {
        Self::new(width, height, 4, rgba)
    }

    /// RGB pixels, 3 bytes each.
    pub fn rgb(width: u32, height: u32, rgb: &'a [u8]) -> Result<Self, ScanError> {
        Self::new(width, height, 3, rgb)
    }

    /// Refuses a picture over [`MAX_PIXELS`], then samples that do not
    /// fill `width`×`height` exactly.
    fn new(width: u32, height: u32, channels: usize, samples: &'a [u8]) -> Result<Self, ScanError> {
        check_size(width, height)?;
        let expected = u64::from(width) * u64::from(height) * channels as u64;
        if samples.len() as u64 != expected {
            return Err(ScanError::PixelCount {
                width,
                height,
                channels,
                expected,
                len: samples.len(),
            });
        }
        Ok(Pixels {
            width,
            height,
            channels,
            samples,
        })
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// Bytes per pixel: 4 for RGBA, 3 for RGB.
    pub(crate) fn channels(&self) -> usize {
        self.channels
    }

    /// The samples, `channels` bytes a pixel.
    pub(crate) fn samples(&self) -> &'a [u8] {
        self.samples
    }

    /// An RGBA copy (opaque where there was no alpha).
    pub(crate) fn to_rgba(self) -> Vec<u8> {
        if self.channels == 4 {
            return self.samples.to_vec();
        }
        self.samples
            .chunks_exact(self.channels)
            .flat_map(|p| [p[0], p[1], p[2], u8::MAX])
            .collect()
    }
}

/// The size and layout, not the samples.
impl fmt::Debug for Pixels<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Pixels")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("channels", &self.channels)
            .finish_non_exhaustive()
    }
}

/// An RGBA picture, 4 bytes a pixel row by row: what
/// [`debug_overlay_pixels`](crate::debug_overlay_pixels) draws, ready for a
/// canvas's `ImageData`.
#[derive(Clone, PartialEq, Eq)]
pub struct Picture {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

/// The size, not the samples.
impl fmt::Debug for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Picture")
            .field("width", &self.width)
            .field("height", &self.height)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn samples_must_fill_the_size_exactly() {
        assert!(Pixels::rgba(3, 2, &[0; 24]).is_ok());
        assert!(Pixels::rgb(3, 2, &[0; 18]).is_ok());
        assert_eq!(
            Pixels::rgba(3, 2, &[0; 18]).unwrap_err(),
            ScanError::PixelCount {
                width: 3,
                height: 2,
                channels: 4,
                expected: 24,
                len: 18
            }
        );
        assert!(matches!(
            Pixels::rgb(3, 2, &[0; 24]),
            Err(ScanError::PixelCount { expected: 18, .. })
        ));
        let message = Pixels::rgba(3, 2, &[0; 25]).unwrap_err().to_string();
        assert_eq!(
            message,
            "the pixels are not a 3×2 picture: 25 bytes, where 4 bytes a pixel make 24"
        );
    }

    #[test]
    fn a_picture_over_the_limit_is_refused_before_its_length() {
        // 10000 × 5001 is just over 50 megapixels; the empty slice would
        // be the wrong length too, but the size is what the caller must hear.
        assert_eq!(
            Pixels::rgba(10_000, 5_001, &[]).unwrap_err(),
            ScanError::TooLarge {
                width: 10_000,
                height: 5_001,
                limit: 50
            }
        );
        // The largest sizes do not overflow.
        assert!(matches!(
            Pixels::rgba(u32::MAX, u32::MAX, &[]),
            Err(ScanError::TooLarge { .. })
        ));
    }

    #[test]
    fn rgb_is_copied_to_opaque_rgba() {
        let rgb = [1, 2, 3, 4, 5, 6];
        assert_eq!(
            Pixels::rgb(2, 1, &rgb).unwrap().to_rgba(),
            [1, 2, 3, 255, 4, 5, 6, 255]
        );
        let rgba = [1, 2, 3, 0, 4, 5, 6, 7];
        assert_eq!(Pixels::rgba(1, 2, &rgba).unwrap().to_rgba(), rgba);
    }
}
