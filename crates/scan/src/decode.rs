//! Bytes to pixels: the format is guessed from the content, the size is read
//! from the header and checked before anything large is allocated.

use crate::{check_size, ScanError};
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use std::io::Cursor;

/// The most a decoder may hold besides the decoded pixels: the file's
/// metadata (an ICC profile, text) and its own row buffers. A PNG's
/// compressed ICC profile can claim hundreds of megabytes from a small file;
/// past this the file is refused.
pub const DECODER_BYTES: u64 = 16 << 20;

/// A decoder for `bytes` with its header (and a PNG's metadata) read within
/// [`DECODER_BYTES`].
fn decoder(bytes: &[u8]) -> Result<impl ImageDecoder + '_, ScanError> {
    let mut reader = ImageReader::new(Cursor::new(bytes))
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
    // The PNG decoder takes its limit for metadata and buffers here, once.
    let mut limits = Limits::default();
    limits.max_alloc = Some(DECODER_BYTES);
    reader.limits(limits);
    reader.into_decoder().map_err(damaged)
}

/// Decodes a PNG, JPEG, GIF or WebP file, refusing pictures over
/// [`MAX_PIXELS`](crate::MAX_PIXELS) from their header alone.
pub(crate) fn decode(bytes: &[u8]) -> Result<DynamicImage, ScanError> {
    if bytes.is_empty() {
        return Err(ScanError::Empty);
    }
    let mut decoder = decoder(bytes)?;
    let (width, height) = decoder.dimensions();
    check_size(width, height)?;
    if width == 0 || height == 0 {
        return Err(ScanError::Damaged(format!(
            "the header says {width}×{height} pixels"
        )));
    }
    let mut limits = Limits::default();
    // The decoded pixels and the decoder's buffers.
    limits.max_alloc = Some(decoder.total_bytes().saturating_add(DECODER_BYTES));
    decoder.set_limits(limits).map_err(damaged)?;
    DynamicImage::from_decoder(decoder).map_err(damaged)
}

/// The bytes a scan of `bytes` holds at its peak, from the picture's
/// header alone: the decoded pixels, an 8-bit RGB copy of them (the
/// working copy, or the debug overlay's) and the decoder's own
/// [`DECODER_BYTES`]; only those when the header cannot be read (the scan
/// then fails before decoding the pixels).
pub fn peak_bytes(bytes: &[u8]) -> u64 {
    let pixels = decoder(bytes).map_or(0, |decoder| {
        let (width, height) = decoder.dimensions();
        let rgb = u64::from(width) * u64::from(height) * 3;
        decoder.total_bytes().saturating_add(rgb)
    });
    pixels.saturating_add(DECODER_BYTES)
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
