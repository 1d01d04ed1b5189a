//! Bytes to pixels: the format is guessed from the content, the size is read
//! from the header and checked before anything large is allocated.

use crate::ScanError;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use std::io::Cursor;

/// The largest picture accepted, in pixels (50 megapixels).
pub const MAX_PIXELS: u64 = 50_000_000;

/// Decodes a PNG, JPEG, GIF or WebP file, refusing pictures over
/// [`MAX_PIXELS`] from their header alone.
pub(crate) fn decode(bytes: &[u8]) -> Result<DynamicImage, ScanError> {
    if bytes.is_empty() {
        return Err(ScanError::Empty);
    }
    let reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| ScanError::Damaged(e.to_string()))?;
    match reader.format() {
        None => return Err(ScanError::UnknownFormat),
        Some(ImageFormat::Jpeg) if !has_jpeg_end(bytes) => {
            return Err(ScanError::Damaged(
                "the JPEG file is truncated: its end marker is missing".into(),
            ))
        }
        Some(_) => {}
    }
    let mut decoder = reader.into_decoder().map_err(damaged)?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(ScanError::TooLarge {
            width,
            height,
            limit: MAX_PIXELS / 1_000_000,
        });
    }
    if width == 0 || height == 0 {
        return Err(ScanError::Damaged(format!(
            "the header says {width}×{height} pixels"
        )));
    }
    let mut limits = Limits::default();
    // Room for the decoded pixels (up to 16 bits × 4 channels) and the decoder's buffers.
    limits.max_alloc = Some(u64::from(width) * u64::from(height) * 8 + (64 << 20));
    decoder.set_limits(limits).map_err(damaged)?;
    DynamicImage::from_decoder(decoder).map_err(damaged)
}

/// The bytes a scan of `bytes` holds at its peak, from the picture's
/// header alone: the decoded pixels and an 8-bit RGB copy of them (the
/// working copy, or the debug overlay's). `None` when the header cannot be
/// read (the scan then fails before decoding anything).
pub fn peak_bytes(bytes: &[u8]) -> Option<u64> {
    let decoder = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .ok()?
        .into_decoder()
        .ok()?;
    let (width, height) = decoder.dimensions();
    let rgb = u64::from(width) * u64::from(height) * 3;
    Some(decoder.total_bytes().saturating_add(rgb))
}

fn damaged(e: image::ImageError) -> ScanError {
    match e {
        image::ImageError::Limits(_) => ScanError::Damaged(format!(
            "{e} (the file asks for more memory than its size needs)"
        )),
        image::ImageError::Unsupported(_) => ScanError::UnknownFormat,
        _ => ScanError::Damaged(e.to_string()),
    }
}

/// Whether a JPEG file ends with its end-of-image marker (allowing some
/// trailing bytes). The decoder fills a cut-off picture with grey instead of
/// failing; inside the compressed data 0xFF is never followed by 0xD9.
fn has_jpeg_end(bytes: &[u8]) -> bool {
    let tail = &bytes[bytes.len().saturating_sub(4096)..];
    tail.windows(2).any(|w| w == [0xFF, 0xD9])
}
