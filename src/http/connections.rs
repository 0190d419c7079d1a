//! The open connections and what each is doing, so that when all `MAX_CONNECTIONS` are taken the least
//! useful one makes way for a newcomer: first one waiting for a request (none sent yet, or idle after
//! its answers), then one whose client has stopped taking its answer (a stalled reader), oldest first
//! in each. A connection being served (a request read, its answer not yet handed to the socket) is
//! never closed for another.

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::Body;
use axum::Router;
use hyper::body::{Frame, SizeHint};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio_io_timeout::TimeoutWriter;

/// What one connection is doing, updated by its socket (`Watched`) and its requests (`Served`).
#[derive(Debug, Default)]
struct Activity {
    /// Requests read whose answers have not yet been handed over whole (more than one when pipelined).
    serving: AtomicUsize,
    /// The last write found the client's receive window full: it is not taking its answer.
    stalled: AtomicBool,
    /// Close with a reset rather than a FIN: the answer it did not take is dropped at once instead of
    /// holding kernel memory (up to megabytes a connection) until the client resets on its own.
    reset: AtomicBool,
}

/// Which connections go first when one must make way (lower first); `None`: never.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum State {
    /// No request under way: none sent yet (or only part of one), or idle between requests.
    Waiting,
    /// Its client takes none of the answer written to it.
    Stalled,
    /// A request is being answered.
    Serving,
}

impl State {
    pub const ALL: [State; 3] = [State::Waiting, State::Stalled, State::Serving];

    pub fn label(self) -> &'static str {
        match self {
            State::Waiting => "waiting",
            State::Stalled => "stalled",
            State::Serving => "serving",
        }
    }
}

impl Activity {
    fn state(&self) -> State {
        if self.stalled.load(Ordering::Relaxed) {
            State::Stalled
        } else if self.serving.load(Ordering::Relaxed) == 0 {
            State::Waiting
        } else {
            State::Serving
        }
    }
}

struct Open {
    activity: Arc<Activity>,
    close: oneshot::Sender<()>,
}

/// Every open connection, by the order it was accepted in (oldest first).
#[derive(Default)]
pub struct Connections {
    open: Mutex<(u64, BTreeMap<u64, Open>)>,
}

impl Connections {
    /// Registers a new connection, closed when its client takes none of its answer for `send_timeout`:
    /// returns its place (which unregisters it when dropped), its socket and app wrapped to keep its
    /// state, and what tells it to close.
    pub fn add(
        self: &Arc<Self>,
        stream: TcpStream,
        send_timeout: Duration,
        app: &Router,
    ) -> (Place, Watched, Served, oneshot::Receiver<()>) {
        let mut socket = TimeoutWriter::new(stream);
        socket.set_timeout(Some(send_timeout));
        let socket = Box::pin(socket);
        let activity = Arc::new(Activity::default());
        let (close, shed) = oneshot::channel();
        let mut open = self.lock();
        let id = open.0;
        open.0 += 1;
        open.1.insert(id, Open { activity: Arc::clone(&activity), close });
        let place = Place { id, connections: Arc::clone(self) };
        let watched = Watched { socket, activity: Arc::clone(&activity) };
        (place, watched, Served { app: TowerToHyperService::new(app.clone()), activity }, shed)
    }

    /// Closes the least useful connection (`State` order, oldest first): returns its state, or
    /// `None` when every one is being served.
    pub fn shed_one(&self) -> Option<State> {
        let mut open = self.lock();
        let (id, state) = open
            .1
            .iter()
            .filter_map(|(id, connection)| match connection.activity.state() {
                State::Serving => None,
                state => Some((state, *id)),
            })
            .min()
            .map(|(state, id)| (id, state))?;
        if let Some(connection) = open.1.remove(&id) {
            connection.activity.reset.store(state == State::Stalled, Ordering::Relaxed);
            let _ = connection.close.send(());
        }
        Some(state)
    }

    /// How many open connections are in `state`.
    pub fn count(&self, state: State) -> usize {
        self.lock().1.values().filter(|c| c.activity.state() == state).count()
    }

    fn lock(&self) -> MutexGuard<'_, (u64, BTreeMap<u64, Open>)> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A connection's entry in `Connections`, removed when the connection ends (however it ends).
pub struct Place {
    id: u64,
    connections: Arc<Connections>,
}

impl Drop for Place {
    fn drop(&mut self) {
        self.connections.lock().1.remove(&self.id);
    }
}

/// A socket that notes whether its client takes the bytes written to it.
pub struct Watched {
    socket: Pin<Box<TimeoutWriter<TcpStream>>>,
    activity: Arc<Activity>,
}

impl Watched {
    fn note<T>(&self, written: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        self.activity.stalled.store(written.is_pending(), Ordering::Relaxed);
        if matches!(&written, Poll::Ready(Err(e)) if e.kind() == io::ErrorKind::TimedOut) {
            self.activity.reset.store(true, Ordering::Relaxed);
        }
        written
    }
}

impl Drop for Watched {
    fn drop(&mut self) {
        if self.activity.reset.load(Ordering::Relaxed) {
            let _ = self.socket.as_ref().get_ref().get_ref().set_zero_linger();
        }
    }
}

impl AsyncRead for Watched {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        self.socket.as_mut().poll_read(cx, buf)
    }
}

impl AsyncWrite for Watched {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let written = self.socket.as_mut().poll_write(cx, buf);
        self.note(written)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let written = self.socket.as_mut().poll_write_vectored(cx, bufs);
        self.note(written)
    }

    fn is_write_vectored(&self) -> bool {
        self.socket.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let flushed = self.socket.as_mut().poll_flush(cx);
        self.note(flushed)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.socket.as_mut().poll_shutdown(cx)
    }
}

/// The app for one connection: a request counts as being served from the moment its head is read
/// until its answer's body has been handed over (or dropped).
pub struct Served {
    app: TowerToHyperService<Router>,
    activity: Arc<Activity>,
}

impl hyper::service::Service<hyper::Request<hyper::body::Incoming>> for Served {
    type Response = hyper::Response<ServedBody>;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Infallible>> + Send>>;

    fn call(&self, request: hyper::Request<hyper::body::Incoming>) -> Self::Future {
        self.activity.serving.fetch_add(1, Ordering::Relaxed);
        let serving = Serving(Arc::clone(&self.activity));
        let answer = self.app.call(request);
        Box::pin(async move {
            let response = answer.await?;
            Ok(response.map(|body| ServedBody { body, _serving: serving }))
        })
    }
}

/// One request being served, until dropped.
struct Serving(Arc<Activity>);

impl Drop for Serving {
    fn drop(&mut self) {
        self.0.serving.fetch_sub(1, Ordering::Relaxed);
    }
}

/// An answer's body, which ends its request's `Serving` when hyper is done with it.
pub struct ServedBody {
    body: Body,
    _serving: Serving,
}

impl hyper::body::Body for ServedBody {
    type Data = <Body as hyper::body::Body>::Data;
    type Error = <Body as hyper::body::Body>::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}
