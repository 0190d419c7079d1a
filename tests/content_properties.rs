//! The content loader, given a value of the wrong type or shape anywhere in any content file, refuses
//! the content with a problem naming the file and the field, and never panics.
//!
//! Each case edits one value of one file of the test fixture (either edition) in a copy of it and loads
//! it. 64 cases by default, a few seconds in release; to search longer:
//! `PROPTEST_CASES=2000 cargo test --release --test content_properties`

mod common;

use std::fmt;
use std::path::Path;

use clinic_site::content::{ContentSource, Editions};
use common::{fixture_copy, FIXTURE_DIR};
use proptest::prelude::*;
use proptest::sample::{select, Index};
use proptest::test_runner::{Config, TestRunner};
use toml::{Table, Value};

/// One step into a TOML document: a key of a table or an item of an array.
#[derive(Debug, Clone)]
enum Step {
    Key(String),
    Item(usize),
}

/// A path as the loader names a field: `hero.images[2].alt`.
struct FieldPath<'a>(&'a [Step]);

impl fmt::Display for FieldPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, step) in self.0.iter().enumerate() {
            match step {
                Step::Key(key) if i == 0 => write!(f, "{key}")?,
                Step::Key(key) => write!(f, ".{key}")?,
                Step::Item(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

/// What takes the place of the value at the path.
#[derive(Debug, Clone, Copy)]
enum Wrong {
    Text,
    Integer,
    Float,
    Boolean,
    List,
    EmptyList,
    EmptyTable,
    Missing,
}

impl Wrong {
    fn value(self) -> Option<Value> {
        Some(match self {
            // Neither a date nor a number in words, which a field of that type would read.
            Self::Text => Value::String("wrong".into()),
            Self::Integer => Value::Integer(7),
            Self::Float => Value::Float(1.5),
            Self::Boolean => Value::Boolean(true),
            Self::List => Value::Array(vec![Value::Integer(7)]),
            Self::EmptyList => Value::Array(Vec::new()),
            Self::EmptyTable => Value::Table(Table::new()),
            Self::Missing => return None,
        })
    }

    /// Whether this changes the type or shape of `original` (a text for a text does not).
    fn changes(self, original: &Value) -> bool {
        match (self.value(), original) {
            (None, _) => true,
            (Some(Value::Array(new)), Value::Array(old)) => new.is_empty() && !old.is_empty(),
            (Some(Value::Table(new)), Value::Table(old)) => new.is_empty() && !old.is_empty(),
            (Some(new), old) => new.type_str() != old.type_str(),
        }
    }

    /// Whether no field holding `original` can take this change, so the loader must refuse it. The
    /// rest may be valid: a missing optional field, an empty list, a table whose fields all have
    /// defaults, a table read from an array (serde reads a struct from a sequence of its fields), an
    /// integer where a float goes.
    fn must_fail(self, original: &Value) -> bool {
        match (self, original) {
            (Self::Missing, _) | (Self::EmptyList, Value::Array(_)) => false,
            (Self::EmptyList | Self::List | Self::EmptyTable, Value::Table(_)) => false,
            (Self::Integer, Value::Float(_)) => false,
            _ => self.changes(original),
        }
    }
}

/// The path of every value below the root of `value`: each leaf, array and table.
fn paths(value: &Value, at: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    let children: Vec<(Step, &Value)> = match value {
        Value::Table(table) => table.iter().map(|(k, v)| (Step::Key(k.clone()), v)).collect(),
        Value::Array(items) => items.iter().enumerate().map(|(i, v)| (Step::Item(i), v)).collect(),
        _ => return,
    };
    for (step, child) in children {
        at.push(step);
        out.push(at.clone());
        paths(child, at, out);
        at.pop();
    }
}

fn get_mut<'a>(value: &'a mut Value, path: &[Step]) -> &'a mut Value {
    path.iter().fold(value, |value, step| match (step, value) {
        (Step::Key(key), Value::Table(table)) => table.get_mut(key).unwrap(),
        (Step::Item(i), Value::Array(items)) => &mut items[*i],
        (step, value) => panic!("no {step:?} in {value}"),
    })
}

/// A content file: its path relative to the content folder, its text, and every path in it.
struct File {
    name: String,
    text: String,
    document: Value,
    paths: Vec<Vec<Step>>,
}

fn content_files(dir: &Path, under: &str, out: &mut Vec<File>) {
    for entry in std::fs::read_dir(dir.join(under)).unwrap() {
        let name = format!("{under}{}", entry.unwrap().file_name().into_string().unwrap());
        if dir.join(&name).is_dir() {
            content_files(dir, &format!("{name}/"), out);
        } else if name.ends_with(".toml") {
            let text = std::fs::read_to_string(dir.join(&name)).unwrap();
            let document = Value::Table(text.parse().unwrap());
            let mut found = Vec::new();
            paths(&document, &mut Vec::new(), &mut found);
            out.push(File { name, text, document, paths: found });
        }
    }
}

/// Puts the file's text back when a case ends, whether it passed, failed or panicked.
struct Restore<'a>(&'a Path, &'a str);

impl Drop for Restore<'_> {
    fn drop(&mut self) {
        std::fs::write(self.0, self.1).unwrap();
    }
}

#[test]
fn a_wrong_value_anywhere_is_refused_naming_its_file_and_field_and_never_panics() {
    let dir = fixture_copy("properties");
    let mut files = Vec::new();
    content_files(Path::new(FIXTURE_DIR), "", &mut files);
    // Both editions' 12 page and block files and 6 services; 11 articles and their 10 Hindi twins.
    assert_eq!(files.len(), 2 * (12 + 6) + 11 + 10);
    let cases = if std::env::var_os("PROPTEST_CASES").is_some() { Config::default().cases } else { 64 };
    let mut runner = TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
    let wrongs = [
        Wrong::Text,
        Wrong::Integer,
        Wrong::Float,
        Wrong::Boolean,
        Wrong::List,
        Wrong::EmptyList,
        Wrong::EmptyTable,
        Wrong::Missing,
    ];
    let strategy = (0..files.len(), any::<Index>(), select(wrongs.to_vec()));
    let outcome = runner.run(&strategy, |(file, at, wrong)| {
        let file = &files[file];
        let path = at.get(&file.paths);
        let (parent, last) = path.split_at(path.len() - 1);
        let mut document = file.document.clone();
        let original = get_mut(&mut document, path).clone();
        prop_assume!(wrong.changes(&original));
        match (wrong.value(), get_mut(&mut document, parent), &last[0]) {
            (Some(value), parent, _) => *get_mut(parent, last) = value,
            (None, Value::Table(table), Step::Key(key)) => drop(table.remove(key)),
            (None, Value::Array(items), Step::Item(i)) => drop(items.remove(*i)),
            (None, parent, step) => unreachable!("{step:?} in {parent}"),
        }
        let target = dir.join(&file.name);
        let _restore = Restore(&target, &file.text);
        std::fs::write(&target, toml::to_string(&document).unwrap()).unwrap();

        let loaded = Editions::load(ContentSource::Dir(dir.to_path_buf()));
        if wrong.must_fail(&original) {
            let field = FieldPath(path).to_string();
            let Err(problems) = loaded else {
                return Err(TestCaseError::fail(format!("{}: {field} = {wrong:?} was accepted", file.name)));
            };
            let named = problems.0.iter().any(|p| p.file == file.name && p.message.contains(&field));
            prop_assert!(named, "{}: {field} = {wrong:?} gave {:#?}", file.name, problems.0);
        }
        Ok(())
    });
    if let Err(failure) = outcome {
        panic!("{failure}");
    }
}
