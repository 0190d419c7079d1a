//! The time one engine instance (V8, or QuickJS with `SSR_ENGINE=quickjs`) takes to render a URL from an
//! SSR bundle and its route data, in-process (no HTTP, no compression): what docs/engine.md's "What a
//! render costs" measures.
//! Run: `cargo run --release --example render_time -- <ssr.js> <data.json> [url] [renders]`
//! where data.json is a route's data, e.g. the `data` of `curl http://127.0.0.1:3000/_data/`, and url
//! defaults to `/`. The bundle the server embeds is `target/release/build/clinic-site-*/out/js/ssr.js`.

use std::time::{Duration, Instant};

use clap::ValueEnum;
use clinic_site::ssr::{Engine, EngineLimits};

const WARM_UP: usize = 50;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [bundle, data, rest @ ..] = args.as_slice() else {
        eprintln!("usage: render_time <ssr.js> <data.json> [url] [renders]");
        std::process::exit(2);
    };
    let read = |path: &str| std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let bundle: &'static str = read(bundle).leak();
    let data = read(data);
    let url = rest.first().map_or("/", String::as_str);
    let renders: usize = rest.get(1).map_or(300, |n| n.parse().expect("renders is a number"));

    let engine = std::env::var("SSR_ENGINE")
        .map_or(Engine::V8, |name| Engine::from_str(&name, true).unwrap_or_else(|e| panic!("SSR_ENGINE={name}: {e}")));
    let limits = EngineLimits { deadline: Duration::from_secs(10), memory_bytes: 256 << 20 };
    let started = Instant::now();
    let mut engine = engine.build(bundle, limits).expect("the bundle loads");
    println!("bundle evaluated in {:.1} ms", ms(started.elapsed()));
    let started = Instant::now();
    let first = engine.render(url, &data).expect("the page renders");
    println!("first render: {:.1} ms, {} bytes of HTML", ms(started.elapsed()), first.html.len());
    for _ in 0..WARM_UP {
        engine.render(url, &data).expect("the page renders");
    }
    let started = Instant::now();
    for _ in 0..renders {
        engine.render(url, &data).expect("the page renders");
    }
    let each = ms(started.elapsed()) / renders as f64;
    println!("{renders} renders: {each:.2} ms each, {:.0} renders/s on one thread", 1000.0 / each);
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
