//! Serving on the local network: the machine's address there, and the
//! page's URL as a QR code for a terminal, so a phone opens it with its
//! camera.

use qrcode::render::unicode::Dense1x2;
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

/// `text` as a QR code of Unicode half blocks, two modules a character, with
/// its quiet zone: light modules are drawn, dark ones left to a dark
/// terminal's background.
pub fn qr(text: &str) -> Result<String, LanError> {
    let code = QrCode::new(text.as_bytes()).map_err(LanError::Qr)?;
    Ok(code
        .render::<Dense1x2>()
        .dark_color(Dense1x2::Light)
        .light_color(Dense1x2::Dark)
        .build())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads the terminal drawing back into modules (dark = the blank
    /// background) and decodes it.
    fn decode(drawing: &str) -> String {
        const SCALE: usize = 4;
        let rows: Vec<Vec<char>> = drawing.lines().map(|l| l.chars().collect()).collect();
        let (width, height) = (rows[0].len(), rows.len() * 2);
        let light = |x: usize, y: usize| match rows[y / 2][x] {
            '█' => true,
            '▀' => y.is_multiple_of(2),
            '▄' => !y.is_multiple_of(2),
            _ => false,
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
    }
}
