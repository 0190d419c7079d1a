//! One page of the site, apart from when and where it is served: its key (a route and, for the blog list,
//! the state its query names), the HTML document written around the rendered app, the store that keeps
//! rendered pages with the single flight that shares a render among concurrent requests, and the error
//! page written without the JavaScript engine. The live site (`site`) decides which pages exist and
//! renders them.

pub mod blog_query;
pub mod document;
pub mod error_page;
pub mod key;
pub mod single_flight;
pub mod store;
