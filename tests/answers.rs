//! How the router answers what is not a page: a path that redirects resolves the same way for the
//! document and for its navigation data (one resolution), and every error answer is never stored.

mod common;

use axum::http::StatusCode;
use common::*;

#[tokio::test]
async fn a_document_and_its_data_resolve_a_path_once_the_same_way() {
    let state = ready_state().await;
    for (path, target) in [("/about/", "/about"), ("/hi/about/", "/hi/about"), ("/blogs/", "/blogs")] {
        let document = get(&state, &format!("{path}?utm_source=x")).await;
        assert_eq!(document.status(), StatusCode::MOVED_PERMANENTLY, "{path}");
        assert_eq!(header(&document, "location"), format!("{target}?utm_source=x"));

        let data = get(&state, &format!("/_data{path}?utm_source=x")).await;
        assert_eq!(data.status(), StatusCode::MOVED_PERMANENTLY, "/_data{path}");
        assert_eq!(header(&data, "location"), format!("/_data{target}?utm_source=x"));
        let followed = get(&state, &format!("/_data{target}")).await;
        assert_eq!(followed.status(), StatusCode::OK, "/_data{target}");
    }
    let missing = get(&state, "/_data/no/such/page/").await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND, "an unknown path has no registered one to go to");
}

#[tokio::test]
async fn error_answers_are_never_stored() {
    let state = ready_state().await;
    for path in ["/assets/no-such-file.js", "/img/no-such-file.avif", "/images/no-such-file.jpg"] {
        let response = get(&state, path).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert_eq!(header(&response, "cache-control"), "no-store", "{path}");
        assert_eq!(body_text(response).await, "Not Found\n");
    }
    let request = axum::http::Request::post("/").header("host", "clinic.test").body(axum::body::Body::empty());
    let refused = send(&state, request.unwrap()).await;
    assert_eq!(refused.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(header(&refused, "allow"), "GET, HEAD");
    assert_eq!(header(&refused, "cache-control"), "no-store");
    assert_eq!(body_text(refused).await, "Method Not Allowed\n");
}
