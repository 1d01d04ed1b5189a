//! Serving on the local network: the machine's address there, and the
//! page's URL as a QR code for a terminal, so a phone opens it with its
//! camera.

use qrcode::types::QrError;
use qrcode::QrCode;
use std::io;
use std::net::{IpAddr, Ipv4Addr};

/// Why there is no local-network address or QR code.
#[derive(Debug, thiserror::Error)]
pub enum LanError {
    #[error("cannot list the network interfaces: {0}")]
    Interfaces(#[source] io::Error),
    /// No working interface other than loopback has an IPv4 address.
    #[error("no network address found")]
    NoAddress,
    #[error("cannot make a QR code: {0}")]
    Qr(#[source] QrError),
}

/// The IPv4 address of the first working network interface other than
/// loopback, preferring private ranges (home and office networks).
pub fn address() -> Result<IpAddr, LanError> {
    let interfaces = if_addrs::get_if_addrs().map_err(LanError::Interfaces)?;
    let mut candidates: Vec<Ipv4Addr> = interfaces
        .iter()
        .filter(|i| !i.is_loopback() && !i.is_link_local() && i.is_oper_up())
        .filter_map(|i| match i.ip() {
            IpAddr::V4(ip) => Some(ip),
            IpAddr::V6(_) => None,
        })
        .collect();
    candidates.sort_by_key(|ip| !ip.is_private());
    candidates
        .first()
        .map(|ip| IpAddr::V4(*ip))
        .ok_or(LanError::NoAddress)
}

/// Black on white, whatever the terminal's own colours (ANSI 256-colour
/// codes 16 and 231): a code drawn in the terminal's colours comes out
/// inverted on a light terminal, which some camera apps refuse.
const DARK: u8 = 16;
const LIGHT: u8 = 231;
/// The quiet zone around the code, in modules (the standard asks for 4).
const QUIET: usize = 4;

/// `text` as a QR code for a terminal, with `text` itself beside its middle
/// row: Unicode upper half blocks, two modules a character (the upper one
/// in the foreground colour, the lower in the background), in explicit
/// black and white with a white quiet zone, so it reads the same on a
/// light or a dark terminal.
pub fn qr(text: &str) -> Result<String, LanError> {
    let code = QrCode::new(text.as_bytes()).map_err(LanError::Qr)?;
    let width = code.width();
    let colours = code.to_colors();
    let size = width + 2 * QUIET;
    let dark = |x: usize, y: usize| {
        x >= QUIET
            && y >= QUIET
            && x < QUIET + width
            && y < QUIET + width
            && colours[(y - QUIET) * width + (x - QUIET)] == qrcode::Color::Dark
    };
    let colour = |is_dark: bool| if is_dark { DARK } else { LIGHT };
    let rows = size.div_ceil(2);
    let mut drawing = String::new();
    for row in 0..rows {
        for x in 0..size {
            let (top, bottom) = (dark(x, 2 * row), dark(x, 2 * row + 1));
            drawing.push_str(&format!(
                "\x1b[38;5;{};48;5;{}m\u{2580}",
                colour(top),
                colour(bottom)
            ));
        }
        drawing.push_str("\x1b[0m");
        if row == rows / 2 {
            drawing.push_str("  ");
            drawing.push_str(text);
        }
        drawing.push('\n');
    }
    Ok(drawing)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads the terminal drawing back into modules (each character: its
    /// foreground colour over its background colour) and decodes it.
    fn decode(drawing: &str) -> String {
        const SCALE: usize = 4;
        let rows: Vec<Vec<(bool, bool)>> = drawing
            .lines()
            .map(|line| {
                line.split("\x1b[38;5;")
                    .skip(1)
                    .map(|cell| {
                        let codes: Vec<&str> = cell.split(['m', ';']).collect();
                        assert!(cell.contains('\u{2580}'), "{cell:?}");
                        (codes[0] == "231", codes[3] == "231")
                    })
                    .collect()
            })
            .collect();
        let (width, height) = (rows[0].len(), rows.len() * 2);
        let light = |x: usize, y: usize| {
            let (top, bottom) = rows[y / 2][x];
            if y.is_multiple_of(2) {
                top
            } else {
                bottom
            }
        };
        let mut image =
            rqrr::PreparedImage::prepare_from_greyscale(width * SCALE, height * SCALE, |x, y| {
                if light(x / SCALE, y / SCALE) {
                    255
                } else {
                    0
                }
            });
        let grids = image.detect_grids();
        assert_eq!(grids.len(), 1, "one QR code");
        grids[0].decode().expect("a readable QR code").1
    }

    #[test]
    fn the_qr_code_reads_back_as_the_url() {
        let url = "http://192.168.1.20:8080/";
        let drawing = qr(url).unwrap();
        assert!(drawing.lines().count() >= 15, "{drawing}");
        assert_eq!(decode(&drawing), url);
        // The URL beside the middle row; the quiet zone (the first two rows) white.
        let lines: Vec<&str> = drawing.lines().collect();
        assert!(lines[lines.len() / 2].ends_with(&format!("  {url}")));
        assert!(lines[0]
            .split("\x1b[38;5;")
            .skip(1)
            .all(|cell| cell.starts_with("231;48;5;231m")));
    }
}
