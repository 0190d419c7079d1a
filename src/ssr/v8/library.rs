//! `libmini_racer.so`, the V8 build inside PyPI's mini-racer wheel (the version engine/mini-racer.txt
//! pins), opened once per process, and the part of its C interface the renderer uses.
//!
//! The interface is the package's own (`exports.h`, `value.h` and `callback.h` of its sources), not a
//! published API: the build pins the wheel by hash, and start-up checks that the library it opens
//! exports every function used here and holds the V8 version this code was written against.

use std::ffi::{c_char, CStr, CString};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

pub const LIBRARY: &str = "libmini_racer.so";
/// V8's ICU data, which `Intl` and locale-aware formatting read; the library needs its path.
pub const ICU_DATA: &str = "icudtl.dat";
/// The wheel's version, from engine/mini-racer.txt (through build.rs).
pub const PACKAGE_VERSION: &str = env!("MINI_RACER_VERSION");
/// The V8 version that wheel holds: what `mr_v8_version` must answer.
pub const V8_VERSION: &str = "14.4.258.23";
/// Where build.rs installed the wheel's files: the fallback when none lie beside the binary, and what the
/// Dockerfile copies beside it.
pub const BUILD_DIR: &str = env!("MINI_RACER_DIR");
/// Process-wide V8 flags. Single-threaded: no compiler or garbage-collector threads beside the
/// renderers', so each worker costs one core at most, as a QuickJS worker does (docs/engine.md).
const V8_FLAGS: &str = "--single-threaded";

/// `MiniRacer::ValueHandle`: a value or an opaque handle, as the library lays it out (packed).
#[repr(C, packed)]
pub struct ValueHandle {
    /// A union of `char*` (strings, exception messages), `int64_t` and `double`.
    data: u64,
    len: usize,
    kind: u8,
}

impl ValueHandle {
    /// The type tag (`MiniRacer::ValueTypes`; the ones used are in [`kind`]).
    ///
    /// # Safety
    /// `handle` points to a live value of the library.
    pub unsafe fn kind(handle: *const ValueHandle) -> u8 {
        unsafe { std::ptr::addr_of!((*handle).kind).read_unaligned() }
    }

    /// The bytes of a string or an exception's message.
    ///
    /// # Safety
    /// `handle` points to a live value whose kind carries bytes (a string or an exception); the slice
    /// lives as long as the value.
    pub unsafe fn bytes<'a>(handle: *const ValueHandle) -> &'a [u8] {
        let data = unsafe { std::ptr::addr_of!((*handle).data).read_unaligned() } as *const u8;
        let len = unsafe { std::ptr::addr_of!((*handle).len).read_unaligned() };
        if data.is_null() || len == 0 {
            return &[];
        }
        unsafe { std::slice::from_raw_parts(data, len) }
    }
}

/// The type tags the renderer reads (`MiniRacer::ValueTypes`).
pub mod kind {
    pub const STRING: u8 = 5;
    pub const UNDEFINED: u8 = 11;
    pub const FUNCTION: u8 = 100;
    pub const EXECUTE_EXCEPTION: u8 = 200;
    pub const PARSE_EXCEPTION: u8 = 201;
    pub const OUT_OF_MEMORY: u8 = 202;
    pub const TIMEOUT: u8 = 203;
    pub const TERMINATED: u8 = 204;
    pub const VALUE_EXCEPTION: u8 = 205;
}

/// Receives each task's result, on the context's own thread and under its isolate's lock: it may only
/// hand the value over, never call the library.
pub type Callback = extern "C" fn(callback_id: u64, value: *mut ValueHandle);

/// The functions used, resolved once. Every call takes the context's id; every value handle that the
/// library returns is freed with `free_value` or goes with its context.
pub struct Api {
    pub path: PathBuf,
    init_context: unsafe extern "C" fn(Callback) -> u64,
    free_context: unsafe extern "C" fn(u64),
    /// Held while a context is made or freed. Without it, isolates set up at once on several threads
    /// sometimes abort the process with V8's "Check failed: !IsConfigurablePoolInitialized()": 2 runs
    /// in 8 of `tests/credentials.rs` (four apps starting their workers at once), none in 15 with it.
    lifecycle: Mutex<()>,
    pub set_hard_memory_limit: unsafe extern "C" fn(u64, usize),
    pub hard_memory_limit_reached: unsafe extern "C" fn(u64) -> bool,
    pub alloc_string_val: unsafe extern "C" fn(u64, *const c_char, u64, u8) -> *mut ValueHandle,
    pub free_value: unsafe extern "C" fn(u64, *mut ValueHandle),
    pub eval: unsafe extern "C" fn(u64, *mut ValueHandle, u64) -> u64,
    pub call_function: unsafe extern "C" fn(u64, *mut ValueHandle, *mut ValueHandle, *mut ValueHandle, u64) -> u64,
    pub cancel_task: unsafe extern "C" fn(u64, u64),
    /// Never unloaded: contexts and their threads live as long as the process may use them.
    _library: libloading::Library,
}

