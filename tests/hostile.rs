//! Hostile requests against the real binary, written byte for byte over TCP so that malformed ones
//! can be sent: each is answered with its 4xx (or the connection is closed), nothing from outside the
//! embedded assets and the content's images is ever served, and the server serves on afterwards.
//!
//! The server runs with the test fixture's content in a folder (so `/images/` reads the file system, the route
//! where traversal would matter), beside a secret file, from the crate's folder (so a relative
//! `Cargo.toml` exists to be reached), with a short header read timeout for the slow clients.

mod common;

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::time::{Duration, Instant};

use clinic_site::http::limits::{MAX_PATH_BYTES, MAX_QUERY_BYTES, MAX_QUERY_PARAMS};
use clinic_site::http::server::MAX_HEADERS;
use common::binary;
use common::{copy_dir, TempDir, FIXTURE_DIR};

const HEADER_READ_TIMEOUT: Duration = Duration::from_millis(1000);
/// How long the slow client waits between the bytes of its request.
const TRICKLE: Duration = Duration::from_millis(100);
/// In a file beside the content folder, which no request may reach.
const SECRET: &str = "SECRET-OUTSIDE-THE-CONTENT-7f3a";
/// Text that would show a file from outside the embedded assets and the content, or a reflected host.
const NEVER_SERVED: [&str; 5] = ["[package]", "root:x:0:0", SECRET, "evil.example", "[dependencies]"];

/// The server under attack, and the folder holding its content with the secret beside it.
struct Server {
    process: binary::Server,
    /// Removed after the server has stopped (fields drop in order).
    _root: TempDir,
}

impl Server {
    fn start() -> Self {
        let root = TempDir::new("hostile");
        copy_dir(Path::new(FIXTURE_DIR), &root.join("content"));
        std::fs::write(root.join("secret.txt"), SECRET).unwrap();
        std::fs::write(root.join("content/secret.txt"), SECRET).unwrap();
        let process = binary::Server::start("hostile-run", |command, port| {
            command
                .current_dir(env!("CARGO_MANIFEST_DIR"))
                .env_clear()
                .env("PORT", port.to_string())
                .env("CONTENT_DIR", root.join("content"))
                .env("HEADER_READ_TIMEOUT_MS", HEADER_READ_TIMEOUT.as_millis().to_string())
                .env("LOG_LEVEL", "warn");
        });
        Self { process, _root: root }
    }

    fn connect(&self) -> TcpStream {
        let stream = TcpStream::connect(("127.0.0.1", self.process.port())).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        stream
    }
    /// Sends `request` (from another thread, so a server that answers before reading it all cannot
    /// deadlock the test) and reads one response: its outcome and every byte received.
    fn exchange(&self, request: &[u8]) -> (Outcome, Vec<u8>) {
        self.try_exchange(request).expect("the server accepts connections")
    }

    fn try_exchange(&self, request: &[u8]) -> Option<(Outcome, Vec<u8>)> {
        let stream = TcpStream::connect(("127.0.0.1", self.process.port())).ok()?;
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        let mut writer = stream.try_clone().unwrap();
        let request = request.to_vec();
        let sender = std::thread::spawn(move || {
            let _ = writer.write_all(&request);
        });
        let answer = read_response(stream);
        let _ = sender.join();
        Some(answer)
    }

    /// The outcome of `request`; `Closed` while the server does not yet accept connections.
    fn status_of(&self, request: &[u8]) -> Outcome {
        self.try_exchange(request).map_or(Outcome::Closed, |(outcome, _)| outcome)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Status(u16),
    /// The server closed (or reset) the connection without a response.
    Closed,
}

/// Reads one response: its head, then as many bytes as its Content-Length says.
fn read_response(mut stream: TcpStream) -> (Outcome, Vec<u8>) {
    let mut received = Vec::new();
    let mut buffer = [0u8; 16 << 10];
    let mut wanted: Option<usize> = None;
    loop {
        if let Some(total) = wanted {
            if received.len() >= total {
                break;
            }
        }
        match stream.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => received.extend_from_slice(&buffer[..n]),
            Err(e) if matches!(e.kind(), ErrorKind::ConnectionReset | ErrorKind::BrokenPipe) => break,
            Err(e) => panic!("reading the response: {e}"),
        }
        if wanted.is_none() {
            if let Some(end) = received.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&received[..end]).to_lowercase();
                let length = head
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .map_or(0, |v| v.trim().parse::<usize>().unwrap());
                wanted = Some(end + 4 + length);
            }
        }
    }
    let outcome = match received.strip_prefix(b"HTTP/1.") {
        Some(rest) => Outcome::Status(String::from_utf8_lossy(&rest[2..5]).parse().unwrap()),
        None if received.is_empty() => Outcome::Closed,
        None => panic!("not an HTTP response: {:?}", String::from_utf8_lossy(&received)),
    };
    (outcome, received)
}

