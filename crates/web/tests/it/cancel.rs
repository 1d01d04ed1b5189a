//! A scan whose client leaves stops and frees its slot before the scan would
//! have ended (in under half the time the same scan takes to its end,
//! measured in the same test: the bound holds however loaded the machine
//! is), so that a solve waiting for the slot is answered.

use crate::common;
use std::time::{Duration, Instant};
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

/// A PNG of a phone screenshot's size, `width` × `height`, in noisy
/// colours (so that it compresses poorly and every stage has work to do).
fn noisy_png(width: u32, height: u32) -> Vec<u8> {
    let mut seed = 0x9e37_79b9_u32;
    let picture = image::RgbImage::from_fn(width, height, |_, _| {
        seed ^= seed << 13;
        seed ^= seed >> 17;
        seed ^= seed << 5;
        let [r, g, b, _] = seed.to_le_bytes();
        image::Rgb([r, g, b])
    });
    let mut png = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut png, image::ImageFormat::Png).unwrap();
    png.into_inner()
}

/// The time `png` takes to scan to its end (it has no board: a 422, with
/// the overlay).
async fn whole_scan(base: &str, png: &[u8]) -> Duration {
    let started = Instant::now();
    let status = common::scan(base, png.to_vec()).await.status();
    assert_eq!(status, 422);
    started.elapsed()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scan_whose_client_leaves_frees_its_slot_before_the_scan_would_end() {
    let base = common::start(common::one_slot()).await;
    let address = base.trim_start_matches("http://");
    let png = noisy_png(1170, 2532);
    let before = whole_scan(&base, &png).await;
    let mut stream = TcpStream::connect(address).await.unwrap();
    let head = format!(
        "POST /api/scan HTTP/1.1\r\nhost: {address}\r\ncontent-type: image/png\r\n\
         content-length: {}\r\n\r\n",
        png.len()
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(&png).await.unwrap();
    let busy = common::wait_for_counts(&base, |c| c["running"] == 1).await;
    assert_eq!(busy["running"], 1, "the scan never started: {busy}");

    drop(stream);
    let left = Instant::now();
    let freed = common::wait_for_counts(&base, |c| c["running"] == 0).await;
    let took = left.elapsed();
    assert_eq!(freed["running"], 0, "{freed}");
    assert_eq!(freed["cancelled"], 1, "{freed}");
    // The same scan to its end, before and after: the slower of the two
    // is the time a scan takes while the machine is as loaded as it was. A
    // scan that did not stop would free its slot after most of that time.
    let whole = before.max(whole_scan(&base, &png).await);
    assert!(
        took < whole / 2,
        "the slot was freed after {took:?}; the whole scan takes {whole:?}"
    );

    let (status, json) = common::post(
        &base,
        "/api/solve",
        r#"{"puzzle":"BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo"}"#,
    )
    .await;
    assert_eq!(status, 200, "{json}");
}
