-- Rotates through the request paths listed in the file named by BENCH_PATHS
-- and prints latency percentiles (ms) and throughput when done.
local paths = {}
for line in io.lines(os.getenv("BENCH_PATHS")) do
  paths[#paths + 1] = line
end

local counter = 0
function init(args)
  counter = math.random(#paths)
end

function request()
  counter = counter + 1
  return wrk.format("GET", paths[(counter % #paths) + 1])
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    "RESULT p50=%.2f p95=%.2f p99=%.2f rps=%.0f requests=%d errors=%d\n",
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    summary.requests / (summary.duration / 1e6), summary.requests,
    e.status + e.connect + e.read + e.write + e.timeout))
end