fn get(target: &str) -> Vec<u8> {
    format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").into_bytes()
}

/// A GET of `/` with extra header lines (each ending in CRLF) and a body.
fn get_with(headers: &str, body: &[u8]) -> Vec<u8> {
    [format!("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}\r\n").as_bytes(), body].concat()
}

fn method(name: &str, target: &str) -> Vec<u8> {
    format!("{name} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").into_bytes()
}

fn post_mebibyte() -> Vec<u8> {
    let head = format!("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {}\r\n\r\n", 1 << 20);
    [head.into_bytes(), vec![b'a'; 1 << 20]].concat()
}

#[derive(Debug, Clone, Copy)]
enum Expect {
    Status(u16),
    /// The status, or a closed connection: for requests so large that the server may close while
    /// the client is still sending, so the answer can be lost with the reset.
    StatusOrClosed(u16),
    Closed,
}

struct Case {
    name: &'static str,
    request: Vec<u8>,
    expect: Expect,
}

fn case(name: &'static str, request: impl Into<Vec<u8>>, expect: Expect) -> Case {
    Case { name, request: request.into(), expect }
}

fn corpus() -> Vec<Case> {
    use Expect::*;
    let long_path = format!("/{}", "a".repeat(MAX_PATH_BYTES));
    let long_query = format!("/blogs?q={}", "a".repeat(MAX_QUERY_BYTES));
    let params = |n: usize| format!("/blogs?{}", (0..n).map(|i| format!("p{i}=1")).collect::<Vec<_>>().join("&"));
    let headers = |n: usize| (0..n).map(|i| format!("X-Header-{i}: v\r\n")).collect::<String>();
    vec![
        // Path traversal against the hashed assets (embedded) and the images (read from the folder).
        case("raw dot-dot in assets", get("/assets/../Cargo.toml"), Status(404)),
        case("encoded dots in assets", get("/assets/%2e%2e/%2e%2e/etc/passwd"), Status(404)),
        case("encoded slashes in assets", get("/assets/..%2f..%2fCargo.toml"), Status(404)),
        case("double-encoded in assets", get("/assets/%252e%252e%252fCargo.toml"), Status(404)),
        case("raw backslashes in assets", get("/assets/..\\..\\Cargo.toml"), Status(404)),
        case("encoded backslashes in assets", get("/assets/..%5c..%5cCargo.toml"), Status(404)),
        case("encoded absolute path in assets", get("/assets/%2fetc%2fpasswd"), Status(404)),
        case("raw dot-dot in images", get("/images/../secret.txt"), Status(404)),
        case("two levels up from images", get("/images/../../secret.txt"), Status(404)),
        case("encoded slashes in images", get("/images/..%2f..%2fsecret.txt"), Status(404)),
        case("encoded dots in images", get("/images/%2e%2e/%2e%2e/secret.txt"), Status(404)),
        case("encoded backslashes in images", get("/images/..%5c..%5csecret.txt"), Status(404)),
        case("double-encoded in images", get("/images/%252e%252e%252fsecret.txt"), Status(404)),
        case("encoded absolute path in images", get("/images/%2fetc%2fpasswd"), Status(404)),
        case("empty segment in images", get("/images//etc/passwd"), Status(404)),
        case("overlong UTF-8 dots in images", get("/images/%c0%ae%c0%ae/secret.txt"), Status(400)),
        case("dot-dot in page data", get("/_data/..%2f..%2fCargo.toml"), Status(404)),
        case("encoded dots as a page", get("/%2e%2e/%2e%2e/etc/passwd"), Status(404)),
        // NUL and invalid UTF-8.
        case("encoded NUL as a page", get("/%00"), Status(404)),
        case("encoded NUL in an image name", get("/images/logo.svg%00"), Status(404)),
        case("encoded NUL in an asset name", get("/assets/main.js%00.png"), Status(404)),
        case("invalid UTF-8 as a page", get("/%ff%fe"), Status(404)),
        case("invalid UTF-8 in images", get("/images/%ff%fe"), Status(400)),
        case("invalid UTF-8 in assets", get("/assets/%ff"), Status(400)),
        case("raw NUL in the request line", get("/\0"), Status(400)),
        case(
            "raw invalid UTF-8 in the request line",
            [&b"GET /\xff\xfe HTTP/1.1\r\nHost: a\r\n\r\n"[..]].concat(),
            Status(400),
        ),
        // Lengths and counts.
        case("path over the limit", get(&long_path), Status(414)),
        case("query over the limit", get(&long_query), Status(414)),
        case("one query parameter too many", get(&params(MAX_QUERY_PARAMS + 1)), Status(400)),
        case("64 KiB path", get(&format!("/{}", "a".repeat(64 << 10))), StatusOrClosed(431)),
        case("10,000 query parameters", get(&params(10_000)), StatusOrClosed(431)),
        case("100 KiB header", get_with(&format!("X-Big: {}\r\n", "a".repeat(100 << 10)), b""), StatusOrClosed(431)),
        case("1,000 headers", get_with(&headers(1000), b""), StatusOrClosed(431)),
        // With Host: the most header lines allowed, and one more.
        case("100 header lines", get_with(&headers(MAX_HEADERS - 1), b""), Status(200)),
        case("101 header lines", get_with(&headers(MAX_HEADERS), b""), Status(431)),
        // Malformed request lines and headers.
        case("HTTP/0.9 request", "GET /\r\n\r\n", Status(400)),
        case("not HTTP at all", "GARBAGE\r\n\r\n", Status(400)),
        case("unknown HTTP version", "GET / HTTP/9.9\r\nHost: a\r\n\r\n", Status(400)),
        case("double spaces in the request line", "GET  /  HTTP/1.1\r\nHost: a\r\n\r\n", Status(400)),
        case("HTTP/2 preface over HTTP/1", "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", Closed),
        case("header without a colon", get_with("Foo bar\r\n", b""), Status(400)),
        case("space in a header name", get_with("Bad Name: x\r\n", b""), Status(400)),
        case("folded header line", get_with("X-A: a\r\n  folded\r\n", b""), Status(400)),
        case("NUL in a header value", get_with("X-A: a\0b\r\n", b""), Status(400)),
        case("bare CR in a header value", get_with("X-A: a\rb\r\n", b""), Status(400)),
        case("HTTP/1.1 without Host", "GET / HTTP/1.1\r\n\r\n", Status(400)),
        case("two Host headers", get_with("Host: evil.example\r\n", b""), Status(400)),
        // Methods other than GET and HEAD.
        case("PUT", method("PUT", "/"), Status(405)),
        case("DELETE", method("DELETE", "/"), Status(405)),
        case("PATCH", method("PATCH", "/"), Status(405)),
        case("OPTIONS", method("OPTIONS", "*"), Status(405)),
        case("TRACE", method("TRACE", "/"), Status(405)),
        case("CONNECT", method("CONNECT", "evil.example:443"), Status(405)),
        case("made-up method", method("BREW", "/coffee"), Status(405)),
        case("lower-case get", method("get", "/"), Status(405)),
        case("POST with a 1 MiB body", post_mebibyte(), StatusOrClosed(405)),
        // Bodies, and the framing tricks of request smuggling.
        case("body on GET", get_with("Content-Length: 5\r\n", b"hello"), Status(413)),
        case(
            "chunked body on GET",
            get_with("Transfer-Encoding: chunked\r\n", b"5\r\nhello\r\n0\r\n\r\n"),
            Status(413),
        ),
        case("Content-Length above the body", get_with("Content-Length: 100\r\n", b"hello"), Status(413)),
        case(
            "Content-Length below the body",
            get_with("Content-Length: 2\r\n", b"helloGET / HTTP/1.1\r\n\r\n"),
            Status(413),
        ),
        case(
            "Content-Length and chunked",
            get_with("Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", b"0\r\n\r\n"),
            Status(413),
        ),
        case("two Content-Lengths", get_with("Content-Length: 5\r\nContent-Length: 6\r\n", b"hello!"), Status(400)),
        case("negative Content-Length", get_with("Content-Length: -1\r\n", b""), Status(400)),
        case("unknown transfer coding", get_with("Transfer-Encoding: gzip\r\n", b""), Status(400)),
    ]
}

