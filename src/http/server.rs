//! The accept loop: hyper's HTTP/1 server with the connection limits that `axum::serve` does not
//! expose (it sets no timer, so hyper applies no header read timeout at all), room kept for visitors
//! when slow clients fill the connections, and graceful shutdown.

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{oneshot, Semaphore};

/// Largest request head (request line and headers) read; beyond it hyper answers 431 and closes.
/// A browser's head is under 2 KiB and a proxy adds a few hundred bytes; 16 KiB is what Node.js
/// allows, and it bounds what one connection can make the server buffer.
pub const MAX_HEADER_BYTES: usize = 16 << 10;
/// File descriptors kept for everything but connections: the listeners, content files, logs.
const RESERVED_FILES: u64 = 64;

/// Most header lines in a request (431 beyond): browsers send about 20 and proxies add a few. This
/// is hyper's built-in limit, deliberately not passed to hyper: setting any value moves its parser's
/// header array from the stack to the heap on every request (tests/hostile.rs pins the limit).
pub const MAX_HEADERS: usize = 100;

/// Connections the kernel queues for `accept` (capped by `net.core.somaxconn`). Tokio's `bind` asks
/// for 128, which a burst of new connections overflows; each one then waits a second for its SYN
/// to be sent again.
const ACCEPT_BACKLOG: u32 = 4096;

/// A listener on `address` with room for bursts of new connections.
pub fn listen(address: std::net::SocketAddr) -> std::io::Result<TcpListener> {
    let socket = if address.is_ipv4() { tokio::net::TcpSocket::new_v4()? } else { tokio::net::TcpSocket::new_v6()? };
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    socket.listen(ACCEPT_BACKLOG)
}

/// How many connections to hold open: `wanted`, or fewer when the process may not open that many
/// files. Raises the soft limit on open files to the hard one first (the usual soft 1024 would allow
/// only a thousand).
pub fn connection_limit(wanted: usize) -> usize {
    let files = rlimit::increase_nofile_limit(u64::MAX).unwrap_or(1024);
    (files.saturating_sub(RESERVED_FILES) as usize).min(wanted).max(1)
}

/// Serves `app` on `listener` until `shutdown` completes, then waits for the requests in flight.
/// `header_read_timeout` bounds the time from a connection's first byte, or the end of its previous
/// response, to the end of the next request's head; it also closes idle keep-alive connections.
///
/// At most `max_connections` are open at once. When full, the connection that has waited longest
/// without sending a whole request is closed to admit the new one, so clients that open connections
/// and send nothing (or a header a byte at a time) cannot lock visitors out: they only push each
/// other out. When every open connection has sent a request, a new one waits for one to close.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    header_read_timeout: Duration,
    max_connections: usize,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(header_read_timeout).max_header_size(MAX_HEADER_BYTES);
    let connections = Arc::new(Semaphore::new(max_connections));
    let waiting = Arc::new(Waiting::default());
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
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
        let permit = match Arc::clone(&connections).try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                waiting.shed_oldest();
                tokio::select! {
                    permit = Arc::clone(&connections).acquire_owned() => permit.expect("the semaphore is never closed"),
                    () = &mut shutdown => break,
                }
            }
        };
        // Responses are written whole; waiting to coalesce them (Nagle) only adds latency.
        let _ = stream.set_nodelay(true);
        let (first_request, shed) = waiting.add();
        let service = FirstRequest { app: TowerToHyperService::new(app.clone()), first_request };
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            tokio::select! {
                // Errors here are the client's doing (a reset, a malformed or too slow request).
                result = connection => if let Err(error) = result {
                    tracing::debug!(%error, "connection ended with an error");
                },
                // (An error only says the connection left the waiting list: it carries on.)
                Ok(()) = shed => tracing::debug!("closed a connection that sent no whole request, to admit a new one"),
            }
            drop(permit);
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}

/// The open connections that have not yet sent a whole request, oldest first, each with the means
/// to close it.
#[derive(Default)]
struct Waiting {
    connections: Mutex<(u64, BTreeMap<u64, oneshot::Sender<()>>)>,
}