impl Api {
    /// A new context (an isolate with its thread) whose tasks report to `callback`; 0 when none was made.
    pub fn new_context(&self, callback: Callback) -> u64 {
        let _one_at_a_time = self.lifecycle.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: V8 is initialised (`api` did it before handing out the Api); `callback` is a function.
        unsafe { (self.init_context)(callback) }
    }

    /// Frees a context: its isolate, its thread and every value handle it still holds. A task still
    /// running reports to the callback before this returns.
    ///
    /// # Safety
    /// `context` is live and is not used again.
    pub unsafe fn free_context(&self, context: u64) {
        let _one_at_a_time = self.lifecycle.lock().unwrap_or_else(|e| e.into_inner());
        unsafe { (self.free_context)(context) }
    }
}

/// Why V8 cannot be used: each names the file and the version this build expects.
#[derive(Debug, Clone, thiserror::Error)]
pub enum LoadError {
    #[error(
        "the V8 engine ({LIBRARY} of mini-racer {PACKAGE_VERSION}, V8 {V8_VERSION}) is in none of: {searched}; \
         copy {LIBRARY} and {ICU_DATA} beside the binary, or set SSR_ENGINE=quickjs"
    )]
    Missing { searched: String },
    #[error("cannot open {path} (expected {LIBRARY} of mini-racer {PACKAGE_VERSION}, V8 {V8_VERSION})", path = .path.display())]
    Open {
        path: PathBuf,
        #[source]
        cause: Arc<libloading::Error>,
    },
    #[error("{path} has no `{symbol}`: it is not {LIBRARY} of mini-racer {PACKAGE_VERSION} (V8 {V8_VERSION})", path = .path.display())]
    Symbol { path: PathBuf, symbol: &'static str },
    #[error("{path} holds V8 {found}; this build expects mini-racer {PACKAGE_VERSION}, V8 {V8_VERSION}", path = .path.display())]
    Version { path: PathBuf, found: String },
    #[error("{path} is missing: V8 needs its ICU data beside {LIBRARY}", path = .path.display())]
    IcuData { path: PathBuf },
}

/// The library, opened and V8 initialised at the first call (`mr_init_v8` may run once per process).
pub fn api() -> Result<&'static Api, LoadError> {
    static API: OnceLock<Result<Api, LoadError>> = OnceLock::new();
    API.get_or_init(|| {
        let dir = search_dirs()
            .into_iter()
            .find(|dir| dir.join(LIBRARY).exists())
            .ok_or_else(|| LoadError::Missing { searched: searched() })?;
        let (api, init_v8) = open(&dir)?;
        let flags = CString::new(V8_FLAGS).expect("flags hold no NUL");
        let icu = CString::new(dir.join(ICU_DATA).as_os_str().as_bytes()).expect("a path holds no NUL");
        // SAFETY: the signature of exports.h; both strings outlive the call, which copies them.
        unsafe { init_v8(flags.as_ptr(), icu.as_ptr()) };
        Ok(api)
    })
    .as_ref()
    .map_err(Clone::clone)
}

/// Beside the binary first (the container, a copied release), then where the build installed it.
fn search_dirs() -> Vec<PathBuf> {
    // current_exe reads /proc, which a bare root may lack; argv[0] is the path the binary was run by.
    let exe = std::env::current_exe().ok().or_else(|| std::env::args_os().next().map(PathBuf::from));
    let beside = exe.and_then(|exe| exe.parent().map(Path::to_path_buf)).filter(|dir| dir.is_absolute());
    beside.into_iter().chain([PathBuf::from(BUILD_DIR)]).collect()
}

fn searched() -> String {
    search_dirs().iter().map(|dir| dir.display().to_string()).collect::<Vec<_>>().join(", ")
}

type InitV8 = unsafe extern "C" fn(*const c_char, *const c_char);