fn assert_never_served(name: &str, response: &[u8]) {
    let text = String::from_utf8_lossy(response);
    for secret in NEVER_SERVED {
        assert!(!text.contains(secret), "{name}: the response contains {secret:?}:\n{text:.400}");
    }
}

#[test]
fn hostile_requests_get_a_4xx_or_a_closed_connection_and_the_server_serves_on() {
    let mut server = Server::start();
    let cases = corpus();
    assert!(cases.len() >= 40);
    for Case { name, request, expect } in &cases {
        let (outcome, response) = server.exchange(request);
        let ok = match *expect {
            Expect::Status(code) => outcome == Outcome::Status(code),
            Expect::StatusOrClosed(code) => outcome == Outcome::Status(code) || outcome == Outcome::Closed,
            Expect::Closed => outcome == Outcome::Closed,
        };
        assert!(ok, "{name}: expected {expect:?}, got {outcome:?}");
        assert_never_served(name, &response);
        // What the app answers carries the security headers; only hyper's own bare parse-error
        // answers (no body) do not.
        let text = String::from_utf8_lossy(&response).to_lowercase();
        if !text.contains("content-length: 0\r\n") && outcome != Outcome::Closed {
            assert!(text.contains("content-security-policy: default-src 'self'"), "{name}: no CSP");
        }
    }

    // The authority of an absolute-form target is ignored: the site's own page, links and redirects.
    for (target, status) in [("http://evil.example/", 200), ("http://evil.example/about/", 301)] {
        let request = format!("GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
        let (outcome, response) = server.exchange(request.as_bytes());
        assert_eq!(outcome, Outcome::Status(status), "{target}");
        assert_never_served(target, &response);
    }
    // HTTP/1.0 needs no Host.
    assert_eq!(server.status_of(b"GET / HTTP/1.0\r\n\r\n"), Outcome::Status(200));

    assert_slow_clients_are_cut_off(&server);

    for path in ["/", "/healthz", "/blog/paranoia"] {
        assert_eq!(server.status_of(&get(path)), Outcome::Status(200), "{path} after the corpus");
    }
    assert!(server.process.is_running(), "the server process is alive");
}

/// A client that sends its headers a byte at a time, and one that sends nothing, are disconnected
/// once the header read timeout has passed. How long after it depends on the machine's load: a
/// connection never cut off fails the test by the read timeout of its stream (`connect`, 10 s), and the
/// slow client's whole request takes 100 ms a byte to send, far longer than the header read timeout.
fn assert_slow_clients_are_cut_off(server: &Server) {
    let request = get_with("User-Agent: slow\r\nAccept: text/html\r\n", b"");
    assert!(request.len() as u32 * TRICKLE > HEADER_READ_TIMEOUT * 5, "{} bytes", request.len());
    // Before connecting, so the server's clock cannot have started before the test's.
    let start = Instant::now();
    let stream = server.connect();
    let mut writer = stream.try_clone().unwrap();
    let trickle = std::thread::spawn(move || {
        for byte in &request {
            if writer.write_all(std::slice::from_ref(byte)).is_err() {
                return false;
            }
            std::thread::sleep(TRICKLE);
        }
        true
    });
    let (outcome, _) = read_response(stream);
    let elapsed = start.elapsed();
    assert_eq!(outcome, Outcome::Closed, "the slow client got an answer");
    assert!(elapsed >= HEADER_READ_TIMEOUT, "cut off after {elapsed:?}, before the timeout");
    assert!(!trickle.join().unwrap(), "the slow client could send its whole request");

    let start = Instant::now();
    let (outcome, _) = read_response(server.connect());
    assert_eq!(outcome, Outcome::Closed, "a silent client kept its connection");
    assert!(start.elapsed() >= HEADER_READ_TIMEOUT, "the silent client was cut off before the timeout");
}
