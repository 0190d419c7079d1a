//! The accept loop: hyper's HTTP/1 server with the connection limits that `axum::serve` does not
//! expose (it sets no timer, so hyper applies no header read timeout at all), and graceful shutdown.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// Largest request head (request line and headers) read; beyond it hyper answers 431 and closes.
/// A browser's head is under 2 KiB and a proxy adds a few hundred bytes; 16 KiB is what Node.js
/// allows, and it bounds what one connection can make the server buffer.
pub const MAX_HEADER_BYTES: usize = 16 << 10;
/// Open connections served at once; the next waits in the kernel's accept queue until one closes.
/// HTTP/1 answers one request at a time per connection, so this also bounds requests in flight:
/// a thousand keeps file descriptors under the usual limit of 1024 plus the listener and logs,
/// and is four times the 256 connections of the load test.
pub const MAX_CONNECTIONS: usize = 1000;
/// Most header lines in a request (431 beyond): browsers send about 20 and proxies add a few. This
/// is hyper's built-in limit, deliberately not passed to hyper: setting any value moves its parser's
/// header array from the stack to the heap on every request (tests/hostile.rs pins the limit).
pub const MAX_HEADERS: usize = 100;

/// Serves `app` on `listener` until `shutdown` completes, then waits for the requests in flight.
/// `header_read_timeout` bounds the time from a connection's first byte, or the end of its previous
/// response, to the end of the next request's head; it also closes idle keep-alive connections.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    header_read_timeout: Duration,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(header_read_timeout).max_header_size(MAX_HEADER_BYTES);
    let connections = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = Arc::clone(&connections).acquire_owned() => permit.expect("the semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(error) => {
                    accept_failed(error).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // Responses are written whole; waiting to coalesce them (Nagle) only adds latency.
        let _ = stream.set_nodelay(true);
        let connection = http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(app.clone()));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // Errors here are the client's doing (a reset, a malformed or too slow request).
            if let Err(error) = connection.await {
                tracing::debug!(%error, "connection ended with an error");
            }
            drop(permit);
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}

/// A failed accept is the client's (it reset before we took it) or the process's: out of file
/// descriptors, which only closing connections can cure, so wait a moment instead of spinning.
async fn accept_failed(error: std::io::Error) {
    use std::io::ErrorKind::{ConnectionAborted, ConnectionRefused, ConnectionReset};
    if !matches!(error.kind(), ConnectionAborted | ConnectionRefused | ConnectionReset) {
        tracing::error!(%error, "accept failed; retrying in 1 s");
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}
