//! `serve --lan`: the machine's address on the local network, and the page's
//! URL as a QR code for the terminal, so a phone opens it with its camera.

use qrcode::render::unicode::Dense1x2;
use qrcode::QrCode;
use std::net::IpAddr;

/// The IPv4 address of the first working network interface other than
/// loopback, preferring private ranges (home and office networks).
pub fn address() -> Result<IpAddr, String> {
    let interfaces =
        if_addrs::get_if_addrs().map_err(|e| format!("cannot list the network interfaces: {e}"))?;
    let mut candidates: Vec<std::net::Ipv4Addr> = interfaces
        .iter()
        .filter(|i| !i.is_loopback() && !i.is_link_local() && i.is_oper_up())
        .filter_map(|i| match i.ip() {
            IpAddr::V4(ip) => Some(ip),
            IpAddr::V6(_) => None,
        })
        .collect();
    candidates.sort_by_key(|ip| !ip.is_private());
    candidates.first().map(|ip| IpAddr::V4(*ip)).ok_or_else(|| {
        "no network address found for --lan: connect to a network, or choose one with --host"
            .to_string()
    })
}

/// `text` as a QR code of Unicode half blocks, two modules a character, with
/// its quiet zone: light modules are drawn, dark ones left to a dark
/// terminal's background.
pub fn qr(text: &str) -> Result<String, String> {
    let code = QrCode::new(text.as_bytes()).map_err(|e| format!("cannot make a QR code: {e}"))?;
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
