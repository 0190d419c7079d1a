//! The data contract between Rust and the React client: the TypeScript types of everything a page
//! receives (`Navigation`, `RouteData` and all they hold) and of what the SSR bundle returns
//! (`AppRender`) and what the service worker is told (`WorkerConfig`), generated from the serde types with ts-rs into `client/contract.ts`, so the two sides
//! cannot drift. A test fails when the committed file is stale;
//! `UPDATE_CONTRACT=1 cargo test --release contract` writes it afresh.

use std::any::TypeId;
use std::collections::BTreeMap;

use ts_rs::{Config, TypeVisitor, TS};

use crate::routes::{Navigation, PageKind};
use crate::seo::service_worker::WorkerConfig;
use crate::ssr::AppRender;

/// Where the generated file lives, relative to the crate.
pub const CONTRACT_PATH: &str = "client/contract.ts";

/// Every declaration reachable from the route data, by name, with the Rust type it came from.
struct Declarations {
    config: Config,
    by_name: BTreeMap<String, (TypeId, String)>,
}

impl TypeVisitor for Declarations {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        // Only named types are declared; primitives, arrays and references have no output path.
        if T::output_path().is_none() {
            return;
        }
        let name = T::ident(&self.config);
        if let Some((seen, _)) = self.by_name.get(&name) {
            // One name, one concept: two Rust types may not share a name across the boundary.
            assert_eq!(*seen, TypeId::of::<T>(), "two Rust types are both called {name} in TypeScript");
            return;
        }
        let docs = T::docs().map(|d| format!("{}\n", d.trim_end())).unwrap_or_default();
        self.by_name.insert(name, (TypeId::of::<T>(), format!("{docs}export {}", T::decl(&self.config))));
        T::visit_dependencies(self);
    }
}

/// The text of `client/contract.ts`.
pub fn typescript() -> String {
    // Counts and sizes are far below 2^53, so JavaScript numbers hold them exactly.
    let mut declarations = Declarations { config: Config::new().with_large_int("number"), by_name: BTreeMap::new() };
    declarations.visit::<Navigation<'static>>();
    declarations.visit::<PageKind>();
    declarations.visit::<AppRender>();
    declarations.visit::<WorkerConfig>();
    let mut text = String::from(
        "// Generated from the Rust types by src/ssr/contract.rs (ts-rs): do not edit. After changing a type\n\
         // that crosses to the client, run `UPDATE_CONTRACT=1 cargo test --release contract`.\n",
    );
    for (_, declaration) in declarations.by_name.values() {
        text.push('\n');
        text.push_str(declaration);
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_contract_is_current() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(CONTRACT_PATH);
        let fresh = typescript();
        if std::env::var_os("UPDATE_CONTRACT").is_some() {
            std::fs::write(&path, &fresh).unwrap();
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == fresh,
            "{CONTRACT_PATH} does not match the Rust types: run `UPDATE_CONTRACT=1 cargo test --release contract` and commit it"
        );
    }
}
