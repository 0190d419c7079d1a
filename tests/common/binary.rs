//! The real binary as a process, for the tests that need a socket: started on a free loopback port
//! from an empty temporary folder, ready once `/readyz` answers 200, stopped with SIGTERM. CI runs the
//! tests under `cargo test --release`, so it is the release binary.

use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, ExitStatus};
use std::time::{Duration, Instant};

use super::TempDir;

pub const BINARY: &str = env!("CARGO_BIN_EXE_clinic-site");
/// How long start-up (pre-rendering every page) may take before a test gives up.
const READY_WITHIN: Duration = Duration::from_secs(30);
/// How long the server may take to stop after SIGTERM.
const STOPS_WITHIN: Duration = Duration::from_secs(10);

/// A loopback port that was free a moment ago.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// A running server. Dropping it kills the process, so a test that fails leaves no server behind.
pub struct Server {
    child: Child,
    port: u16,
    /// Holds `run/`, the empty folder the server starts in, and the files its stdout and stderr go to
    /// (files, not pipes, so a server that logs a lot never blocks on a full pipe).
    dir: TempDir,
}

impl Server {
    /// Starts the binary from an empty temporary folder (`name` says for which test) and waits until
    /// it is ready. `configure` gives it its environment and arguments (it may also change its
    /// folder), and must make it listen on 127.0.0.1 at the port it is given.
    pub fn start(name: &str, configure: impl FnOnce(&mut Command, u16)) -> Self {
        let dir = TempDir::new(name);
        let run = dir.join("run");
        std::fs::create_dir(&run).unwrap();
        let port = free_port();
        let mut command = Command::new(BINARY);
        command
            .current_dir(&run)
            .stdout(File::create(dir.join("stdout.log")).unwrap())
            .stderr(File::create(dir.join("stderr.log")).unwrap());
        configure(&mut command, port);
        let child = command.spawn().unwrap();
        let mut server = Self { child, port, dir };
        server.wait_ready();
        server
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }

    /// Whether the process is still running.
    pub fn is_running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// Everything the server has written to stdout (its log) so far.
    pub fn log(&self) -> String {
        self.output("stdout.log")
    }

    /// Sends SIGTERM and returns the exit status and everything the server logged.
    pub fn terminate(mut self) -> (ExitStatus, String) {
        let sent = Command::new("kill").arg("-TERM").arg(self.child.id().to_string()).status().unwrap();
        assert!(sent.success(), "kill -TERM {} failed", self.child.id());
        let deadline = Instant::now() + STOPS_WITHIN;
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            assert!(Instant::now() < deadline, "the server did not stop within {STOPS_WITHIN:?} of SIGTERM");
            std::thread::sleep(Duration::from_millis(20));
        };
        (status, self.log())
    }

    fn output(&self, file: &str) -> String {
        String::from_utf8_lossy(&std::fs::read(self.dir.join(file)).unwrap()).into_owned()
    }

    /// Polls `/readyz` until it answers 200; panics, with what the server wrote, if it exits first or
    /// is not ready in time.
    fn wait_ready(&mut self) {
        let start = Instant::now();
        while self.readyz_status() != Some(200) {
            if let Some(status) = self.child.try_wait().unwrap() {
                panic!(
                    "the server exited ({status}) before it was ready\nstdout:\n{}\nstderr:\n{}",
                    self.log(),
                    self.output("stderr.log")
                );
            }
            assert!(
                start.elapsed() < READY_WITHIN,
                "the server was not ready within {READY_WITHIN:?} (no 200 from /readyz on port {})\nstdout:\n{}",
                self.port,
                self.log()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The status of `GET /readyz`, or `None` while the server does not answer.
    fn readyz_status(&self) -> Option<u16> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).ok()?;
        stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        stream.write_all(b"GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").ok()?;
        let mut status_line = String::new();
        BufReader::new(stream).read_line(&mut status_line).ok()?;
        status_line.strip_prefix("HTTP/1.1 ")?.get(..3)?.parse().ok()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
