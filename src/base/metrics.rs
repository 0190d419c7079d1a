//! Prometheus metrics: their names, and the counters and histograms recorded where things happen (the
//! request log, the render path, the pool, a rebuild). They are served on a listener of their own
//! (`METRICS_ADDR`, `http::metrics_listener`), never on the public port; off unless set: with no
//! recorder installed every `metrics::` call below does nothing.

use std::sync::OnceLock;
use std::time::Duration;

use metrics::{counter, gauge, histogram, Counter, Histogram, SharedString};

pub const REQUESTS: &str = "http_requests_total";
pub const REQUEST_DURATION: &str = "http_request_duration_seconds";
pub const PAGES: &str = "clinic_pages_total";
pub const RENDER_DURATION: &str = "clinic_render_duration_seconds";
pub const RENDER_QUEUE: &str = "clinic_render_queue_depth";
pub const RENDERS_IN_FLIGHT: &str = "clinic_renders_in_flight";
pub const CONNECTIONS: &str = "clinic_connections";
pub const RENDERS_REFUSED: &str = "clinic_renders_refused_total";
pub const ENGINE_REBUILDS: &str = "clinic_engine_rebuilds_total";
pub const CONTENT_RELOADS: &str = "clinic_content_reloads_total";
pub const CONTENT_RELOAD_FAILING: &str = "clinic_content_reload_failing";
pub const CONTENT_VERSION: &str = "clinic_content_version_info";
pub const SNAPSHOT_BUILD: &str = "clinic_snapshot_build_seconds";
pub const PAGES_CACHED: &str = "clinic_pages_cached";
pub const READY: &str = "clinic_ready";
pub const PAGES_PAST_REVIEW: &str = "clinic_pages_past_review";
pub const BUILD_INFO: &str = "clinic_build_info";

/// Seconds: a cached answer takes tens of microseconds, a render tens of milliseconds, a render
/// that hits its deadline two seconds.
pub const BUCKETS: [f64; 14] =
    [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5];

/// A new content version is live: it alone reads 1.
pub fn content_version(previous: Option<&str>, current: &str) {
    if let Some(previous) = previous.filter(|p| *p != current) {
        gauge!(CONTENT_VERSION, "version" => previous.to_owned()).set(0.0);
    }
    gauge!(CONTENT_VERSION, "version" => current.to_owned()).set(1.0);
}

/// What kind of answer a request got: the label of the request metrics. The router gives each of its
/// routes' answers its kind (`http::router`); an answer without one is a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Page,
    Data,
    Asset,
    Image,
    SiteFile,
    Health,
}

impl Kind {
    /// In declaration order: `kind as usize` indexes it.
    const ALL: [Kind; 6] = [Kind::Page, Kind::Data, Kind::Asset, Kind::Image, Kind::SiteFile, Kind::Health];

    fn label(self) -> &'static str {
        match self {
            Kind::Page => "page",
            Kind::Data => "data",
            Kind::Asset => "asset",
            Kind::Image => "image",
            Kind::SiteFile => "site_file",
            Kind::Health => "health",
        }
    }
}

/// The statuses the server answers with; others are labelled by number through the slow path.
const STATUSES: [u16; 12] = [200, 301, 304, 400, 404, 405, 408, 413, 414, 431, 500, 503];

/// The request metrics' handles, each registered on first use: looking a labelled metric up on every
/// request (hashing its name and labels) costs more than the rest of a cached answer's bookkeeping.
static COUNTS: [[OnceLock<Counter>; STATUSES.len()]; Kind::ALL.len()] =
    [const { [const { OnceLock::new() }; STATUSES.len()] }; Kind::ALL.len()];
static DURATIONS: [OnceLock<Histogram>; Kind::ALL.len()] = [const { OnceLock::new() }; Kind::ALL.len()];

fn status_label(status: u16) -> SharedString {
    SharedString::from(status.to_string())
}

/// One answered request.
pub fn request(kind: Kind, status: u16, elapsed: Duration) {
    let counter = || counter!(REQUESTS, "kind" => kind.label(), "status" => status_label(status));
    match STATUSES.iter().position(|s| *s == status) {
        Some(known) => COUNTS[kind as usize][known].get_or_init(counter).increment(1),
        None => counter().increment(1),
    }
    let duration = || histogram!(REQUEST_DURATION, "kind" => kind.label());
    DURATIONS[kind as usize].get_or_init(duration).record(elapsed.as_secs_f64());
}

/// A page answered from a snapshot's cache, or rendered for this request.
pub fn page(rendered: bool) {
    static CACHED: OnceLock<Counter> = OnceLock::new();
    static RENDERED: OnceLock<Counter> = OnceLock::new();
    let (handle, source) = if rendered { (&RENDERED, "rendered") } else { (&CACHED, "cached") };
    handle.get_or_init(|| counter!(PAGES, "source" => source)).increment(1);
}

pub fn render_duration(elapsed: Duration) {
    histogram!(RENDER_DURATION).record(elapsed.as_secs_f64());
}

pub fn render_refused() {
    counter!(RENDERS_REFUSED).increment(1);
}

pub fn engine_rebuilt() {
    counter!(ENGINE_REBUILDS).increment(1);
}

pub fn content_reload(ok: bool) {
    counter!(CONTENT_RELOADS, "result" => if ok { "ok" } else { "failed" }).increment(1);
}

pub fn snapshot_built(elapsed: Duration) {
    gauge!(SNAPSHOT_BUILD).set(elapsed.as_secs_f64());
}
