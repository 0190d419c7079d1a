//! A fixed set of worker threads, each owning one renderer, fed from a bounded queue.
//!
//! The JS engine is single-threaded and a render is CPU-bound, so renders run on dedicated threads
//! rather than on the async runtime; a full queue is answered at once (503) instead of piling up.

use std::thread;

use crossbeam_channel::{bounded, Receiver, Sender, TrySendError};
use tokio::sync::oneshot;

use crate::base::panic_message::panic_message;

use super::{AppRender, RenderError, Renderer, RendererFactory};

/// Native stack of a worker thread: room for the JS stack limit plus the engine's own frames.
const WORKER_STACK_BYTES: usize = 16 << 20;

#[derive(Debug, Clone, Copy)]
pub struct PoolConfig {
    pub workers: usize,
    /// Renders that may wait for a worker; one more is refused with `RenderError::Busy`.
    pub queue: usize,
}

struct Job {
    url: String,
    data_json: String,
    reply: oneshot::Sender<Result<AppRender, RenderError>>,
}

pub struct RenderPool {
    jobs: Sender<Job>,
    workers: usize,
}

impl RenderPool {
    /// Starts the workers and waits until each has built its renderer, so a broken bundle fails
    /// start-up instead of the first request.
    pub fn start(config: PoolConfig, factory: RendererFactory) -> Result<Self, RenderError> {
        let (jobs, queue) = bounded::<Job>(config.queue);
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        for index in 0..config.workers.max(1) {
            let queue = queue.clone();
            let factory = factory.clone();
            let ready = ready_tx.clone();
            thread::Builder::new()
                .name(format!("ssr-{index}"))
                .stack_size(WORKER_STACK_BYTES)
                .spawn(move || match factory() {
                    Ok(renderer) => {
                        let _ = ready.send(Ok(()));
                        drop(ready); // start() waits until every worker has dropped its sender
                        work(renderer, &queue, &factory);
                    }
                    Err(e) => {
                        let _ = ready.send(Err(e));
                    }
                })
                .map_err(|e| RenderError::Spawn(e.into()))?;
        }
        drop(ready_tx);
        for result in ready_rx {
            result?;
        }
        Ok(Self { jobs, workers: config.workers.max(1) })
    }

    pub fn workers(&self) -> usize {
        self.workers
    }

    /// Renders waiting for a worker right now.
    pub fn queued(&self) -> usize {
        self.jobs.len()
    }

    /// Renders on the next free worker; refuses at once when the queue is full.
    pub async fn render(&self, url: &str, data_json: String) -> Result<AppRender, RenderError> {
        let (reply, answer) = oneshot::channel();
        let job = Job { url: url.to_owned(), data_json, reply };
        self.jobs.try_send(job).map_err(|e| match e {
            TrySendError::Full(_) => RenderError::Busy,
            TrySendError::Disconnected(_) => RenderError::Stopped,
        })?;
        answer.await.unwrap_or(Err(RenderError::Stopped))
    }
}

/// A worker's loop: render jobs until the pool is dropped; after any failure, start over with a
/// fresh renderer, since a runtime that threw, timed out, ran out of memory or panicked may be left
/// broken. A panic is contained here, so the pool never loses a worker.
fn work(mut renderer: Box<dyn Renderer>, queue: &Receiver<Job>, factory: &RendererFactory) {
    for job in queue {
        // Whoever asked has gone (the client left, the request timed out, every caller of its flight
        // was dropped): rendering it would only delay the jobs behind it.
        if job.reply.is_closed() {
            continue;
        }
        let result = contained(|| renderer.render(&job.url, &job.data_json)).and_then(|result| result);
        let failed = result.is_err();
        if let Err(e) = &result {
            let error = e as &dyn std::error::Error;
            tracing::error!(url = %job.url, error, "render failed; rebuilding this worker's engine");
        }
        let _ = job.reply.send(result);
        if failed {
            crate::base::metrics::engine_rebuilt();
            // The old engine goes first (its drop may fail too), then a new one until one builds.
            let _ = contained(|| drop(renderer));
            renderer = loop {
                match contained(|| factory()).and_then(|built| built) {
                    Ok(fresh) => break fresh,
                    Err(e) => {
                        let error = &e as &dyn std::error::Error;
                        tracing::error!(error, "cannot rebuild the engine; retrying in 1 s");
                        thread::sleep(std::time::Duration::from_secs(1));
                    }
                }
            };
        }
    }
}

