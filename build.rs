//! Builds the image copies with sharp (`scripts/images.mjs`) into OUT_DIR/images and the JS bundles (SSR
//! script and browser assets, the Devanagari font subset among them) with esbuild into OUT_DIR/js, so that
//! `cargo build` alone produces a binary that embeds everything; and installs the V8 engine's library
//! (PyPI's mini-racer, pinned by version and sha256 in engine/mini-racer.txt) into OUT_DIR/mini-racer,
//! where the server finds it when none lies beside the binary.

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
        "engine/mini-racer.txt",
    ] {
        println!("cargo:rerun-if-changed={watched}");
    }
    if !Path::new("node_modules/esbuild").exists() || !Path::new("node_modules/sharp").exists() {
        panic!("node_modules is missing or stale: run `npm ci` in this folder first, then build again");
    }
    // Encoded copies are cached under node_modules/.cache, so this re-encodes only images that changed.
    node("scripts/images.mjs", &[Path::new("content"), &out.join("images")]);
    node("scripts/build.mjs", &[&out.join("js")]);
    mini_racer(out);
}

/// Installs the wheel pinned in engine/mini-racer.txt with pip in hash-checking mode (a download from
/// PyPI, or from the folder `MINI_RACER_WHEELS` names, for machines without the registry), and tells the
/// server where its files are (`MINI_RACER_DIR`) and which version it must find (`MINI_RACER_VERSION`).
fn mini_racer(out: &Path) {
    const PIN: &str = "engine/mini-racer.txt";
    println!("cargo:rerun-if-env-changed=MINI_RACER_WHEELS");
    let pin = std::fs::read_to_string(PIN).unwrap_or_else(|e| panic!("cannot read {PIN}: {e}"));
    let version = pin
        .lines()
        .find_map(|line| line.trim().strip_prefix("mini-racer=="))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("{PIN} names no `mini-racer==<version>`"));
    let target = out.join(format!("mini-racer-{version}"));
    let files = target.join("py_mini_racer");
    if !files.join("libmini_racer.so").exists() {
        // Into a fresh folder, renamed when complete: an interrupted install is never taken for one.
        let partial = out.join("mini-racer.partial");
        let _ = std::fs::remove_dir_all(&partial);
        let mut pip = Command::new("python3");
        pip.args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--root-user-action=ignore"])
            .args(["--no-deps", "--only-binary=:all:", "--no-compile", "--require-hashes", "--target"])
            .arg(&partial)
            .args(["--requirement", PIN]);
        if let Some(wheels) = std::env::var_os("MINI_RACER_WHEELS") {
            pip.args(["--no-index", "--find-links"]).arg(wheels);
        }
        let status = pip
            .status()
            .unwrap_or_else(|e| panic!("cannot run `python3 -m pip` (is Python 3 with pip installed?): {e}"));
        assert!(status.success(), "pip could not install {PIN} (its errors are above)");
        let _ = std::fs::remove_dir_all(&target);
        std::fs::rename(&partial, &target).expect("rename the installed wheel's folder");
    }
    println!("cargo:rustc-env=MINI_RACER_DIR={}", files.display());
    println!("cargo:rustc-env=MINI_RACER_VERSION={version}");
}
