//! The entry points for files (the `decode` feature): a PNG, JPEG, GIF or
//! WebP file decoded (`decode`) and read through the pixel path, and the
//! debug picture encoded as PNG.

use crate::overlay::{self, Canvas};
use crate::raster::Raster;
use crate::{checkpoint, decode, read, scan_pixels, Pixels, Scan, ScanError};
use image::{DynamicImage, ImageFormat, RgbImage};
use std::io::Cursor;

/// Decodes a PNG, JPEG, GIF or WebP file and reads the board in it.
///
/// ```no_run
/// let bytes = std::fs::read("screenshot.png").unwrap();
/// match unblocker_scan::scan(&bytes) {
///     Ok(scan) => println!("{}", serde_json::to_string(&scan.json()).unwrap()),
///     Err(e) => eprintln!("{e}"),
/// }
/// ```
pub fn scan(bytes: &[u8]) -> Result<Scan, ScanError> {
    scan_until(bytes, &|| false)
}

/// [`scan`], asking `stop` between its stages (decoding, sampling, each
/// step of each reading): once it says true, the scan ends with
/// [`ScanError::Stopped`].
pub fn scan_until(bytes: &[u8], stop: &dyn Fn() -> bool) -> Result<Scan, ScanError> {
    let image = decode::decode(bytes)?;
    checkpoint(stop)?;
    with_pixels(&image, |pixels| scan_pixels(pixels, stop))?
}

/// Reads the board in a decoded picture.
pub fn scan_image(image: &DynamicImage) -> Result<Scan, ScanError> {
    with_pixels(image, |pixels| scan_pixels(pixels, &|| false))?
}

/// Hands a decoded picture to `read` as [`Pixels`]: 8-bit RGB and RGBA as
/// they are, other layouts (grey, 16 bits) converted to 8-bit RGB first.
fn with_pixels<T>(image: &DynamicImage, read: impl FnOnce(Pixels) -> T) -> Result<T, ScanError> {
    let (width, height) = (image.width(), image.height());
    Ok(match image {
        DynamicImage::ImageRgb8(rgb) => read(Pixels::rgb(width, height, rgb.as_raw())?),
        DynamicImage::ImageRgba8(rgba) => read(Pixels::rgba(width, height, rgba.as_raw())?),
        other => read(Pixels::rgb(width, height, other.to_rgb8().as_raw())?),
    })
}

/// A PNG of the picture with what the scanner saw drawn over it: the board
/// outline (blue), the lattice (cyan), every piece outlined and labelled
/// (green wood, magenta prisoner, grey fixed blocks) and the exit (yellow,
/// hollow when assumed). On a failed scan it shows whatever was found.
pub fn debug_overlay(bytes: &[u8]) -> Result<Vec<u8>, ScanError> {
    let mut picture = decode::decode(bytes)?.into_rgb8();
    let (width, height) = picture.dimensions();
    let reading = read(
        &Raster::new(Pixels::rgb(width, height, picture.as_raw())?),
        &|| false,
    );
    overlay::draw(&mut Canvas::new(&mut picture, width, height, 3), &reading);
    Ok(png(&picture))
}

fn png(picture: &RgbImage) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    picture
        .write_to(&mut out, ImageFormat::Png)
        .expect("writing a PNG to memory cannot fail");
    out.into_inner()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scan_asked_to_stop_ends_as_stopped() {
        let picture = image::GrayImage::from_pixel(64, 64, image::Luma([255]));
        let mut png = Cursor::new(Vec::new());
        picture.write_to(&mut png, ImageFormat::Png).unwrap();
        let png = png.into_inner();
        assert!(matches!(
            scan_until(&png, &|| true),
            Err(ScanError::Stopped)
        ));
        let asked = std::cell::Cell::new(0);
        let counted = scan_until(&png, &|| {
            asked.set(asked.get() + 1);
            false
        });
        assert_eq!(counted.err(), scan(&png).err());
        assert!(asked.get() >= 3, "asked {} times", asked.get());
    }
}