/// `f`'s result, or its panic as `RenderError::Panicked` with the panic's message.
fn contained<T>(f: impl FnOnce() -> T) -> Result<T, RenderError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .map_err(|panic| RenderError::Panicked(panic_message(&*panic)))
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, Barrier};

    use super::*;

    /// Renders "<url>#<instance>", fails for "/fail", panics for "/panic", and for "/block" says it
    /// started, then waits on a barrier.
    struct Fake {
        instance: usize,
        barrier: Arc<Barrier>,
        started: tokio::sync::mpsc::UnboundedSender<()>,
    }

    impl Renderer for Fake {
        fn render(&mut self, url: &str, _: &str) -> Result<AppRender, RenderError> {
            match url {
                "/fail" => Err(RenderError::Threw("boom".into())),
                "/panic" => panic!("a renderer bug"),
                "/block" => {
                    let _ = self.started.send(());
                    self.barrier.wait();
                    Ok(AppRender { html: "unblocked".into(), ..AppRender::default() })
                }
                _ => Ok(AppRender { html: format!("{url}#{}", self.instance), ..AppRender::default() }),
            }
        }
    }

    struct Harness {
        pool: RenderPool,
        built: Arc<AtomicUsize>,
        started: tokio::sync::mpsc::UnboundedReceiver<()>,
    }

    fn pool(workers: usize, queue: usize, barrier: Arc<Barrier>) -> Harness {
        let built = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&built);
        let (started_tx, started) = tokio::sync::mpsc::unbounded_channel();
        let factory: RendererFactory = Arc::new(move || {
            let instance = counter.fetch_add(1, Ordering::SeqCst);
            let fake = Fake { instance, barrier: Arc::clone(&barrier), started: started_tx.clone() };
            Ok(Box::new(fake) as Box<dyn Renderer>)
        });
        Harness { pool: RenderPool::start(PoolConfig { workers, queue }, factory).unwrap(), built, started }
    }

    #[tokio::test]
    async fn a_failed_render_rebuilds_the_worker() {
        let Harness { pool, built, .. } = pool(1, 4, Arc::new(Barrier::new(1)));
        assert_eq!(pool.render("/a", "{}".into()).await.unwrap().html, "/a#0");
        assert!(matches!(pool.render("/fail", "{}".into()).await, Err(RenderError::Threw(m)) if m == "boom"));
        assert_eq!(pool.render("/a", "{}".into()).await.unwrap().html, "/a#1");
        assert_eq!(built.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn a_full_queue_is_refused_at_once() {
        let barrier = Arc::new(Barrier::new(2));
        let Harness { pool, mut started, .. } = pool(1, 1, Arc::clone(&barrier));
        let pool = Arc::new(pool);
        // The worker takes the first job and blocks; the second waits in the queue; the third is refused.
        let first = tokio::spawn({
            let pool = Arc::clone(&pool);
            async move { pool.render("/block", "{}".into()).await }
        });
        started.recv().await.unwrap();
        let second = tokio::spawn({
            let pool = Arc::clone(&pool);
            async move { pool.render("/b", "{}".into()).await }
        });
        while pool.jobs.is_empty() {
            tokio::task::yield_now().await;
        }
        assert!(matches!(pool.render("/c", "{}".into()).await, Err(RenderError::Busy)));
        barrier.wait();
        assert_eq!(first.await.unwrap().unwrap().html, "unblocked");
        assert_eq!(second.await.unwrap().unwrap().html, "/b#0");
    }

    #[tokio::test]
    async fn a_renderer_that_panics_is_answered_and_rebuilt_and_the_pool_keeps_its_size() {
        let Harness { pool, built, .. } = pool(2, 4, Arc::new(Barrier::new(1)));
        // More panics than workers: were a panic to end its thread, the pool would be empty after two.
        for _ in 0..5 {
            let answer = tokio::time::timeout(std::time::Duration::from_secs(10), pool.render("/panic", "{}".into()));
            let answer = answer.await.expect("a worker answers");
            assert!(matches!(answer, Err(RenderError::Panicked(ref m)) if m == "a renderer bug"), "{answer:?}");
        }
        assert!(pool.render("/a", "{}".into()).await.unwrap().html.starts_with("/a#"));
        // A worker answers before it rebuilds, and the other worker may have rendered "/a" meanwhile:
        // wait (bounded) for the last rebuild rather than race it.
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
        while built.load(Ordering::SeqCst) < 2 + 5 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        assert_eq!(built.load(Ordering::SeqCst), 2 + 5, "each panic rebuilt its worker's renderer");
    }

    #[tokio::test]
    async fn a_job_whose_requester_has_gone_is_not_rendered() {
        let barrier = Arc::new(Barrier::new(2));
        let Harness { pool, mut started, .. } = pool(1, 4, Arc::clone(&barrier));
        let pool = Arc::new(pool);
        let first = tokio::spawn({
            let pool = Arc::clone(&pool);
            async move { pool.render("/block", "{}".into()).await }
        });
        started.recv().await.unwrap();
        // Queued behind the blocked render, then abandoned (its future dropped).
        let abandoned = tokio::spawn({
            let pool = Arc::clone(&pool);
            async move { pool.render("/block", "{}".into()).await }
        });
        while pool.queued() == 0 {
            tokio::task::yield_now().await;
        }
        abandoned.abort();
        assert!(abandoned.await.unwrap_err().is_cancelled());
        barrier.wait();
        first.await.unwrap().unwrap();
        // Had the abandoned job been rendered, it would block on the barrier and this would never end.
        let next = tokio::time::timeout(std::time::Duration::from_secs(10), pool.render("/a", "{}".into()));
        assert_eq!(next.await.expect("the worker skipped the abandoned job").unwrap().html, "/a#0");
        assert!(started.try_recv().is_err(), "the abandoned job never started");
    }

    #[test]
    fn a_factory_that_fails_fails_start_up() {
        let factory: RendererFactory = Arc::new(|| Err(RenderError::Threw("no bundle".into())));
        let err = RenderPool::start(PoolConfig { workers: 2, queue: 2 }, factory).err().unwrap();
        assert!(matches!(err, RenderError::Threw(m) if m == "no bundle"));
    }
}
