//! Clients that send requests and never read the answers, against the real binary: with every
//! connection taken by them, a visitor is still answered, because they make way for newcomers
//! (`src/http/connections.rs`).

mod common;

use std::time::Duration;

use common::binary::Server;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// More slow readers than connections: the server's cap is full, and more wait in its accept queue.
const CAP: usize = 200;
const SLOW_READERS: usize = 300;
/// Far more than a visitor should ever wait, and less than the 10 s after which the server would
/// close idle connections on its own (the old lock-out lasted until then).
const ANSWERED_WITHIN: Duration = Duration::from_secs(5);

#[tokio::test]
async fn clients_that_never_read_their_answers_do_not_lock_visitors_out() {
    let server = Server::start("slow-readers", |command, port| {
        command.env("PORT", port.to_string()).env("MAX_CONNECTIONS", CAP.to_string());
    });
    // Three uncompressed pages pipelined on each connection, never read.
    let pipelined = "GET / HTTP/1.1\r\nHost: clinic.test\r\nAccept-Encoding: identity\r\n\r\n".repeat(3);
    let mut held = Vec::new();
    for _ in 0..SLOW_READERS {
        let mut stream = TcpStream::connect(("127.0.0.1", server.port())).await.unwrap();
        stream.write_all(pipelined.as_bytes()).await.unwrap();
        held.push(stream);
    }
    for visit in 0..20 {
        let mut visitor = TcpStream::connect(("127.0.0.1", server.port())).await.unwrap();
        visitor.write_all(b"GET /about HTTP/1.1\r\nHost: clinic.test\r\nConnection: close\r\n\r\n").await.unwrap();
        let mut head = [0; 12];
        let answered = tokio::time::timeout(ANSWERED_WITHIN, visitor.read_exact(&mut head)).await;
        let answered = answered.unwrap_or_else(|_| panic!("visit {visit}: no answer within {ANSWERED_WITHIN:?}"));
        answered.unwrap();
        assert_eq!(&head, b"HTTP/1.1 200", "visit {visit}");
    }
    drop(held);
    let (status, _) = server.terminate();
    assert!(status.success());
}

#[tokio::test]
async fn shutdown_closes_the_connections_of_clients_that_never_read_at_its_deadline_and_exits_0() {
    let server = Server::start("shutdown-deadline", |command, port| {
        command.env("PORT", port.to_string()).env("SHUTDOWN_TIMEOUT_MS", "1000");
    });
    // Each would hold its connection for the 60 s send timeout, past any orchestrator's grace period:
    // 250 uncompressed pages are more than loopback's socket buffers hold.
    let pipelined = "GET / HTTP/1.1\r\nHost: clinic.test\r\nAccept-Encoding: identity\r\n\r\n".repeat(250);
    let mut held = Vec::new();
    for _ in 0..50 {
        let mut stream = TcpStream::connect(("127.0.0.1", server.port())).await.unwrap();
        stream.write_all(pipelined.as_bytes()).await.unwrap();
        held.push(stream);
    }
    // The server has answered into every connection's buffers by the time a visitor is answered.
    let mut visitor = TcpStream::connect(("127.0.0.1", server.port())).await.unwrap();
    visitor.write_all(b"GET /about HTTP/1.1\r\nHost: clinic.test\r\nConnection: close\r\n\r\n").await.unwrap();
    let mut head = [0; 12];
    visitor.read_exact(&mut head).await.unwrap();
    let (status, log) = server.terminate();
    assert!(status.success(), "exit status after SIGTERM: {status}");
    assert!(log.contains("requests still in flight after 1s; closing them"), "{log}");
    drop(held);
}