impl Waiting {
    /// Registers a new connection: returns its ticket and what tells it to close.
    fn add(self: &Arc<Self>) -> (Ticket, oneshot::Receiver<()>) {
        let (close, shed) = oneshot::channel();
        let mut connections = self.lock();
        let id = connections.0;
        connections.0 += 1;
        connections.1.insert(id, close);
        (Ticket { id, waiting: Arc::clone(self), done: AtomicBool::new(false) }, shed)
    }

    /// Closes the connection that has waited longest for its first request, if there is one.
    fn shed_oldest(&self) {
        if let Some((_, close)) = self.lock().1.pop_first() {
            let _ = close.send(());
        }
    }

    fn remove(&self, id: u64) {
        self.lock().1.remove(&id);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, (u64, BTreeMap<u64, oneshot::Sender<()>>)> {
        self.connections.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A connection's place in `Waiting`, given up when its first request arrives or it closes.
struct Ticket {
    id: u64,
    waiting: Arc<Waiting>,
    done: AtomicBool,
}

impl Ticket {
    fn leave(&self) {
        if !self.done.swap(true, Ordering::Relaxed) {
            self.waiting.remove(self.id);
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.leave();
    }
}

/// The app, for one connection: its first request takes the connection off the waiting list.
struct FirstRequest {
    app: TowerToHyperService<Router>,
    first_request: Ticket,
}

impl<B> hyper::service::Service<hyper::Request<B>> for FirstRequest
where
    TowerToHyperService<Router>: hyper::service::Service<hyper::Request<B>>,
{
    type Response = <TowerToHyperService<Router> as hyper::service::Service<hyper::Request<B>>>::Response;
    type Error = <TowerToHyperService<Router> as hyper::service::Service<hyper::Request<B>>>::Error;
    type Future = <TowerToHyperService<Router> as hyper::service::Service<hyper::Request<B>>>::Future;

    fn call(&self, request: hyper::Request<B>) -> Self::Future {
        self.first_request.leave();
        self.app.call(request)
    }
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

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;

    use super::*;

    const PARTIAL: &[u8] = b"GET / HTTP/1.1\r\nHost: clinic.test\r\n";

    async fn answer(stream: &mut TcpStream) -> String {
        let mut buffer = vec![0; 1024];
        let read = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut buffer)).await;
        String::from_utf8_lossy(&buffer[..read.expect("an answer").unwrap()]).into_owned()
    }

    #[tokio::test]
    async fn connections_that_never_finish_a_request_make_way_for_a_visitor() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let app = Router::new().route("/", axum::routing::get(|| async { "ok" }));
        // A minute to send a header: without shedding, a visitor would wait that long for a slot.
        tokio::spawn(serve(listener, app, Duration::from_secs(60), 20, std::future::pending()));

        // A visitor whose first request is answered keeps the connection (it is not shed).
        let mut kept = TcpStream::connect(address).await.unwrap();
        kept.write_all(b"GET / HTTP/1.1\r\nHost: clinic.test\r\n\r\n").await.unwrap();
        assert!(answer(&mut kept).await.starts_with("HTTP/1.1 200 OK"));

        let mut slow = Vec::new();
        for _ in 0..100 {
            let mut stream = TcpStream::connect(address).await.unwrap();
            stream.write_all(PARTIAL).await.unwrap();
            slow.push(stream);
        }
        let mut visitor = TcpStream::connect(address).await.unwrap();
        visitor.write_all(b"GET / HTTP/1.1\r\nHost: clinic.test\r\nConnection: close\r\n\r\n").await.unwrap();
        assert!(answer(&mut visitor).await.starts_with("HTTP/1.1 200 OK"));

        // The oldest slow connections were closed to make room; the newest still wait.
        let mut first = slow.remove(0);
        assert_eq!(answer(&mut first).await, "", "closed without an answer");
        kept.write_all(b"GET / HTTP/1.1\r\nHost: clinic.test\r\n\r\n").await.unwrap();
        let again = answer(&mut kept).await;
        assert!(again.starts_with("HTTP/1.1 200 OK"), "the served visitor's connection stays open: {again:?}");
        let mut newest = slow.pop().unwrap();
        newest.write_all(b"\r\n").await.unwrap();
        assert!(answer(&mut newest).await.starts_with("HTTP/1.1 200 OK"));
    }
}
