use std::net::SocketAddr;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use clap::Parser;
use futures_util::FutureExt as _;
use tracing_subscriber::EnvFilter;

use clinic_site::app::healthcheck;
use clinic_site::app::reload;
use clinic_site::app::{Command, Config, LogFormat};
use clinic_site::base::panic_message;
use clinic_site::content::placeholders;
use clinic_site::http::metrics_listener;
use clinic_site::http::server::{connection_limit, listen, serve, ConnectionLimits};
use clinic_site::http::Connections;
use clinic_site::{router, AppState};

// glibc's malloc was a tenth of the server's time answering cached pages (many small allocations per
// request, freed on other threads); mimalloc's thread-local free lists make them cheap.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() {
    // A start-up failure (bad content, port in use) is a message for a person, not a panic trace.
    let config = Config::parse();
    if let Some(Command::Healthcheck) = config.command {
        match healthcheck::healthy(config.host, config.port) {
            Ok(()) => std::process::exit(0),
            Err(problem) => {
                eprintln!("unhealthy: {problem}");
                std::process::exit(1);
            }
        }
    }
    if let Err(error) = run(config).await {
        eprintln!("error: {error:#}");
        std::process::exit(1);
    }
}

async fn run(config: Config) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let filter =
        EnvFilter::try_new(&config.log_level).with_context(|| format!("invalid LOG_LEVEL \"{}\"", config.log_level))?;
    // One line per request must not make requests wait on the terminal or a pipe: a background
    // thread writes the lines (dropping some only if it falls far behind).
    let (writer, _flush_on_exit) = tracing_appender::non_blocking(std::io::stdout());
    let logs = tracing_subscriber::fmt().with_env_filter(filter).with_writer(writer);
    match config.log_format {
        LogFormat::Text => logs.with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout())).init(),
        LogFormat::Json => logs.json().flatten_event(true).init(),
    }

    let state = Arc::new(AppState::from_config(&config)?);
    let connections = Arc::new(Connections::default());
    placeholders::warn_if_public(&state.settings.site_url, &state.site.snapshot().content);
    // Before the first request, so the request metrics register with the recorder.
    if let Some(address) = config.metrics_addr {
        let bound = metrics_listener::serve(address, Arc::clone(&state), Arc::clone(&connections)).await?;
        tracing::info!(address = %bound, "metrics at /metrics");
    }
    let address = SocketAddr::new(config.host, config.port);
    let listener = listen(address).with_context(|| {
        format!("cannot listen on {address}; is another server using the port? set PORT to choose another")
    })?;
    let max_connections = connection_limit(config.max_connections);
    tracing::info!(%address, site_url = %state.settings.site_url, cache = state.settings.render_cache, engine = %config.ssr_engine.name(), workers = config.workers(), hsts = state.settings.hsts, max_connections, "listening");

    let _watching = reload::start(Arc::clone(&state), config.content_dir.as_deref())?;
    let background = Arc::clone(&state);
    tokio::spawn(async move {
        match AssertUnwindSafe(background.site.prerender_all()).catch_unwind().await {
            // What an operator watches at a deploy: how long from start until the first visitor is served.
            Ok(failures) => {
                tracing::info!(startup_ms = started.elapsed().as_millis() as u64, failed = failures.len(), "ready")
            }
            // Pages are then rendered on demand; /readyz stays 503, so the orchestrator sees it.
            Err(panic) => tracing::error!(panic = panic_message(&*panic), "pre-rendering panicked; not ready"),
        }
        background.site.date_changes().await;
    });
    let limits = ConnectionLimits {
        header_read: Duration::from_millis(config.header_read_timeout_ms),
        send: Duration::from_millis(config.send_timeout_ms),
        shutdown: Duration::from_millis(config.shutdown_timeout_ms),
        max_connections,
    };
    serve(listener, router(state), limits, connections, shutdown_signal()).await?;
    tracing::info!("stopped");
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! { _ = ctrl_c => {}, _ = terminate => {} }
    tracing::info!("shutting down: finishing requests in flight");
}
