// The Web APIs React and the app touch that QuickJS does not provide. Node has them all, so
// each is installed only when missing, and the same bundle runs in both.
//
// Server rendering is synchronous: timers and message-channel callbacks queued during a render
// never need real time, so they are kept in one queue that drainTimers() runs after each render.

import URLSearchParamsPolyfill from "core-js-pure/stable/url-search-params/index.js";

type Callback = (...args: unknown[]) => void;

const g = globalThis as Record<string, unknown>;
const queue = new Map<number, () => void>();
let nextId = 1;

function enqueue(task: () => void): number {
  const id = nextId++;
  queue.set(id, task);
  return id;
}

/** Runs queued callbacks (including ones they queue), at most `limit` of them so a loop cannot hang a render. */
export function drainTimers(limit = 1000): void {
  for (let ran = 0; queue.size > 0 && ran < limit; ran++) {
    const [id, task] = queue.entries().next().value as [number, () => void];
    queue.delete(id);
    task();
  }
  queue.clear();
}

if (typeof g.setTimeout !== "function") {
  g.setTimeout = (fn: Callback, _ms?: number, ...args: unknown[]) => enqueue(() => fn(...args));
  g.clearTimeout = (id: number) => void queue.delete(id);
  g.setInterval = g.setTimeout;
  g.clearInterval = g.clearTimeout;
}

if (typeof g.setImmediate !== "function") {
  g.setImmediate = (fn: Callback, ...args: unknown[]) => enqueue(() => fn(...args));
}

if (typeof g.queueMicrotask !== "function") {
  g.queueMicrotask = (fn: () => void) => void Promise.resolve().then(fn);
}

if (typeof g.performance !== "object") {
  const start = Date.now();
  g.performance = { now: () => Date.now() - start, timeOrigin: start };
}

if (typeof g.MessageChannel !== "function") {
  class Port {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    other: Port | null = null;
    postMessage(data: unknown) {
      const target = this.other;
      enqueue(() => target?.onmessage?.({ data }));
    }
    close() {
      this.onmessage = null;
    }
  }
  g.MessageChannel = class MessageChannel {
    port1 = new Port();
    port2 = new Port();
    constructor() {
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  };
}

if (typeof g.TextEncoder !== "function") {
  g.TextEncoder = class TextEncoder {
    readonly encoding = "utf-8";
    encode(input = ""): Uint8Array {
      const bytes: number[] = [];
      for (const ch of input) {
        const c = ch.codePointAt(0) as number;
        if (c < 0x80) bytes.push(c);
        else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
        else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
        else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      }
      return new Uint8Array(bytes);
    }
  };
}

// The blog list reads its state from the query (client/lib/blogList.ts).
if (typeof g.URLSearchParams !== "function") g.URLSearchParams = URLSearchParamsPolyfill;
