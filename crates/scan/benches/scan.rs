//! Scanning a 1080×2340 screenshot: a real 1080×1920 Android screenshot set
//! in a taller phone's screen (black status and navigation bars added above
//! and below), as PNG and JPEG bytes (decode + scan) and as decoded pixels
//! (scan only: the decoded RGB image, and RGBA as a browser's canvas gives).

use criterion::{criterion_group, criterion_main, Criterion};
use image::{DynamicImage, ImageFormat, Rgb, RgbImage};
use std::hint::black_box;
use std::io::Cursor;
use unblocker_scan::Pixels;

fn tall_screenshot() -> DynamicImage {
    let path = unblocker_testdata::path(
        "screenshots/wayneyu-unblockMeSolver/Screenshot_20180726-203231.png",
    );
    let shot = image::open(&path).expect("the screenshot").into_rgb8();
    let mut tall = RgbImage::from_pixel(1080, 2340, Rgb([12, 12, 12]));
    image::imageops::replace(&mut tall, &shot, 0, 210);
    DynamicImage::ImageRgb8(tall)
}

fn bench(c: &mut Criterion) {
    let image = tall_screenshot();
    let expected = "ooBCDDEEBCFoGAACFoGHIIJJoHKooLooKMML";
    let mut png = Cursor::new(Vec::new());
    image.write_to(&mut png, ImageFormat::Png).unwrap();
    let png = png.into_inner();
    let mut jpeg = Cursor::new(Vec::new());
    image.write_to(&mut jpeg, ImageFormat::Jpeg).unwrap();
    let jpeg = jpeg.into_inner();
    for bytes in [&png, &jpeg] {
        let scan = unblocker_scan::scan(bytes).expect("the benchmark screenshot scans");
        assert_eq!(unblocker_model::format::to_line(&scan.board), expected);
    }
    let mut group = c.benchmark_group("scan_1080x2340");
    group.bench_function("pixels", |b| {
        b.iter(|| unblocker_scan::scan_image(black_box(&image)))
    });
    let rgba = image.to_rgba8();
    group.bench_function("rgba", |b| {
        b.iter(|| {
            let pixels = Pixels::rgba(rgba.width(), rgba.height(), black_box(rgba.as_raw()));
            unblocker_scan::scan_pixels(pixels.unwrap(), &|| false)
        })
    });
    group.bench_function("png", |b| b.iter(|| unblocker_scan::scan(black_box(&png))));
    group.bench_function("jpeg", |b| {
        b.iter(|| unblocker_scan::scan(black_box(&jpeg)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
