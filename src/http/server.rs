//! The accept loop: hyper's HTTP/1 server with the connection limits that `axum::serve` does not
//! expose (as of axum 0.8.9, the version in Cargo.lock, it sets no timer, so hyper applies no header
//! read timeout at all; later versions set one, at hyper's defaults), a send timeout, a bound on
//! pipelined requests, room kept for visitors when slow clients fill the connections
//! (`connections`), and graceful shutdown within a deadline.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use super::connections::{Connections, State};

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

/// Most bytes hyper reads ahead of the request it is answering, so what one connection may queue by
/// pipelining (about 300 plain GETs) instead of hyper's default of about 400 KB; room for one
/// request head of the largest size allowed.
pub const MAX_BUFFERED_BYTES: usize = 2 * MAX_HEADER_BYTES;

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

/// The limits each connection is held to.
#[derive(Debug, Clone, Copy)]
pub struct ConnectionLimits {
    /// Time from a connection's first byte, or the end of its previous answer, to the end of the next
    /// request's head; it also closes idle keep-alive connections.
    pub header_read: Duration,
    /// Time a client may take none of its answer before it is closed (nginx's `send_timeout`).
    pub send: Duration,
    /// Time given to the requests in flight after `shutdown`, after which the rest are closed.
    pub shutdown: Duration,
    /// Connections open at once.
    pub max_connections: usize,
}

