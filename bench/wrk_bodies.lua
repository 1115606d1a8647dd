-- wrk script of bench/http_load.py: each request is the next of many different bodies, not one repeated body.
--
--   wrk -t2 -c32 -d5s -s bench/wrk_bodies.lua http://127.0.0.1:PORT/v1/showdowns -- BODIES_FILE
--
-- BODIES_FILE holds one JSON body per line (bench/http_load.py writes a few hundred seeded random deals); every
-- line is POSTed as application/json, in turn, each thread starting at its own offset so that the threads do not
-- send the same deal at the same moment. Without a file, the script sends GET requests to the URL (/livez).
-- The requests are formatted once, in init, so the client spends its time sending rather than building them.
-- done prints one line, BENCH_JSON {...}, which bench/http_load.py reads.

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

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "BENCH_JSON {\"requests\":%d,\"duration_us\":%d,\"p50_us\":%d,\"p99_us\":%d,\"errors\":%d,\"status_errors\":%d}\n",
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.status + e.timeout, e.status))
end
