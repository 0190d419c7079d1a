//! Builds the JS bundles (SSR script and browser assets) with esbuild into OUT_DIR/js, so that
//! `cargo build` alone produces a binary that embeds everything.

use std::path::Path;
use std::process::Command;

fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let out = Path::new(&out).join("js");
    for watched in ["client", "ssr", "scripts/build.mjs", "package.json", "package-lock.json", "tsconfig.json"] {
        println!("cargo:rerun-if-changed={watched}");
    }
    if !Path::new("node_modules/esbuild").exists() {
        panic!("node_modules is missing: run `npm ci` in this folder first, then build again");
    }
    let status = Command::new("node")
        .arg("scripts/build.mjs")
        .arg(&out)
        .status()
        .unwrap_or_else(|e| panic!("cannot run node (is Node.js installed?): {e}"));
    assert!(status.success(), "scripts/build.mjs failed: see the esbuild errors above");
}