/// Serves `app` on `listener` until `shutdown` completes, then waits for the requests in flight, for
/// at most `limits.shutdown`: the connections still open then are closed when the caller returns
/// (their tasks end with the runtime).
///
/// At most `limits.max_connections` are open at once. When full, the least useful connection is
/// closed to admit the new one (`Connections::shed_one`: one waiting for a request, else a stalled
/// reader, oldest first), so clients that send nothing, send a header a byte at a time, or never read
/// their answers cannot lock visitors out: they only push each other out. When every open connection
/// is being served, a new one waits for one to close. `connections` lists them (for the metrics).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    connections: Arc<Connections>,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read)
        .max_header_size(MAX_HEADER_BYTES)
        .max_buf_size(MAX_BUFFERED_BYTES);
    let permits = Arc::new(Semaphore::new(limits.max_connections));
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
        let permit = match Arc::clone(&permits).try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                if let Some(state) = connections.shed_one() {
                    tracing::debug!(?state, "closing a connection to admit a new one");
                }
                tokio::select! {
                    permit = Arc::clone(&permits).acquire_owned() => permit.expect("the semaphore is never closed"),
                    () = &mut shutdown => break,
                }
            }
        };
        // Responses are written whole; waiting to coalesce them (Nagle) only adds latency.
        let _ = stream.set_nodelay(true);
        let (place, socket, service, shed) = connections.add(stream, limits.send, &app);
        let connection = graceful.watch(http.serve_connection(TokioIo::new(socket), service));
        tokio::spawn(async move {
            tokio::select! {
                // Errors here are the client's doing (a reset, a malformed or too slow request, a
                // send timeout).
                result = connection => if let Err(error) = result {
                    tracing::debug!(%error, "connection ended with an error");
                },
                // (An error only says the connection left the list some other way: it carries on.)
                Ok(()) = shed => {},
            }
            drop((place, permit));
        });
    }
    drop(listener);
    if tokio::time::timeout(limits.shutdown, graceful.shutdown()).await.is_err() {
        let (serving, stalled) = (connections.count(State::Serving), connections.count(State::Stalled));
        tracing::warn!(serving, stalled, "requests still in flight after {:?}; closing them", limits.shutdown);
    }
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

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;

    use super::*;

    const PARTIAL: &[u8] = b"GET / HTTP/1.1\r\nHost: clinic.test\r\n";
    /// An answer far larger than the kernel buffers between a client that never reads and the server.
    const BIG: usize = 32 << 20;

    fn limits(max_connections: usize) -> ConnectionLimits {
        // A minute to send a header or take an answer: without shedding, a visitor would wait that long.
        let minute = Duration::from_secs(60);
        ConnectionLimits { header_read: minute, send: minute, shutdown: minute, max_connections }
    }

    fn app(hold: Arc<tokio::sync::Notify>) -> Router {
        static BODY: [u8; BIG] = [b'x'; BIG];
        Router::new()
            .route("/", axum::routing::get(|| async { "ok" }))
            .route("/big", axum::routing::get(|| async { &BODY[..] }))
            .route("/hold", axum::routing::get(move || async move { hold.notified().await }))
    }

    async fn start(limits: ConnectionLimits) -> (std::net::SocketAddr, Arc<Connections>, Arc<tokio::sync::Notify>) {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let (connections, hold) = (Arc::<Connections>::default(), Arc::new(tokio::sync::Notify::new()));
        let app = app(Arc::clone(&hold));
        tokio::spawn(serve(listener, app, limits, Arc::clone(&connections), std::future::pending()));
        (address, connections, hold)
    }

    async fn answer(stream: &mut TcpStream) -> String {
        let mut buffer = vec![0; 1024];
        let read = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut buffer)).await;
        String::from_utf8_lossy(&buffer[..read.expect("an answer").unwrap()]).into_owned()
    }

    async fn request(address: std::net::SocketAddr, path: &str) -> TcpStream {
        let mut stream = TcpStream::connect(address).await.unwrap();
        stream.write_all(format!("GET {path} HTTP/1.1\r\nHost: clinic.test\r\n\r\n").as_bytes()).await.unwrap();
        stream
    }

    async fn visit(address: std::net::SocketAddr) {
        let mut visitor = TcpStream::connect(address).await.unwrap();
        visitor.write_all(b"GET / HTTP/1.1\r\nHost: clinic.test\r\nConnection: close\r\n\r\n").await.unwrap();
        assert!(answer(&mut visitor).await.starts_with("HTTP/1.1 200 OK"));
    }

    /// Waits (at most 10 s) until `count` connections are in `state`.
    async fn until(connections: &Connections, state: State, count: usize) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while connections.count(state) != count {
            assert!(tokio::time::Instant::now() < deadline, "{count} connections {state:?}");
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    /// Reads until the server closes the connection (within 10 s): the bytes read, and whether it
    /// closed with a reset (rather than a FIN).
    async fn read_to_close(stream: &mut TcpStream) -> (usize, bool) {
        let mut buffer = vec![0; 1 << 16];
        let mut total = 0;
        loop {
            match tokio::time::timeout(Duration::from_secs(10), stream.read(&mut buffer)).await {
                Ok(Ok(0)) => return (total, false),
                Ok(Err(e)) if e.kind() == std::io::ErrorKind::ConnectionReset => return (total, true),
                Ok(Err(e)) => panic!("{e}"),
                Ok(Ok(n)) => total += n,
                Err(_) => panic!("the server kept the connection open"),
            }
        }
    }

    #[tokio::test]
    async fn connections_that_never_finish_a_request_make_way_for_a_visitor() {
        let (address, _, _) = start(limits(20)).await;
        // A visitor whose first request is answered keeps the connection (it is not shed while served).
        let mut kept = request(address, "/").await;
        assert!(answer(&mut kept).await.starts_with("HTTP/1.1 200 OK"));

        let mut slow = Vec::new();
        for _ in 0..100 {
            let mut stream = TcpStream::connect(address).await.unwrap();
            stream.write_all(PARTIAL).await.unwrap();
            slow.push(stream);
        }
        visit(address).await;

        // The oldest connections waiting for a request were closed to make room (the kept-alive
        // visitor's among them, as it was idle); the newest still wait.
        let mut first = slow.remove(0);
        assert_eq!(answer(&mut first).await, "", "closed without an answer");
        let mut newest = slow.pop().unwrap();
        newest.write_all(b"\r\n").await.unwrap();
        assert!(answer(&mut newest).await.starts_with("HTTP/1.1 200 OK"));
    }

    #[tokio::test]
    async fn when_full_idle_connections_go_first_then_stalled_readers_oldest_first_never_one_being_served() {
        let (address, connections, hold) = start(limits(4)).await;
        let mut stalled_old = request(address, "/big").await;
        until(&connections, State::Stalled, 1).await;
        let mut idle = TcpStream::connect(address).await.unwrap();
        until(&connections, State::Waiting, 1).await;
        let mut served = request(address, "/hold").await;
        until(&connections, State::Serving, 1).await;
        let _stalled_new = request(address, "/big").await;
        until(&connections, State::Stalled, 2).await;

        // Full: the idle connection makes way, though a stalled one is older.
        visit(address).await;
        assert_eq!(read_to_close(&mut idle).await, (0, false), "closed, without an answer");
        assert_eq!(connections.count(State::Stalled), 2);

        // Full of stalled readers and one being served: the oldest stalled reader makes way.
        let _stalled_newest = request(address, "/big").await;
        until(&connections, State::Stalled, 3).await;
        visit(address).await;
        let (read, reset) = read_to_close(&mut stalled_old).await;
        assert!(read < BIG && reset, "reset, its answer dropped ({read} bytes taken)");
        until(&connections, State::Stalled, 2).await;

        // The request being served was never closed for another.
        hold.notify_one();
        assert!(answer(&mut served).await.starts_with("HTTP/1.1 200 OK"));
    }

    #[tokio::test(start_paused = true)]
    async fn a_client_that_takes_none_of_its_answer_is_closed_after_the_send_timeout() {
        let (address, connections, _) = start(limits(20)).await;
        let mut reader = request(address, "/big").await;
        // (Paused time: the server's clock runs on to its send timeout while the client reads nothing.)
        tokio::time::sleep(Duration::from_secs(59)).await;
        assert_eq!(connections.count(State::Stalled), 1, "still open within the send timeout");
        tokio::time::sleep(Duration::from_secs(2)).await;
        let (read, reset) = read_to_close(&mut reader).await;
        assert!(read < BIG && reset, "reset, its answer dropped ({read} bytes taken)");
        assert_eq!(connections.count(State::Stalled), 0);
    }

    #[tokio::test(start_paused = true)]
    async fn shutdown_waits_for_requests_in_flight_until_its_deadline_then_returns() {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let connections = Arc::<Connections>::default();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let limits = ConnectionLimits { shutdown: Duration::from_secs(5), ..limits(20) };
        let app = app(Arc::new(tokio::sync::Notify::new()));
        let server = tokio::spawn(serve(listener, app, limits, Arc::clone(&connections), async {
            let _ = stopped.await;
        }));
        // A client that never reads its answer would hold the connection for the 60 s send timeout.
        let _reader = request(address, "/big").await;
        until(&connections, State::Stalled, 1).await;
        let signalled = tokio::time::Instant::now();
        stop.send(()).unwrap();
        server.await.unwrap().unwrap();
        let waited = signalled.elapsed();
        assert!(waited >= Duration::from_secs(5) && waited < Duration::from_secs(6), "returned after {waited:?}");
    }
}
