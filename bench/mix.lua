-- wrk script of bench/run.sh's load and operations suites (bench/suites/load.sh, operations.sh):
-- cycles through every path listed in the file named by $MIX_PATHS (one a line), asking for brotli
-- as a browser does, and counts the responses' statuses.
--
-- wrk's own tally ("Non-2xx or 3xx responses") says only how many failed; the per-status table
-- printed by done() says which, and the "mix ..." lines are what the load suite parses (wrk's text
-- rounds latencies; these are exact microseconds).

local list = os.getenv("MIX_PATHS") or error("MIX_PATHS must name the file of paths")
local paths = {}
for line in io.lines(list) do
  if line ~= "" then paths[#paths + 1] = line end
end
if #paths == 0 then error("no paths in " .. list) end

wrk.headers["Accept-Encoding"] = "br"

-- setup() and done() run in a separate Lua state; these keep the threads to read them back.
local threads = {}
function setup(thread)
  thread:set("offset", #threads)
  threads[#threads + 1] = thread
end

-- Per thread: the requests, built once (wrk advises it: building one per call costs wrk CPU that
-- the server then lacks), and the counters that done() collects.
local requests, next_index
statuses = {}
brotli = 0
function init(_)
  requests = {}
  for i, path in ipairs(paths) do requests[i] = wrk.format("GET", path) end
  -- Threads start at different paths, so the mix is even from the first second.
  next_index = (offset * 7) % #requests
end

function request()
  next_index = next_index % #requests + 1
  return requests[next_index]
end

function response(status, headers, _)
  statuses[status] = (statuses[status] or 0) + 1
  if headers["content-encoding"] == "br" or headers["Content-Encoding"] == "br" then
    brotli = brotli + 1
  end
end

function done(summary, latency, _)
  local total, br = {}, 0
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do
      total[status] = (total[status] or 0) + count
    end
    br = br + thread:get("brotli")
  end
  local codes = {}
  for status in pairs(total) do codes[#codes + 1] = status end
  table.sort(codes)
  io.write("Responses by status:\n")
  for _, status in ipairs(codes) do io.write(string.format("  %d  %d\n", status, total[status])) end
  for _, status in ipairs(codes) do io.write(string.format("mix status %d %d\n", status, total[status])) end
  local e = summary.errors
  io.write(string.format("mix paths %d\n", #paths))
  io.write(string.format("mix brotli %d\n", br))
  io.write(string.format("mix summary %d %d %d\n", summary.requests, summary.duration, summary.bytes))
  io.write(string.format("mix errors %d %d %d %d %d\n", e.connect, e.read, e.write, e.timeout, e.status))
  io.write(string.format("mix latency_us %d %d %d %d %.0f\n",
    latency:percentile(50), latency:percentile(99), latency:percentile(99.9), latency.max, latency.mean))
end