/// Opens `dir`'s library and checks it: every function, its V8 version, the ICU data beside it.
/// V8 is not initialised yet: the caller does that once, with the returned `mr_init_v8`.
fn open(dir: &Path) -> Result<(Api, InitV8), LoadError> {
    let path = dir.join(LIBRARY);
    let icu = dir.join(ICU_DATA);
    // SAFETY: loading runs the library's initialisers, V8's static constructors. It is opened with
    // RTLD_LOCAL (libloading's default): it exports its own malloc, which must not replace the process's.
    let library = unsafe { libloading::Library::new(&path) }
        .map_err(|cause| LoadError::Open { path: path.clone(), cause: Arc::new(cause) })?;
    let version: unsafe extern "C" fn() -> *const c_char = symbol(&library, &path, "mr_v8_version")?;
    // SAFETY: returns a static NUL-terminated string (V8_VERSION_STRING).
    let found = unsafe { CStr::from_ptr(version()) }.to_string_lossy().into_owned();
    check_version(&path, &found)?;
    if !icu.is_file() {
        return Err(LoadError::IcuData { path: icu });
    }
    let init_v8 = symbol(&library, &path, "mr_init_v8")?;
    let api = Api {
        init_context: symbol(&library, &path, "mr_init_context")?,
        free_context: symbol(&library, &path, "mr_free_context")?,
        set_hard_memory_limit: symbol(&library, &path, "mr_set_hard_memory_limit")?,
        hard_memory_limit_reached: symbol(&library, &path, "mr_hard_memory_limit_reached")?,
        alloc_string_val: symbol(&library, &path, "mr_alloc_string_val")?,
        free_value: symbol(&library, &path, "mr_free_value")?,
        eval: symbol(&library, &path, "mr_eval")?,
        call_function: symbol(&library, &path, "mr_call_function")?,
        cancel_task: symbol(&library, &path, "mr_cancel_task")?,
        lifecycle: Mutex::new(()),
        path,
        _library: library,
    };
    Ok((api, init_v8))
}

/// The function `name` of `library`, as the type the caller gives it (which must be exports.h's).
fn symbol<T: Copy>(library: &libloading::Library, path: &Path, name: &'static str) -> Result<T, LoadError> {
    let missing = || LoadError::Symbol { path: path.to_path_buf(), symbol: name };
    // SAFETY: the types given at each call site are those of exports.h for that name.
    unsafe { library.get::<T>(name) }.map(|symbol| *symbol).map_err(|_| missing())
}

fn check_version(path: &Path, found: &str) -> Result<(), LoadError> {
    if found == V8_VERSION {
        Ok(())
    } else {
        Err(LoadError::Version { path: path.to_path_buf(), found: found.to_owned() })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("clinic-v8-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn the_library_the_build_installed_is_the_expected_version() {
        let api = api().expect("V8 loads from the build's folder");
        assert!(api.path.ends_with(LIBRARY), "{}", api.path.display());
    }

    #[test]
    fn another_version_is_refused_naming_the_file_and_the_expected_version() {
        let error = check_version(Path::new("/opt/site/libmini_racer.so"), "12.0.1").unwrap_err().to_string();
        assert!(error.contains("/opt/site/libmini_racer.so") && error.contains("V8 12.0.1"), "{error}");
        assert!(error.contains(&format!("mini-racer {PACKAGE_VERSION}, V8 {V8_VERSION}")), "{error}");
    }

    #[test]
    fn a_file_that_is_not_the_library_is_refused_naming_it() {
        let dir = temp_dir("not-a-library");
        std::fs::write(dir.join(LIBRARY), "not a shared object").unwrap();
        let error = open(&dir).err().expect("refused").to_string();
        assert!(error.contains(&dir.join(LIBRARY).display().to_string()), "{error}");
        assert!(error.contains(&format!("mini-racer {PACKAGE_VERSION}, V8 {V8_VERSION}")), "{error}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_library_without_its_icu_data_is_refused_naming_the_missing_file() {
        let dir = temp_dir("no-icu");
        std::os::unix::fs::symlink(Path::new(BUILD_DIR).join(LIBRARY), dir.join(LIBRARY)).unwrap();
        let error = open(&dir).err().expect("refused").to_string();
        assert!(error.contains(&dir.join(ICU_DATA).display().to_string()), "{error}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_missing_library_names_where_it_was_looked_for_and_the_way_out() {
        let error = LoadError::Missing { searched: searched() }.to_string();
        assert!(error.contains(BUILD_DIR) && error.contains("SSR_ENGINE=quickjs"), "{error}");
    }
}
