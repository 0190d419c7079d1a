//! Settings, from flags or the environment (flags win): the one description of each, from which clap
//! writes `--help`; the README's settings table is checked against it by a test.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

use clap::Parser;

use crate::base::origin::Origin;
use crate::ssr::Engine;

#[derive(Debug, Clone, Parser)]
#[command(version, about = "The clinic's website: axum serving React pages rendered in embedded QuickJS")]
pub struct Config {
    /// What to do instead of serving (none: serve the site).
    #[command(subcommand)]
    pub command: Option<Command>,

    /// Address to listen on.
    #[arg(long, env = "HOST", default_value = "127.0.0.1")]
    pub host: IpAddr,

    /// Port to listen on.
    #[arg(long, env = "PORT", default_value_t = 3000)]
    pub port: u16,

    /// Public origin of the site, used for canonical URLs (e.g. https://clinic.example.org).
    #[arg(long, env = "SITE_URL", default_value = "http://127.0.0.1:3000", value_parser = Origin::parse)]
    pub site_url: Origin,

    /// Log filter: error, warn, info, debug, trace, or a tracing directive list.
    #[arg(long, env = "LOG_LEVEL", default_value = "info")]
    pub log_level: String,

    /// Log line format: text for people, or json (one object per line) for log shippers.
    #[arg(long, env = "LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,

    /// Serve Prometheus metrics at /metrics on this address, e.g. 127.0.0.1:9100 (off unless set).
    /// Keep it off the public network: it is meant for the operator's scraper.
    #[arg(long, env = "METRICS_ADDR")]
    pub metrics_addr: Option<SocketAddr>,

    /// Read content from this folder instead of the copy embedded in the binary (for editors). The
    /// server watches it and serves each valid change within a second, without a restart.
    #[arg(long, env = "CONTENT_DIR")]
    pub content_dir: Option<PathBuf>,

    /// Render every request afresh instead of serving cached pages (for benchmarks).
    /// The variable takes 1/0, true/false, yes/no or on/off.
    #[arg(long, env = "NO_RENDER_CACHE", action = clap::ArgAction::SetTrue, value_parser = clap::builder::BoolishValueParser::new())]
    pub no_render_cache: bool,

    /// The JavaScript engine that renders the pages: V8 (its library beside the binary or where the build
    /// put it), or QuickJS (built in).
    #[arg(long, env = "SSR_ENGINE", value_enum, default_value_t = Engine::V8)]
    pub ssr_engine: Engine,

    /// Render worker threads, each with its own JS runtime [default: number of cores].
    #[arg(long, env = "SSR_WORKERS")]
    pub ssr_workers: Option<usize>,

    /// Renders that may wait for a worker; beyond that requests get 503 with Retry-After.
    #[arg(long, env = "SSR_QUEUE", default_value_t = 64)]
    pub ssr_queue: usize,

    /// Deadline of one render in milliseconds.
    #[arg(long, env = "RENDER_TIMEOUT_MS", default_value_t = 2000)]
    pub render_timeout_ms: u64,

    /// Memory limit of each JS runtime in MiB.
    #[arg(long, env = "RENDER_MEMORY_MB", default_value_t = 128)]
    pub render_memory_mb: usize,

    /// Send Strict-Transport-Security (one year, subdomains included) and ask browsers to upgrade
    /// insecure requests. Only right when visitors reach the site over HTTPS: off for plain-HTTP
    /// local use, where the upgrade would send the page's assets to an https:// that does not
    /// answer [default: on when SITE_URL starts with https://]. Takes 1/0, true/false, yes/no, on/off.
    #[arg(long, env = "HSTS", value_parser = clap::builder::BoolishValueParser::new())]
    pub hsts: Option<bool>,

    /// Seconds a shared cache (a CDN, a caching proxy) may serve a page before asking this server
    /// again: an edit reaches visitors behind one within this. Browsers always ask (max-age=0).
    #[arg(long, env = "SHARED_MAX_AGE", default_value_t = DEFAULT_SHARED_MAX_AGE)]
    pub shared_max_age: u64,

    /// Most connections open at once (fewer if the open-file limit is lower). An idle connection
    /// holds about 18 KB, so the default bounds them at about 180 MB. When all are taken, one is
    /// closed to admit the next: the oldest waiting for a request, else the oldest whose client has
    /// stopped reading its answer.
    #[arg(long, env = "MAX_CONNECTIONS", default_value_t = 10_000)]
    pub max_connections: usize,

    /// Milliseconds a client has to send a request's headers (from its first byte, or from the end
    /// of the previous response on a kept-alive connection); a slower one is disconnected. Headers
    /// are one or two packets, so ten seconds is generous even on a slow mobile link.
    #[arg(long, env = "HEADER_READ_TIMEOUT_MS", default_value_t = 10_000)]
    pub header_read_timeout_ms: u64,

