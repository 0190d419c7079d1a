//! `clinic-site healthcheck`: asks the server on this machine for /healthz, with no HTTP client
//! library (one request, one status line).

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::time::Duration;

/// A container runtime gives a health check a few seconds; answer well within that.
const TIMEOUT: Duration = Duration::from_secs(2);

/// Whether the server listening on `host:port` answers GET /healthz with 200. A server bound to
/// every address (0.0.0.0 in a container) is asked on the loopback address.
pub fn healthy(host: IpAddr, port: u16) -> Result<(), String> {
    let host = if host.is_unspecified() { IpAddr::V4(Ipv4Addr::LOCALHOST) } else { host };
    let address = SocketAddr::new(host, port);
    let mut stream =
        TcpStream::connect_timeout(&address, TIMEOUT).map_err(|e| format!("cannot connect to {address}: {e}"))?;
    stream
        .set_read_timeout(Some(TIMEOUT))
        .and_then(|()| stream.set_write_timeout(Some(TIMEOUT)))
        .map_err(|e| e.to_string())?;
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        .map_err(|e| format!("cannot send to {address}: {e}"))?;
    let mut head = [0u8; 32];
    let read = stream.read(&mut head).map_err(|e| format!("no answer from {address}: {e}"))?;
    let status_line = String::from_utf8_lossy(&head[..read]);
    if status_line.starts_with("HTTP/1.1 200 ") {
        Ok(())
    } else {
        Err(format!("{address}/healthz answered {:?}", status_line.lines().next().unwrap_or("")))
    }
}
