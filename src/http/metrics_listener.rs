//! The Prometheus listener (`METRICS_ADDR`): the recorded metrics as text at `/metrics`, with the gauges
//! of the live state (queue depth, renders in flight, connections, pages stored, clinical pages past their
//! review date, readiness) read when it is scraped.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use ::metrics::gauge;
use anyhow::Context as _;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use super::connections::{Connections, State as ConnectionState};
use crate::app::state::AppState;
use crate::base::metrics::{
    BUCKETS, BUILD_INFO, CONNECTIONS, CONTENT_RELOAD_FAILING, PAGES_CACHED, PAGES_PAST_REVIEW, READY,
    RENDERS_IN_FLIGHT, RENDER_QUEUE,
};

/// Installs the recorder, then serves its text on `address` at `/metrics` until the process ends.
pub async fn serve(
    address: SocketAddr,
    state: Arc<AppState>,
    connections: Arc<Connections>,
) -> anyhow::Result<SocketAddr> {
    let handle = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &BUCKETS)
        .and_then(PrometheusBuilder::install_recorder)
        .context("cannot start the metrics recorder")?;
    gauge!(BUILD_INFO, "version" => env!("CARGO_PKG_VERSION")).set(1.0);
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .with_context(|| format!("cannot listen for metrics on {address}; set METRICS_ADDR to another address"))?;
    let bound = listener.local_addr()?;
    // Histograms keep each sample until drained: drain them even when no one scrapes.
    let upkeep = handle.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(Duration::from_secs(5)).await;
            upkeep.run_upkeep();
        }
    });
    let app = Router::new().route("/metrics", get(scrape)).with_state((handle, state, connections));
    tokio::spawn(async move {
        if let Err(error) = axum::serve(listener, app).await {
            tracing::error!(%error, "the metrics listener stopped");
        }
    });
    Ok(bound)
}

type Scraped = (PrometheusHandle, Arc<AppState>, Arc<Connections>);

async fn scrape(State((handle, state, connections)): State<Scraped>) -> impl IntoResponse {
    let site = state.site.snapshot();
    gauge!(RENDER_QUEUE).set(state.site.renderer().pool().queued() as f64);
    // Renders under way for the live pages, shared by the requests that wait on them: 0 when idle.
    gauge!(RENDERS_IN_FLIGHT).set(site.flights.len() as f64);
    for kind in ConnectionState::ALL {
        gauge!(CONNECTIONS, "state" => kind.label()).set(connections.count(kind) as f64);
    }
    gauge!(PAGES_CACHED).set(site.pages.counts().total() as f64);
    gauge!(PAGES_PAST_REVIEW).set(site.overdue.len() as f64);
    gauge!(READY).set(if state.site.is_ready() { 1.0 } else { 0.0 });
    let failing = state.site.reload_failure().is_some();
    gauge!(CONTENT_RELOAD_FAILING).set(if failing { 1.0 } else { 0.0 });
    (StatusCode::OK, [(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], handle.render())
}
