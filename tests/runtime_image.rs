//! The runtime image's premise without a container engine: the Dockerfile copies only the binary and the
//! V8 engine's two files beside it into distroless/cc (glibc's libraries and loader, little else) and runs
//! it as a non-root user. Here the binary runs chrooted in a folder holding only itself, the engine's
//! files, the libraries `ldd` names for the binary and the engine, and the loader, as
//! uid 65534 (or, when the tests do not run as root, as root of a user namespace, unprivileged
//! outside it), with an empty environment; it serves the site, passes its own health check, and
//! stops cleanly on SIGTERM.

mod common;

use std::fs::File;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use clinic_site::ssr::v8::library;
use common::binary::{Server, BINARY};
use common::TempDir;

/// `nobody`; distroless's `nonroot` is 65532, but any uid that owns nothing in the folder will do.
const UNPRIVILEGED: u32 = 65534;

/// How the folder becomes the root of a process that has no privilege over the machine.
enum Jail {
    /// The tests run as root (CI): chroot, then drop to an unprivileged uid and gid.
    AsRoot { chroot: PathBuf },
    /// Otherwise chroot needs CAP_SYS_CHROOT, which a user namespace grants over its own mounts only.
    UserNamespace { unshare: PathBuf, chroot: PathBuf },
}

impl Jail {
    /// `None` (said why on stderr) only when neither root nor user namespaces are available; a missing
    /// tool is a failure, since CI has both.
    fn find() -> Option<Self> {
        let chroot = on_path("chroot").expect("chroot (coreutils) is needed to test the runtime image");
        if std::fs::metadata("/proc/self").unwrap().uid() == 0 {
            return Some(Jail::AsRoot { chroot });
        }
        let unshare = on_path("unshare").expect("unshare (util-linux) is needed to test the runtime image as non-root");
        let probe = Command::new(&unshare).args(["--user", "--map-root-user", "true"]).output().unwrap();
        if !probe.status.success() {
            eprintln!(
                "SKIPPED: the runtime image test needs root or user namespaces, and `unshare --user \
                 --map-root-user true` failed ({}): {}",
                probe.status,
                String::from_utf8_lossy(&probe.stderr).trim()
            );
            return None;
        }
        Some(Jail::UserNamespace { unshare, chroot })
    }

    /// `/clinic-site args…` inside `root`, with an empty environment but for `env`, as the container
    /// has. Programs are given by absolute path: with the environment cleared there is no PATH.
    fn command(&self, root: &Path, env: &[(&str, String)], args: &[&str]) -> Command {
        let mut command = match self {
            Jail::AsRoot { chroot } => {
                let mut command = Command::new(chroot);
                command.arg(format!("--userspec={UNPRIVILEGED}:{UNPRIVILEGED}"));
                command
            }
            Jail::UserNamespace { unshare, chroot } => {
                let mut command = Command::new(unshare);
                command.args(["--user", "--map-root-user"]).arg(chroot);
                command
            }
        };
        // unshare and chroot exec rather than fork, so the child's pid is the server's.
        command.arg(root).arg("/clinic-site").args(args).env_clear().envs(env.iter().map(|(k, v)| (k, v)));
        command
    }
}

fn on_path(program: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?).map(|dir| dir.join(program)).find(|path| path.is_file())
}

/// A root filesystem holding only the binary at /clinic-site, the V8 engine beside it (/libmini_racer.so,
/// which the binary opens at start-up, and /icudtl.dat) and, at the same absolute paths, the files `ldd`
/// names for the binary and the engine: the shared libraries and the dynamic loader. Nothing else: no shell, no /etc,
/// no /tmp, no /proc. Docker would mount /proc, /sys and /dev; the binary only looks there (std for
/// the cgroup CPU quota, mimalloc for overcommit and huge pages) and does without.
fn runtime_root(root: &Path) -> Vec<PathBuf> {
    let engine = Path::new(library::BUILD_DIR);
    let mut libraries: Vec<PathBuf> = [Path::new(BINARY), &engine.join(library::LIBRARY)]
        .into_iter()
        .flat_map(|file| {
            let ldd = Command::new("ldd").arg(file).output().expect("ldd (glibc) lists a file's libraries");
            assert!(ldd.status.success(), "ldd {}: {}", file.display(), String::from_utf8_lossy(&ldd.stderr));
            // "libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x…)", "/lib64/ld-linux-x86-64.so.2 (0x…)";
            // the vDSO is in the kernel and has no path.
            let listed: Vec<PathBuf> = String::from_utf8(ldd.stdout)
                .unwrap()
                .lines()
                .filter_map(|line| line.split_whitespace().find(|word| word.starts_with('/')).map(PathBuf::from))
                .collect();
            listed
        })
        .collect();
    libraries.sort();
    libraries.dedup();
    assert!(
        libraries.iter().any(|path| path.to_string_lossy().contains("ld-linux")),
        "no loader in ldd's list: {libraries:?}"
    );
    for library in &libraries {
        let target = root.join(library.strip_prefix("/").unwrap());
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        // A copy of what the path resolves to: the host's /lib64 may be a symlink into /usr.
        std::fs::copy(library, target).unwrap();
    }
    std::fs::copy(BINARY, root.join("clinic-site")).unwrap();
    for file in [library::LIBRARY, library::ICU_DATA] {
        std::fs::copy(engine.join(file), root.join(file)).unwrap();
    }
    libraries
}

