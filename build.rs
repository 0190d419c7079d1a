//! Puts what the binary embeds besides content/ into OUT_DIR, so that `cargo build` alone produces a binary that
//! embeds everything: OUT_DIR/images (the image copies, scripts/images.mjs with sharp) and OUT_DIR/js (the SSR
//! script and browser assets, the Devanagari font subset among them, scripts/build.mjs with esbuild); and installs
//! the V8 engine's library (PyPI's mini-racer, pinned by version and sha256 in engine/mini-racer.txt) into
//! OUT_DIR/mini-racer, where the server finds it when none lies beside the binary.
//!
//! Node runs only when the bundles' inputs have changed. The inputs are what scripts/bundle-inputs.txt lists, test
//! files (`*.test.*`) left out; their digest (fn inputs_digest, the same as scripts/inputs.mjs's) stamps every
//! bundle folder (inputs.sha256). In order:
//!   1. OUT_DIR's stamp is the digest: nothing to do (a test file edited, or a file saved unchanged).
//!   2. CLINIC_BUNDLES=<folder> (relative to this folder) names a folder built by `npm run build -- <folder>`
//!      (CI builds once into dist/): copied when its stamp is the digest, an error naming the command otherwise.
//!   3. node_modules/.cache/clinic-bundles/<digest>, shared by every profile (clippy, debug, release,
//!      rust-analyzer): copied when present, else built there first by `node scripts/bundle.mjs`.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::Command;

use sha2::{Digest, Sha256};

/// The list of the bundles' inputs, read here and by scripts/inputs.mjs.
const INPUTS: &str = "scripts/bundle-inputs.txt";
/// The stamp file of a bundle folder: the digest of the inputs it was built from.
const STAMP: &str = "inputs.sha256";
/// build.rs's own cache of bundle folders, one per digest, shared by every profile and target directory.
const CACHE: &str = "node_modules/.cache/clinic-bundles";
/// Cached folders kept besides the one in use: switching branches back and forth rebuilds nothing.
const CACHE_KEEP: usize = 4;

fn main() {
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let out = Path::new(&out);
    let inputs = listed_inputs();
    // Folders stay watched as a whole so that a new file re-runs this script; a re-run whose digest is unchanged
    // (a test file edited) costs the hashing of about 1.5 MB.
    for path in &inputs {
        println!("cargo:rerun-if-changed={path}");
    }
    println!("cargo:rerun-if-env-changed=CLINIC_BUNDLES");
    bundles(out, &inputs);
    mini_racer(out);
}

fn listed_inputs() -> Vec<String> {
    let list = fs::read_to_string(INPUTS).unwrap_or_else(|e| panic!("cannot read {INPUTS}: {e}"));
    list.lines().map(str::trim).filter(|line| !line.is_empty() && !line.starts_with('#')).map(String::from).collect()
}

/// A test file, which no bundle includes (the same rule as scripts/inputs.mjs's `isTest`).
fn is_test(name: &str) -> bool {
    name.contains(".test.")
}

