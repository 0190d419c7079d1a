# syntax=docker/dockerfile:1
# The clinic site as one small container: a binary that embeds the client assets, the SSR bundle and the
# content, and beside it the V8 engine it renders with (libmini_racer.so and its ICU data). Build: docker build -t clinic-site .   Run: docker run -p 3000:3000 -e SITE_URL=https://… clinic-site

# 1. The JavaScript packages (esbuild, React, swiper, …) that build.rs bundles.
FROM node:20.20-bookworm-slim AS node
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# 2. The release binary. build.rs runs `node scripts/bundle.mjs`, so this stage needs node (not npm), and
#    installs the V8 engine pinned in engine/mini-racer.txt with pip. Rust: exactly Cargo.toml's rust-version.
FROM rust:1.95.0-bookworm AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3-pip && rm -rf /var/lib/apt/lists/*
COPY --from=node /usr/local/bin/node /usr/local/bin/node
WORKDIR /src
COPY --from=node /src/node_modules ./node_modules
COPY . .
RUN cargo build --release --locked && strip target/release/clinic-site \
 && mkdir /engine && cp target/release/build/clinic-site-*/out/mini-racer-*/py_mini_racer/libmini_racer.so \
    target/release/build/clinic-site-*/out/mini-racer-*/py_mini_racer/icudtl.dat /engine/

# 3. The runtime: glibc and libgcc only (the binary and the engine need nothing else), no shell, a non-root
#    user. The binary opens the engine from its own folder.
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /src/target/release/clinic-site /clinic-site
COPY --from=build /engine/ /
ENV HOST=0.0.0.0 PORT=3000
EXPOSE 3000
USER nonroot
# The binary checks its own /healthz (the image has no curl or shell).
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 CMD ["/clinic-site", "healthcheck"]
ENTRYPOINT ["/clinic-site"]
