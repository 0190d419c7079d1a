//! V8 running the SSR bundle: one mini-racer context (an isolate, its context and the thread that runs
//! it) per renderer, driven through the library's asynchronous C interface.
//!
//! Each call into JavaScript is a task: it starts at once, runs on the context's thread, and its result
//! comes back through a callback into a channel that this renderer waits on, with the deadline as the
//! wait's bound; past it the task is cancelled (V8's `TerminateExecution`). A trip to that thread costs
//! about 50 µs, so a render is one trip: the URL and the data go in as one string, the `this` of a small
//! wrapper that calls `render` and returns its result as JSON (docs/engine.md).

pub mod library;

use std::mem::ManuallyDrop;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};

use self::library::{kind, Api, ValueHandle};
use super::{AppRender, EngineLimits, RenderError, Renderer};

/// Evaluating the bundle happens once per context and may take longer than a render.
const LOAD_DEADLINE: Duration = Duration::from_secs(20);
/// How long a cancelled task may take to report that it stopped. V8 stops a running script within
/// milliseconds; a task still running after this is left with its context, which is never freed.
const CANCEL_GRACE: Duration = Duration::from_secs(5);
/// Calls `render(url, data)` with both in `this` ("url\ndata": a URL holds no newline) and returns its
/// result as JSON: what the QuickJS renderer reads with `JSON.stringify` too.
const RENDER_WRAPPER: &str = "(function () { 'use strict'; const cut = this.indexOf('\\n'); \
    return JSON.stringify(globalThis.render(this.slice(0, cut), this.slice(cut + 1))); })";

/// A task's result, handed from the context's thread to the renderer's.
struct Answer(*mut ValueHandle);
// SAFETY: a value handle may be read and freed from any thread (the library's registry locks).
unsafe impl Send for Answer {}

extern "C" fn deliver(callback_id: u64, value: *mut ValueHandle) {
    // SAFETY: every task is started with the address of its renderer's `mailbox` as its callback id, and
    // the mailbox outlives the context (see `V8`'s drop), whose teardown reports any task still running.
    let mailbox = unsafe { &*(callback_id as *const Sender<Answer>) };
    let _ = mailbox.send(Answer(value));
}

pub struct V8 {
    api: &'static Api,
    context: u64,
    limits: EngineLimits,
    /// The wrapper around `globalThis.render`, a function handle.
    render: *mut ValueHandle,
    /// An empty array: the wrapper's arguments.
    no_args: *mut ValueHandle,
    answers: Receiver<Answer>,
    /// Where `deliver` sends results; its address is each task's callback id. Dropped after the context.
    mailbox: ManuallyDrop<Box<Sender<Answer>>>,
    /// A cancelled task did not stop: freeing the context would wait for it, so it is left running.
    stuck: bool,
}

/// How a task failed, as the library reported it.
enum Failure {
    OutOfMemory,
    Timeout,
    Threw(String),
    Contract(String),
    Engine(String),
}

impl From<Failure> for RenderError {
    fn from(failure: Failure) -> Self {
        match failure {
            Failure::OutOfMemory => RenderError::OutOfMemory,
            Failure::Timeout => RenderError::Timeout,
            Failure::Threw(message) => RenderError::Threw(message),
            Failure::Contract(message) => RenderError::Contract(message),
            Failure::Engine(message) => RenderError::engine("V8", message),
        }
    }
}

impl V8 {
    /// A context with the bundle evaluated, so `render` is defined.
    pub fn new(bundle: &str, limits: EngineLimits) -> Result<Self, RenderError> {
        let api = library::api().map_err(|e| RenderError::engine("V8", e))?;
        let context = api.new_context(deliver);
        if context == 0 {
            return Err(RenderError::engine("V8", "mr_init_context made no context"));
        }
        let (mailbox, answers) = crossbeam_channel::unbounded();
        let mut engine = Self {
            api,
            context,
            limits,
            render: std::ptr::null_mut(),
            no_args: std::ptr::null_mut(),
            answers,
            mailbox: ManuallyDrop::new(Box::new(mailbox)),
            stuck: false,
        };
        // SAFETY: a live context. Checked after each garbage collection; past it the script is stopped.
        unsafe { (api.set_hard_memory_limit)(context, limits.memory_bytes) };
        engine.eval(bundle, LOAD_DEADLINE, |_| Ok(()))?;
        engine.eval("typeof globalThis.render", LOAD_DEADLINE, |value| match text(value) {
            Some("function") => Ok(()),
            _ => Err(Failure::Contract("the bundle does not define globalThis.render".into())),
        })?;
        engine.render = engine.eval(RENDER_WRAPPER, LOAD_DEADLINE, |value| Ok(value.take()))?;
        engine.no_args = engine.eval("[]", LOAD_DEADLINE, |value| Ok(value.take()))?;
        Ok(engine)
    }

    /// Evaluates `code` and reads its value with `read` (which may keep the handle: `Value::take`).
    fn eval<T>(
        &mut self,
        code: &str,
        budget: Duration,
        read: impl FnOnce(&mut Value) -> Result<T, Failure>,
    ) -> Result<T, RenderError> {
        let code = self.string(code)?;
        let result = self.run(budget, |api, context, callback| unsafe { (api.eval)(context, code.handle, callback) });
        Ok(read(&mut result?)?)
    }

