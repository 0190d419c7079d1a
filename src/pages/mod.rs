//! One page of the site, apart from when and where it is served: its key (a route and, for the blog list,
//! the state its query names), the HTML document written around the rendered app, the store that keeps
//! rendered pages with the single flight that shares a render among concurrent requests, and the error
//! page written without the JavaScript engine. The live site (`site`) decides which pages exist and
//! renders them.

pub(crate) mod blog_query;
pub(crate) mod document;
pub(crate) mod error_page;
pub(crate) mod key;
pub(crate) mod single_flight;
pub(crate) mod store;

pub use blog_query::BlogQuery;
pub use error_page::error_document;