/// Every file under `root` but folders, as absolute paths inside it, sorted: what the root holds.
fn files(root: &Path, dir: &Path) -> Vec<PathBuf> {
    let mut found = vec![];
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(files(root, &path));
        } else {
            found.push(Path::new("/").join(path.strip_prefix(root).unwrap()));
        }
    }
    found.sort();
    found
}

fn text(output: &Output) -> String {
    format!("stdout: {}\nstderr: {}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

/// The `Uid:` and `Gid:` lines of a running process (real, effective, saved, filesystem).
fn ids(pid: u32) -> (String, String) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = |key: &str| status.lines().find(|l| l.starts_with(key)).unwrap()[key.len()..].trim().to_owned();
    (line("Uid:"), line("Gid:"))
}

#[tokio::test]
async fn the_binary_alone_with_its_libraries_serves_the_site_as_an_unprivileged_user() {
    let Some(jail) = Jail::find() else { return };
    let work = TempDir::new("runtime-image");
    let root = work.join("root");
    let libraries = runtime_root(&root);
    let beside = ["/clinic-site", "/libmini_racer.so", "/icudtl.dat"].map(PathBuf::from);
    let mut expected: Vec<PathBuf> = libraries.into_iter().chain(beside).collect();
    expected.sort();
    expected.dedup();
    assert_eq!(
        files(&root, &root),
        expected,
        "the root holds only the binary, the engine, their libraries and the loader"
    );

    // A start that fails for want of a library says so here rather than as "exited before ready".
    let help = jail.command(&root, &[], &["--help"]).output().unwrap();
    assert!(help.status.success(), "the binary does not start in the bare root:\n{}", text(&help));

    let log = work.join("stdout.log");
    let server = Server::start("runtime-image-server", |command, port| {
        // Server::start runs the binary directly; the jail runs it instead. Its log goes to our folder,
        // stderr to the test's (a start-up error is shown there).
        *command = jail.command(&root, &[("PORT", port.to_string()), ("HOST", "127.0.0.1".into())], &[]);
        command.stdout(File::create(&log).unwrap()).stderr(Stdio::inherit());
    });
    if let Jail::AsRoot { .. } = jail {
        let want = format!("{UNPRIVILEGED}\t{UNPRIVILEGED}\t{UNPRIVILEGED}\t{UNPRIVILEGED}");
        assert_eq!(ids(server.pid()), (want.clone(), want), "the server runs as uid and gid {UNPRIVILEGED}");
    }

    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let home = client.get(server.url("/")).send().await.unwrap();
    assert_eq!(home.status(), 200);
    assert_eq!(home.headers()["content-type"], "text/html; charset=utf-8");
    let html = home.text().await.unwrap();
    assert!(html.contains("Our Services") && html.contains("Frequently Asked Questions"), "{html}");
    // The page's own script, as a browser would fetch it next.
    let script = html.split(r#"<script type="module" src=""#).nth(1).and_then(|rest| rest.split('"').next());
    let script = script.unwrap_or_else(|| panic!("no module script in the home page: {html}"));
    let asset = client.get(server.url(script)).send().await.unwrap();
    assert_eq!(asset.status(), 200, "{script}");
    assert!(asset.headers()["content-type"].to_str().unwrap().contains("javascript"), "{script}");
    assert!(!asset.bytes().await.unwrap().is_empty(), "{script}");

    // The image's HEALTHCHECK: the same root and user, the image's HOST=0.0.0.0 (asked on loopback).
    let env = [("PORT", server.port().to_string()), ("HOST", "0.0.0.0".into())];
    let health = jail.command(&root, &env, &["healthcheck"]).output().unwrap();
    assert!(health.status.success(), "healthcheck in the jail failed:\n{}", text(&health));

    let (status, _) = server.terminate();
    assert!(status.success(), "the server exited with {status} on SIGTERM");
    let log = std::fs::read_to_string(&log).unwrap();
    assert!(log.contains("listening") && log.contains("stopped"), "{log}");
    assert!(log.contains("engine=V8"), "the pages were rendered by V8, opened beside the binary: {log}");
}
