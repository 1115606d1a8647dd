-- wrk script of bench/http_load.py: each request is the next of many different bodies, not one repeated body.
--
--   wrk -t2 -c32 -d5s -s bench/wrk_bodies.lua http://127.0.0.1:PORT/v1/showdowns -- BODIES_FILE
--
-- BODIES_FILE holds one JSON body per line (bench/http_load.py writes a few hundred seeded random deals); every
-- line is POSTed as application/json, in turn, each thread starting at its own offset so that the threads do not
-- send the same deal at the same moment. Without a file, the script sends GET requests to the URL (/livez).
-- The requests are formatted once, in init, so the client spends its time sending rather than building them.
-- done prints one line, BENCH_JSON {...}, which bench/http_load.py reads.
--
-- Latencies: the ones wrk measured, not the ones it prints. Before its summary (and before done), wrk 4 adds
-- made-up samples to its histogram (stats_correct in wrk's src/stats.c): for every latency n of at least twice
-- an "expected interval" e = run time / (requests / connections), one sample at each of n-e, n-2e, ... down to
-- just above e. One 1.5 s stall in a run at ~1 ms per request becomes over a thousand samples between 1 ms and
-- 1.5 s, so its p99 tells how long the longest stalls were, not how often requests were slow (in bench runs
-- wrk printed p99 1.47 s where the requests' own p99 was 0.42 s). done undoes that exactly: a made-up sample at
-- n > e comes with one at n + e from the same real one, so the real count at n is data[n] - data[n + e]. It
-- reads wrk's histogram through LuaJIT's ffi (struct stats in wrk 4's src/stats.h) and needs wrk's -c in the
-- environment variable BENCH_WRK_CONNECTIONS; "recorded" (the real samples) lets the caller check the layout:
-- it must equal the requests less those over the --timeout.
--
--   BENCH_WRK_CONNECTIONS=32 wrk -t2 -c32 -d5s -s bench/wrk_bodies.lua http://127.0.0.1:PORT/livez

local counter = 0

function setup(thread)
  thread:set("thread_number", counter)
  counter = counter + 1
end

local requests = {}
local count = 0
local at = 0

function init(args)
  local path = args[1]
  if path ~= nil and path ~= "" then
    local headers = { ["Content-Type"] = "application/json" }
    for line in io.lines(path) do
      if #line > 0 then
        count = count + 1
        requests[count] = wrk.format("POST", nil, headers, line)
      end
    end
    if count == 0 then
      error("no body in " .. path)
    end
  else
    count = 1
    requests[1] = wrk.format("GET")
  end
  at = ((thread_number or 0) * 7919) % count
end

function request()
  at = at % count + 1
  return requests[at]
end

local ffi = require("ffi")
ffi.cdef[[
typedef struct { uint64_t count; uint64_t limit; uint64_t min; uint64_t max; uint64_t data[?]; } bench_wrk_stats;
]]

-- The latencies wrk recorded (µs -> count), with its made-up samples taken out (see the top of this file).
local function recorded(latency, requests, duration_us)
  local s = ffi.cast("bench_wrk_stats **", latency)[0]
  local connections = tonumber(os.getenv("BENCH_WRK_CONNECTIONS") or "")
  if connections == nil then
    error("BENCH_WRK_CONNECTIONS (wrk's -c) is not set")
  end
  local per_connection = math.floor(requests / connections)
  local e = per_connection > 0 and math.floor(duration_us / per_connection) or 0
  local low, high = tonumber(s.min), tonumber(s.max)
  local counts, total = {}, 0
  for n = low, high do
    local c = tonumber(s.data[n])
    if c > 0 then
      if e > 0 and n > e and n + e <= high then
        c = c - tonumber(s.data[n + e])
      end
      if c > 0 then
        counts[#counts + 1] = { n, c }
        total = total + c
      end
    end
  end
  return counts, total
end

-- The smallest latency at or below which ``p`` percent of the samples fall.
local function percentile(counts, total, p)
  local seen = 0
  for _, pair in ipairs(counts) do
    seen = seen + pair[2]
    if seen >= p / 100 * total then
      return pair[1]
    end
  end
  return 0
end

done = function(summary, latency, requests)
  local e = summary.errors
  local counts, total = recorded(latency, summary.requests, summary.duration)
  io.write(string.format(
    "BENCH_JSON {\"requests\":%d,\"duration_us\":%d,\"recorded\":%d,\"p50_us\":%d,\"p90_us\":%d,\"p99_us\":%d," ..
    "\"max_us\":%d,\"wrk_p99_us\":%d,\"errors\":%d,\"status_errors\":%d,\"timeouts\":%d}\n",
    summary.requests, summary.duration, total, percentile(counts, total, 50), percentile(counts, total, 90),
    percentile(counts, total, 99), total > 0 and counts[#counts][1] or 0, latency:percentile(99),
    e.connect + e.read + e.write + e.status + e.timeout, e.status, e.timeout))
end