/// The digest of the inputs, as scripts/inputs.mjs computes it: sha256 over a version line, then for each input
/// file in the byte order of its path: the path, a newline, its length in decimal, a newline and its bytes.
fn inputs_digest(inputs: &[String]) -> String {
    fn walk(path: String, files: &mut Vec<String>) {
        let meta = fs::metadata(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
        if meta.is_dir() {
            let entries = fs::read_dir(&path).unwrap_or_else(|e| panic!("cannot list {path}: {e}"));
            for entry in entries {
                let name = entry.unwrap_or_else(|e| panic!("cannot list {path}: {e}")).file_name();
                let name = name.to_str().unwrap_or_else(|| panic!("a file name under {path} is not UTF-8"));
                if !is_test(name) {
                    walk(format!("{path}/{name}"), files);
                }
            }
        } else if meta.is_file() {
            files.push(path);
        }
    }
    let mut files = Vec::new();
    for path in inputs {
        walk(path.clone(), &mut files);
    }
    files.sort();
    let mut hash = Sha256::new();
    hash.update(b"clinic-bundle-inputs 1\n");
    for path in files {
        let bytes = fs::read(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
        hash.update(format!("{path}\n{}\n", bytes.len()).as_bytes());
        hash.update(&bytes);
    }
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// The digest a folder is stamped with, if any.
fn stamp_of(folder: &Path) -> Option<String> {
    let mut text = String::new();
    fs::File::open(folder.join(STAMP)).ok()?.read_to_string(&mut text).ok()?;
    Some(text.trim().to_owned())
}

fn bundles(out: &Path, inputs: &[String]) {
    let digest = inputs_digest(inputs);
    if stamp_of(out).as_deref() == Some(&digest) && out.join("js").is_dir() && out.join("images").is_dir() {
        return;
    }
    let source = match std::env::var_os("CLINIC_BUNDLES").filter(|dir| !dir.is_empty()) {
        Some(dir) => {
            let dir = PathBuf::from(dir);
            let shown = dir.display();
            match stamp_of(&dir) {
                Some(stamp) if stamp == digest => dir,
                Some(_) => panic!(
                    "CLINIC_BUNDLES={shown} was built from other inputs than this tree's: run `npm run build -- {shown}` \
                     to build it again, or unset CLINIC_BUNDLES to let cargo build the bundles"
                ),
                None => panic!(
                    "CLINIC_BUNDLES={shown} is not a finished bundle folder (no {STAMP}): run `npm run build -- {shown}`, \
                     or unset CLINIC_BUNDLES to let cargo build the bundles"
                ),
            }
        }
        None => cached(&digest),
    };
    // OUT_DIR's stamp goes first and comes back last: an interrupted copy is never taken for a complete one.
    let _ = fs::remove_file(out.join(STAMP));
    for part in ["js", "images"] {
        let _ = fs::remove_dir_all(out.join(part));
        copy_dir(&source.join(part), &out.join(part));
    }
    fs::write(out.join(STAMP), format!("{digest}\n")).expect("write OUT_DIR's stamp");
}

/// build.rs's cached bundle folder for `digest`, built by scripts/bundle.mjs when missing.
fn cached(digest: &str) -> PathBuf {
    let folder = Path::new(CACHE).join(digest);
    if stamp_of(&folder).as_deref() == Some(digest) {
        return folder;
    }
    if !Path::new("node_modules/esbuild").exists() || !Path::new("node_modules/sharp").exists() {
        panic!("node_modules is missing or stale: run `npm ci` in this folder first, then build again");
    }
    let status = Command::new("node")
        .arg("scripts/bundle.mjs")
        .arg(&folder)
        .status()
        .unwrap_or_else(|e| panic!("cannot run node (is Node.js installed?): {e}"));
    assert!(status.success(), "scripts/bundle.mjs failed: see its errors above");
    match stamp_of(&folder) {
        Some(stamp) if stamp == digest => {}
        stamp => panic!(
            "scripts/bundle.mjs stamped {} with {stamp:?} where build.rs computed {digest}: an input changed during \
             the build (build again), or build.rs's inputs_digest and scripts/inputs.mjs no longer agree (fix them)",
            folder.display()
        ),
    }
    prune_cache(&folder);
    folder
}

/// Keeps the newest CACHE_KEEP cached folders besides `keep`, and removes the rest (partial ones included).
fn prune_cache(keep: &Path) {
    let Ok(entries) = fs::read_dir(CACHE) else { return };
    let mut others: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path != keep)
        .filter_map(|path| Some((fs::metadata(&path).ok()?.modified().ok()?, path)))
        .collect();
    others.sort_by_key(|(modified, _)| std::cmp::Reverse(*modified));
    for (_, path) in others.into_iter().skip(CACHE_KEEP) {
        let _ = fs::remove_dir_all(path);
    }
}

fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap_or_else(|e| panic!("cannot create {}: {e}", to.display()));
    let entries = fs::read_dir(from).unwrap_or_else(|e| panic!("cannot list {}: {e}", from.display()));
    for entry in entries {
        let entry = entry.unwrap_or_else(|e| panic!("cannot list {}: {e}", from.display()));
        let (source, target) = (entry.path(), to.join(entry.file_name()));
        if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            copy_dir(&source, &target);
        } else {
            fs::copy(&source, &target)
                .unwrap_or_else(|e| panic!("cannot copy {} to {}: {e}", source.display(), target.display()));
        }
    }
}
/// Installs the wheel pinned in engine/mini-racer.txt with pip in hash-checking mode (a download from
/// PyPI, or from the folder `MINI_RACER_WHEELS` names, for machines without the registry), and tells the
/// server where its files are (`MINI_RACER_DIR`) and which version it must find (`MINI_RACER_VERSION`).
fn mini_racer(out: &Path) {
    const PIN: &str = "engine/mini-racer.txt";
    println!("cargo:rerun-if-env-changed=MINI_RACER_WHEELS");
    let pin = fs::read_to_string(PIN).unwrap_or_else(|e| panic!("cannot read {PIN}: {e}"));
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
        let _ = fs::remove_dir_all(&partial);
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
        let _ = fs::remove_dir_all(&target);
        fs::rename(&partial, &target).expect("rename the installed wheel's folder");
    }
    println!("cargo:rustc-env=MINI_RACER_DIR={}", files.display());
    println!("cargo:rustc-env=MINI_RACER_VERSION={version}");
}
