//! Image bytes (PNG, JPEG, GIF and WebP headers and bodies, small encoded
//! pictures, real screenshots) through the scanner and its debug picture.

use unblocker_fuzz::corpus::Kind;
use unblocker_fuzz::{checks, fuzz, images};

#[test]
fn image_bytes() {
    fuzz(
        "images",
        Kind::Images,
        1500,
        images::bytes(),
        Clone::clone,
        |b| checks::image(b),
    );
}