    /// A string value owned by this context.
    fn string(&self, text: &str) -> Result<Value, Failure> {
        // SAFETY: a live context; the library copies the bytes.
        let handle =
            unsafe { (self.api.alloc_string_val)(self.context, text.as_ptr().cast(), text.len() as u64, kind::STRING) };
        if handle.is_null() {
            return Err(Failure::Engine("mr_alloc_string_val returned no value".into()));
        }
        Ok(Value { api: self.api, context: self.context, handle })
    }

    /// Starts a task with `start`, waits for its result until `budget` has passed, then cancels it, and
    /// classifies what came back. The task's inputs must live until this returns.
    fn run(&mut self, budget: Duration, start: impl FnOnce(&Api, u64, u64) -> u64) -> Result<Value, Failure> {
        let began = Instant::now();
        let callback = &**self.mailbox as *const Sender<Answer> as u64;
        let task = start(self.api, self.context, callback);
        let answer = match self.answers.recv_timeout(budget) {
            Ok(answer) => answer,
            Err(RecvTimeoutError::Timeout) => {
                // SAFETY: a live context and one of its tasks; cancelling a finished task does nothing.
                unsafe { (self.api.cancel_task)(self.context, task) };
                match self.answers.recv_timeout(CANCEL_GRACE) {
                    Ok(answer) => drop(Value { api: self.api, context: self.context, handle: answer.0 }),
                    Err(_) => self.stuck = true,
                }
                return Err(Failure::Timeout);
            }
            Err(RecvTimeoutError::Disconnected) => unreachable!("this renderer holds the mailbox"),
        };
        let value = Value { api: self.api, context: self.context, handle: answer.0 };
        if value.handle.is_null() {
            return Err(Failure::Engine("a task reported no value".into()));
        }
        let exception = || String::from_utf8_lossy(value.bytes()).trim_end().to_owned();
        match value.kind() {
            k if k >= kind::EXECUTE_EXCEPTION && self.memory_limit_reached() => Err(Failure::OutOfMemory),
            kind::OUT_OF_MEMORY => Err(Failure::OutOfMemory),
            kind::TIMEOUT | kind::TERMINATED if began.elapsed() >= budget => Err(Failure::Timeout),
            kind::EXECUTE_EXCEPTION | kind::PARSE_EXCEPTION | kind::VALUE_EXCEPTION => Err(Failure::Threw(exception())),
            k if k >= kind::EXECUTE_EXCEPTION => {
                Err(Failure::Engine(format!("task failed (kind {k}): {}", exception())))
            }
            _ => Ok(value),
        }
    }

    /// Whether the heap went past the hard limit. A call that hits it reports an ordinary exception
    /// (the message "null"), so this flag is what tells the two apart.
    fn memory_limit_reached(&self) -> bool {
        // SAFETY: a live context.
        unsafe { (self.api.hard_memory_limit_reached)(self.context) }
    }
}

impl Renderer for V8 {
    fn render(&mut self, url: &str, data_json: &str) -> Result<AppRender, RenderError> {
        let this = self.string(&format!("{url}\n{data_json}"))?;
        let (render, no_args) = (self.render, self.no_args);
        let result = self.run(self.limits.deadline, |api, context, callback| unsafe {
            (api.call_function)(context, render, this.handle, no_args, callback)
        })?;
        let json = match result.kind() {
            kind::STRING => std::str::from_utf8(result.bytes())
                .map_err(|e| RenderError::engine("V8", format!("the render's JSON is not UTF-8: {e}")))?,
            // JSON.stringify(undefined): the bundle returned nothing; read as empty, as QuickJS does.
            kind::UNDEFINED => "",
            other => return Err(RenderError::Contract(format!("the render wrapper returned a value of kind {other}"))),
        };
        let mut reader = serde_json::Deserializer::from_str(json);
        serde_path_to_error::deserialize(&mut reader).map_err(|e| RenderError::Contract(e.to_string()))
    }
}

impl Drop for V8 {
    fn drop(&mut self) {
        // A stuck context may still report to its mailbox at any time: both are left as they are.
        if !self.stuck {
            // SAFETY: frees the isolate, its thread and every value handle it still holds (the wrapper's
            // among them); a task still running reports to `deliver` before this returns, and only then
            // is the mailbox it reports to dropped.
            unsafe {
                self.api.free_context(self.context);
                ManuallyDrop::drop(&mut self.mailbox);
            }
        }
    }
}

/// A value handle, freed when dropped unless taken.
struct Value {
    api: &'static Api,
    context: u64,
    handle: *mut ValueHandle,
}

impl Value {
    fn kind(&self) -> u8 {
        // SAFETY: a live value of this context.
        unsafe { ValueHandle::kind(self.handle) }
    }

    /// A string's or an exception's bytes; empty for other kinds.
    fn bytes(&self) -> &[u8] {
        match self.kind() {
            // SAFETY: these kinds carry bytes, which live as long as the value.
            kind::STRING | kind::EXECUTE_EXCEPTION.. => unsafe { ValueHandle::bytes(self.handle) },
            _ => &[],
        }
    }

    /// The handle, kept alive with the context rather than freed now.
    fn take(&mut self) -> *mut ValueHandle {
        std::mem::replace(&mut self.handle, std::ptr::null_mut())
    }
}

/// A string value's text, if it is a string.
fn text(value: &Value) -> Option<&str> {
    (value.kind() == kind::STRING).then(|| std::str::from_utf8(value.bytes()).ok()).flatten()
}

impl Drop for Value {
    fn drop(&mut self) {
        if !self.handle.is_null() {
            // SAFETY: a live value of a live context, freed once.
            unsafe { (self.api.free_value)(self.context, self.handle) };
        }
    }
}