    /// Milliseconds a client may take none of its answer before it is disconnected (nginx's
    /// send_timeout, at nginx's default): a phone that loses its signal for a moment resumes well
    /// within it, while a client that never reads holds no connection for long.
    #[arg(long, env = "SEND_TIMEOUT_MS", default_value_t = 60_000)]
    pub send_timeout_ms: u64,

    /// Milliseconds the server waits, after SIGTERM or Ctrl-C, for the requests in flight before it
    /// closes the connections left and exits 0. Under an orchestrator's grace period (Kubernetes
    /// kills at 30 s), so a client that never reads its answer cannot make the process be killed.
    #[arg(long, env = "SHUTDOWN_TIMEOUT_MS", default_value_t = 20_000)]
    pub shutdown_timeout_ms: u64,
}

pub const DEFAULT_SHARED_MAX_AGE: u64 = 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

#[derive(Debug, Clone, clap::Subcommand)]
pub enum Command {
    /// Exit 0 when the server on PORT answers GET /healthz with 200, else 1 (a container's
    /// HEALTHCHECK: the runtime image has no curl or shell).
    Healthcheck,
}

impl Config {
    pub fn workers(&self) -> usize {
        self.ssr_workers.unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get()))
    }

    pub fn hsts(&self) -> bool {
        self.hsts.unwrap_or_else(|| self.site_url.is_https())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_match_the_documentation() {
        let config = Config::try_parse_from(["clinic-site"]).unwrap();
        assert_eq!(config.port, 3000);
        assert_eq!(config.host.to_string(), "127.0.0.1");
        assert_eq!(config.render_timeout_ms, 2000);
        assert_eq!(config.ssr_engine, Engine::V8);
        assert_eq!(
            Config::try_parse_from(["clinic-site", "--ssr-engine", "quickjs"]).unwrap().ssr_engine,
            Engine::QuickJs
        );
        assert!(!config.no_render_cache);
        assert!(Config::try_parse_from(["clinic-site", "--no-render-cache"]).unwrap().no_render_cache);
        assert_eq!(config.header_read_timeout_ms, 10_000);
        assert_eq!(config.send_timeout_ms, 60_000);
        assert_eq!(config.shutdown_timeout_ms, 20_000);
        assert_eq!(config.log_format, LogFormat::Text);
        assert_eq!(config.max_connections, 10_000);
        assert_eq!(config.shared_max_age, 60);
        assert_eq!(config.metrics_addr, None);
        let json = Config::try_parse_from(["clinic-site", "--log-format", "json", "--metrics-addr", "127.0.0.1:9100"]);
        let json = json.unwrap();
        assert_eq!((json.log_format, json.metrics_addr.unwrap().port()), (LogFormat::Json, 9100));
    }

    #[test]
    fn hsts_follows_the_site_url_unless_set() {
        let parse = |args: &[&str]| Config::try_parse_from([&["clinic-site"], args].concat()).unwrap().hsts();
        assert!(!parse(&[]));
        assert!(parse(&["--site-url", "https://clinic.example.org"]));
        assert!(!parse(&["--site-url", "https://clinic.example.org", "--hsts", "off"]));
        assert!(parse(&["--hsts", "on"]));
    }

    /// The README's table of settings has one row per setting, in order, with its variable, flag and
    /// default exactly as `--help` gives them (a setting without a default says what it falls back to).
    #[test]
    fn the_readme_table_describes_every_setting() {
        use clap::CommandFactory;
        let readme = include_str!("../../README.md");
        let table = readme.split("## Settings").nth(1).expect("README.md has a Settings section");
        let rows: Vec<Vec<&str>> = table
            .lines()
            .skip_while(|line| !line.starts_with("| variable |"))
            .skip(2)
            .take_while(|line| line.starts_with('|'))
            .map(|line| line.trim_matches('|').split(" | ").map(str::trim).collect())
            .collect();
        let command = Config::command();
        let settings: Vec<_> = command.get_arguments().filter(|arg| arg.get_env().is_some()).collect();
        assert_eq!(rows.len(), settings.len(), "one README row per setting");
        for (row, arg) in rows.iter().zip(settings) {
            let env = arg.get_env().unwrap().to_string_lossy();
            assert_eq!(row[0], format!("`{env}`"));
            assert_eq!(row[1], format!("`--{}`", arg.get_long().unwrap()), "{env}");
            match arg.get_default_values() {
                [default] => assert_eq!(row[2], default.to_string_lossy(), "{env}'s default"),
                _ => {
                    assert!(!row[2].is_empty() && !row[2].starts_with(char::is_numeric), "{env}: what it falls back to")
                }
            }
            assert!(row[3].len() > 10, "{env} says what it does");
        }
    }
}
