//! A content folder that cannot be read says which file and why, and one mounted as links loads as its
//! files (on copies of the test fixture; tests/conformance.rs holds the shipped content itself).

mod common;

use std::os::unix::fs::symlink;
use std::path::Path;

use clinic_site::content::{ContentError, ContentSource, Editions};
use common::{copy_dir, fixture_copy, TempDir, FIXTURE_DIR};

/// The problems of loading the content folder at `dir`.
fn problems(dir: &Path) -> Vec<ContentError> {
    // Not `expect_err`, which would print the whole content it loaded.
    let Err(errors) = Editions::load(ContentSource::Dir(dir.to_path_buf())) else { panic!("the content is accepted") };
    errors.0
}

/// The problem naming `file`, which must be the only one.
fn only_problem(problems: &[ContentError], file: &str) -> String {
    match problems {
        [problem] if problem.file == file => problem.message.clone(),
        _ => panic!("expected one problem in {file}, got {problems:#?}"),
    }
}

// Tests run as root, whom no permission stops: the unreadable files here are ones nobody can read.

#[test]
fn a_folder_where_a_file_should_be_is_named_as_such_not_as_missing() {
    let dir = fixture_copy("folder-for-file");
    std::fs::remove_file(dir.join("site.toml")).unwrap();
    std::fs::create_dir(dir.join("site.toml")).unwrap();
    let message = only_problem(&problems(&dir), "site.toml");
    assert!(message.contains("Is a directory") && !message.contains("not found"), "{message}");
    assert!(message.contains(&dir.join("site.toml").display().to_string()), "{message}");
}

#[test]
fn a_file_where_a_folder_should_be_is_named() {
    let dir = fixture_copy("file-for-folder");
    std::fs::remove_dir_all(dir.join("hi/services")).unwrap();
    std::fs::write(dir.join("hi/services"), "").unwrap();
    let problems = problems(&dir);
    let listing = problems.iter().find(|p| p.file == "hi/services").unwrap_or_else(|| panic!("{problems:#?}"));
    assert!(listing.message.starts_with("cannot list the folder"), "{}", listing.message);
    assert!(listing.message.ends_with("Not a directory (os error 20)"), "{}", listing.message);
}

#[test]
fn a_content_file_that_cannot_be_read_is_refused_even_when_no_page_shows_it() {
    // A link to itself: reading it fails with ELOOP, as it would for a file nobody may read.
    let dir = fixture_copy("unreadable-image");
    symlink("loop.svg", dir.join("images/loop.svg")).unwrap();
    let message = only_problem(&problems(&dir), "images/loop.svg");
    assert!(message.contains("Too many levels of symbolic links"), "{message}");

    let dir = fixture_copy("unreadable-toml");
    std::fs::remove_file(dir.join("hi/team.toml")).unwrap();
    symlink("team.toml", dir.join("hi/team.toml")).unwrap();
    let message = only_problem(&problems(&dir), "hi/team.toml");
    assert!(message.starts_with("cannot read ") && message.contains("symbolic links"), "{message}");
}

#[test]
fn a_folder_mounted_as_links_into_a_hidden_folder_loads_as_its_files() {
    // How a Kubernetes ConfigMap mounts files: `site.toml -> ..data/site.toml`, `..data -> ..2026_01_01`.
    let plain = fixture_copy("plain");
    let mounted = TempDir::new("mounted");
    copy_dir(Path::new(FIXTURE_DIR), &mounted.join("..2026_01_01"));
    symlink("..2026_01_01", mounted.join("..data")).unwrap();
    for entry in std::fs::read_dir(plain.path()).unwrap() {
        let name = entry.unwrap().file_name();
        symlink(Path::new("..data").join(&name), mounted.join(&name)).unwrap();
    }
    let load = |dir: &Path| Editions::load(ContentSource::Dir(dir.to_path_buf())).expect("valid content");
    assert_eq!(load(&mounted).version, load(&plain).version);
}
