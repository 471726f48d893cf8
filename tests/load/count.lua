-- wrk script for scripts/load.sh: POSTs one JSON body, stops each thread after a fixed number of
-- responses, and checks every response (status 200, body contains LOAD_EXPECT, no "error" member).
-- Environment: LOAD_BODY_FILE (request body), LOAD_PER_THREAD (responses per thread), LOAD_EXPECT,
-- LOAD_EXPECT_ALSO (optional: a second string every body must contain), LOAD_DONE_DIR (an empty
-- folder), LOAD_THREADS (wrk -t).
-- Prints one machine-readable line: LOAD_RESULT key=value ...
--
-- wrk's main thread sleeps for the whole -d duration even when every thread has stopped; the last
-- thread to finish its share therefore sends SIGINT to wrk (which ends the sleep: wrk then joins the
-- threads). Threads meet through marker files in LOAD_DONE_DIR, which also record when each thread
-- finished (scripts/load.sh takes the run's duration from them and is the fallback for the signal).

-- Per-thread counters are globals so that done() can read them with thread:get().
responses = 0
non200 = 0
badbody = 0
sample = ""

local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("thread_id", #threads)
end

local function finished()
  local dir = os.getenv("LOAD_DONE_DIR")
  -- The marker holds the finishing time (ns): scripts/load.sh computes the run's duration from it.
  local clock = io.popen("date +%s%N")
  local now = clock:read("*l")
  clock:close()
  local f = io.open(dir .. "/thread-" .. tostring(thread_id), "w")
  f:write(now, "\n")
  f:close()
  local p = io.popen("ls '" .. dir .. "' | wc -l")
  local n = tonumber(p:read("*a"))
  p:close()
  if n >= tonumber(os.getenv("LOAD_THREADS")) then
    -- io.popen, not os.execute: system() ignores SIGINT in wrk while the command runs.
    local k = io.popen("kill -INT $PPID; echo sent")
    k:read("*a")
    k:close()
  end
end

function init(args)
  local f = assert(io.open(os.getenv("LOAD_BODY_FILE"), "rb"))
  wrk.method = "POST"
  wrk.body = f:read("*a")
  f:close()
  wrk.headers["Content-Type"] = "application/json"
  wrk.headers["Accept"] = "application/json, text/event-stream"
  limit = tonumber(os.getenv("LOAD_PER_THREAD"))
  expect = os.getenv("LOAD_EXPECT")
  expect_also = os.getenv("LOAD_EXPECT_ALSO") or ""
end

function response(status, headers, body)
  responses = responses + 1
  local bad = false
  if status ~= 200 then
    non200 = non200 + 1
    bad = true
  elseif body == nil or not string.find(body, expect, 1, true) or string.find(body, '"error"', 1, true)
      or (expect_also ~= "" and not string.find(body, expect_also, 1, true)) then
    badbody = badbody + 1
    bad = true
  end
  if bad and sample == "" then
    sample = status .. " " .. string.sub(body or "", 1, 300)
  end
  if responses == limit then
    wrk.thread:stop()
    finished()
  end
end

function done(summary, latency, requests)
  local r, n, b, s = 0, 0, 0, ""
  for _, t in ipairs(threads) do
    r = r + t:get("responses")
    n = n + t:get("non200")
    b = b + t:get("badbody")
    local ts = t:get("sample")
    if s == "" and ts ~= nil and ts ~= "" then s = ts end
  end
  local e = summary.errors
  io.write(string.format(
    "LOAD_RESULT responses=%d non200=%d badbody=%d duration_us=%d p50_us=%d p90_us=%d p99_us=%d max_us=%d connect=%d read=%d write=%d timeout=%d status=%d\n",
    r, n, b, summary.duration, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.timeout, e.status))
  if s ~= "" then
    io.write("LOAD_SAMPLE " .. string.gsub(s, "\n", " ") .. "\n")
  end
end
