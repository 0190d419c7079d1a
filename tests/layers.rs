//! The folders of `src/` depend one way. `src/lib.rs` declares them from the bottom layer up, and the
//! code of each folder names (`crate::<folder>`) only folders declared before its own, so no two folders
//! import each other and the crate can be read from `base` upwards. Comments are not code and may
//! point anywhere.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The folders in the order `src/lib.rs` declares them (`pub mod x;` or `mod x;`).
fn layers(lib: &str) -> Vec<String> {
    lib.lines()
        .filter_map(|line| {
            let line = line.trim();
            let name = line.strip_prefix("pub mod ").or_else(|| line.strip_prefix("mod "))?;
            Some(name.trim_end_matches(';').to_owned())
        })
        .collect()
}

/// The top-level modules a line of code names through `crate::`, whether as `crate::a::b` or in a
/// group, `crate::{a::b, c}`.
fn named_modules(code: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0;
            let mut start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if start && (c.is_alphanumeric() || c == '_') => {
                        names.insert(ident_at(&group[i..]));
                        start = false;
                    }
                    _ => {}
                }
            }
        } else {
            names.insert(ident_at(rest));
        }
    }
    names
}

fn ident_at(text: &str) -> String {
    text.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Each `file:line` whose code names a folder at or above its own, with the two folders.
fn upward_imports(src: &Path) -> Vec<String> {
    let order = layers(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
    let layer = |name: &str| order.iter().position(|l| l == name);
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut found = Vec::new();
    for file in files {
        let relative = file.strip_prefix(src).unwrap();
        let Some(folder) = relative.iter().next().and_then(|f| f.to_str()).filter(|_| relative.iter().count() > 1)
        else {
            continue; // lib.rs and main.rs sit above every folder
        };
        let own = layer(folder).unwrap_or_else(|| panic!("src/{folder} is not declared in src/lib.rs"));
        let text = std::fs::read_to_string(&file).unwrap();
        for (number, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for name in named_modules(code) {
                match layer(&name) {
                    Some(other) if other > own => {
                        found.push(format!("src/{}:{}: {folder} imports {name}", relative.display(), number + 1))
                    }
                    _ => {}
                }
            }
        }
    }
    found
}

#[test]
fn each_folder_imports_only_the_folders_below_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let order = layers(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
    assert_eq!(order.first().map(String::as_str), Some("base"), "src/lib.rs declares the bottom layer first");
    assert!(order.len() >= 10, "src/lib.rs declares the folders: {order:?}");
    let found = upward_imports(&src);
    assert!(found.is_empty(), "imports against the layers of src/lib.rs ({order:?}):\n{}", found.join("\n"));
}

#[test]
fn the_check_reads_single_and_grouped_imports() {
    let names = |code: &str| named_modules(code).into_iter().collect::<Vec<_>>();
    assert_eq!(names("use crate::site::live::LiveSite;"), ["site"]);
    assert_eq!(names("use crate::{http::limits, base::{clock, origin::Origin}, app};"), ["app", "base", "http"]);
    assert_eq!(names("let x = crate::pages::key::PageKey::route(r) + crate::i18n::words(l);"), ["i18n", "pages"]);
    assert!(names("use super::respond;").is_empty());
}

#[test]
fn an_upward_import_is_found_with_its_file_and_line() {
    let dir = std::env::temp_dir().join(format!("layers-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("base")).unwrap();
    std::fs::create_dir_all(dir.join("http")).unwrap();
    std::fs::write(dir.join("lib.rs"), "pub mod base;\npub mod http;\n").unwrap();
    std::fs::write(dir.join("base/mod.rs"), "// crate::http is fine in a comment\nuse crate::http::router;\n").unwrap();
    std::fs::write(dir.join("http/mod.rs"), "use crate::base::clock;\n").unwrap();
    let found = upward_imports(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found, ["src/base/mod.rs:2: base imports http"]);
}
