//! Builds the image copies with sharp (`scripts/images.mjs`) into OUT_DIR/images and the JS bundles (SSR
//! script and browser assets, the Devanagari font subset among them) with esbuild into OUT_DIR/js, so that
//! `cargo build` alone produces a binary that embeds everything.

use std::path::Path;
use std::process::Command;

fn node(script: &str, args: &[&Path]) {
    let status = Command::new("node")
        .arg(script)
        .args(args)
        .status()
        .unwrap_or_else(|e| panic!("cannot run node (is Node.js installed?): {e}"));
    assert!(status.success(), "{script} failed: see its errors above");
}

fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let out = Path::new(&out);
    for watched in [
        "client",
        "ssr",
        "scripts/build.mjs",
        "scripts/images.mjs",
        "scripts/font-subset.mjs",
        // The images; site.toml names the logo that the icons are made from; and every text holds characters
        // that the Devanagari subset must have.
        "content",
        "package.json",
        "package-lock.json",
        "tsconfig.json",
    ] {
        println!("cargo:rerun-if-changed={watched}");
    }
    if !Path::new("node_modules/esbuild").exists() || !Path::new("node_modules/sharp").exists() {
        panic!("node_modules is missing or stale: run `npm ci` in this folder first, then build again");
    }
    // Encoded copies are cached under node_modules/.cache, so this re-encodes only images that changed.
    node("scripts/images.mjs", &[Path::new("content"), &out.join("images")]);
    node("scripts/build.mjs", &[&out.join("js")]);
}
