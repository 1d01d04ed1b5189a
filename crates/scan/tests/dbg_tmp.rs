mod common;
use common::annotate::{annotate, Marks};
use common::{index, jpeg};
use image::imageops::FilterType;
use image::DynamicImage;

#[test]
fn dump() {
    let file = std::env::var("F").unwrap();
    let line: u32 = std::env::var("L").unwrap().parse().unwrap();
    let digits: u32 = std::env::var("D").unwrap().parse().unwrap();
    let factor: f32 = std::env::var("S").unwrap().parse().unwrap();
    let shot = index().into_iter().find(|s| s.file == file).unwrap();
    let image = shot.image();
    let clean = unblocker_scan::scan_image(&image).unwrap();
    let (w, h) = ((image.width() as f32 * factor) as u32, (image.height() as f32 * factor) as u32);
    let mut picture = image.resize_exact(w, h, FilterType::Triangle).to_rgb8();
    let b = clean.bounds;
    let s = |v: u32| (v as f32 * factor).round() as u32;
    annotate(&mut picture, unblocker_scan::Bounds { x: s(b.x), y: s(b.y), width: s(b.width), height: s(b.height) }, Marks { line, digits });
    let bytes = jpeg(&DynamicImage::ImageRgb8(picture), 90);
    std::fs::write("/tmp/dbg.png", unblocker_scan::debug_overlay(&bytes).unwrap()).unwrap();
    eprintln!("{:?}", unblocker_scan::scan(&bytes).map(|s| s.json()));
}
